// Every capability rule's own examples: each "match" line must be found by that rule, each
// "noMatch" line (real work that looks alike) must not. Lines are read by the test tokenizer into
// the ShellCommand shape the shell reader produces.
import { describe, expect, it } from "vitest";
import { COMMAND_RULES, RULE_FAMILIES } from "../src/core/action/rules/index.js";
import { commandName, invocationsOf } from "../src/core/action/shell-command.js";
import { tokenize } from "./fixtures/action-probes/tokenize.js";
import { readShell } from "../src/core/shell/read.js";

function hitsOf(ruleId: string, line: string) {
  const rule = COMMAND_RULES.find((r) => r.id === ruleId)!;
  const invs = invocationsOf(tokenize(line));
  return invs.map((inv, i) => rule.match(inv, invs, i)).filter((h) => h !== undefined);
}

/** What a program's option runs (`tar --checkpoint-action=exec=/bin/sh`), or a command sent over ssh, only the shell reader resolves: such rules' examples are read by it. */
const READER_ONLY = new Set(["privilege.sudo-shell-escape", "defense-impairment.firewall-rule"]);
/** A command line handed to cmd.exe or PowerShell is split into its commands by the reader only (shell/windows-line.ts). */
// (So is a line that starts with a cmdlet, Select-String -Path C:\inetpub\…: its backslashes are a path's, which the reader keeps.)
const WINDOWS_LINE = /^(cmd|powershell|pwsh)(\.exe)?\s|^[A-Z][a-z]+-[A-Z][A-Za-z]+\s/;

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

  // A command is judged by commandName (lower case, no .exe): a name declared any other way is one
  // no command is ever asked under, and the rule would be silently skipped for it.
  it("every name a rule declares is written as commandName gives it", () => {
    for (const r of COMMAND_RULES) for (const n of r.names ?? []) expect(commandName(n), `${r.id}: ${n}`).toBe(n);
  });

  for (const rule of COMMAND_RULES) {
    describe(rule.id, () => {
      for (const line of rule.examples.match) {
        it(`matches: ${line}`, () => {
          const hits = READER_ONLY.has(rule.id) || WINDOWS_LINE.test(line) ? (() => { const invs = invocationsOf(readShell(line).commands); return invs.map((inv, i) => rule.match(inv, invs, i)).filter((h) => h !== undefined); })() : hitsOf(rule.id, line);
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

// The daemon does not use the test tokenizer: every example must hold through the daemon's own shell
// reader too (readShell), or a rule passes its examples and misses in production. Found by the blind
// fresh3 probes: `DYLD_INSERT_LIBRARIES=… app` reached no rule because the reader kept prefix
// assignments out of the command it produced.
describe("capability rules through the daemon's shell reader", () => {
  const viaReader = (ruleId: string, line: string) => {
    const rule = COMMAND_RULES.find((r) => r.id === ruleId)!;
    const invs = invocationsOf(readShell(line).commands);
    return invs.map((inv, i) => rule.match(inv, invs, i)).filter((h) => h !== undefined);
  };
  for (const rule of COMMAND_RULES) {
    it(`${rule.id}: every example, read by readShell`, () => {
      for (const line of rule.examples.match) expect(viaReader(rule.id, line).length, `should match: ${line}`).toBeGreaterThan(0);
      for (const line of rule.examples.noMatch) expect(viaReader(rule.id, line), `should not match: ${line}`).toEqual([]);
    });
  }
});
