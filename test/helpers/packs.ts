// Small rule packs for tests of the pipeline: the pipeline must not depend on the shipped rules.
import { RulePack, type Rule } from "../../src/core/rule-pack.js";

const rule = (id: string, category: Rule["category"], score: number, keyword: string, pattern: RegExp): Rule => ({
  id,
  category,
  reason: `test rule ${id}`,
  score,
  keywords: [keyword],
  pattern,
  examples: { match: [], noMatch: [] },
});

export const TEST_PACK = new RulePack([
  rule("shell.rm-root", "shell", 95, "rm", /\brm -rf \/(\s|$)/),
  rule("git.force-push", "git", 75, "push", /\bgit push\b.*(--force|-f)\b/),
  rule("shell.sudo", "privilege", 55, "sudo", /\bsudo\b/),
  rule("shell.chmod", "shell", 40, "chmod", /\bchmod\b/),
  rule("prod.target", "production", 45, "prod", /\bprod(uction)?\b/),
]);
