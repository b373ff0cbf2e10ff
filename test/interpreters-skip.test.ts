// Python code that names no call the reader acts on is not parsed (src/core/shell/interpreters.ts,
// readPython): its reading must be what the parse would have found. Held here on every text of the
// recorded sessions, the shared corpora and the probe sets read as Python (most are not Python at
// all, which is the harder case for the claim: tree-sitter's recovery makes trees of anything), on
// the Python the sessions' here-documents write, and on generated code. And a script read twice
// (written, then run) is read the same both times.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readPythonCode, readPythonTree, skipsParse } from "../src/core/shell/interpreters.js";
import { readShell } from "../src/core/shell/index.js";

const CORPORA = [join(process.cwd(), "..", "shared", "corpora"), join(process.cwd(), "..", "..", "shared", "corpora")].find((d) => existsSync(d)) ?? "../shared/corpora";
const PROBES = join(process.cwd(), "test", "fixtures", "action-probes");

function strings(value: unknown, out: string[]): void {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) strings(v, out);
}

function texts(): string[] {
  const out: string[] = [];
  const files = [
    join(CORPORA, "sessions", "coding-sessions.jsonl"),
    ...readdirSync(CORPORA).filter((f) => f.endsWith(".jsonl")).map((f) => join(CORPORA, f)),
    ...readdirSync(PROBES).filter((f) => f.endsWith(".jsonl")).map((f) => join(PROBES, f)),
  ];
  for (const file of files) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (line.trim() === "") continue;
      const found: string[] = [];
      strings(JSON.parse(line) as unknown, found);
      for (const s of found) {
        out.push(s);
        // What a here-document writes: the lines after the first.
        const nl = s.indexOf("\n");
        if (nl > 0 && s.slice(0, nl).includes("<<")) out.push(s.slice(nl + 1));
      }
    }
  }
  return [...new Set(out)].filter((s) => s.length < 12_500);
}

describe("Python code that names no call the reader acts on is read without a parse", () => {
  it("reads as the parse would on every text of the sessions, corpora and probe sets", () => {
    const all = texts();
    let skipped = 0;
    for (const t of all) {
      const fast = readPythonCode(t);
      const full = readPythonTree(t);
      expect(fast, JSON.stringify(t.slice(0, 200))).toEqual(full);
      if (skipsParse(t)) skipped++;
    }
    expect(all.length).toBeGreaterThan(20_000);
    expect(skipped).toBeGreaterThan(1_000);
  });

  it("reads as the parse would on generated code", () => {
    const name = fc.constantFrom("os", "shutil", "subprocess", "pathlib", "sh", "s", "p", "x", "__import__('os')", "Path('/etc/x')", "f");
    const callee = fc.constantFrom("system", "rmtree", "run", "Popen", "remove", "open", "unlink", "write_text", "chmod", "execvp", "spawnl", "eval", "exec", "print", "join", "sort", "get", "ｓｙｓｔｅｍ", "_system", "systemd", "runner", "system\u00b2", "ｒｕｎ", "sy\u0301stem", "ﬁle", "\u212a");
    const arg = fc.constantFrom("'rm -rf /'", "['rm', '-rf', '/']", "x", "'/etc/passwd', 'w'", "f'{a}'", "cmd, shell=True", "['rm -rf /'], shell=Ｔｒｕｅ", "");
    const line = fc.oneof(
      fc.tuple(name, callee, arg).map(([n, c, a]) => `${n}.${c}(${a})`),
      fc.tuple(callee, arg).map(([c, a]) => `${c}(${a})`),
      fc.tuple(name, callee).map(([n, c]) => `from ${n} import ${c} as q`),
      name.map((n) => `import ${n}`),
      fc.constantFrom("x = 'a' + 'b'", "def f(:", "    return [i for i in y]", "(((", "'''", "# system", "print('open')"),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        const code = lines.join("\n");
        expect(readPythonCode(code)).toEqual(readPythonTree(code));
      }),
      { numRuns: 2000, seed: 20261126 },
    );
  });

  it("reads a script written and then run, each time it runs, with what each reading found", () => {
    // The second and third readings of the same code are the first's (readPython keeps the last).
    const r = readShell("cat > t.py << 'EOF'\nimport os\nos.system('rm -rf /srv')\nEOF\npython t.py && python3 t.py");
    const removals = r.commands.filter((c) => c.argv.join(" ") === "rm -rf /srv");
    expect(removals.map((c) => c.via)).toEqual(["t.py os.system", "python os.system", "python3 os.system"]);
    expect(readPythonCode("import os\nos.system('rm -rf /srv')")).toEqual(readPythonTree("import os\nos.system('rm -rf /srv')"));
  });

  it("reads names as Python does, NFKC-normalised, parsed or not", () => {
    // Python runs os.ｓｙｓｔｅｍ as os.system; the words the skip looks for are looked for the same way.
    const code = 'import os\nos.ｓｙｓｔｅｍ("rm -rf /srv")\nfrom ｓｈｕｔｉｌ import rmtree as q\nq("/opt")\nimport ｓｈｕｔｉｌ as sh\nsh.ｒｍｔｒｅｅ("/home")';
    expect(readPythonCode(code).actions).toEqual([
      { call: "os.system", shell: "rm -rf /srv" },
      { call: "shutil.rmtree", argv: ["rm", "-rf", "/opt"] },
      { call: "shutil.rmtree", argv: ["rm", "-rf", "/home"] },
    ]);
    // A string is data: its text is not normalised.
    expect(readPythonCode('import os\nos.system("echo ｒｍ")').actions).toEqual([{ call: "os.system", shell: "echo ｒｍ" }]);
    const r = readShell("python3 -c 'import os; os.ｓｙｓｔｅｍ(\"rm -rf /srv\")'");
    expect(r.commands.map((c) => c.argv.join(" "))).toContain("rm -rf /srv");
  });

  it("keeps a reading for the code and the depth it was read at", () => {
    // exec is followed only above a depth of 3: the same code read deeper finds less.
    const code = "exec(\"import os\\nos.system('rm -rf /a')\")";
    const shallow = [{ call: "os.system", shell: "rm -rf /a" }];
    expect(readPythonCode(code, 3).actions).toEqual([]);
    expect(readPythonCode(code, 0).actions).toEqual(shallow);
    expect(readPythonCode(code, 3).actions).toEqual([]);
    expect(readPythonCode(code).actions).toEqual(shallow);
  });
});
