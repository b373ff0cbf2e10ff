// Checks on a matched value that a regex cannot express: checksums (Luhn, Verhoeff, IBAN…),
// entropy, and the false-positive guards of the upstream tools (placeholders, masked values,
// nucleotide strings, JWT structure). Pure functions of the matched value; detector rules name them.
import { createHash } from "node:crypto";

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
  /** Base64 or base64url of a credential of a known shape (an AWS key id, a GitHub or Slack token, a Stripe live key, a PEM private key). */
  | { readonly check: "base64-credential" }
  /**
   * Reads as a passphrase, not as code or a sentence: two to eight words, no capital letters, no
   * member access (a.b, a?.b), type annotation (": "), comment (" #") or call.
   */
  | { readonly check: "passphrase" }
  /**
   * gitleaks' generic-api-key stopword check: a value made of its value alphabet (letters, digits,
   * _ . = + / -, and ":" as in a qualified name) that contains one of `words` (lower case, as a
   * substring) reads as an identifier or prose, not as a key. Values with other punctuation are
   * passwords and pass.
   */
  | { readonly check: "not-stopword"; readonly words: readonly string[] }
  /** detect-secrets' is_sequential_string: not a run of the alphabet, digits or hex (ABCDEF…, 0123…). */
  | { readonly check: "not-alphabet-run" }
  /** Not an identifier made of capitalised words (SingletonFoo, userAccessToken): a name, not a secret. */
  | { readonly check: "not-camel-case" }
  /** A Bitcoin address whose checksum holds: Base58Check (P2PKH 1…, P2SH 3…) or bech32/bech32m (bc1…). */
  | { readonly check: "btc-address" }
  /** An IBAN whose country is in the IBAN registry and whose BBAN has that country's length and layout. */
  | { readonly check: "iban-country" }
  /** The digits do not read the same backwards (presidio's Aadhaar guard: 1234 5665 4321 is no one's). */
  | { readonly check: "not-palindrome" }
  /** The digits are not one digit repeated nor a run counting up (12345678, 4567890): what forms and docs use as a placeholder. */
  | { readonly check: "not-sequential" };


/** The digits of a grouped number: spaces, dots, dashes and colons (Aadhaar 1234:5678:9012) dropped. */
const digitsOf = (value: string): string => value.replace(/[\s.:-]/g, "");

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
  const s = value.replace(/[\s-]/g, "").toUpperCase();
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

/** Values that stand in for a secret: fill-me-ins, templates, and the well-known defaults of local setups ("password", "devpassword", "postgres"), which guard nothing. (AWS's documented example keys are not here: agents paste them as real ones, and what they are sent with decides.) */
const PLACEHOLDER = /^(?:x+|\*+|\.+|0+|1234\w*|abc\w*|test\w*|dummy\w*|example\w*|sample\w*|fake\w*|changeme\w*|your[_-]?\w*|my[_-]?\w*|<[^>]*>|\$\{[^}]*\}|\{\{[^}]*\}\}|%[a-z_]+%|null|none|undefined|redacted|placeholder|(?:dev|local|demo|docker|default|app|db)?[_-]?pass(?:word)?\d{0,3}|secret|postgres|root|admin|guest)$/i;

/** Words a fixture's value says of itself: test-key-DO-NOT-USE-0000, not-a-real-secret. */
const SAYS_NOT_REAL = /(?:^|[^a-z])(?:do[-_ ]?not[-_ ]?use|not[-_ ]?a[-_ ]?real|not[-_ ]?real|for[-_ ]?tests?[-_ ]?only|test[-_ ]?only)(?:$|[^a-z])/i;

/** A payment service's test-mode object id (btok_test_us_bank, tok_test_visa, cus_test_Fx01): it names a test fixture, not a credential. */
const TEST_OBJECT_ID = /^(?:btok|tok|cus|pm|ba|src|card|acct)_test_[A-Za-z0-9_]{0,24}$/;

export function notPlaceholder(value: string): boolean {
  if (PLACEHOLDER.test(value) || SAYS_NOT_REAL.test(value) || TEST_OBJECT_ID.test(value)) return false;
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

/** A value in base64 or base64url (line breaks allowed), decoded as `encoding`; undefined when it is not base64. */
function decodeBase64(value: string, encoding: "utf8" | "latin1"): string | undefined {
  const s = value.replace(/[\r\n\\]/g, "");
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(s)) return undefined;
  return Buffer.from(s.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString(encoding);
}

export function base64JwtValid(value: string): boolean {
  const decoded = decodeBase64(value, "utf8");
  if (decoded === undefined) return false;
  const m = /^ey[A-Za-z0-9_=-]+\.ey[A-Za-z0-9_=-]+(?:\.[A-Za-z0-9_=-]*)?/.exec(decoded);
  return m !== null && jwtValid(m[0]);
}

/** The same shapes anywhere in a decoded text (an encoded credentials file: "[default]\naws_access_key_id = AKIA…"), AWS's documentation key excepted. */
const CREDENTIAL_ANYWHERE = /(?:^|[^A-Za-z0-9])(?:(?:AKIA|ASIA)(?!IOSFODNN7EXAMPLE)[A-Z0-9]{16}(?![A-Z0-9])|gh[pous]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}|xox[abprs]-[A-Za-z0-9-]{10,}|sk_live_[A-Za-z0-9]{20,}|-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----)|\baws_secret_access_key\s*[=:]\s*[A-Za-z0-9/+]{30,}/;

/** A setting named for a secret (STRIPE_SECRET_KEY=, "api_token": , db_password:) and the value given it. */
const SECRET_SETTING = /(?:^|[\s{,;"'])(?:export\s+)?["']?((?:[A-Za-z][A-Za-z0-9_.-]{0,60}?)?(?:secret|token(?!iz)|passw(?:or)?d|passwd|api[_-]?key|apikey|private[_-]?key|access[_-]?key|client[_-]?secret)[A-Za-z0-9_-]{0,30})["']?\s*[:=]\s*["']?([^\s"',;#}]{12,512})/gi;
/** A key marked live or production by its prefix (sk_live_…, dvk_live_…, xyz_prod_…); a publishable pk_live_ key is meant to be shown. */
export const LIVE_KEY = /^(?!pk_)[a-z]{2,8}_(?:live|prod)_[A-Za-z0-9]{12,}$/i;

/**
 * Whether a text gives a credential's value, and what it is: a provider's key shape anywhere (an
 * AWS access key, a GitHub or Slack token, a Stripe live key, a private key), or a setting named
 * for a secret given a live-marked value or a long random one (letters and digits mixed, no
 * placeholder). The value itself is never returned: only its kind or the setting's name.
 */
export function credentialValueIn(text: string): string | undefined {
  const t = text.length > 64 * 1024 ? text.slice(0, 64 * 1024) : text;
  const shape = CREDENTIAL_ANYWHERE.exec(t);
  if (shape !== null) return /PRIVATE KEY/.test(shape[0]) ? "a private key" : "a provider's access key";
  let n = 0;
  for (const m of t.matchAll(SECRET_SETTING)) {
    if (++n > 64) break;
    const value = m[2]!;
    // (A setting about a secret, not its value: token_endpoint, SECRET_NAME, password_min_length, a
    // page cursor, a salt or a hash, a URL, a path or a secret manager's reference; a key marked
    // for test mode; a Google API key, which a web page's own configuration carries by design.)
    if (/(?:url|uri|endpoint|path|file|name|id|arn|ttl|length|len|type|header|expiry|expires|version|count|limit|enabled|mode|format|policy|rotation|prefix|salt|cookie|sha\d*|hash|digest|checksum|regex|pattern)$/i.test(m[1]!) || /(?:page|cursor|next|continuation|csrf|xsrf)/i.test(m[1]!)) continue;
    if (/:\/\/|^\/|^\.{0,2}\/|^(?:projects|secrets?|arn|vault|kv|ssm|sm|kms|op):?\/|\/secrets?\/|\/versions\//i.test(value) || /^[a-z]{2,8}_test_/i.test(value) || /^AIza/.test(value)) continue;
    const random = value.length >= 20 && /[A-Za-z]/.test(value) && /\d/.test(value) && notPlaceholder(value) && notMasked(value) && !/\$|\{|<|example|placeholder|changeme|your[_-]|\.\.\./i.test(value) && shannonEntropy(value) >= 3.5;
    if (LIVE_KEY.test(value) || random) return m[1]!;
  }
  return undefined;
}

export function base64CredentialValid(value: string): boolean {
  const decoded = decodeBase64(value, "latin1");
  return decoded !== undefined && CREDENTIAL_ANYWHERE.test(decoded);
}

export function passphraseLike(value: string): boolean {
  const words = value.trim().split(/\s+/);
  if (words.length < 2 || words.length > 8) return false;
  if (value !== value.toLowerCase()) return false;
  return !/\w\??\.[a-z_]|: | #|\w\(/.test(value);
}

// ------------------------------------------------------------------ Bitcoin addresses
// As presidio's crypto recognizer validates them: Base58Check for legacy (P2PKH, version 0,
// "1…") and P2SH (version 5, "3…") addresses, the bech32 / bech32m checksum (BIP 173 / BIP 350)
// for segwit "bc1…" addresses. A random base58 or bech32-alphabet string passes one time in 2^32
// (Base58Check) or 2^30 (bech32).

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Base58 to bytes (each leading "1" is a zero byte), or undefined on a character outside the alphabet. */
function base58Bytes(value: string): Uint8Array | undefined {
  let n = 0n;
  for (const ch of value) {
    const d = BASE58.indexOf(ch);
    if (d < 0) return undefined;
    n = n * 58n + BigInt(d);
  }
  const body: number[] = [];
  for (; n > 0n; n >>= 8n) body.unshift(Number(n & 0xffn));
  const zeros = /^1*/.exec(value)![0].length;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body]);
}

function base58CheckAddressValid(value: string): boolean {
  const bytes = base58Bytes(value);
  // Version byte, 20-byte hash, 4-byte checksum.
  if (bytes === undefined || bytes.length !== 25) return false;
  if (bytes[0] !== (value.startsWith("1") ? 0x00 : 0x05)) return false;
  const once = createHash("sha256").update(bytes.subarray(0, 21)).digest();
  const twice = createHash("sha256").update(once).digest();
  return twice.subarray(0, 4).equals(Buffer.from(bytes.subarray(21)));
}

const BECH32_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const BECH32M_CONST = 0x2bc830a3;

function bech32Polymod(values: readonly number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = (((chk & 0x1ffffff) << 5) ^ v) >>> 0;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk = (chk ^ BECH32_GENERATOR[i]!) >>> 0;
  }
  return chk;
}

function bech32AddressValid(value: string): boolean {
  // One case throughout (BIP 173); the human-readable part of a mainnet address is "bc".
  if (value !== value.toLowerCase() && value !== value.toUpperCase()) return false;
  const s = value.toLowerCase();
  if (!s.startsWith("bc1") || s.length < 14 || s.length > 90) return false;
  const data: number[] = [];
  for (const ch of s.slice(3)) {
    const d = BECH32_CHARSET.indexOf(ch);
    if (d < 0) return false;
    data.push(d);
  }
  const hrp = [..."bc"].map((c) => c.charCodeAt(0));
  const expanded = [...hrp.map((c) => c >> 5), 0, ...hrp.map((c) => c & 31), ...data];
  const c = bech32Polymod(expanded);
  // Witness version 0 uses bech32, versions 1–16 bech32m (BIP 350).
  return data[0] === 0 ? c === 1 : data[0]! <= 16 && c === BECH32M_CONST;
}

export function btcAddressValid(value: string): boolean {
  if (/^(?:bc1|BC1)/.test(value)) return bech32AddressValid(value);
  if (/^[13]/.test(value)) return base58CheckAddressValid(value);
  return false;
}

// ------------------------------------------------------------------ IBAN country layouts
// BBAN layout per country, from the SWIFT IBAN registry (the table presidio's IBAN recognizer checks
// against): n digits, a upper-case letters, c letters or digits.
export const IBAN_BBAN: Readonly<Record<string, string>> = {
  AD: "8n12c", AE: "19n", AL: "8n16c", AT: "16n", AZ: "4c20n", BA: "16n", BE: "12n", BG: "4a6n8c", BH: "4a14c",
  BI: "23n", BR: "23n1a1c", BY: "4c4n16c", CH: "5n12c", CR: "18n", CY: "8n16c", CZ: "20n", DE: "18n", DJ: "23n",
  DK: "14n", DO: "4c20n", EE: "16n", EG: "25n", ES: "20n", FI: "14n", FK: "2a12n", FO: "14n", FR: "10n11c2n",
  GB: "4a14n", GE: "2a16n", GI: "4a15c", GL: "14n", GR: "7n16c", GT: "24c", HR: "17n", HU: "24n", IE: "4c14n",
  IL: "19n", IQ: "4a15n", IS: "22n", IT: "1a10n12c", JO: "4a22c", KW: "4a22c", KZ: "3n13c", LB: "4n20c",
  LC: "4a24c", LI: "5n12c", LT: "16n", LU: "3n13c", LV: "4a13c", LY: "21n", MC: "10n11c2n", MD: "20c", ME: "18n",
  MK: "3n10c2n", MN: "16n", MR: "23n", MT: "4a5n18c", MU: "4a19n3a", NI: "4a20n", NL: "4a10n", NO: "11n",
  OM: "3n16c", PK: "4c16n", PL: "24n", PS: "4c21c", PT: "21n", QA: "4a21c", RO: "4a16c", RS: "18n", RU: "14n15c",
  SA: "2n18c", SC: "4a20n3a", SD: "14n", SE: "20n", SI: "15n", SK: "20n", SM: "1a10n12c", SO: "19n", ST: "21n",
  SV: "4a20n", TL: "19n", TN: "20n", TR: "5n17c", UA: "6n19c", VA: "18n", VG: "4c16n", XK: "16n",
};
const BBAN_CLASS: Readonly<Record<string, string>> = { n: "\\d", a: "[A-Z]", c: "[A-Z0-9]" };
const IBAN_LAYOUT = new Map(
  Object.entries(IBAN_BBAN).map(([cc, bban]) => [cc, new RegExp(`^${cc}\\d{2}${bban.replace(/(\d+)([nac])/g, (_m, len: string, k: string) => `${BBAN_CLASS[k]}{${len}}`)}$`)]),
);

export function ibanCountryValid(value: string): boolean {
  const s = value.replace(/[\s-]/g, "").toUpperCase();
  return IBAN_LAYOUT.get(s.slice(0, 2))?.test(s) ?? false;
}

export function notPalindrome(value: string): boolean {
  const d = value.replace(/\D/g, "");
  return d !== [...d].reverse().join("");
}

export function notSequential(value: string): boolean {
  const d = value.replace(/\D/g, "");
  if (d.length < 2) return true;
  const step = (d.charCodeAt(1) - d.charCodeAt(0) + 10) % 10;
  if (step !== 0 && step !== 1) return true;
  for (let i = 2; i < d.length; i++) if ((d.charCodeAt(i) - d.charCodeAt(i - 1) + 10) % 10 !== step) return true;
  return false;
}

/** One case-insensitive alternation per stopword list, built on first use. */
const STOPWORD_MATCHERS = new WeakMap<readonly string[], RegExp>();

function notStopword(value: string, words: readonly string[]): boolean {
  if (!/^[\w.=+/:-]+$/.test(value)) return true;
  let re = STOPWORD_MATCHERS.get(words);
  if (re === undefined) {
    re = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "i");
    STOPWORD_MATCHERS.set(words, re);
  }
  return !re.test(value);
}

const ALPHABET_RUNS = [
  "ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/",
  "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZ+/",
  "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
  "01234567890123456789",
  "0123456789ABCDEFABCDEF0123456789ABCDEFABCDEF",
  "ABCDEFGHIJKLMNOPQRSTUVWXYZ=/",
];

function notCamelCase(value: string): boolean {
  return !/^[A-Z]?[a-z]+(?:[A-Z][a-z]+)+$/.test(value);
}

function notAlphabetRun(value: string): boolean {
  const upper = value.toUpperCase();
  return !ALPHABET_RUNS.some((run) => run.includes(upper));
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
    case "base64-credential":
      return base64CredentialValid(value);
    case "passphrase":
      return passphraseLike(value);
    case "not-stopword":
      return notStopword(value, v.words);
    case "not-alphabet-run":
      return notAlphabetRun(value);
    case "not-camel-case":
      return notCamelCase(value);
    case "btc-address":
      return btcAddressValid(value);
    case "iban-country":
      return ibanCountryValid(value);
    case "not-palindrome":
      return notPalindrome(value);
    case "not-sequential":
      return notSequential(value);
  }
}

/**
 * An IBAN of its country's exact length (the SWIFT registry's), contiguous or in groups of four
 * from the start, each gap a space, a dash or nothing (presidio's IBAN layout). The exact length
 * is what lets "DE89 3704 0044 0532 0130 00 2 days" end at the IBAN: presidio retries shorter
 * matches after a failed checksum, a regex cannot.
 */
export const IBAN = (() => {
  const byLength = new Map<number, string[]>();
  for (const [cc, bban] of Object.entries(IBAN_BBAN)) {
    const len = [...bban.matchAll(/\d+/g)].reduce((n, m) => n + Number(m[0]), 0);
    byLength.set(len, [...(byLength.get(len) ?? []), cc]);
  }
  return [...byLength]
    .sort(([a], [b]) => b - a)
    .map(([len, ccs]) => `(?:${ccs.join("|")})\\d{2}(?:[ -]?[A-Z0-9]{4}){${Math.floor(len / 4)}}` + (len % 4 ? `[ -]?[A-Z0-9]{${len % 4}}` : ""))
    .join("|");
})();

/** Whether nine digits are a valid ABA routing number: weights 3, 7, 1, the sum divisible by 10, not all zeros. */
export function abaRoutingValid(value: string): boolean {
  if (!/^\d{9}$/.test(value) || /^0+$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(value[i]) * [3, 7, 1][i % 3]!;
  return sum % 10 === 0;
}
