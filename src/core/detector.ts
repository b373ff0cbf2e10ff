// Content detectors: secrets, PII and injection markers in text an agent sends or reads (tool
// arguments, hints, findings, tool output). Unlike the action rules they find *spans*, so what they
// find can be redacted before anything is logged or stored, and they run on case-preserved text
// (an AWS key id is upper case; lower-casing would make every rule imprecise).
//
// Rules are data: an id, a reason, a score, a keyword prefilter, a pattern, an optional named
// validator (checksums and entropy are checks on the match, not more regex), and examples that
// must and must not match.
import { KeywordIndex } from "./keyword-index.js";

export const DETECTION_KINDS = ["secret", "pii", "injection"] as const;
export type DetectionKind = (typeof DETECTION_KINDS)[number];

/** Checks on a matched value that a regex cannot express. */
export type Validator =
  | { readonly check: "luhn" }
  /** Luhn over exactly `length` digits (Canadian SIN: 9, NPI with its 80840 prefix handled by the rule). */
  | { readonly check: "luhn-length"; readonly length: number }
  /** Verhoeff check digit (Indian Aadhaar, 12 digits). */
  | { readonly check: "verhoeff" }
  /** UK NHS number mod-11 check digit (10 digits). */
  | { readonly check: "nhs-mod11" }
  /** Australian tax file number weighted check (9 digits). */
  | { readonly check: "au-tfn" }
  | { readonly check: "iban" }
  /** Shannon entropy of the value, in bits per character, at least `min`. */
  | { readonly check: "entropy"; readonly min: number }
  /** Not a known placeholder ("xxxx", "your_api_key", "changeme", "<token>", all one character…). */
  | { readonly check: "not-placeholder" }
  /** No run of six or more mask characters (XXXXXX, xxxxxx, ******, ######): a redacted or template value. */
  | { readonly check: "not-masked" }
  /** Not a nucleotide sequence (only A, C, G, T/U): DNA in bioinformatics data matches key-id shapes. */
  | { readonly check: "not-nucleotide" }
  /** A JSON Web Token: its header and payload segments are base64url-encoded JSON objects. */
  | { readonly check: "jwt" }
  /** Base64 (standard alphabet, line breaks allowed) of a JSON Web Token. */
  | { readonly check: "base64-jwt" }
  /**
   * Reads as a passphrase, not as code or a sentence: two to eight words, no capital letters, no
   * member access (a.b, a?.b), type annotation (": "), comment (" #") or call.
   */
  | { readonly check: "passphrase" };

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

// ------------------------------------------------------------------------------------ validators

const digitsOf = (value: string): string => value.replace(/[\s.-]/g, "");

function luhnSum(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function luhnValid(value: string): boolean {
  const digits = value.replace(/[\s-]/g, "");
  return /^\d{12,19}$/.test(digits) && luhnSum(digits);
}

export function luhnLengthValid(value: string, length: number): boolean {
  const d = digitsOf(value);
  return d.length === length && /^\d+$/.test(d) && luhnSum(d);
}

const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

export function verhoeffValid(value: string): boolean {
  const d = digitsOf(value);
  if (!/^\d{2,}$/.test(d)) return false;
  let c = 0;
  for (let i = 0; i < d.length; i++) c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![d.charCodeAt(d.length - 1 - i) - 48]!]!;
  return c === 0;
}

/** Sum of digit × weight over the first weights.length digits. */
function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (digits.charCodeAt(i) - 48) * weights[i]!;
  return sum;
}

const NHS_WEIGHTS = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const TFN_WEIGHTS = [1, 4, 3, 7, 5, 8, 6, 9, 10];

export function nhsValid(value: string): boolean {
  const d = digitsOf(value);
  if (!/^\d{10}$/.test(d)) return false;
  const check = 11 - (weightedSum(d, NHS_WEIGHTS) % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === d.charCodeAt(9) - 48;
}

export function auTfnValid(value: string): boolean {
  const d = digitsOf(value);
  return /^\d{9}$/.test(d) && weightedSum(d, TFN_WEIGHTS) % 11 === 0;
}

export function ibanValid(value: string): boolean {
  const s = value.replace(/\s/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s)) return false;
  const rearranged = s.slice(4) + s.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const n = ch >= "A" && ch <= "Z" ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    remainder = n >= 10 ? (remainder * 100 + n) % 97 : (remainder * 10 + n) % 97;
  }
  return remainder === 1;
}

export function shannonEntropy(value: string): number {
  if (value.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const c of counts.values()) {
    const p = c / value.length;
    h -= p * Math.log2(p);
  }
  return h;
}

const PLACEHOLDER = /^(?:x+|\*+|\.+|0+|1234\w*|abc\w*|test\w*|dummy\w*|example\w*|sample\w*|fake\w*|changeme\w*|your[_-]?\w*|my[_-]?\w*|<[^>]*>|\$\{[^}]*\}|\{\{[^}]*\}\}|%[a-z_]+%|null|none|undefined|redacted|placeholder)$/i;

export function notPlaceholder(value: string): boolean {
  if (PLACEHOLDER.test(value)) return false;
  return new Set(value).size > 2;
}

const MASKED = /([xX*#\u2022])\1{5}/;

export function notMasked(value: string): boolean {
  return !MASKED.test(value);
}

export function notNucleotide(value: string): boolean {
  return !/^[ACGTU-]+$/i.test(value);
}

/** Decodes one base64url segment (padding optional) to text, or undefined if it is not base64url. */
function base64UrlText(segment: string): string | undefined {
  const s = segment.replace(/=+$/, "");
  if (!/^[A-Za-z0-9_-]+$/.test(s) || s.length % 4 === 1) return undefined;
  return Buffer.from(s, "base64url").toString("utf8");
}

function isJsonObject(text: string | undefined): boolean {
  if (text === undefined) return false;
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === "object" && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** As detect-secrets' JWT plugin checks formal validity: header and payload decode to JSON objects. */
export function jwtValid(value: string): boolean {
  const parts = value.split(".");
  if (parts.length < 2 || parts.length > 3) return false;
  return isJsonObject(base64UrlText(parts[0]!)) && isJsonObject(base64UrlText(parts[1]!));
}

export function base64JwtValid(value: string): boolean {
  const s = value.replace(/[\r\n\\]/g, "");
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(s)) return false;
  const decoded = Buffer.from(s.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("utf8");
  const m = /^ey[A-Za-z0-9_=-]+\.ey[A-Za-z0-9_=-]+(?:\.[A-Za-z0-9_=-]*)?/.exec(decoded);
  return m !== null && jwtValid(m[0]);
}

export function passphraseLike(value: string): boolean {
  const words = value.trim().split(/\s+/);
  if (words.length < 2 || words.length > 8) return false;
  if (value !== value.toLowerCase()) return false;
  return !/\w\??\.[a-z_]|: | #|\w\(/.test(value);
}

export function passes(v: Validator, value: string): boolean {
  switch (v.check) {
    case "luhn":
      return luhnValid(value);
    case "luhn-length":
      return luhnLengthValid(value, v.length);
    case "verhoeff":
      return verhoeffValid(value);
    case "nhs-mod11":
      return nhsValid(value);
    case "au-tfn":
      return auTfnValid(value);
    case "iban":
      return ibanValid(value);
    case "entropy":
      return shannonEntropy(value) >= v.min;
    case "not-placeholder":
      return notPlaceholder(value);
    case "not-masked":
      return notMasked(value);
    case "not-nucleotide":
      return notNucleotide(value);
    case "jwt":
      return jwtValid(value);
    case "base64-jwt":
      return base64JwtValid(value);
    case "passphrase":
      return passphraseLike(value);
  }
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

export function textRuns(text: string): TextRuns {
  let digits = 0;
  let grouped = 0;
  let alnum = 0;
  let d = 0;
  let g = 0;
  let a = 0;
  /** Separators seen since the last digit of the current grouped run (at most one is allowed). */
  let gap = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      d++;
      a++;
      g = gap <= 1 ? g + 1 : 1;
      gap = 0;
      if (d > digits) digits = d;
      if (g > grouped) grouped = g;
      if (a > alnum) alnum = a;
    } else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
      d = 0;
      g = 0;
      gap = 2;
      a++;
      if (a > alnum) alnum = a;
    } else {
      d = 0;
      a = 0;
      if (c === 32 || c === 45 || c === 46) gap++;
      else gap = 2;
      if (gap > 1) g = 0;
    }
  }
  return { digits, groupedDigits: grouped, alnum };
}

const meets = (runs: TextRuns, needs: NonNullable<DetectorRule["needs"]>): boolean =>
  (needs.digits === undefined || runs.digits >= needs.digits) &&
  (needs.groupedDigits === undefined || runs.groupedDigits >= needs.groupedDigits) &&
  (needs.alnum === undefined || runs.alnum >= needs.alnum);

export class DetectorPack {
  private readonly index: KeywordIndex;
  /** Each rule's pattern with the d flag, so a value group's span comes from the match itself. */
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
    this.withIndices = rules.map((r) => (r.pattern.hasIndices ? r.pattern : new RegExp(r.pattern.source, r.pattern.flags + "d")));
  }

  scan(raw: string): ScanResult {
    // NFKC turns a spacing accent (¨ ´ ¸ ˜) into a space and a combining mark, which would split a
    // password holding one into two words; the space is dropped.
    const text = raw.normalize("NFKC").replace(/ (?=[\u0300-\u036f])/g, "");
    const detections: Detection[] = [];
    let score = 0;
    let runs: TextRuns | undefined;
    for (const i of this.index.find(text.toLowerCase())) {
      const rule = this.rules[i]!;
      if (rule.needs && !meets((runs ??= textRuns(text)), rule.needs)) continue;
      if (rule.precheck && !rule.precheck.test(text)) continue;
      const pattern = this.withIndices[i]!;
      pattern.lastIndex = 0;
      for (const m of text.matchAll(pattern)) {
        const value = m.groups?.value ?? m[0];
        if (value.length === 0) continue;
        if (rule.validators && !rule.validators.every((v) => passes(v, value))) continue;
        const start = m.indices?.groups?.value?.[0] ?? m.index;
        detections.push({ ruleId: rule.id, kind: rule.kind, reason: rule.reason, score: rule.score, start, end: start + value.length });
        score = Math.max(score, rule.score);
        if (detections.length >= MAX_DETECTIONS) return { text, detections, score };
      }
    }
    return { text, detections, score };
  }
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
