// The rule set haltkey ships: action rules for intended actions, content detectors (secrets,
// personal data, injection markers) for what actions carry and what agents read. Built once per
// process.
import { DetectorPack } from "../detector.js";
import type { RuleSet } from "../pipeline.js";
import { RulePack } from "../rule-pack.js";
import { ACTION_RULES } from "./actions/index.js";
import { INJECTION_RULES } from "./injection.js";
import { PII_RULES } from "./pii.js";
import { SECRET_RULES } from "./secrets.js";

export function defaultRuleSet(): RuleSet {
  return {
    actions: new RulePack(ACTION_RULES),
    content: new DetectorPack([...SECRET_RULES, ...PII_RULES, ...INJECTION_RULES]),
  };
}
