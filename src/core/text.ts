// Text as the matchers see it. Hints are written by the agent, so they are normalised before any
// rule or glob looks at them: otherwise a zero-width space or a full-width letter walks past a deny.

// Format characters (zero-width, bidi controls, soft hyphen, BOM, tag characters) are invisible
// and only ever used here to split a word a rule looks for.
const INVISIBLE = /[\p{Cf}]/gu;
const WHITESPACE_RUN = /\s+/gu;

// Only whitespace that is not already a single space needs folding; testing for it first keeps
// the common case (plain prose) to one scan instead of a rebuild of the string.
const NEEDS_FOLDING = /[^\S ]|  /u;

export interface NormalizedText {
  readonly text: string;
  /** The original held invisible format characters: someone may be hiding a word from the rules. */
  readonly hadInvisible: boolean;
}

/**
 * Whether the text is all ASCII (U+0000..U+007F): then its UTF-8 form has one byte per UTF-16 code
 * unit (any other character, a lone surrogate too, takes two or more). Node counts that natively,
 * several times faster than a regex reads a 4 KB hint.
 */
export const isAscii = (text: string): boolean => Buffer.byteLength(text, "utf8") === text.length;

/**
 * The same ASCII text as a string of its own (other text, or a short one, is returned as it is).
 * A substring V8 made by slicing a longer string (a regex capture, slice()) is a view into that
 * string, and each charCodeAt on a view pays an indirection; the shell scanner and reader read a
 * command line a character at a time, and on a 4 KB one the copy (a few µs) saves several times
 * what it costs. ASCII is its own latin1 form, so the round trip gives the same characters.
 */
export function flatCopy(text: string): string {
  if (text.length < FLAT_COPY_FROM || !isAscii(text)) return text;
  if (text.length > FLAT_COPY_SCRATCH.length) return Buffer.from(text, "latin1").toString("latin1");
  // Through one buffer kept for the purpose: a Buffer of its own for a 4 KB text is a fresh
  // ArrayBuffer each time, which cost more than the copies. (Written and read back at once.)
  const n = FLAT_COPY_SCRATCH.write(text, 0, "latin1");
  return FLAT_COPY_SCRATCH.toString("latin1", 0, n);
}
const FLAT_COPY_FROM = 256;
const FLAT_COPY_SCRATCH = Buffer.allocUnsafe(64 * 1024);

/** In ASCII: whitespace other than a single space (NEEDS_FOLDING), and the runs to fold (all but a lone space). */
const ASCII_NEEDS_FOLDING = /[\t\n\v\f\r]| {2}/;
const ASCII_FOLDABLE_RUN = /[\t\n\v\f\r][\t\n\v\f\r ]*| [\t\n\v\f\r ]+/g;

/** NFKC, invisible characters removed, whitespace folded to one space, lower case. */
export function normalizeHint(raw: string): NormalizedText {
  // NFKC leaves ASCII unchanged, and ASCII has no format characters: skip both for plain text.
  if (isAscii(raw)) {
    const s = ASCII_NEEDS_FOLDING.test(raw) ? raw.replace(ASCII_FOLDABLE_RUN, " ") : raw;
    return { text: s.trim().toLowerCase(), hadInvisible: false };
  }
  let s = raw.normalize("NFKC");
  INVISIBLE.lastIndex = 0;
  const hadInvisible = INVISIBLE.test(s);
  if (hadInvisible) {
    INVISIBLE.lastIndex = 0;
    s = s.replace(INVISIBLE, "");
  }
  if (NEEDS_FOLDING.test(s)) s = s.replace(WHITESPACE_RUN, " ");
  return { text: s.trim().toLowerCase(), hadInvisible };
}

/**
 * What a reader that needs the text's shape (the shell reader, the action model) should read: NFKC
 * and no invisible format characters, but case, quoting and line breaks kept. Strings inside
 * arrays and objects are mapped the same way (to a bounded depth; deeper values are left as sent,
 * and the rule pack still sees them normalised). Plain ASCII is returned as it is.
 */
export function visibleText<T>(value: T, depth = 0): T {
  if (typeof value === "string") {
    if (isAscii(value)) return value;
    INVISIBLE.lastIndex = 0;
    return value.normalize("NFKC").replace(INVISIBLE, "") as T;
  }
  if (depth >= 8 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => visibleText(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = visibleText(v, depth + 1);
  return out as T;
}

export function normalizeForMatching(raw: string): string {
  return normalizeHint(raw).text;
}


const CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
export const DISPLAY_TEXT_MAX = 400;

/**
 * The action as a human will read it on the approval display: NFC, no control, bidi or zero-width
 * characters (they can make a display show something other than what is approved), whitespace
 * folded, cut to DISPLAY_TEXT_MAX with an explicit ellipsis, and prefixed with who asks.
 */
const cleanForDisplay = (s: string): string => s.normalize("NFC").replace(CONTROL, " ").replace(WHITESPACE_RUN, " ").trim();

/**
 * Whether the whole action fits on the approval display. An action that does not can never be
 * approved: the human would be approving text they could not see.
 */
export function fitsOnDisplay(action: string): boolean {
  return cleanForDisplay(action).length <= DISPLAY_TEXT_MAX;
}

export function sanitizeForDisplay(agent: string, action: string): string {
  const clean = cleanForDisplay;
  const body = clean(action);
  const cut = body.length > DISPLAY_TEXT_MAX ? `${body.slice(0, DISPLAY_TEXT_MAX - 1)}…` : body;
  return `haltkey: agent "${clean(agent)}" wants to: ${cut}`;
}

/** A bucket of TextSet grows past this many entries only on crafted input; it is then hashed. */
const TEXT_SET_BUCKET = 8;

/**
 * A set of string tuples (one or more strings each) that finds an equal tuple without hashing
 * every character: V8's string hash reads the whole string, and the command texts of a 4 KB hint
 * read as 70 commands would each be hashed in full only to find the few that repeat. Tuples are
 * bucketed by their lengths and a few characters and compared with === only within a bucket; a
 * bucket that fills up (many different tuples alike in all of that, which only crafted input
 * does) falls back to a hashed set, so the cost stays linear in the input.
 */
export class TextSet {
  private readonly buckets = new Map<number, Array<readonly string[]> | Set<string>>();

  /** Adds the tuple; false when an equal one was already there. */
  add(parts: readonly string[]): boolean {
    let sig = parts.length;
    for (const p of parts) {
      const n = p.length;
      sig = (Math.imul(sig, 31) + n) | 0;
      if (n > 0) sig = (Math.imul(sig, 31) + p.charCodeAt(0) + Math.imul(p.charCodeAt(n >> 1), 7) + Math.imul(p.charCodeAt(n - 1), 13)) | 0;
    }
    const bucket = this.buckets.get(sig);
    if (bucket === undefined) {
      this.buckets.set(sig, [parts]);
      return true;
    }
    if (bucket instanceof Set) {
      const key = tupleKey(parts);
      if (bucket.has(key)) return false;
      bucket.add(key);
      return true;
    }
    for (const other of bucket) if (sameParts(other, parts)) return false;
    if (bucket.length < TEXT_SET_BUCKET) bucket.push(parts);
    else this.buckets.set(sig, new Set([...bucket, parts].map(tupleKey)));
    return true;
  }
}

/** One string per tuple, unambiguous: each part prefixed by its length. */
const tupleKey = (parts: readonly string[]): string => parts.map((p) => `${p.length}:${p}`).join("");

function sameParts(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
