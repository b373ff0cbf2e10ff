// APV1's text rules (docs/hid-protocol.md): printable ASCII only, word wrap, and whether a screen
// fits the display whole. The device never truncates: a screen that does not fit is BAD_TEXT.
import { CODE_MAX } from "./apv1.js";

/** Printable ASCII 0x20–0x7E: no controls, no bidi overrides, no look-alikes from other scripts. */
export function isPrintableAscii(text: string | Uint8Array): boolean {
  if (typeof text === "string") {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x20 || c > 0x7e) return false;
    }
    return true;
  }
  return text.every((c) => c >= 0x20 && c <= 0x7e);
}

/**
 * The lines a body occupies on a display `cols` wide: greedy word wrap at single spaces (the
 * space at a break is not drawn), words longer than a line split across lines. Nothing is ever
 * dropped, so the line count is the honest size of the text.
 */
export function wrapText(text: string, cols: number): string[] {
  if (!Number.isInteger(cols) || cols < 1) throw new RangeError(`cols must be a positive integer, got ${cols}`);
  const lines: string[] = [];
  let line: string | undefined;
  for (let word of text.split(" ")) {
    if (line !== undefined && line.length + 1 + word.length <= cols) {
      line += ` ${word}`;
      continue;
    }
    if (line !== undefined) lines.push(line);
    while (word.length > cols) {
      lines.push(word.slice(0, cols));
      word = word.slice(cols);
    }
    line = word;
  }
  if (line !== undefined) lines.push(line);
  return lines;
}

/** Whether a body can be shown whole on a `cols` × `rows` display (printable ASCII only in v1). */
export function fitsDisplay(text: string, cols: number, rows: number): boolean {
  return isPrintableAscii(text) && wrapText(text, cols).length <= rows;
}

export interface ScreenText {
  readonly title: Uint8Array;
  readonly body: Uint8Array;
  readonly code: Uint8Array;
}

/**
 * Why a screen cannot be shown on a `cols` × `rows` display, or undefined if it can. The title is
 * one line; the body must fit whole after wrapping; the code is printable ASCII without spaces.
 * The device answers BAD_TEXT for any of these: it never truncates.
 */
export function screenTextProblem(s: ScreenText, cols: number, rows: number): string | undefined {
  if (!isPrintableAscii(s.title)) return "the title holds a character outside printable ASCII (0x20-0x7E)";
  if (!isPrintableAscii(s.body)) return "the body holds a character outside printable ASCII (0x20-0x7E)";
  if (!isPrintableAscii(s.code) || s.code.includes(0x20)) return "the code must be printable ASCII without spaces";
  if (s.title.length > cols) return `the title has ${s.title.length} characters, the display line ${cols}`;
  if (s.code.length > CODE_MAX) return `the code has ${s.code.length} characters, at most ${CODE_MAX}`;
  const lines = wrapText(Buffer.from(s.body).toString("latin1"), cols).length;
  if (lines > rows) return `the body wraps to ${lines} lines, the display has ${rows} of ${cols} characters`;
  return undefined;
}
