// Programs that run a shell command from an option, their environment or their awk program text
// (src/core/shell/option-commands.ts). Each example was allowed (score 25) where the command it
// hides is a hard stop: the reader read the command as an argument, not as something that runs.
import { describe, expect, it } from "vitest";
import { judgeAction } from "../src/core/action/judge.js";
import { readShellCached } from "../src/core/shell/read.js";
import { OPTION_COMMAND_EXAMPLES, OPTION_WRITE_EXAMPLES } from "../src/core/shell/option-commands.js";

const judge = (line: string) =>
  judgeAction({ tool: "Bash", arguments: { command: line }, commands: readShellCached(line).commands, readShell: (t) => readShellCached(t).commands });

describe("commands a program runs from its options, environment or awk program", () => {
  it.each(OPTION_COMMAND_EXAMPLES)("%s is judged as %s", (line, hidden) => {
    expect(judge(line).tier).toBe(judge(hidden).tier);
    expect(judge(line).tier).not.toBe("allow");
  });

  it.each(OPTION_WRITE_EXAMPLES)("%s is judged as %s", (line, redirection) => {
    expect(judge(line).tier).toBe(judge(redirection).tier);
    expect(judge(line).tier).not.toBe("allow");
  });

  it("an awk program that runs a command it builds is not fully read", () => {
    const r = readShellCached(`awk '{system("rm " $1)}' list.txt`);
    expect(r.complete).toBe(false);
    expect(r.problems.join(" ")).toMatch(/awk/);
  });

  it("the same programs used plainly read as before", () => {
    for (const line of ["tar -czf out.tar.gz src", "git -c color.ui=never log --oneline", "GIT_PAGER=cat git log -3", "PAGER=cat git diff", "awk '{print $1}' f | sort | uniq -c", "awk -F: '$3 > 1000 {print $1}' /etc/passwd", "sort -k2 f", "less +G f", "vim -c 'set nu' f", "rsync -av src/ dst/", "zip -r x.zip src", "sort -o sorted.txt f", "git diff --output=changes.patch", "find . -name '*.py' -fprint files.txt"]) {
      const r = readShellCached(line);
      expect(r.complete, line).toBe(true);
      expect(judge(line).tier, line).toBe("allow");
    }
  });
});
