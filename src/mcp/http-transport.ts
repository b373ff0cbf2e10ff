// The MCP transport of one Streamable HTTP session: the SDK's StreamableHTTPServerTransport, with
// the hot request answered straight on Node's request and response. The SDK transport turns every
// request into a web Request and every answer into a web Response (through @hono/node-server) and
// validates each message with zod before the server validates it again: about 300 µs of CPU per
// tool call here, more than the rest of the front end. An agent's steps are all the same shape: a
// single `tools/call` in an initialised session, with the headers every SDK client sends. Those go
// to the MCP server (which validates the request against CallToolRequestSchema, once) and their
// answer is written as JSON. Anything else (initialize, notifications, batches, GET streams,
// DELETE, any unusual header) goes to the SDK transport unchanged, which answers as it always did.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import { SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage, type MessageExtraInfo, type RequestId } from "@modelcontextprotocol/sdk/types.js";

/** A tool call the fast path takes: one JSON-RPC request, checked here only for its envelope (exactly its four members). */
interface ToolCallMessage {
  readonly jsonrpc: "2.0";
  readonly id: RequestId;
  readonly method: "tools/call";
  readonly params: Record<string, unknown>;
}

const isRequestId = (id: unknown): id is RequestId => typeof id === "string" || (typeof id === "number" && Number.isSafeInteger(id));

/** The one message shape the fast path answers; everything else is the SDK's to answer. */
export function asToolCall(message: unknown): ToolCallMessage | undefined {
  if (message === null || typeof message !== "object" || Array.isArray(message)) return undefined;
  const m = message as Record<string, unknown>;
  if (m.jsonrpc !== "2.0" || m.method !== "tools/call" || !isRequestId(m.id)) return undefined;
  // JSON-RPC's envelope is strict in the SDK: a member it does not have (an extra field, or a
  // `result`/`error` as well, which the MCP server would read as no message at all and never
  // answer) is the SDK transport's to refuse.
  for (const k in m) if (k !== "jsonrpc" && k !== "id" && k !== "method" && k !== "params") return undefined;
  if (m.params === null || typeof m.params !== "object" || Array.isArray(m.params)) return undefined;
  return m as unknown as ToolCallMessage;
}

/** The headers every SDK client sends after initialize, which the SDK transport would accept. */
export function fastPathHeaders(req: IncomingMessage): boolean {
  const accept = req.headers.accept;
  const version = req.headers["mcp-protocol-version"];
  return (
    typeof accept === "string" &&
    accept.includes("application/json") &&
    accept.includes("text/event-stream") &&
    req.headers["content-type"] === "application/json" &&
    typeof version === "string" &&
    SUPPORTED_PROTOCOL_VERSIONS.includes(version)
  );
}

/** The MCP server's transport for one session: the SDK's, plus the fast path for tool calls. */
export class SessionTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  /** Fast-path requests waiting for their answer, by JSON-RPC id. */
  private readonly waiting = new Map<RequestId, ServerResponse>();

  constructor(readonly sdk: StreamableHTTPServerTransport) {}

  get sessionId(): string | undefined {
    return this.sdk.sessionId;
  }

  async start(): Promise<void> {
    this.sdk.onmessage = (message, extra) => this.onmessage?.(message, extra);
    this.sdk.onerror = (e) => this.onerror?.(e);
    this.sdk.onclose = () => {
      for (const res of this.waiting.values()) res.destroy();
      this.waiting.clear();
      this.onclose?.();
    };
    await this.sdk.start();
  }

  /**
   * Takes a tool call of an initialised session on the fast path; false when it is not one (or its
   * id is already waiting), and the caller hands the request to the SDK transport instead.
   */
  handleToolCall(req: IncomingMessage, res: ServerResponse, message: unknown): boolean {
    const call = asToolCall(message);
    if (!call || this.sdk.sessionId === undefined || this.waiting.has(call.id) || !fastPathHeaders(req)) return false;
    this.waiting.set(call.id, res);
    res.once("close", () => {
      if (this.waiting.get(call.id) === res) this.waiting.delete(call.id);
    });
    this.onmessage?.(call, { requestInfo: { headers: req.headers } });
    return true;
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const id = "id" in message && !("method" in message) ? message.id : options?.relatedRequestId;
    const res = id === undefined ? undefined : this.waiting.get(id);
    if (res === undefined) return this.sdk.send(message, options);
    // As the SDK's JSON response mode does: a notification tied to a request has no stream to go on.
    if ("method" in message) return;
    this.waiting.delete(id!);
    if (res.destroyed || res.writableEnded) return;
    const body = JSON.stringify(message);
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "mcp-session-id": this.sdk.sessionId! });
    res.end(body);
  }

  async close(): Promise<void> {
    await this.sdk.close();
  }
}
