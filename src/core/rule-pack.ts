// Rules are data: each has an id, a reason, a score and examples that must and must not match
// (test/rule-packs.test.ts runs every example). A pack scores normalised text as the maximum
// score of the rules that match, so adding a signal can never lower the score.
import { KeywordIndex } from "./keyword-index.js";

export const RULE_CATEGORIES = [
  "shell",
  "filesystem",
  "sql",
  "git",
  "cloud",
  "kubernetes",
  "privilege",
  "production",
  "network",
  "secrets-access",
  "self-protection",
] as const;
export type RuleCategory = (typeof RULE_CATEGORIES)[number];

export interface Rule {
  /** Stable, dotted: "<category>.<what>", e.g. "sql.drop-table". */
  readonly id: string;
  readonly category: RuleCategory;
  /** Why the action is risky, phrased for the operator; becomes a directive factor. */
  readonly reason: string;
  /** 0–100: 0–30 advisory, 31–60 confirm, 61–85 verify, 86–100 danger_zone. */
  readonly score: number;
  /** Lower-case literals; the pattern is only tried when one occurs in the text. */
  readonly keywords: readonly string[];
  /** Tested against normalised (lower-case, whitespace-folded) text. */
  readonly pattern: RegExp;
  /**
   * Optional cheaper regex that must match wherever `pattern` does; `pattern` runs only if it
   * does. The tests check the implication on every example.
   */
  readonly precheck?: RegExp;
  /**
   * Optional case-sensitive refinement (`git branch -D` force-deletes, `-d` only deletes what is
   * merged): when the caller supplies the original text, the rule matches only if this also
   * matches it, whitespace-folded but not lower-cased. Without the original text the rule keeps
   * its case-blind meaning, so leaving the text out can only make the pack more cautious.
   */
  readonly cased?: RegExp;
  /**
   * Optional second reading of the normalised text (shell quoting inside words removed, argument
   * lists of process-spawning calls joined into a command line). The rule matches if its pattern
   * matches the text or this reading of it; the keyword prefilter is applied to the reading too.
   * Rules that share a rewrite function share one computation per scored text.
   */
  readonly rewrite?: (normalized: string) => string;
  /** The rule is about how the text is spelled, so it is never tried on a second reading. */
  readonly asWritten?: true;
  readonly examples: { readonly match: readonly string[]; readonly noMatch: readonly string[] };
}

export interface RuleMatch {
  readonly id: string;
  readonly category: RuleCategory;
  readonly reason: string;
  readonly score: number;
}

export interface PackScore {
  readonly score: number;
  readonly matches: readonly RuleMatch[];
}

/** Added to the strongest other match when the action also names a production target. */
export const PRODUCTION_ESCALATION = 15;

export class RulePack {
  private readonly index: KeywordIndex;
  private readonly rewrites = new Map<(normalized: string) => string, Set<number>>();

  constructor(readonly rules: readonly Rule[]) {
    const seen = new Set<string>();
    const entries: Array<[string, number]> = [];
    rules.forEach((rule, i) => {
      if (seen.has(rule.id)) throw new Error(`rule pack: duplicate rule id ${rule.id}`);
      seen.add(rule.id);
      if (rule.keywords.length === 0) throw new Error(`rule ${rule.id}: needs at least one keyword`);
      if (rule.score < 0 || rule.score > 100) throw new Error(`rule ${rule.id}: score must be 0–100`);
      for (const r of [rule.pattern, rule.precheck, rule.cased]) {
        if (r && (r.global || r.sticky)) throw new Error(`rule ${rule.id}: g and y flags make test() stateful`);
      }
      for (const k of rule.keywords) {
        if (k !== k.toLowerCase() || k.length === 0) throw new Error(`rule ${rule.id}: keyword "${k}" must be non-empty lower case`);
        entries.push([k, i]);
      }
    });
    this.index = new KeywordIndex(entries);
    rules.forEach((rule, i) => {
      if (!rule.rewrite) return;
      const ids = this.rewrites.get(rule.rewrite) ?? new Set<number>();
      ids.add(i);
      this.rewrites.set(rule.rewrite, ids);
    });
  }

  /** Every rule's keywords, for a caller that scans once for several matchers. */
  keywordEntries(): Array<[string, number]> {
    return this.rules.flatMap((rule, i) => rule.keywords.map((k): [string, number] => [k, i]));
  }

  /**
   * `normalized` must come from normalizeForMatching; `original` is the text it was made from, for
   * rules with a case-sensitive refinement (without it they match case-blind).
   */
  score(normalized: string, original?: string): PackScore {
    return this.scoreAmong(normalized, this.index.find(normalized), original);
  }

  /** As score(), given the rules whose keyword occurs in `normalized` (ascending). */
  scoreAmong(normalized: string, candidates: readonly number[], original?: string): PackScore {
    const matched = new Set<number>();
    let cased: string | undefined;
    const casedOk = (rule: Rule): boolean => {
      if (!rule.cased || original === undefined) return true;
      cased ??= foldPreservingCase(original);
      return rule.cased.test(cased);
    };
    const tryRule = (i: number, text: string): void => {
      const rule = this.rules[i]!;
      if (matched.has(i)) return;
      if (rule.precheck && !rule.precheck.test(text)) return;
      if (rule.pattern.test(text) && casedOk(rule)) matched.add(i);
    };
    for (const i of candidates) tryRule(i, normalized);
    // Second readings: computed once per rewrite function, prefiltered by their own keywords.
    if (this.rewrites.size > 0) {
      for (const [rewrite, ruleIds] of this.rewrites) {
        const view = rewrite(normalized);
        if (view === normalized) continue;
        for (const i of this.index.find(view)) if (ruleIds.has(i)) tryRule(i, view);
      }
    }
    const matches: RuleMatch[] = [...matched]
      .sort((a, b) => a - b)
      .map((i) => {
        const rule = this.rules[i]!;
        return { id: rule.id, category: rule.category, reason: rule.reason, score: rule.score };
      });
    return { score: combineScores(matches), matches };
  }
}

const INVISIBLE = /[\p{Cf}]/gu;
const WHITESPACE_RUN = /\s+/gu;

/** normalizeForMatching without the lower-casing: NFKC, invisible characters gone, whitespace folded. */
export function foldPreservingCase(raw: string): string {
  return raw.normalize("NFKC").replace(INVISIBLE, "").replace(WHITESPACE_RUN, " ").trim();
}

/**
 * Maximum of the matched scores; a production target raises the strongest other match that is at
 * least confirm-tier by PRODUCTION_ESCALATION. Monotone: more matches never lower the result.
 */
export function combineScores(matches: readonly RuleMatch[]): number {
  let max = 0;
  let maxOther = 0;
  let production = false;
  for (const m of matches) {
    max = Math.max(max, m.score);
    if (m.category === "production") production = true;
    else maxOther = Math.max(maxOther, m.score);
  }
  if (production && maxOther > 30) max = Math.max(max, Math.min(100, maxOther + PRODUCTION_ESCALATION));
  return max;
}
