// The judge asks a rule that declares names (CommandRule.names) only about commands of those names
// (rulesFor). A declaration that left out a name the rule matches would hide what the rule finds:
// every declaration is held to every rule's examples, read both by the daemon's shell reader and by
// the test tokenizer, and asking rulesFor must find exactly what asking every rule finds.
import { describe, expect, it } from "vitest";
import { COMMAND_RULES, rulesFor } from "../src/core/action/rules/index.js";
import { invocationsOf, type Invocation } from "../src/core/action/shell-command.js";
import { readShell } from "../src/core/shell/read.js";
import { tokenize } from "./fixtures/action-probes/tokenize.js";

/** Every example line of every rule, both ways, each read as the daemon and as the tokenizer read it. */
const readings: Array<{ line: string; invs: Invocation[] }> = COMMAND_RULES.flatMap((r) => [...r.examples.match, ...r.examples.noMatch]).flatMap((line) => [
  { line, invs: invocationsOf(readShell(line).commands) },
  { line, invs: invocationsOf(tokenize(line)) },
]);

describe("rules that declare the command names they match", () => {
  const declaring = COMMAND_RULES.filter((r) => r.names !== undefined);

  it("most rules declare names, each a list of distinct non-empty names", () => {
    expect(declaring.length).toBeGreaterThan(COMMAND_RULES.length / 2);
    for (const r of declaring) {
      expect(r.names!.length, r.id).toBeGreaterThan(0);
      expect(new Set(r.names).size, r.id).toBe(r.names!.length);
      for (const n of r.names!) expect(n, r.id).not.toBe("");
    }
  });

  for (const rule of declaring) {
    it(`${rule.id} matches only commands it names, over every rule's examples`, () => {
      let hits = 0;
      for (const { line, invs } of readings) {
        invs.forEach((inv, i) => {
          if (rule.match(inv, invs, i) === undefined) return;
          hits++;
          expect(rule.names, `${line}: matched ${inv.name}`).toContain(inv.name);
        });
      }
      // Its own must-match examples reach it: the declaration is not checked against nothing.
      expect(hits).toBeGreaterThan(0);
    });
  }

  it("rulesFor asks, in order, the rules that declare no names and those that declare the name", () => {
    for (const name of ["rm", "curl", "aws", "git", "npm", "cd", "", "__proto__", "constructor", "SetFile"]) {
      expect(rulesFor(name).map((r) => r.id)).toEqual(COMMAND_RULES.filter((r) => r.names === undefined || r.names.includes(name)).map((r) => r.id));
    }
  });

  it("asking rulesFor finds what asking every rule finds, on every example", () => {
    for (const { line, invs } of readings) {
      invs.forEach((inv, i) => {
        const every = COMMAND_RULES.filter((r) => r.match(inv, invs, i) !== undefined).map((r) => r.id);
        const asked = rulesFor(inv.name).filter((r) => r.match(inv, invs, i) !== undefined).map((r) => r.id);
        expect(asked, line).toEqual(every);
      });
    }
  });
});
