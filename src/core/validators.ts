// Checks on a matched value that a regex cannot express: checksums (Luhn, Verhoeff, IBAN…),
// entropy, and the false-positive guards of the upstream tools (placeholders, masked values,
// nucleotide strings, JWT structure). Pure functions of the matched value; detector rules name them.

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
