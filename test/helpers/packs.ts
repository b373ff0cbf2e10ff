// Small rule packs for tests of the pipeline: the pipeline must not depend on the shipped rules.
import { DetectorPack } from "../../src/core/detector.js";
import type { RuleSet } from "../../src/core/pipeline.js";
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

/** TEST_PACK plus two content detectors, as the pipeline takes them. */
export const TEST_RULES: RuleSet = {
  actions: TEST_PACK,
  content: new DetectorPack([
    {
      id: "secret.aws-key-id",
      kind: "secret",
      reason: "test AWS key id",
      score: 90,
      keywords: ["akia"],
      pattern: /\bAKIA[0-9A-Z]{16}\b/g,
      examples: { match: [], noMatch: [] },
    },
    {
      id: "injection.ignore-previous",
      kind: "injection",
      reason: "test injection marker",
      score: 80,
      keywords: ["ignore"],
      pattern: /ignore (?:all )?previous instructions/gi,
      examples: { match: [], noMatch: [] },
    },
  ]),
};
