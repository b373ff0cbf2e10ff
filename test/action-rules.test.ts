// Every capability rule's own examples: each "match" line must be found by that rule, each
// "noMatch" line (real work that looks alike) must not. Lines are read by the test tokenizer into
// the ShellCommand shape the shell reader produces.
import { describe, expect, it } from "vitest";
import { COMMAND_RULES, RULE_FAMILIES } from "../src/core/action/rules/index.js";
import { invocationsOf } from "../src/core/action/shell-command.js";
import { tokenize } from "./fixtures/action-probes/tokenize.js";

function hitsOf(ruleId: string, line: string) {
  const rule = COMMAND_RULES.find((r) => r.id === ruleId)!;
  const invs = invocationsOf(tokenize(line));
  return invs.map((inv, i) => rule.match(inv, invs, i)).filter((h) => h !== undefined);
}

describe("capability rules", () => {
  it("every rule cites an ATT&CK tactic and technique, has examples both ways, and a unique id", () => {
    const ids = new Set<string>();
    for (const r of COMMAND_RULES) {
      expect(ids.has(r.id), r.id).toBe(false);
      ids.add(r.id);
      expect(r.tactic, r.id).toMatch(/\(TA\d{4}\)$/);
      expect(r.technique, r.id).toMatch(/^T\d{4}(\.\d{3})?$/);
      expect(r.examples.match.length, r.id).toBeGreaterThan(0);
      expect(r.examples.noMatch.length, r.id).toBeGreaterThan(0);
    }
    expect(Object.keys(RULE_FAMILIES).length).toBeGreaterThanOrEqual(7);
  });

  for (const rule of COMMAND_RULES) {
    describe(rule.id, () => {
      for (const line of rule.examples.match) {
        it(`matches: ${line}`, () => {
          const hits = hitsOf(rule.id, line);
          expect(hits.length, line).toBeGreaterThan(0);
          for (const h of hits) {
            expect(h.reason).toMatch(/\(T\d{4}(\.\d{3})?\)/);
            expect(h.reason.length).toBeLessThan(220);
          }
        });
      }
      for (const line of rule.examples.noMatch) {
        it(`does not match: ${line}`, () => {
          expect(hitsOf(rule.id, line), line).toEqual([]);
        });
      }
    });
  }
});
