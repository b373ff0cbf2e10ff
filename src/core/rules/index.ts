// The rule set haltkey ships: action rules for intended actions, content detectors for what
// actions carry and what agents read. Built once per process.
import { DetectorPack } from "../detector.js";
import type { RuleSet } from "../pipeline.js";
import { RulePack } from "../rule-pack.js";
import { DANGEROUS_ACTION_RULES } from "./dangerous-actions.js";

export function defaultRuleSet(): RuleSet {
  return { actions: new RulePack(DANGEROUS_ACTION_RULES), content: new DetectorPack([]) };
}
