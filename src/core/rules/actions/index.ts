// The action rules for an agent's intended action (its free-text nextActionHint and the tool's
// arguments), one file per category. Every rule carries examples that must and must not match;
// test/rule-packs.test.ts runs them all. Shell commands only count where a command can start (see
// START in fragments.ts), so "echo rm -rf /", "grep 'git reset --hard' log" or a commit message
// mentioning rm -rf do not score.
import type { Rule } from "../../rule-pack.js";
import { CLOUD_RULES } from "./cloud.js";
import { FILESYSTEM_RULES } from "./filesystem.js";
import { precheckOf } from "./fragments.js";
import { GIT_RULES } from "./git.js";
import { KUBERNETES_RULES } from "./kubernetes.js";
import { NETWORK_RULES } from "./network.js";
import { PRIVILEGE_RULES } from "./privilege.js";
import { PRODUCTION_RULES } from "./production.js";
import { SECRETS_ACCESS_RULES } from "./secrets-access.js";
import { SELF_PROTECTION_RULES } from "./self-protection.js";
import { SHELL_RULES } from "./shell.js";
import { SQL_RULES } from "./sql.js";
import { WRITE_TARGET_RULES } from "./write-targets.js";
import { shellReading } from "./shell-reading.js";

export { shellReading };

const RULES: readonly Rule[] = [
  ...FILESYSTEM_RULES,
  ...SHELL_RULES,
  ...GIT_RULES,
  ...SQL_RULES,
  ...CLOUD_RULES,
  ...NETWORK_RULES,
  ...KUBERNETES_RULES,
  ...PRIVILEGE_RULES,
  ...SECRETS_ACCESS_RULES,
  ...PRODUCTION_RULES,
  ...SELF_PROTECTION_RULES,
  ...WRITE_TARGET_RULES,
];

export const ACTION_RULES: readonly Rule[] = RULES.map((rule) => {
  const precheck = precheckOf(rule.pattern);
  return { ...rule, ...(precheck ? { precheck } : {}), ...(rule.asWritten ? {} : { rewrite: shellReading }) };
});
