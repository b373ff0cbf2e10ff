// What the shell's own text producers print: $'…' strings, echo -e, printf (its format escapes and
// %s/%b/%c/%d directives) and base64 -d. Pure functions of literal text; a form they do not know
// gives undefined, never a guess.

const SIMPLE: Readonly<Record<string, string>> = { a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\\": "\\", "'": "'", '"': '"', "?": "?" };

/**
 * Backslash escapes as $'…', echo -e and printf's format and %b read them: \xHH, \uHHHH, \UHHHHHHHH,
 * octal (\NNN, or \0NNN where `octalZero`), \cX, and the single letters.
 */
export function decodeEscapes(s: string, octalZero: boolean): { text: string; stop: boolean } {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== "\\" || i + 1 >= s.length) {
      out += c;
      continue;
    }
    const n = s[i + 1]!;
    if (n === "c" && octalZero) return { text: out, stop: true }; // echo -e / %b: \c ends the output
    if (n in SIMPLE) {
      out += SIMPLE[n];
      i++;
    } else if (n === "x" && /^[0-9a-fA-F]/.test(s.slice(i + 2, i + 3))) {
      const hex = /^[0-9a-fA-F]{1,2}/.exec(s.slice(i + 2))![0];
      out += String.fromCharCode(parseInt(hex, 16));
      i += 1 + hex.length;
    } else if ((n === "u" || n === "U") && /^[0-9a-fA-F]/.test(s.slice(i + 2, i + 3))) {
      const hex = new RegExp(`^[0-9a-fA-F]{1,${n === "u" ? 4 : 8}}`).exec(s.slice(i + 2))![0];
      const cp = parseInt(hex, 16);
      out += cp <= 0x10ffff ? String.fromCodePoint(cp) : "";
      i += 1 + hex.length;
    } else if (/[0-7]/.test(n)) {
      const digits = octalZero && n === "0" ? /^[0-7]{0,3}/.exec(s.slice(i + 2))![0] : /^[0-7]{1,3}/.exec(s.slice(i + 1))![0];
      out += String.fromCharCode(parseInt(digits || "0", 8) & 0xff);
      i += octalZero && n === "0" ? 1 + digits.length : digits.length;
    } else if (n === "c" && i + 2 < s.length) {
      out += String.fromCharCode(s.charCodeAt(i + 2) & 0x1f);
      i += 2;
    } else out += c;
  }
  return { text: out, stop: false };
}

/** $'…' body. */
export const ansiC = (body: string): string => decodeEscapes(body, false).text;

/** What `echo [-neE]… args` prints (bash's builtin: escapes only with -e), without the trailing newline. */
export function echoOutput(args: readonly string[]): string {
  let escapes = false;
  let i = 0;
  for (; i < args.length && /^-[neE]+$/.test(args[i]!); i++) {
    for (const f of args[i]!.slice(1)) escapes = f === "e" ? true : f === "E" ? false : escapes;
  }
  const text = args.slice(i).join(" ");
  return escapes ? decodeEscapes(text, true).text : text;
}

const MAX_PRINTF_ROUNDS = 64;

/** What `printf FORMAT ARGS…` prints, or undefined for a directive it does not model. */
export function printfOutput(args: readonly string[]): string | undefined {
  let rest = [...args];
  if (rest[0] === "--") rest = rest.slice(1);
  if (rest[0] === "-v") return undefined; // assigns a variable instead of printing
  const format = rest[0];
  if (format === undefined) return undefined;
  let params = rest.slice(1);
  let out = "";
  for (let round = 0; round < MAX_PRINTF_ROUNDS; round++) {
    let used = 0;
    const next = (): string => (used < params.length ? params[used++]! : "");
    let bad = false;
    let stop = false;
    const piece = format.replace(/%([-+ #0]*\d*(?:\.\d+)?)([sbcdiuxXo%q])|\\(?:x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|.)/g, (m, _flags: string, conv: string | undefined) => {
      if (stop) return "";
      if (m.startsWith("\\")) return decodeEscapes(m, false).text;
      switch (conv) {
        case "%":
          return "%";
        case "s":
        case "q":
          return next();
        case "b": {
          const d = decodeEscapes(next(), true);
          if (d.stop) stop = true;
          return d.text;
        }
        case "c":
          return next().slice(0, 1);
        case "d":
        case "i":
        case "u": {
          const v = next();
          const num = v === "" ? 0 : /^[-+]?\d+$/.test(v) ? Number(v) : /^'./.test(v) ? v.codePointAt(1)! : NaN;
          if (Number.isNaN(num)) bad = true;
          return String(num);
        }
        case "x":
        case "X":
        case "o": {
          const v = next();
          const num = v === "" ? 0 : /^\d+$/.test(v) ? Number(v) : NaN;
          if (Number.isNaN(num)) bad = true;
          const s = num.toString(conv === "o" ? 8 : 16);
          return conv === "X" ? s.toUpperCase() : s;
        }
        default:
          bad = true;
          return m;
      }
    });
    if (bad) return undefined;
    out += piece;
    if (stop || used === 0 || used >= params.length) break;
    params = params.slice(used);
  }
  return out;
}

/** `base64 -d` of a literal payload: the decoded text when it decodes cleanly to UTF-8 text. */
export function base64Decode(payload: string): string | undefined {
  const clean = payload.replace(/\s+/g, "");
  if (clean.length === 0 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(clean)) return undefined;
  const bytes = Buffer.from(clean.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  // Binary is not a script: only text with few control characters is read further.
  const controls = (text.match(/[\x00-\x08\x0e-\x1f\x7f\ufffd]/g) ?? []).length;
  return controls > text.length / 20 ? undefined : text;
}
