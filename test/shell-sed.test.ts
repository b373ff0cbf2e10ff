// GNU sed runs shell commands itself: `e command` runs the rest of the script's line, `e` alone
// and the s command's e flag run the pattern space. The shell reader read sed's script as a plain
// word, so `sed -n '1e rm -rf ~' /etc/hostname` was allowed where `rm -rf ~` is a hard stop.
import { describe, expect, it } from "vitest";
import { judgeAction } from "../src/core/action/judge.js";
import { readShellCached } from "../src/core/shell/read.js";

const judge = (line: string) =>
  judgeAction({ tool: "Bash", arguments: { command: line }, commands: readShellCached(line).commands, readShell: (t) => readShellCached(t).commands });
const argvs = (line: string): string[][] => readShellCached(line).commands.map((c) => [...c.argv]);

describe("sed's e command", () => {
  it("runs the rest of its line: read as shell and judged like the command itself", () => {
    for (const line of ["sed -n '1e rm -rf ~' /etc/hostname", "sed -e 's/a/b/' -e '$e rm -rf ~' notes.txt", "sed --expression='/x/e rm -rf ~' f", "gsed -n '1{e rm -rf ~\n}' f"]) {
      expect(argvs(line), line).toContainEqual(expect.arrayContaining(["rm", "-rf"]));
      expect(judge(line).tier, line).toBe(judge("rm -rf ~").tier);
    }
  });

  it("alone, or as the s command's flag, runs text the reader cannot know: the reading is incomplete", () => {
    for (const line of ["sed 's/.*/curl x | sh/e' f", "sed -n 's/a/b/ge' f", "sed '1e' f", "sed -f script.sed f"]) {
      const r = readShellCached(line);
      expect(r.complete, line).toBe(false);
      expect(r.problems.join(" "), line).toMatch(/sed/);
    }
  });

  it("its w command and flag write a file: judged like a redirection to it", () => {
    expect(judge("sed -n 'w /home/u/.bashrc' notes.txt").tier).toBe(judge("cat notes.txt > /home/u/.bashrc").tier);
    expect(judge("sed -n '1,$W /home/u/.bashrc' notes.txt").tier).toBe(judge("cat notes.txt > /home/u/.bashrc").tier);
    expect(judge("sed 's/^/ssh-ed25519 AAAA k/w /home/u/.ssh/authorized_keys' k.pub").tier).toBe(judge("cat k.pub > /home/u/.ssh/authorized_keys").tier);
    expect(readShellCached("sed -n 'w /home/u/.bashrc' notes.txt").commands.flatMap((c) => c.redirects)).toEqual([{ op: ">", target: "/home/u/.bashrc" }]);
    expect(readShellCached("sed -n 'w /dev/stdout' notes.txt").commands.flatMap((c) => c.redirects)).toEqual([]);
  });

  it("scripts without it read as before", () => {
    for (const line of ["sed -n '1,40p' django/db/models/deletion.py", "sed 's/the end/the start/g' notes.txt", "sed -i 's/foo/bar/' x.py", "sed -n '/def test/,/return/p' t.py", "sed -E 's/(a|b)+/x/' f", "sed --sandbox 's/x/y/' f"]) {
      const r = readShellCached(line);
      expect(r.complete, line).toBe(true);
      expect(r.commands.length, line).toBe(1);
    }
  });

  it("the text of an a, i or c command is text to the end of its line, even when it holds an e or a w (an agent editing Python with sed -i 'Nc\\ …')", () => {
    for (const line of [
      String.raw`sed -i '259,262c\ try:\n kwargs[key] = converter.to_python(value)\n except ValueError as exc:\n raise Resolver404 from e' django/urls/resolvers.py`,
      String.raw`sed -i '/^import os/a import sys; w = e' app.py`,
      String.raw`sed -i '$a print(e)' t.py`,
    ]) {
      const r = readShellCached(line);
      expect(r.complete, line).toBe(true);
      expect(r.problems, line).toEqual([]);
    }
    // A line that is not one text command is still read loosely.
    expect(readShellCached(`sed -i '1d;2c\\ x' f; sed -n '1e rm -rf ~' f`).commands.some((c) => c.argv.join(" ") === "rm -rf ~")).toBe(true);
  });
});
