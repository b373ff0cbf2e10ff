// JSON-RPC 2.0 on stdio as MCP specifies it: one message per line, UTF-8, no batches. Each line is
// checked before anything reads it: its size, its encoding, its JSON, then the envelope (jsonrpc,
// id, method, no other members). What fails is answered with the JSON-RPC error for it (parse
// error, invalid request) and the shim reads on: a bad line never ends the session or the process.
// Answers are written the way the MCP SDK's stdio transport wrote them (JSON.stringify of
// {result, jsonrpc, id} or {jsonrpc, id, error}, and a newline), so the bytes a client reads are
// the ones it read when the shim was an SDK server.

/** A JSON-RPC id as MCP allows it: a string or an integer (never null). */
export type Id = string | number;

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

/**
 * The largest message read: the MCP SDK's stdio transport's (STDIO_DEFAULT_MAX_BUFFER_SIZE), so any
 * message the SDK server took is taken. A tools/call larger than the daemon's own cap
 * (daemon/framing.ts, 8 MiB) is still refused by the daemon, as before, with a tool result.
 */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export type Incoming =
  | { readonly kind: "request"; readonly id: Id; readonly method: string; readonly params: unknown }
  | { readonly kind: "notification"; readonly method: string; readonly params: unknown }
  /** A response from the client: the shim sends no requests, so there is nothing to match it to. */
  | { readonly kind: "response" }
  | { readonly kind: "invalid"; readonly id: Id | null; readonly code: number; readonly message: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is Id => typeof v === "string" || (typeof v === "number" && Number.isSafeInteger(v));
const MEMBERS = new Set(["jsonrpc", "id", "method", "params"]);
const RESPONSE_MEMBERS = new Set(["jsonrpc", "id", "result", "error"]);

const invalid = (id: Id | null, message: string): Incoming => ({ kind: "invalid", id, code: INVALID_REQUEST, message: `Invalid Request: ${message}` });

/** What one line says, or the error to answer it with. */
export function readMessage(line: string): Incoming {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch (e) {
    return { kind: "invalid", id: null, code: PARSE_ERROR, message: `Parse error: ${(e as Error).message.slice(0, 200)}` };
  }
  if (Array.isArray(v)) return invalid(null, "batches are not part of MCP; send one message per line");
  if (!isRecord(v)) return invalid(null, "a message is a JSON object");
  const hasId = Object.hasOwn(v, "id");
  if (hasId && !isId(v.id)) return invalid(null, "id must be a string or an integer");
  const id = hasId ? (v.id as Id) : null;
  if (v.jsonrpc !== "2.0") return invalid(id, 'jsonrpc must be "2.0"');
  if (!Object.hasOwn(v, "method")) {
    if (hasId && (Object.hasOwn(v, "result") || Object.hasOwn(v, "error")) && Object.keys(v).every((k) => RESPONSE_MEMBERS.has(k))) return { kind: "response" };
    return invalid(id, "no method");
  }
  if (typeof v.method !== "string") return invalid(id, "method must be a string");
  const other = Object.keys(v).find((k) => !MEMBERS.has(k));
  if (other !== undefined) return invalid(id, `unknown member ${JSON.stringify(other.slice(0, 64))}`);
  return hasId ? { kind: "request", id: id as Id, method: v.method, params: v.params } : { kind: "notification", method: v.method, params: v.params };
}

/** A result answer; `resultJson` is the result already serialised. */
export function resultLine(id: Id, resultJson: string): string {
  return `{"result":${resultJson},"jsonrpc":"2.0","id":${JSON.stringify(id)}}\n`;
}

export function errorLine(id: Id | null, code: number, message: string): string {
  return `${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`;
}

/**
 * Calls `onLine` with each line of `input` (a trailing CR removed, blank lines skipped), and
 * `onBad` with the error for a line that is too large or not UTF-8; reading goes on after either.
 */
export function readLines(input: NodeJS.ReadableStream, onLine: (line: string) => void, onBad: (code: number, message: string) => void, maxBytes = MAX_MESSAGE_BYTES): void {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let chunks: Buffer[] = [];
  let size = 0;
  /** The rest of a line already refused as too large is dropped up to its newline. */
  let dropping = false;
  const tooLarge = (): void => {
    chunks = [];
    size = 0;
    onBad(INVALID_REQUEST, `Invalid Request: message larger than ${maxBytes} bytes`);
  };
  const deliver = (bytes: Buffer): void => {
    const end = bytes.length > 0 && bytes[bytes.length - 1] === 13 ? bytes.length - 1 : bytes.length;
    let line: string;
    try {
      line = decoder.decode(bytes.subarray(0, end));
    } catch {
      return onBad(PARSE_ERROR, "Parse error: message is not valid UTF-8");
    }
    // Blank lines are skipped; /\S/ stops at the first character of a message, trim() would copy it.
    if (/\S/.test(line)) onLine(line);
  };
  input.on("data", (data: Buffer | string) => {
    const buf = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    let start = 0;
    for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
      const part = buf.subarray(start, nl);
      start = nl + 1;
      if (dropping) {
        dropping = false;
        continue;
      }
      if (size + part.length > maxBytes) {
        tooLarge();
        continue;
      }
      const line = chunks.length === 0 ? part : Buffer.concat([...chunks, part]);
      chunks = [];
      size = 0;
      deliver(line);
    }
    const rest = buf.subarray(start);
    if (rest.length === 0 || dropping) return;
    if (size + rest.length > maxBytes) {
      dropping = true;
      return tooLarge();
    }
    // A copy: a slice would keep the whole read chunk alive while the line is incomplete.
    chunks.push(Buffer.from(rest));
    size += rest.length;
  });
}
