import { describe, it, expect } from "vitest";
import { RULE_CATEGORIES, RulePack, foldPreservingCase, shellReadingsOf, type Rule } from "../src/core/rule-pack.js";
import { normalizeForMatching } from "../src/core/text.js";
import { HOSTILE_ACTION_HINTS } from "../bench/hostile-inputs.js";
import { ACTION_RULES } from "../src/core/rules/actions/index.js";

const pack = new RulePack(ACTION_RULES);
// The original text goes along, as the pipeline passes it, for the case-sensitive refinements.
const matchedIds = (text: string): string[] => pack.score(normalizeForMatching(text), text).matches.map((m) => m.id);
/**
 * The rule alone, without the keyword prefilter: its pattern on the text or its second reading, and
 * its case refinement; then on each command the text runs, read as the shell will run it.
 */
const ruleAlone = (rule: Rule, text: string): boolean => {
  const n = normalizeForMatching(text);
  const readings = rule.rewrite ? [n, rule.rewrite(n)] : [n];
  if (readings.some((r) => rule.pattern.test(r)) && (!rule.cased || rule.cased.test(foldPreservingCase(text)))) return true;
  return shellReadingsOf(text, n).commands.some((c) => rule.pattern.test(c.normalized) && (!rule.cased || rule.cased.test(foldPreservingCase(c.text))));
};
const byId = ACTION_RULES.map((rule) => [rule.id, rule] as const);

describe("dangerous-action rules: examples", () => {
  it.each(byId)("%s matches each of its match examples", (_id, rule: Rule) => {
    for (const example of rule.examples.match) {
      expect(matchedIds(example), `should match: ${JSON.stringify(example)}`).toContain(rule.id);
    }
  });

  it.each(byId)("%s matches none of its noMatch examples", (_id, rule: Rule) => {
    for (const example of rule.examples.noMatch) {
      expect(matchedIds(example), `should not match: ${JSON.stringify(example)}`).not.toContain(rule.id);
    }
  });

  it.each(byId)("%s: a keyword occurs in every match example after normalisation", (_id, rule: Rule) => {
    // The keyword index is a prefilter: a rule whose keywords are all absent is never tried.
    for (const example of rule.examples.match) {
      const text = normalizeForMatching(example);
      const readings = rule.rewrite ? [text, rule.rewrite(text)] : [text];
      expect(
        rule.keywords.some((k) => readings.some((r) => r.includes(k))),
        `no keyword of [${rule.keywords.join(", ")}] in ${JSON.stringify(text)}`,
      ).toBe(true);
    }
  });

  it.each(byId)("%s: the rule alone (without the prefilter) agrees with the examples", (_id, rule: Rule) => {
    for (const example of rule.examples.match) expect(ruleAlone(rule, example), example).toBe(true);
    for (const example of rule.examples.noMatch) expect(ruleAlone(rule, example), example).toBe(false);
  });
});

describe("dangerous-action rules: prechecks", () => {
  const withPrecheck = byId.filter(([, r]) => r.precheck !== undefined);
  it("rules wrapped against quoted text carry a precheck", () => {
    expect(withPrecheck.length).toBeGreaterThan(10);
  });
  it.each(withPrecheck)("%s: the precheck holds wherever the pattern matches", (_id, rule: Rule) => {
    const texts = [...rule.examples.match, ...rule.examples.noMatch].map(normalizeForMatching);
    const readings = texts.flatMap((t) => (rule.rewrite ? [t, rule.rewrite(t)] : [t]));
    for (const text of readings) if (rule.pattern.test(text)) expect(rule.precheck!.test(text), text).toBe(true);
  });
});

describe("dangerous-action rules: the second prefilter (alsoOneOf)", () => {
  const withAlso = byId.filter(([, r]) => r.alsoOneOf !== undefined);
  // Every example of every rule, and every reading of it a rule is tried on.
  const readings = [...new Set(ACTION_RULES.flatMap((r) => [...r.examples.match, ...r.examples.noMatch]))].flatMap((example) => {
    const n = normalizeForMatching(example);
    return [n, ...[...new Set(ACTION_RULES.map((r) => r.rewrite).filter((f) => f !== undefined))].map((f) => f(n)), ...shellReadingsOf(example, n).commands.map((c) => c.normalized)];
  });
  const folded = (t: string): string => t.replace(/\s+/g, " ");
  it("is used by the rules whose keywords are common words", () => {
    expect(withAlso.length).toBeGreaterThanOrEqual(8);
    expect(readings.length).toBeGreaterThan(1000);
  });
  it.each(withAlso)("%s: one of its literals occurs wherever its pattern matches", (_id, rule: Rule) => {
    let matched = 0;
    for (const text of readings) {
      if (!rule.pattern.test(text)) continue;
      matched++;
      expect(rule.alsoOneOf!.some((k) => folded(text).includes(k)), `none of [${rule.alsoOneOf!.join("|")}] in ${JSON.stringify(text)}`).toBe(true);
    }
    expect(matched).toBeGreaterThanOrEqual(rule.examples.match.length);
  });
  it("a rule is not tried when its keyword occurs but none of its alsoOneOf literals does", () => {
    // "npm run build": the keyword npm, no removal verb; "service" in prose, no service stopped.
    const only = new RulePack(ACTION_RULES.filter((r) => r.id === "shell.package-remove" || r.id === "shell.stop-service"));
    expect(only.score("npm run build && service status").matches).toEqual([]);
    expect(only.score("npm uninstall -g typescript").matches.map((m) => m.id)).toEqual(["shell.package-remove"]);
    expect(only.score("sudo service nginx stop").matches.map((m) => m.id)).toEqual(["shell.stop-service"]);
  });
});

describe("dangerous-action rules: shape", () => {
  it("has unique ids", () => {
    const ids = ACTION_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(byId)("%s: id is category.kebab-name with a known category", (id, rule: Rule) => {
    expect(id).toMatch(/^[a-z]+(?:-[a-z]+)*\.[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(id.slice(0, id.indexOf("."))).toBe(rule.category);
    expect(RULE_CATEGORIES).toContain(rule.category);
  });

  it.each(byId)("%s: has at least two match and two noMatch examples", (_id, rule: Rule) => {
    expect(rule.examples.match.length).toBeGreaterThanOrEqual(2);
    expect(rule.examples.noMatch.length).toBeGreaterThanOrEqual(2);
  });

  it.each(byId)("%s: score, keywords, flags and reason are well formed", (_id, rule: Rule) => {
    expect(Number.isInteger(rule.score) && rule.score >= 0 && rule.score <= 100).toBe(true);
    expect(rule.keywords.length).toBeGreaterThan(0);
    // Keywords are compared with normalised text: lower case, single spaces.
    for (const k of rule.keywords) expect(k).toBe(k.toLowerCase().normalize("NFKC").replace(/\s+/g, " "));
    expect(rule.pattern.flags).not.toMatch(/[gy]/);
    expect(rule.reason.length).toBeGreaterThan(10);
  });
});

describe("dangerous-action rules: calibration spot checks", () => {
  const score = (text: string): number => pack.score(normalizeForMatching(text)).score;

  it.each([
    ["executing shell command: rm -rf /", 86],
    ["Bash(mkfs.ext4 /dev/sda1)", 86],
    [":(){ :|:& };:", 86],
    ["running SQL: DROP TABLE users", 86],
    ["delete the production database", 86],
    ["git push --force origin main", 61],
    ["kubectl delete namespace prod", 86],
    ["terraform destroy -auto-approve", 86],
    ["pkill haltkey", 86],
  ])("%j scores at least %i", (text, min) => {
    expect(score(text)).toBeGreaterThanOrEqual(min);
  });

  it.each(["git status", "ls -la", "npm test", "read the README", "list files", "grep -r 'rm -rf' docs/", "cat package.json", "git log --oneline -10"])(
    "%j stays advisory",
    (text) => {
      expect(score(text)).toBeLessThanOrEqual(30);
    },
  );

  it.each(["git push --force-with-lease origin feature", "rm -rf node_modules", "rm -rf dist build .venv __pycache__", "printf x | xargs sudo --", "find . -name '*.o' -exec rm -f {} +", "rm -r ./old-notes", "npm uninstall lodash"])(
    "%j stays below the confirm tier (safe variant)",
    (text) => {
      expect(score(text)).toBeLessThanOrEqual(50);
    },
  );

  it("escalates a confirm-tier match that names production", () => {
    expect(score("kubectl delete deployment api -n prod")).toBe(75);
  });
});

describe("dangerous-action rules: no catastrophic backtracking", () => {
  // Hints can be up to 32 KB and are scored on every action. No timing here: a pattern that
  // backtracks catastrophically never finishes and the test times out; `npm run bench` prints how
  // long the pack takes on these inputs (bench/hostile-inputs.ts).
  const ids = new Set(ACTION_RULES.map((r) => r.id));
  it.each(HOSTILE_ACTION_HINTS)("scores %s… (32 KB)", (_label, text) => {
    // With the original text, so the case checks and the second reading run too.
    const scored = pack.score(normalizeForMatching(text), text);
    for (const m of scored.matches) {
      expect(ids.has(m.id)).toBe(true);
      expect(m.score).toBeGreaterThanOrEqual(0);
      expect(m.score).toBeLessThanOrEqual(100);
    }
  });
});
