// Every capability rule family, in one list. Order does not change a verdict (all matching rules
// are reported and the highest action decides), only the order reasons are listed in.
import { collectionRules } from "./collection.js";
import { credentialAccessRules } from "./credential-access.js";
import { defenseImpairmentRules } from "./defense-impairment.js";
import { executionRules } from "./execution.js";
import { exfiltrationRules } from "./exfiltration.js";
import { impactRules } from "./impact.js";
import { persistenceRules } from "./persistence.js";
import { privilegeRules } from "./privilege.js";
import type { CommandRule } from "./rule.js";

export const RULE_FAMILIES: Readonly<Record<string, readonly CommandRule[]>> = {
  persistence: persistenceRules,
  privilege: privilegeRules,
  "credential-access": credentialAccessRules,
  exfiltration: exfiltrationRules,
  "defense-impairment": defenseImpairmentRules,
  collection: collectionRules,
  impact: impactRules,
  execution: executionRules,
};

export const COMMAND_RULES: readonly CommandRule[] = Object.values(RULE_FAMILIES).flat();

/** The rules that declare no names: asked about every command. */
const ANY_NAME: readonly CommandRule[] = COMMAND_RULES.filter((r) => r.names === undefined);
/** For each name some rule declares: the rules asked about a command of that name, in COMMAND_RULES order. */
const BY_NAME: ReadonlyMap<string, readonly CommandRule[]> = new Map(
  [...new Set(COMMAND_RULES.flatMap((r) => r.names ?? []))].map((name) => [name, COMMAND_RULES.filter((r) => r.names === undefined || r.names.includes(name))]),
);

/**
 * The rules that can match a command named `name` (Invocation.name), in COMMAND_RULES order (the
 * order reasons are listed in): those that declare no names, and those that declare this one. A
 * rule that declares names returns nothing for any other (CommandRule.names), so asking only these
 * finds what asking every rule finds, for a fraction of the calls.
 */
export function rulesFor(name: string): readonly CommandRule[] {
  return BY_NAME.get(name) ?? ANY_NAME;
}
export type { CommandRule, RuleHit } from "./rule.js";
