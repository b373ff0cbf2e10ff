// Globs over free text (nextActionHint), with the semantics in docs/decisions.md "Glob semantics":
//   *      any run of characters, including none and including "/" and spaces
//   ?      exactly one character
//   [abc]  [a-z]  [!abc]  one character of (or not of) a class
//   \x     the character x, literally
// Matching is case-insensitive and unanchored; a pattern that begins (ends) with a letter or digit
// must begin (end) at a word boundary, so "delete_*" matches "calling delete_user" but not
// "undelete_user", and "git push" does not match "git pushed".
// Path-glob libraries treat "/" and ".." specially; over free text that lets "x/../y" slip past a
// deny, so haltkey compiles its own.
import { KeywordIndex } from "./keyword-index.js";
import { normalizeForMatching } from "./text.js";

export const GLOB_MAX_LENGTH = 512;

export interface CompiledGlob {
  readonly pattern: string;
  readonly regex: RegExp;
  /** The longest literal run (normalised), used to skip the regex when it cannot match. */
  readonly keyword: string;
}

export class GlobSyntaxError extends Error {}

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/]/g;
const WORD = /[\p{L}\p{N}_]/u;

export function compileGlob(pattern: string): CompiledGlob {
  if (pattern.length === 0) throw new GlobSyntaxError("empty pattern");
  if (pattern.length > GLOB_MAX_LENGTH) throw new GlobSyntaxError(`longer than ${GLOB_MAX_LENGTH} characters`);
  // Patterns are normalised like hints, so "Delete *" and "delete *" are the same pattern.
  const source = normalizeForMatching(pattern);
  let regex = "";
  const literals: string[] = [];
  let literal = "";
  const flushLiteral = (): void => {
    if (literal) literals.push(literal);
    literal = "";
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === "*") {
      flushLiteral();
      while (source[i + 1] === "*") i++;
      regex += "[\\s\\S]*?";
    } else if (ch === "?") {
      flushLiteral();
      regex += "[\\s\\S]";
    } else if (ch === "[") {
      flushLiteral();
      const end = source.indexOf("]", i + 2);
      if (end < 0) throw new GlobSyntaxError(`unclosed "[" at position ${i}`);
      let body = source.slice(i + 1, end);
      const negated = body.startsWith("!") || body.startsWith("^");
      if (negated) body = body.slice(1);
      if (body.length === 0) throw new GlobSyntaxError(`empty character class at position ${i}`);
      const escaped = body.replace(/[\\\]^]/g, "\\$&");
      regex += negated ? `[^${escaped}]` : `[${escaped}]`;
      i = end;
    } else if (ch === "\\") {
      const next = source[i + 1];
      if (next === undefined) throw new GlobSyntaxError("pattern ends with an escape");
      literal += next;
      regex += next.replace(REGEX_SPECIAL, "\\$&");
      i++;
    } else {
      literal += ch;
      regex += ch.replace(REGEX_SPECIAL, "\\$&");
    }
  }
  flushLiteral();
  const first = source[0]!;
  const last = source[source.length - 1]!;
  const lead = WORD.test(first) ? "(?<![\\p{L}\\p{N}_])" : "";
  const trail = WORD.test(last) && source[source.length - 2] !== "\\" ? "(?![\\p{L}\\p{N}_])" : "";
  const keyword = literals.reduce((best, l) => (l.length > best.length ? l : best), "");
  return { pattern, regex: new RegExp(lead + regex + trail, "u"), keyword };
}

/**
 * Named lists of globs (a policy's deny, requiresApproval and autoApprove) checked against
 * normalised text in one pass: a keyword index over every glob's longest literal picks the globs
 * that can match, and only those regexes run.
 */
export class GlobSet<L extends string = string> {
  private readonly globs: Array<{ list: L; glob: CompiledGlob }> = [];
  private readonly index: KeywordIndex;
  private readonly unindexed: number[] = [];
  private readonly names: L[];

  constructor(lists: Readonly<Record<L, readonly string[]>>) {
    this.names = Object.keys(lists) as L[];
    for (const list of this.names) for (const p of lists[list]) this.globs.push({ list, glob: compileGlob(p) });
    const entries: Array<[string, number]> = [];
    this.globs.forEach(({ glob }, i) => {
      // One-character literals occur everywhere; such globs are always tried.
      if (glob.keyword.length >= 2) entries.push([glob.keyword, i]);
      else this.unindexed.push(i);
    });
    this.index = new KeywordIndex(entries);
  }

  get size(): number {
    return this.globs.length;
  }

  /** Keyword of every indexed glob, for a caller that scans once for several matchers. */
  keywordEntries(): Array<[string, number]> {
    const entries: Array<[string, number]> = [];
    this.globs.forEach(({ glob }, i) => {
      if (glob.keyword.length >= 2) entries.push([glob.keyword, i]);
    });
    return entries;
  }

  /** Per list, the patterns matching `normalized` (output of normalizeForMatching), in list order. */
  matches(normalized: string): Record<L, string[]> {
    return this.matchesAmong(normalized, this.globs.length === 0 ? [] : this.index.find(normalized));
  }

  /** As matches(), given the indexed globs whose keyword occurs (ascending). */
  matchesAmong(normalized: string, found: readonly number[]): Record<L, string[]> {
    const hits = Object.fromEntries(this.names.map((n) => [n, [] as string[]])) as Record<L, string[]>;
    const candidates = this.unindexed.length === 0 ? found : [...found, ...this.unindexed].sort((a, b) => a - b);
    for (const i of candidates) {
      const { list, glob } = this.globs[i]!;
      if (glob.regex.test(normalized)) hits[list].push(glob.pattern);
    }
    return hits;
  }
}
