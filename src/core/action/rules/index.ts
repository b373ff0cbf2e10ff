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
export type { CommandRule, RuleHit } from "./rule.js";
