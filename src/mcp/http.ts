// `haltkey serve --http <port>`: MCP Streamable HTTP served by the daemon itself, for clients that
// speak HTTP instead of starting `haltkey mcp`. Loopback only. Every request must carry the bearer
// token from $HALTKEY_HOME/http-token, a loopback Host and no Origin (a web page the user visits
// can reach 127.0.0.1 through DNS rebinding; it can never read the token or drop its Origin).
// Each MCP session is one identity for block binding, like one stdio connection after `hello`.
// Tools, results and refusals are the stdio shim's (tools.ts); calls go to the service in-process,
// their envelope checked as the daemon socket's `aql` method would (daemon/protocol.ts).
import { randomBytes, randomUUID } from "node:crypto";
import { unlink } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import { join } from "node:path";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { z } from "zod";
import { ErrorCode, fail, withRefusalDirective } from "../core/errors.js";
import type { AgentNotification, OperationResult } from "../core/wire.js";
import { MAX_LINE_BYTES } from "../daemon/framing.js";
import type { Logger } from "../daemon/log.js";
import { bearerMatches, headerValue, HTTP_HOST, hostAllowed, listenOnLoopback, loadOrCreateToken, TokenFileError, writeEndpointFile } from "../daemon/loopback.js";
import { DaemonStartError, type FrontEndStarter } from "../daemon/server.js";
import type { Caller } from "../engine/engine.js";
import { VERSION } from "../daemon/version.js";
import { SessionTransport } from "./http-transport.js";
import { checkAqlCall, registerTools, SERVER_CAPABILITIES, type EndpointMode } from "./tools.js";

export const HTTP_PATH = "/mcp";
/** The same cap as one message on the unix socket: a 1 MiB payload, its JSON escaping, the envelope. */
export const MAX_BODY_BYTES = MAX_LINE_BYTES;
/** Open MCP sessions; beyond it `initialize` is refused (503), never queued. */
export const MAX_SESSIONS = 256;
/** Requests one session may have in flight, as on one socket connection. */
const MAX_IN_FLIGHT = 64;
/** HTTP connections; SSE streams hold one each. */
const MAX_CONNECTIONS = 512;
/** A session with no request and no open stream for this long is closed (its blocks stay). */
const SESSION_IDLE_MS = 30 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60_000;
/** danger_zone events already pushed, so a block is announced once, however often it is pulled. */
const ANNOUNCED_MAX = 1024;

export class HttpStartError extends Error {}

export interface HttpFiles {
  /** 32 random bytes as 64 hex digits, mode 0600: what clients send as `Authorization: Bearer`. */
  readonly token: string;
  /** `{ url, port, pid, tokenFile }` of the running endpoint, mode 0600. */
  readonly endpoint: string;
}

export function httpFiles(home: string): HttpFiles {
  return { token: join(home, "http-token"), endpoint: join(home, "http.json") };
}

/** What the service offers an MCP front end. */
export interface ToolService {
  call(caller: Caller, tool: string, args: unknown): Promise<OperationResult>;
}

export interface HttpDeps {
  /** 0 picks a free port. */
  readonly port: number;
  readonly home: string;
  readonly service: ToolService;
  readonly endpointMode: EndpointMode;
  readonly version: string;
  readonly log: Logger;
  readonly now: () => number;
  readonly randomBytes: (n: number) => Buffer;
  readonly uuid: () => string;
}

export interface HttpFrontEnd {
  readonly url: string;
  readonly port: number;
  /** Open MCP sessions, for status and tests. */
  readonly sessions: number;
  /** Pushes a danger_zone notification to every open session, once per event. */
  announce(n: AgentNotification): void;
  close(): Promise<void>;
}

interface Session {
  readonly id: string;
  readonly caller: Caller;
  readonly label: string;
  readonly transport: SessionTransport;
  readonly server: Server;
  lastSeen: number;
  inFlight: number;
  streams: number;
}

const Query = z.strictObject({
  agent: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[^\p{Cc}\p{Cf}]+$/u, "no control or format characters")
    .optional(),
});

/** Stateless when not streaming: one decoder for every body. Fatal: a body that is not UTF-8 is refused. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

const ClientInfoName = z.object({ params: z.object({ clientInfo: z.object({ name: z.string() }) }) });

type BodyRead = { ok: true; bytes: Buffer } | { ok: false; status: number; code: number; message: string; close: boolean };

/**
 * Reads a request body of at most `max` bytes. A larger one is read to its end and dropped before
 * the 413 goes out: answering while the client still sends makes Node close the connection, and
 * the client then sees a reset instead of the answer. Past `discardMax` (or declared past it) the
 * answer goes at once and the connection is closed.
 */
function readBody(req: IncomingMessage, max: number, discardMax = 4 * max): Promise<BodyRead> {
  const tooLarge = (close: boolean): BodyRead => ({ ok: false, status: 413, code: -32000, message: `Payload Too Large: the request body must be at most ${max} bytes`, close });
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > discardMax) return Promise.resolve(tooLarge(true));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (r: BodyRead): void => {
      if (done) return;
      done = true;
      req.off("data", onData);
      resolve(r);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
      else if (chunks.length > 0) chunks.length = 0;
      if (size > discardMax) {
        req.pause();
        finish(tooLarge(true));
      }
    };
    req.on("data", onData);
    req.once("end", () => finish(size > max ? tooLarge(false) : { ok: true, bytes: Buffer.concat(chunks) }));
    req.once("error", (e) => finish({ ok: false, status: 400, code: -32000, message: `Bad Request: the body could not be read (${e.message})`, close: true }));
    req.once("close", () => finish({ ok: false, status: 400, code: -32000, message: "Bad Request: the connection closed before the body was complete", close: true }));
  });
}

function sendError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}, close = false): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null });
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), ...(close ? { Connection: "close" } : {}), ...headers });
  res.end(body);
}

export async function startHttp(deps: HttpDeps): Promise<HttpFrontEnd> {
  const { log } = deps;
  const files = httpFiles(deps.home);
  const token = await loadOrCreateToken(files.token, deps.randomBytes);
  const sessions = new Map<string, Session>();
  let opening = 0;
  const announced = new Set<string>();
  let port = deps.port;
  // One for all sessions: the SDK would build an Ajv instance (milliseconds) for every session.
  const jsonSchemaValidator = new AjvJsonSchemaValidator();

  const announce = (n: AgentNotification): void => {
    const key = n.metadata?.eventId ?? n.metadata?.verificationId;
    if (key !== undefined) {
      if (announced.has(key)) return;
      announced.add(key);
      if (announced.size > ANNOUNCED_MAX) announced.delete(announced.values().next().value!);
    }
    for (const s of sessions.values()) {
      // Best effort: a session without an open GET stream gets it on its next step (pull, §8.7.3).
      s.server.sendLoggingMessage({ level: "alert", logger: "haltkey", data: n }, s.id).catch((e: Error) => log.debug({ session: s.id, err: e.message }, "push failed"));
    }
  };

  /** The service call for one session; a throw becomes a refusal, never a silent pass. */
  const forward = async (s: Session, tool: string, args: unknown): Promise<OperationResult> => {
    checkAqlCall(tool, args);
    let result: OperationResult;
    try {
      result = await deps.service.call(s.caller, tool, args);
    } catch (e) {
      log.error({ session: s.id, tool, err: (e as Error).message }, "http tool call failed");
      result = withRefusalDirective(fail(ErrorCode.internal, "internal error; failing closed"), (args as { operation?: unknown } | null)?.operation);
    }
    // Blocks seen in any answer (this agent's, or another's broadcast to it) go to every stream.
    if (result.success) {
      const notes = (result.data as { autonomy?: { notifications?: AgentNotification[] } } | null)?.autonomy?.notifications ?? [];
      for (const n of notes) if (n.type === "danger_zone") announce(n);
    }
    return result;
  };

  const openSession = async (req: IncomingMessage, res: ServerResponse, body: Buffer, message: unknown, agent: string | undefined): Promise<void> => {
    if (sessions.size + opening >= MAX_SESSIONS) {
      return sendError(res, 503, -32000, `Service Unavailable: ${MAX_SESSIONS} MCP sessions are open; close idle clients (DELETE their session) or retry later`, { "Retry-After": "60" });
    }
    opening++;
    try {
      const named = ClientInfoName.safeParse(message);
      const label = (agent ?? (named.success ? named.data.params.clientInfo.name : "unnamed")).replace(/[\p{Cc}\p{Cf}]/gu, "?").slice(0, 128);
      const server = new Server({ name: "haltkey", version: deps.version }, { capabilities: { ...SERVER_CAPABILITIES, logging: {} }, jsonSchemaValidator });
      const caller: Caller = { sessionId: deps.uuid() };
      let session: Session | undefined;
      const sdk = new StreamableHTTPServerTransport({
        sessionIdGenerator: deps.uuid,
        // One JSON answer per request; server-initiated messages (danger_zone pushes) use the GET stream.
        enableJsonResponse: true,
        onsessioninitialized: (id) => {
          session = { id, caller, label, transport, server, lastSeen: deps.now(), inFlight: 1, streams: 0 };
          sessions.set(id, session);
          log.info({ session: id, agent: label }, "http session opened");
        },
      });
      const transport = new SessionTransport(sdk);
      transport.onclose = () => {
        if (session && sessions.get(session.id) === session) {
          sessions.delete(session.id);
          log.info({ session: session.id, agent: label }, "http session closed");
        }
      };
      transport.onerror = (e) => log.debug({ err: e.message }, "http transport error");
      registerTools(server, { endpointMode: async () => deps.endpointMode, forward: (tool, args) => forward(session!, tool, args) });
      await server.connect(transport);
      (req as IncomingMessage & { rawBody?: Buffer }).rawBody = body;
      res.once("close", () => {
        if (session) session.inFlight--;
      });
      try {
        await sdk.handleRequest(req, res, message);
      } finally {
        // The SDK refused the initialize (wrong Accept or Content-Type, bad shape): nothing to keep.
        if (sdk.sessionId === undefined) await transport.close();
      }
    } finally {
      opening--;
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // DNS rebinding: a page in the user's browser can reach 127.0.0.1, but only under its own host
    // name and always with an Origin header.
    if (!hostAllowed(req.headers.host, port)) {
      return sendError(res, 403, -32000, `Forbidden: the Host header must be ${HTTP_HOST}:${port} or localhost:${port}`, {}, true);
    }
    if (req.headers.origin !== undefined) {
      return sendError(res, 403, -32000, "Forbidden: requests carrying an Origin header are refused (haltkey serves local MCP clients, not web pages)", {}, true);
    }
    if (!bearerMatches(headerValue(req, "authorization"), token)) {
      return sendError(res, 401, -32000, `Unauthorized: send 'Authorization: Bearer <token>' with the token in ${files.token}`, { "WWW-Authenticate": 'Bearer realm="haltkey"' }, true);
    }
    // The path alone, as every step sends it, needs no URL parsed and no query checked.
    let agent: string | undefined;
    if (req.url !== HTTP_PATH) {
      const url = new URL(req.url ?? "/", `http://${HTTP_HOST}`);
      if (url.pathname !== HTTP_PATH) return sendError(res, 404, -32000, `Not Found: the MCP endpoint is ${HTTP_PATH}`);
      const keys = [...url.searchParams.keys()];
      const query = Query.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success || new Set(keys).size !== keys.length) {
        return sendError(res, 400, -32602, `Bad Request: the only query parameter is agent=<name> (1-128 printable characters, at most once); got ${keys.join(", ").slice(0, 200) || "nothing valid"}`);
      }
      agent = query.data.agent;
    }
    if (req.method !== "POST" && req.method !== "GET" && req.method !== "DELETE") {
      return sendError(res, 405, -32000, "Method Not Allowed: use POST, GET or DELETE", { Allow: "GET, POST, DELETE" });
    }

    const sid = headerValue(req, "mcp-session-id");
    const session = sid === undefined ? undefined : sessions.get(sid);
    if (sid !== undefined && !session) return sendError(res, 404, -32001, "Session not found: it was closed or expired; send initialize without an Mcp-Session-Id to open a new one");

    if (req.method !== "POST") {
      if (!session) return sendError(res, 400, -32000, "Bad Request: an Mcp-Session-Id header is required; open a session with initialize first");
      session.lastSeen = deps.now();
      if (req.method === "GET") {
        session.streams++;
        res.once("close", () => session.streams--);
      }
      return session.transport.sdk.handleRequest(req, res);
    }

    if (session) {
      if (session.inFlight >= MAX_IN_FLIGHT) {
        return sendError(res, 429, -32000, `Too Many Requests: more than ${MAX_IN_FLIGHT} requests in flight in one session`, { "Retry-After": "1" });
      }
      session.lastSeen = deps.now();
      session.inFlight++;
      res.once("close", () => session.inFlight--);
    }
    const read = await readBody(req, MAX_BODY_BYTES);
    if (!read.ok) return sendError(res, read.status, read.code, read.message, {}, read.close);
    let message: unknown;
    try {
      message = JSON.parse(UTF8.decode(read.bytes));
    } catch {
      return sendError(res, 400, -32700, "Parse error: the body must be one JSON-RPC message or a batch, as UTF-8 JSON");
    }
    if (!session) {
      const initialize = message !== null && typeof message === "object" && !Array.isArray(message) && (message as { method?: unknown }).method === "initialize";
      if (!initialize) return sendError(res, 400, -32000, "Bad Request: an Mcp-Session-Id header is required; the first request of a session must be initialize");
      return openSession(req, res, read.bytes, message, agent);
    }
    // An agent's tool call goes straight to the MCP server (http-transport.ts); the rest to the SDK's transport.
    if (session.transport.handleToolCall(req, res, message)) return;
    (req as IncomingMessage & { rawBody?: Buffer }).rawBody = read.bytes;
    return session.transport.sdk.handleRequest(req, res, message);
  };

  const httpServer: HttpServer = createServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    handle(req, res).catch((e: Error) => {
      log.error({ err: e.message }, "http request failed");
      sendError(res, 500, -32603, "Internal error; failing closed", {}, true);
    });
  });
  httpServer.maxConnections = MAX_CONNECTIONS;
  // Slow senders hold a connection only so long; streams and long waits are responses, not requests.
  httpServer.headersTimeout = 10_000;
  httpServer.requestTimeout = 60_000;

  try {
    port = await listenOnLoopback(httpServer, deps.port);
  } catch (e) {
    throw new HttpStartError((e as Error).message);
  }
  httpServer.on("error", (e) => log.error({ err: e.message }, "http server error"));
  const url = `http://${HTTP_HOST}:${port}${HTTP_PATH}`;

  const sweeper = setInterval(() => {
    const now = deps.now();
    for (const s of sessions.values()) {
      if (s.streams === 0 && s.inFlight === 0 && now - s.lastSeen > SESSION_IDLE_MS) void s.transport.close();
    }
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();

  try {
    await writeEndpointFile(files.endpoint, { url, port, pid: process.pid, tokenFile: files.token });
  } catch (e) {
    clearInterval(sweeper);
    httpServer.close();
    throw new HttpStartError(`cannot write ${files.endpoint}: ${(e as Error).message}`);
  }
  log.info({ url, tokenFile: files.token }, "serving MCP Streamable HTTP");

  return {
    url,
    port,
    get sessions() {
      return sessions.size;
    },
    announce,
    async close(): Promise<void> {
      clearInterval(sweeper);
      await Promise.all([...sessions.values()].map((s) => s.transport.close()));
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
      await unlink(files.endpoint).catch(() => undefined);
    },
  };
}

/** What `haltkey serve --http <port>` adds to the daemon: this endpoint, told of every danger zone. */
export function httpFrontEnd(port: number): FrontEndStarter {
  return async ({ service, paths, endpointMode, log }) => {
    let http: HttpFrontEnd;
    try {
      http = await startHttp({ port, home: paths.home, service, endpointMode, version: VERSION, log, now: Date.now, randomBytes, uuid: randomUUID });
    } catch (e) {
      throw e instanceof HttpStartError || e instanceof TokenFileError ? new DaemonStartError(e.message) : e;
    }
    service.onDangerZone((n) => http.announce(n));
    return http;
  };
}
