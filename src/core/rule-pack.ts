// Rules are data: each has an id, a reason, a score and examples that must and must not match
// (test/rule-packs.test.ts runs every example). A pack scores normalised text as the maximum
// score of the rules that match, so adding a signal can never lower the score.
import { KeywordIndex } from "./keyword-index.js";
import { readShellCached, type ShellReading } from "./shell/index.js";
import { shellSources, withoutMentionedCode, type ShellSource } from "./shell/source.js";
import { normalizeForMatching, TextSet } from "./text.js";

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
  /** A rule of the action model (src/core/action/), reported by the pipeline's action stage. */
  "action",
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
  /**
   * Optional second prefilter, for rules whose keywords are common words (npm, service, update):
   * lower-case literals of which one must also occur in the text (whitespace runs counting as one
   * space) for the pattern to be tried. Every text the pattern matches holds one of them; the tests
   * check it on every example and its readings. Found by the same keyword scan, so it costs nothing.
   */
  readonly alsoOneOf?: readonly string[];
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
  /**
   * The rule reads a command line's shape (any word as a client, then a verb and an operand): on a
   * step's hint it is tried only on the command lines the hint holds (its shell sources), never on
   * its prose, where "Giving the cleanup script a flag" has that shape too. Tool arguments and
   * plain texts are read whole as before.
   */
  readonly commandsOnly?: true;
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
  /**
   * The index's values: rule i's keywords are i, its alsoOneOf literals rules.length + i, so
   * `valueCount` is twice the rules. candidatesOf() turns the values found into the rules to try.
   */
  readonly valueCount: number;
  private readonly hasAlso: Uint8Array;
  /** Scratch for candidatesOf(): rules whose alsoOneOf literal occurs in the text scanned. */
  private readonly alsoFound: Uint8Array;

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
      if (rule.alsoOneOf !== undefined && rule.alsoOneOf.length === 0) throw new Error(`rule ${rule.id}: alsoOneOf needs at least one literal`);
      for (const k of rule.alsoOneOf ?? []) {
        if (k !== k.toLowerCase() || k.length === 0) throw new Error(`rule ${rule.id}: alsoOneOf "${k}" must be non-empty lower case`);
        entries.push([k, rules.length + i]);
      }
    });
    this.valueCount = 2 * rules.length;
    this.hasAlso = Uint8Array.from(rules, (r) => (r.alsoOneOf ? 1 : 0));
    this.alsoFound = new Uint8Array(rules.length);
    this.index = new KeywordIndex(entries);
    rules.forEach((rule, i) => {
      if (!rule.rewrite) return;
      const ids = this.rewrites.get(rule.rewrite) ?? new Set<number>();
      ids.add(i);
      this.rewrites.set(rule.rewrite, ids);
    });
  }

  /**
   * Every rule's keywords and alsoOneOf literals (values below valueCount), for a caller that scans
   * once for several matchers and passes what it found to scoreAmong.
   */
  keywordEntries(): Array<[string, number]> {
    const n = this.rules.length;
    return this.rules.flatMap((rule, i) => [...rule.keywords.map((k): [string, number] => [k, i]), ...(rule.alsoOneOf ?? []).map((k): [string, number] => [k, n + i])]);
  }

  /** The rules to try on a text, from the index values found in it (ascending). */
  private candidatesOf(found: readonly number[]): number[] {
    const n = this.rules.length;
    const { alsoFound, hasAlso } = this;
    let first = found.length;
    for (let j = found.length - 1; j >= 0 && found[j]! >= n; j--) {
      alsoFound[found[j]! - n] = 1;
      first = j;
    }
    const out: number[] = [];
    for (let j = 0; j < first; j++) {
      const i = found[j]!;
      if (hasAlso[i] === 0 || alsoFound[i] === 1) out.push(i);
    }
    for (let j = first; j < found.length; j++) alsoFound[found[j]! - n] = 0;
    return out;
  }

  private candidatesIn(text: string): number[] {
    return this.candidatesOf(this.index.find(text));
  }

  /**
   * `normalized` must come from normalizeForMatching; `original` is the text it was made from, for
   * rules with a case-sensitive refinement (without it they match case-blind).
   */
  score(normalized: string, original?: string, read?: (source: string) => ShellReading): PackScore {
    return this.scoreAmong(normalized, this.index.find(normalized), original, undefined, read);
  }

  /**
   * As score(), for a tool's argument values, one a line (`original`): the command-shaped rules
   * (commandsOnly) read each value on its own, never the values run together, where
   * `tms` then `kill-switch-payouts` has a client's shape and a verb's.
   */
  scoreValues(normalized: string, original: string, read?: (source: string) => ShellReading): PackScore {
    return this.scoreAmong(normalized, this.index.find(normalized), original, undefined, read, true);
  }

  /**
   * As score(), given the index values (keywordEntries) found in `normalized`, ascending. When `original`
   * holds a shell command (see shellSources), every command it will run, read as the shell will
   * run it, is scored too: `X=rm; $X -rf ~` matches what `rm -rf ~` matches. A command from a known
   * shell source that cannot be read adds the UNREADABLE_SHELL match.
   */
  scoreAmong(normalized: string, found: readonly number[], original?: string, sources?: readonly ShellSource[], read: (source: string) => ShellReading = readShellCached, valuesApart = false): PackScore {
    let candidates = this.candidatesOf(found);
    // Here-document bodies written to files are data: the rules read the text without them.
    // Only a hint's sentences name code without running it: in a tool's arguments `…` is what a shell runs.
    const readings = original !== undefined ? shellReadingsOf(original, normalized, sources, read, sources !== undefined) : undefined;
    if (readings?.masked !== undefined) {
      original = readings.masked;
      normalized = normalizeForMatching(original);
      candidates = this.candidatesIn(normalized);
    }
    const matched = new Set<number>();
    const tryRule = (i: number, text: string, casedFrom: string | undefined): void => {
      const rule = this.rules[i]!;
      if (matched.has(i)) return;
      if (rule.precheck && !rule.precheck.test(text)) return;
      if (!rule.pattern.test(text)) return;
      if (rule.cased && casedFrom !== undefined && !rule.cased.test(foldPreservingCase(casedFrom))) return;
      matched.add(i);
    };
    // A hint (sources given): command-shaped rules read only its command lines, below.
    // Argument values (valuesApart): they read each value alone, below.
    const whole = (i: number): boolean => (sources === undefined && !valuesApart) || this.rules[i]!.commandsOnly !== true;
    for (const i of candidates) if (whole(i)) tryRule(i, normalized, original);
    // Second readings: computed once per rewrite function, prefiltered by their own keywords.
    if (this.rewrites.size > 0) {
      for (const [rewrite, ruleIds] of this.rewrites) {
        const view = rewrite(normalized);
        if (view === normalized) continue;
        for (const i of this.candidatesIn(view)) if (ruleIds.has(i) && whole(i)) tryRule(i, view, original);
      }
    }
    const extra: RuleMatch[] = [];
    if (readings !== undefined) {
      const { commands, unreadable } = readings;
      for (const c of commands) for (const i of this.candidatesIn(c.normalized)) tryRule(i, c.normalized, c.text);
      if (unreadable !== undefined) extra.push({ ...UNREADABLE_SHELL, reason: `${UNREADABLE_SHELL.reason}: ${unreadable}` });
    }
    // (Only the command-shaped rules whose keywords the whole text holds: a value holds no keyword the whole lacks.
    // Most calls have none, and no value is looked at.)
    const shaped = valuesApart && original !== undefined ? candidates.filter((i) => this.rules[i]!.commandsOnly === true) : [];
    if (shaped.length > 0) {
      for (const line of original!.split("\n")) {
        const value = withoutComment(line);
        const text = normalizeForMatching(value);
        // (A value of one word is a name, not a command line with a client and a verb: a package esbuild-plugin-purge-css.)
        if (text.length > 0 && text.includes(" ")) for (const i of shaped) tryRule(i, text, value);
      }
    }
    const matches: RuleMatch[] = [...matched]
      .sort((a, b) => a - b)
      .map((i) => {
        const rule = this.rules[i]!;
        return { id: rule.id, category: rule.category, reason: rule.reason, score: rule.score };
      });
    matches.push(...extra);
    return { score: combineScores(matches), matches };
  }
}

/**
 * A line without its trailing comment: from a " # " outside quotes to the end (a script's `X=1  #
 * pass X=0 to actually remove them`, YAML's and Python's alike). "#dev", "a#b" and a "#" inside
 * quotes stay.
 */
function withoutComment(line: string): string {
  const at = line.search(/\s#(?:\s|$)/);
  if (at < 0) return line;
  const before = line.slice(0, at);
  let single = 0;
  let double = 0;
  for (const c of before) {
    if (c === "'") single++;
    else if (c === '"') double++;
  }
  return single % 2 === 0 && double % 2 === 0 ? before : line;
}

/**
 * A shell command that cannot be read statically (a parse error, a command name or eval string
 * from a variable the script does not set, a shell fed from the network): nobody can say what it
 * runs, so it pauses for a human, whatever else it matches.
 */
export const UNREADABLE_SHELL: RuleMatch = {
  id: "shell.unreadable",
  category: "shell",
  reason: "Could not read what this runs",
  score: 55,
};

/**
 * The commands a text will run when it holds a shell command, each as the shell will run it (only
 * those whose normalised text differs from the text the rules read, once each), and the first
 * problem when a command from a known shell source could not be read. `masked` is the text with the
 * here-document and here-string bodies that are written to files blanked out (ShellReading.data),
 * when a source that holds some reads completely: words in a file's contents are not commands.
 * `prose`: the text is an agent's sentences (a hint), whose code may be named without being run;
 * a tool's arguments are not (there `…` is a command substitution the shell runs).
 */
export function shellReadingsOf(
  original: string,
  normalized: string,
  sources: readonly ShellSource[] = shellSources(original),
  read: (source: string) => ShellReading = readShellCached,
  prose = true,
): { commands: Array<{ text: string; normalized: string }>; unreadable?: string; masked?: string } {
  const commands: Array<{ text: string; normalized: string }> = [];
  let unreadable: string | undefined;
  const readings = sources.map((s) => read(s.source));
  // Code a sentence names without running it (a test, rule or doc about `rm -rf /`, "I won't run
  // `…`") is not a command: the rules read the text without it.
  const named = prose ? withoutMentionedCode(original) : original;
  let masked: string | undefined = named !== original ? named : undefined;
  // From the last source to the first, so the offsets of those before stay as they are.
  for (let i = sources.length - 1; i >= 0; i--) {
    const { source, at, json } = sources[i]!;
    const reading = readings[i]!;
    if (!reading.complete || reading.data === undefined) continue;
    const blanked = blankSpans(source, reading.data);
    const base = masked ?? original;
    masked = base.slice(0, at[0]) + (json ? JSON.stringify(blanked) : blanked) + base.slice(at[1]);
  }
  // The whole text is compared, not hashed: only a command's text can equal it.
  const whole = masked !== undefined ? normalizeForMatching(masked) : normalized;
  const seen = new TextSet();
  // A command text met before normalises as it did then: only new ones are normalised.
  const seenAsWritten = new TextSet();
  sources.forEach(({ strict }, i) => {
    const reading = readings[i]!;
    for (const command of reading.commands) {
      if (!seenAsWritten.add([command.text])) continue;
      const text = normalizeForMatching(command.text);
      if (text === whole || !seen.add([text])) continue;
      commands.push({ text: command.text, normalized: text });
    }
    if (strict && !reading.complete && unreadable === undefined) unreadable = reading.problems[0] ?? "unknown";
  });
  return { commands, ...(unreadable !== undefined ? { unreadable } : {}), ...(masked !== undefined ? { masked } : {}) };
}

/** `text` with each span's characters turned to spaces, its line breaks kept: offsets do not move. */
export function blankSpans(text: string, spans: ReadonlyArray<readonly [number, number]>): string {
  let out = "";
  let at = 0;
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (start < at || end > text.length) continue;
    out += text.slice(at, start) + text.slice(start, end).replace(/[^\n]/g, " ");
    at = end;
  }
  return out + text.slice(at);
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
