// Content detectors: secrets, PII and injection markers in text an agent sends or reads (tool
// arguments, hints, findings, tool output). Unlike the action rules they find *spans*, so what they
// find can be redacted before anything is logged or stored, and they run on case-preserved text
// (an AWS key id is upper case; lower-casing would make every rule imprecise).
//
// Rules are data: an id, a reason, a score, a keyword prefilter, a pattern, an optional named
// validator (checksums and entropy are checks on the match, not more regex), and examples that
// must and must not match.
import { KeywordIndex } from "./keyword-index.js";
import { isAscii } from "./text.js";
import { passes, type Validator } from "./validators.js";

export type { Validator } from "./validators.js";

export const DETECTION_KINDS = ["secret", "pii", "injection"] as const;
export type DetectionKind = (typeof DETECTION_KINDS)[number];

export interface DetectorRule {
  /** "<kind>.<what>", e.g. "secret.aws-access-key-id". */
  readonly id: string;
  readonly kind: DetectionKind;
  /** For the operator: what was found and why it matters. */
  readonly reason: string;
  /** 0–100, as for action rules; the strongest detection sets the step's data-boundary score. */
  readonly score: number;
  /** Lower-case literals; the pattern only runs when one occurs in the lower-cased text. */
  readonly keywords: readonly string[];
  /**
   * Must have the `g` flag. Runs on NFKC-normalised, case-preserved text. The sensitive span is
   * the named group `value` when present, else the whole match.
   */
  readonly pattern: RegExp;
  readonly validators?: readonly Validator[];
  /**
   * Optional cheap regex (no g flag, case as the pattern) that must match somewhere whenever the
   * pattern does; the pattern only runs if it does. For rules whose keywords are too common to
   * filter (digits, ":"), so a 4 KB hint of prose does not pay for their full pattern.
   */
  readonly precheck?: RegExp;
  /**
   * Runs every match needs in the text, checked before the precheck from figures computed once per
   * scan (one pass over the text instead of one regex per rule): `digits`, consecutive ASCII
   * digits; `groupedDigits`, digits with at most one space, dash or dot between neighbours;
   * `alnum`, consecutive ASCII letters and digits. Must be implied by the precheck (or pattern):
   * it only skips work, never a match.
   */
  readonly needs?: { readonly digits?: number; readonly groupedDigits?: number; readonly alnum?: number };
  readonly examples: { readonly match: readonly string[]; readonly noMatch: readonly string[] };
}

export interface Detection {
  readonly ruleId: string;
  readonly kind: DetectionKind;
  readonly reason: string;
  readonly score: number;
  /** Span of the sensitive value in the normalised text. */
  readonly start: number;
  readonly end: number;
}

export interface ScanResult {
  /** The text as scanned (NFKC, spacing accents kept inside their word); detection offsets refer to it. */
  readonly text: string;
  readonly detections: readonly Detection[];
  /** Highest score of any detection, 0 if none. */
  readonly score: number;
}

// ------------------------------------------------------------------------------------ the pack

/** Cap on detections per scan: enough to redact, bounded against hostile input. */
export const MAX_DETECTIONS = 1000;

/** The longest runs `DetectorRule.needs` asks about, in one pass. */
export interface TextRuns {
  readonly digits: number;
  readonly groupedDigits: number;
  readonly alnum: number;
}

/** textRuns' character classes below 128: 0 other, 1 digit, 2 letter, 3 a separator in a digit group (space, "-", "."). */
const RUN_CLASS = (() => {
  const t = new Uint8Array(128);
  for (let c = 48; c <= 57; c++) t[c] = 1;
  for (let c = 65; c <= 90; c++) t[c] = 2;
  for (let c = 97; c <= 122; c++) t[c] = 2;
  t[32] = t[45] = t[46] = 3;
  return t;
})();

export function textRuns(text: string): TextRuns {
  let digits = 0;
  let grouped = 0;
  let alnum = 0;
  let d = 0;
  let g = 0;
  /** Separators seen since the last digit of the current grouped run (at most one is allowed). */
  let gap = 0;
  /** Where the current run of letters and digits started: its length is taken where it ends. */
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const k = c < 128 ? RUN_CLASS[c]! : 0;
    // Letters first: they are most of any text.
    if (k === 2) {
      d = 0;
      g = 0;
      gap = 2;
    } else if (k === 1) {
      d++;
      g = gap <= 1 ? g + 1 : 1;
      gap = 0;
      if (d > digits) digits = d;
      if (g > grouped) grouped = g;
    } else {
      if (i - start > alnum) alnum = i - start;
      start = i + 1;
      d = 0;
      if (k === 3) gap++;
      else gap = 2;
      if (gap > 1) g = 0;
    }
  }
  if (text.length - start > alnum) alnum = text.length - start;
  return { digits, groupedDigits: grouped, alnum };
}

const meets = (runs: TextRuns, needs: NonNullable<DetectorRule["needs"]>): boolean =>
  (needs.digits === undefined || runs.digits >= needs.digits) &&
  (needs.groupedDigits === undefined || runs.groupedDigits >= needs.groupedDigits) &&
  (needs.alnum === undefined || runs.alnum >= needs.alnum);

interface Found {
  detections: Detection[];
  score: number;
}

const INVISIBLE = /\p{Cf}/u;
const INVISIBLE_RUNS = /\p{Cf}+/gu;

/** The text without format characters, and for each of its code units where it stood in `text`. */
function withoutInvisible(text: string): { visible: string; origin: Int32Array } {
  const parts: string[] = [];
  const origin = new Int32Array(text.length);
  let length = 0;
  let at = 0;
  const keep = (from: number, to: number): void => {
    parts.push(text.slice(from, to));
    for (let i = from; i < to; i++) origin[length++] = i;
  };
  for (const m of text.matchAll(INVISIBLE_RUNS)) {
    keep(at, m.index);
    at = m.index + m[0].length;
  }
  keep(at, text.length);
  return { visible: parts.join(""), origin: origin.subarray(0, length) };
}

export class DetectorPack {
  private readonly index: KeywordIndex;
  /** Per rule, which of the distinct prechecks it has (-1: none). */
  private readonly precheckIds: Int32Array;
  private readonly precheckCount: number;
  /** Whether the injection rules come after every other rule (scanAmong's dataOnly needs it). */
  private readonly injectionLast: boolean;
  /**
   * Each rule's pattern with the d flag, so a value group's span comes from the match itself: a copy
   * of the pack's own, whose lastIndex only collect() moves (it walks the matches with exec).
   */
  private readonly withIndices: readonly RegExp[];

  constructor(readonly rules: readonly DetectorRule[]) {
    const seen = new Set<string>();
    const entries: Array<[string, number]> = [];
    rules.forEach((rule, i) => {
      if (seen.has(rule.id)) throw new Error(`detector pack: duplicate rule id ${rule.id}`);
      seen.add(rule.id);
      if (!rule.id.startsWith(`${rule.kind}.`)) throw new Error(`detector ${rule.id}: id must start with "${rule.kind}."`);
      if (!rule.pattern.global) throw new Error(`detector ${rule.id}: pattern needs the g flag`);
      if (rule.precheck && (rule.precheck.global || rule.precheck.sticky)) throw new Error(`detector ${rule.id}: precheck must not have the g or y flag`);
      if (rule.keywords.length === 0) throw new Error(`detector ${rule.id}: needs at least one keyword`);
      if (rule.score < 0 || rule.score > 100) throw new Error(`detector ${rule.id}: score must be 0–100`);
      for (const k of rule.keywords) {
        if (k.length === 0 || k !== k.toLowerCase()) throw new Error(`detector ${rule.id}: keyword "${k}" must be non-empty lower case`);
        entries.push([k, i]);
      }
    });
    this.index = new KeywordIndex(entries);
    // Rules with the same precheck (in-pan and in-pan-unverified) share its one run per scan.
    const prechecks = new Map<string, number>();
    this.precheckIds = Int32Array.from(rules, (r) => {
      if (!r.precheck) return -1;
      const key = `${r.precheck.flags}/${r.precheck.source}`;
      let id = prechecks.get(key);
      if (id === undefined) prechecks.set(key, (id = prechecks.size));
      return id;
    });
    this.precheckCount = prechecks.size;
    const firstInjection = rules.findIndex((r) => r.kind === "injection");
    this.injectionLast = firstInjection < 0 || rules.slice(firstInjection).every((r) => r.kind === "injection");
    this.withIndices = rules.map((r) => new RegExp(r.pattern.source, r.pattern.hasIndices ? r.pattern.flags : r.pattern.flags + "d"));
  }

  /** Every rule's keywords, for a caller that scans once for several matchers (see scanAmong). */
  keywordEntries(): Array<[string, number]> {
    return this.rules.flatMap((rule, i) => rule.keywords.map((k): [string, number] => [k, i]));
  }

  scan(raw: string): ScanResult {
    return this.scanAmong(raw);
  }

  /**
   * As scan(), with what a caller that scans the same text for more keywords than these found:
   * `candidates`, the rules (ascending) whose keywords occur in `raw` lower-cased, used when `raw`
   * is ASCII (other text is scanned for them here: its NFKC form is what the rules read).
   * `dataOnly`: the caller reads secrets and personal data only (a hint), so for ASCII text the
   * injection rules are not run when that changes nothing else: they come after every other rule,
   * so the others' detections (and the cap on them) are as a full scan finds them.
   */
  scanAmong(raw: string, options: { readonly candidates?: readonly number[]; readonly dataOnly?: boolean } = {}): ScanResult {
    // NFKC turns a spacing accent (¨ ´ ¸ ˜) into a space and a combining mark, which would split a
    // password holding one into two words; the space is dropped.
    // ASCII is its own NFKC form and holds no combining marks or format characters.
    const ascii = isAscii(raw);
    const text = ascii ? raw : raw.normalize("NFKC").replace(/ (?=[\u0300-\u036f])/g, "");
    const found: Found = { detections: [], score: 0 };
    let candidates = ascii ? options.candidates : undefined;
    if (ascii && options.dataOnly && this.injectionLast) candidates = (candidates ?? this.index.find(text.toLowerCase())).filter((i) => this.rules[i]!.kind !== "injection");
    this.collect(text, found, () => true, candidates);
    // A format character (zero-width space, bidi control, tag) inside a key hides it from every
    // pattern. The injection rules look for those characters, so they run on the text as it is;
    // secrets and personal data are looked for again with them taken out, and their spans are
    // mapped back, so redaction covers the whole key, the hidden characters included.
    if (!ascii && found.detections.length < MAX_DETECTIONS && INVISIBLE.test(text)) {
      const { visible, origin } = withoutInvisible(text);
      const hidden: Found = { detections: [], score: 0 };
      this.collect(visible, hidden, (rule) => rule.kind !== "injection");
      for (const d of hidden.detections) {
        const start = origin[d.start]!;
        const end = origin[d.end - 1]! + 1;
        if (found.detections.some((x) => x.ruleId === d.ruleId && x.start === start && x.end === end)) continue;
        found.detections.push({ ...d, start, end });
        found.score = Math.max(found.score, d.score);
        if (found.detections.length >= MAX_DETECTIONS) break;
      }
    }
    return { text, detections: found.detections, score: found.score };
  }

  private collect(text: string, found: Found, wanted: (rule: DetectorRule) => boolean, candidates: readonly number[] = this.index.find(text.toLowerCase())): void {
    let runs: TextRuns | undefined;
    /** Per distinct precheck: 0 not run yet, 1 holds, 2 does not. */
    const prechecked = new Uint8Array(this.precheckCount);
    for (const i of candidates) {
      const rule = this.rules[i]!;
      if (!wanted(rule)) continue;
      if (rule.needs && !meets((runs ??= textRuns(text)), rule.needs)) continue;
      if (rule.precheck) {
        const p = this.precheckIds[i]!;
        if (prechecked[p] === 0) prechecked[p] = rule.precheck.test(text) ? 1 : 2;
        if (prechecked[p] === 2) continue;
      }
      // Every match, as matchAll finds them (an empty match moves on by one character, or one code
      // point with the u or v flag), without the copy of the regex and the iterator matchAll makes.
      const pattern = this.withIndices[i]!;
      pattern.lastIndex = 0;
      for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
        if (m[0].length === 0) pattern.lastIndex = nextIndex(text, pattern.lastIndex, pattern.unicode || pattern.unicodeSets);
        const value = m.groups?.value ?? m[0];
        if (value.length === 0) continue;
        if (rule.validators && !rule.validators.every((v) => passes(v, value))) continue;
        const start = m.indices?.groups?.value?.[0] ?? m.index;
        found.detections.push({ ruleId: rule.id, kind: rule.kind, reason: rule.reason, score: rule.score, start, end: start + value.length });
        found.score = Math.max(found.score, rule.score);
        if (found.detections.length >= MAX_DETECTIONS) return;
      }
    }
  }
}

/** The index after `at` (AdvanceStringIndex): past a surrogate pair when `unicode`. */
function nextIndex(text: string, at: number, unicode: boolean): number {
  if (!unicode || at + 1 >= text.length) return at + 1;
  const c = text.charCodeAt(at);
  const d = text.charCodeAt(at + 1);
  return c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff ? at + 2 : at + 1;
}

/**
 * The text with every secret and PII span replaced by "[REDACTED:<rule id>]". Injection
 * detections are not redacted (they are not sensitive; they are quarantined by the caller).
 */
export function redact(scan: ScanResult): string {
  const spans = scan.detections
    .filter((d) => d.kind !== "injection")
    .map((d) => ({ start: d.start, end: d.end, id: d.ruleId }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  let out = "";
  let at = 0;
  for (const s of spans) {
    if (s.end <= at) continue;
    out += scan.text.slice(at, Math.max(at, s.start)) + `[REDACTED:${s.id}]`;
    at = s.end;
  }
  return out + scan.text.slice(at);
}
