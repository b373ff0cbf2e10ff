// What the step limit does not count: shell command lines that only read, decided by the shell
// reader and the read-only programs' data; everything else, and anything unreadable, counts.
import { describe, expect, it } from "vitest";
import { countsTowardStepLimit } from "../src/core/breakers.js";
import { compilePolicy, defaultPolicy } from "../src/core/policy.js";
import { READ_ONLY_EXAMPLES, READ_ONLY_PROGRAMS, readsOnly } from "../src/core/shell/read-only.js";

const breakers = compilePolicy(defaultPolicy()).breakers;

describe("read-only command lines", () => {
  it.each(READ_ONLY_EXAMPLES.readOnly)("reads only: %s", (line) => {
    expect(readsOnly(line)).toBe(true);
  });

  it.each(READ_ONLY_EXAMPLES.changes)("changes or cannot be read: %s", (line) => {
    expect(readsOnly(line)).toBe(false);
  });

  it("a reader's writing option, a write redirection, a resolved command substitution or a wrapper is a change", () => {
    expect(readsOnly("cat x | tee y")).toBe(false);
    expect(readsOnly("X=rm; $X -rf ~")).toBe(false);
    expect(readsOnly("grep x $(printf 'r\\x6d') y")).toBe(true); // printf only prints: the substitution runs nothing
    expect(readsOnly("sudo cat /etc/shadow")).toBe(false);
    expect(readsOnly("git branch -D main")).toBe(false);
    expect(readsOnly("")).toBe(false);
  });

  it("a bare redirection writes: `> f` empties f, `>> ~/.bashrc` appends to it, alone or after a reader", () => {
    // The reader records a redirection with no command as a command with no words; it was read as
    // "nothing runs" and so as a read, and the tool-call and wall-time budgets let it through.
    expect(readsOnly("> notes.txt")).toBe(false);
    expect(readsOnly(">> ~/.bashrc")).toBe(false);
    expect(readsOnly("ls; > notes.txt")).toBe(false);
    expect(readsOnly("test -e x && > y")).toBe(false);
    expect(countsTowardStepLimit({ tool: "Bash", arguments: { command: "> ~/.zsh_history" } }, breakers)).toBe(true);
    expect(readsOnly("< notes.txt")).toBe(true);
    expect(readsOnly("2>/dev/null")).toBe(true);
  });

  it("an environment set for a reader can make it run code: a change, but for locale, time zone and terminal settings", () => {
    expect(readsOnly("LD_PRELOAD=/tmp/x.so cat f")).toBe(false);
    expect(readsOnly("BASH_ENV=/tmp/x.sh cat f")).toBe(false);
    expect(readsOnly("PAGER='rm -rf ~' git log")).toBe(false);
    expect(readsOnly("GIT_EXTERNAL_DIFF=/tmp/x git diff")).toBe(false);
    expect(readsOnly("LESSOPEN='|rm -rf ~' less f")).toBe(false);
    expect(readsOnly("env LD_PRELOAD=/tmp/x.so cat f")).toBe(false);
    expect(readsOnly("env -S 'rm -rf x' cat")).toBe(false);
    expect(readsOnly("LC_ALL=C sort f")).toBe(true);
    expect(readsOnly("GIT_PAGER=cat git log --oneline -5")).toBe(true);
    expect(readsOnly("env LANG=C grep -rn foo src")).toBe(true);
    expect(readsOnly("env")).toBe(true);
  });

  it("every program listed is a plain name", () => {
    for (const name of Object.keys(READ_ONLY_PROGRAMS)) expect(name).toMatch(/^[\w[-]+$/);
  });
});

describe("the step limit counts what a shell step changes", () => {
  it("a shell tool's read-only command does not count, whatever access it reports; a change does", () => {
    expect(countsTowardStepLimit({ tool: "Bash", arguments: { command: "grep -rn foo src | head" } }, breakers)).toBe(false);
    expect(countsTowardStepLimit({ tool: "Bash", access: "write", arguments: { command: "git diff" } }, breakers)).toBe(false);
    expect(countsTowardStepLimit({ tool: "Bash", access: "read", arguments: { command: "sed -i 's/a/b/' x.py" } }, breakers)).toBe(true);
    expect(countsTowardStepLimit({ tool: "bash", arguments: { command: "$EDITOR x" } }, breakers)).toBe(true);
  });

  it("other tools keep the access and tool-list rules", () => {
    expect(countsTowardStepLimit({ tool: "Read" }, breakers)).toBe(false);
    expect(countsTowardStepLimit({ tool: "Write" }, breakers)).toBe(true);
    expect(countsTowardStepLimit({}, breakers)).toBe(true);
  });
});
