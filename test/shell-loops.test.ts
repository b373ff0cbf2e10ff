// Loops read once per literal value (src/core/shell/read-walk.ts forLoop): each extra round is a
// re-reading of the body and is paid from the reading's budget of parsed text, so nested loops can
// no longer multiply the work beyond what the input pays for (the "for a in 1 2 3 …" hostile input
// read ×13 slower for 4× the input). What the budget cannot pay for is read once with the variable
// unknown, and the reading says so: never a silent guess.
import { describe, expect, it } from "vitest";
import { readShell } from "../src/core/shell/index.js";

describe("shell loops: read per value while the budget pays", () => {
  it("reads a nested loop once per value of each", () => {
    const r = readShell("for a in rm ls; do for b in x y; do $a -f $b; done; done");
    expect(r.commands.map((c) => c.text)).toEqual(["rm -f x", "rm -f y", "ls -f x", "ls -f y"]);
    expect(r.complete).toBe(true);
  });

  it("reads a loop whose re-readings the budget cannot pay once, its variable unknown, and says so", () => {
    const padding = "x".repeat(6 * 1024);
    const r = readShell(`for c in ls cat wc head tail true rm; do $c -rf /srv; echo '${padding}'; done`);
    expect(r.complete).toBe(false);
    expect(r.problems).toContain("the script's loops are too large to read fully");
    // Read once, with $c unknown: the command name is a reason for caution, not a guess.
    expect(r.commands.filter((c) => c.argv[1] === "-rf").map((c) => c.argv[0])).toEqual(["$c"]);
    expect(r.problems.some((p) => p.includes("cannot be read statically"))).toBe(true);
  });

  it("pays nested loops from one budget: the hostile nested loops stop multiplying at once", () => {
    const text = ("for a in 1 2 3 4 5 6 7 8; do ".repeat(1000) + "echo $a; " + "done; ".repeat(1000)).slice(0, 32 * 1024);
    const r = readShell(text);
    expect(r.complete).toBe(false);
    // Before, the loops were re-read until the step budget ran out ("too large to read fully").
    expect(r.problems).toContain("the script's loops are too large to read fully");
    expect(r.problems).not.toContain("the script is too large to read fully");
  });

  it("keeps what a loop prints unknown past MAX_OUTPUT, so a shell reading it is a reason for caution", () => {
    const r = readShell(`f() { printf '%s\\n' '${"true ".repeat(3000)}'; }; g() { f; f; f; f; f; f; }; { g; g; g; g; g; } | sh`);
    expect(r.complete).toBe(false);
    expect(r.problems.some((p) => /^sh runs its input from/.test(p))).toBe(true);
  });
});
