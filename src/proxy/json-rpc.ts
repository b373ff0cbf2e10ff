// The little of JSON-RPC 2.0 and MCP the proxy must understand: which client messages are tool
// calls, which server messages answer them, and the replies it writes itself. Pure.
import { z } from "zod";

export type JsonRpcId = string | number;

/** Map key for an id: 1 and "1" are different ids. */
export const idKey = (id: JsonRpcId): string => JSON.stringify(id);

/**
 * What makes a (valid) JSON text read differently by the proxy and by a server, or undefined:
 * - an object that repeats a key: JSON.parse keeps the last one, a server's parser might keep the
 *   first, and then the proxy would judge one call and the server run another;
 * - a `__proto__` key: the proxy's schemas drop it, and a server that merges the arguments into
 *   an object (Object.assign) makes it the object's prototype, so `args.command` would be read
 *   from it, unjudged.
 * Keys are compared decoded, so "\u006dethod" is "method".
 */
export function unsafeKey(text: string): "repeats a key in one object" | "holds a __proto__ key" | undefined {
  const stack: Array<Set<string> | null> = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 0x22) j += text.charCodeAt(j) === 0x5c /* \ */ ? 2 : 1;
      const keys = stack[stack.length - 1];
      if (expectKey && keys) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (key === "__proto__") return "holds a __proto__ key";
        if (keys.has(key)) return "repeats a key in one object";
        keys.add(key);
        expectKey = false;
      }
      i = j;
    } else if (c === 0x7b /* { */) {
      stack.push(new Set());
      expectKey = true;
    } else if (c === 0x5b /* [ */) {
      stack.push(null);
      expectKey = false;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c /* , */) {
      expectKey = stack[stack.length - 1] != null;
    }
  }
  return undefined;
}

const Id = z.union([z.string().max(256), z.number().int()]);

/** MCP's CallToolRequest params; newer fields (task, _meta) are passed on untouched. */
const CallParams = z.looseObject({
  name: z.string().min(1).max(256),
  arguments: z.record(z.string(), z.unknown()).optional(),
});

export type ClientMessage =
  | { readonly kind: "tools/call"; readonly id: JsonRpcId; readonly name: string; readonly arguments: Record<string, unknown> }
  | { readonly kind: "invalid"; readonly id: JsonRpcId | null; readonly code: number; readonly message: string }
  | { readonly kind: "initialize"; readonly id: JsonRpcId }
  /** Any other request: its id is one the server may answer. */
  | { readonly kind: "request"; readonly id: JsonRpcId; readonly method: string; readonly params: unknown }
  /** A client notification cancelling a request (its id, if well formed). */
  | { readonly kind: "cancelled"; readonly requestId: JsonRpcId | undefined }
  | { readonly kind: "other" };

function classifyOne(m: unknown): ClientMessage {
  if (m === null || typeof m !== "object" || Array.isArray(m)) return { kind: "other" };
  const msg = m as Record<string, unknown>;
  const id = Id.safeParse(msg.id);
  if (msg.method === "initialize" && id.success) return { kind: "initialize", id: id.data };
  if (msg.method === "notifications/cancelled") {
    const requestId = Id.safeParse((msg.params as { requestId?: unknown } | undefined)?.requestId);
    return { kind: "cancelled", requestId: requestId.success ? requestId.data : undefined };
  }
  if (msg.method !== "tools/call") return typeof msg.method === "string" && id.success ? { kind: "request", id: id.data, method: msg.method, params: msg.params } : { kind: "other" };
  if (!id.success) {
    // A tools/call must be a request; as a notification it would run with no answer to check.
    return { kind: "invalid", id: null, code: -32600, message: "tools/call must be a request with a string or integer id" };
  }
  const params = CallParams.safeParse(msg.params);
  if (!params.success) {
    const i = params.error.issues[0]!;
    return { kind: "invalid", id: id.data, code: -32602, message: `invalid tools/call params: ${i.path.join(".") || "params"}: ${i.message} (expected { name, arguments? })` };
  }
  return { kind: "tools/call", id: id.data, name: params.data.name, arguments: params.data.arguments ?? {} };
}

/**
 * A client message, or for a batch its tool calls. Batches were dropped from MCP in 2025-06-18;
 * one holding a tool call is refused whole rather than split, since splitting changes its meaning.
 */
export function classifyClient(value: unknown): ClientMessage | { readonly kind: "batch"; readonly ids: JsonRpcId[]; readonly requestIds: JsonRpcId[]; readonly hasToolCall: boolean } {
  if (!Array.isArray(value)) return classifyOne(value);
  const parts = value.map(classifyOne);
  const ids = value.map((m) => Id.safeParse((m as { id?: unknown } | null)?.id)).flatMap((r) => (r.success ? [r.data] : []));
  const requestIds = parts.flatMap((p) => (p.kind === "request" || p.kind === "initialize" ? [p.id] : []));
  return { kind: "batch", ids, requestIds, hasToolCall: parts.some((p) => p.kind === "tools/call" || p.kind === "invalid") };
}

export type ServerMessage = { readonly kind: "response"; readonly id: JsonRpcId; readonly result?: unknown; readonly isErrorResponse: boolean } | { readonly kind: "other" };

export function classifyServer(value: unknown): ServerMessage {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { kind: "other" };
  const msg = value as Record<string, unknown>;
  const id = Id.safeParse(msg.id);
  if (!id.success || "method" in msg) return { kind: "other" };
  if ("result" in msg) return { kind: "response", id: id.data, result: msg.result, isErrorResponse: false };
  if ("error" in msg) return { kind: "response", id: id.data, isErrorResponse: true };
  return { kind: "other" };
}

/** A tool result the model reads: what happened and what the human must do. */
export function toolErrorLine(id: JsonRpcId, text: string): string {
  return JSON.stringify({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text }], isError: true } });
}

export function rpcErrorLine(id: JsonRpcId | null, code: number, message: string): string {
  return JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } });
}

const InitializeResult = z.object({ serverInfo: z.object({ name: z.string().min(1).max(256) }) });

/** The server's own name from its initialize result, if it gave one. */
export function serverNameOf(result: unknown): string | undefined {
  const r = InitializeResult.safeParse(result);
  return r.success ? r.data.serverInfo.name : undefined;
}
