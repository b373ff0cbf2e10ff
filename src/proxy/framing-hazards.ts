// MCP's stdio transport frames one JSON-RPC message per line, split on "\n" only. Other readers a
// server or client may use split elsewhere: universal newlines (the Python MCP SDK's stdin, any
// TextIOWrapper) on "\r"; Node's readline on "\r"; Python's str.splitlines also on \x0b, \x0c,
// \x1c-\x1e, U+0085, U+2028 and U+2029. A raw "\r" is JSON whitespace, and U+0085, U+2028 and
// U+2029 may stand raw inside JSON strings, so one line can be a harmless message to the proxy and
// several messages (one of them a tools/call) to the peer. And bytes that are not UTF-8 decode
// differently from reader to reader. The proxy judges exactly what every reader will parse: a line
// holding any of these is refused, never passed on. Pure.

/** Code points that some common line reader treats as a line break, other than "\n". */
const LINE_BREAKS: ReadonlyMap<number, string> = new Map([
  [0x0d, "a carriage return (CR)"],
  [0x0b, "a vertical tab"],
  [0x0c, "a form feed"],
  [0x1c, "a file separator (0x1C)"],
  [0x1d, "a group separator (0x1D)"],
  [0x1e, "a record separator (0x1E)"],
  [0x85, "a next-line character (U+0085)"],
  [0x2028, "a line separator (U+2028)"],
  [0x2029, "a paragraph separator (U+2029)"],
]);

/** `code` is the JSON-RPC error for a refused client line: -32700 (not UTF-8) or -32600. */
export type Framed = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly code: number; readonly why: string };

/**
 * The message text of one line (without its "\n"), or why the line cannot be judged safely. A
 * single CR directly before the "\n" (CRLF line ending) is allowed and dropped, as the MCP SDKs
 * drop it: every reader agrees that it ends the line. Any other CR, or any other line break a
 * common reader knows, makes the line ambiguous.
 */
export function frameLine(bytes: Uint8Array): Framed {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { ok: false, code: -32700, why: "is not valid UTF-8" };
  }
  const body = text.endsWith("\r") ? text.slice(0, -1) : text;
  for (let i = 0; i < body.length; i++) {
    const what = LINE_BREAKS.get(body.charCodeAt(i));
    if (what !== undefined) return { ok: false, code: -32600, why: `holds ${what} at character ${i}, which some line readers take as a line break` };
  }
  return { ok: true, text: body };
}
