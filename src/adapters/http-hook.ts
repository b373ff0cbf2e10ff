// `haltkey serve --hook-http <port>`: the Claude Code hook served by the daemon, for Claude Code's
// `"type": "http"` hooks (no Node start-up per tool call). Claude Code POSTs the same JSON a
// command hook reads on stdin; the judgement is exactly the command hook's (runClaudeCodeHook, the
// same mapping of an event to a step and the same daemon session), and its answer goes back as the
// JSON body Claude Code reads from a 2xx response.
//
// Loopback only, a bearer token from a 0600 file, a loopback Host, no Origin (daemon/loopback.ts).
// Claude Code treats a non-2xx answer or an unreachable URL as a non-blocking error that lets the
// call run, so every refusal here (bad token, bad body, a daemon fault) is a 200 with a deny for
// PreToolUse and a block for PostToolUse; the daemon being down is the config's `onFailure: "block"`.
import { randomBytes } from "node:crypto";
import { unlink } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import { join } from "node:path";
import { bearerMatches, headerValue, HTTP_HOST, hostAllowed, listenOnLoopback, loadOrCreateToken, TokenFileError, writeEndpointFile } from "../daemon/loopback.js";
import type { Logger } from "../daemon/log.js";
import type { HaltkeyPaths } from "../daemon/paths.js";
import type { DaemonCore } from "../daemon/server.js";
import { serviceLink } from "../daemon/service-link.js";
import type { DaemonLink } from "./agent-session.js";
import { MAX_PAYLOAD_BYTES, runClaudeCodeHook, type HookResult } from "./claude-code-hook.js";

export const HOOK_HTTP_PATH = "/hooks/claude-code";
const MAX_CONNECTIONS = 256;
const KEEP_ALIVE_MS = 300_000;

export class HookHttpStartError extends Error {}

export function hookHttpFiles(home: string): { readonly token: string; readonly endpoint: string } {
  return { token: join(home, "hook-token"), endpoint: join(home, "hook-http.json") };
}

export interface HookHttpDeps {
  /** 0 picks a free port. */
  readonly port: number;
  readonly paths: HaltkeyPaths;
  readonly log: Logger;
  readonly randomBytes?: (n: number) => Buffer;
  /**
   * The daemon's service, asked directly (serviceLink). Without it each request goes through the
   * daemon's own agent socket: a connection, hello and two more round trips of framing and
   * protocol checks per hook call, as much CPU as the judgement itself.
   */
  readonly service?: DaemonCore["service"];
  readonly endpointMode?: DaemonCore["endpointMode"];
}

export interface HookHttp {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** What Claude Code reads from a 2xx answer: the command hook's JSON, or a deny/block carrying its reason. */
export function httpAnswer(r: HookResult, event: () => unknown): string {
  if (r.stdout.trim().length > 0) return r.stdout.trim();
  if (r.exitCode === 0) return "";
  return refusal(r.stderr.trim() || "haltkey: the tool call is blocked", event());
}

function refusal(reason: string, event: unknown): string {
  if (event === "PreToolUse") return JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } });
  return JSON.stringify({ decision: "block", reason });
}

/** The event a body names, read loosely: only to shape a refusal of a body that is otherwise refused. */
function eventOf(body: string): unknown {
  try {
    return (JSON.parse(body) as { hook_event_name?: unknown } | null)?.hook_event_name;
  } catch {
    return undefined;
  }
}

/** Options in the query string, as the command hook's flags: agent, wait, on_pause, allow. */
function optionsOf(url: URL): { agent?: string; waitSeconds: number; onPause: "deny" | "ask"; allow: boolean } | string {
  const q = url.searchParams;
  for (const k of new Set(q.keys())) {
    if (!["agent", "wait", "on_pause", "allow"].includes(k) || q.getAll(k).length > 1) return `unknown or repeated query parameter ${JSON.stringify(k.slice(0, 64))} (expected agent, wait, on_pause, allow, each at most once)`;
  }
  const agent = q.get("agent") ?? undefined;
  if (agent !== undefined && (agent.length === 0 || agent.length > 128)) return "agent must be 1 to 128 characters";
  const wait = q.get("wait") ?? "20";
  if (!/^\d{1,3}$/.test(wait) || Number(wait) > 120) return "wait must be a whole number of seconds from 0 to 120";
  const onPause = q.get("on_pause") ?? "deny";
  if (onPause !== "deny" && onPause !== "ask") return "on_pause must be deny or ask";
  const allow = q.get("allow") ?? "false";
  if (allow !== "true" && allow !== "false") return "allow must be true or false";
  return { ...(agent !== undefined ? { agent } : {}), waitSeconds: Number(wait), onPause, allow: allow === "true" };
}

function readBody(req: IncomingMessage, max: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (d: Buffer) => {
      size += d.length;
      if (size > max) {
        req.destroy();
        resolve(undefined);
      } else chunks.push(d);
    });
    req.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.once("error", () => resolve(undefined));
  });
}

export async function startHookHttp(deps: HookHttpDeps): Promise<HookHttp> {
  const files = hookHttpFiles(deps.paths.home);
  let token: string;
  try {
    token = await loadOrCreateToken(files.token, deps.randomBytes ?? randomBytes);
  } catch (e) {
    throw new HookHttpStartError(e instanceof TokenFileError ? e.message : `cannot read ${files.token}: ${(e as Error).message}`);
  }
  let port = deps.port;
  const service = deps.service;
  const link = service ? async (): Promise<DaemonLink> => serviceLink(service, deps.endpointMode ?? "semantic") : undefined;

  /** `close`: the connection ends with the answer (a request without the token keeps none alive). */
  const answer = (res: ServerResponse, body: string, close = false): void => {
    res.writeHead(200, {
      ...(body.length > 0 ? { "Content-Type": "application/json" } : {}),
      "Cache-Control": "no-store",
      ...(close ? { Connection: "close" } : {}),
    });
    res.end(body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // The body is read (capped) before the checks only so a refusal is shaped for its event: a
    // PreToolUse refusal must be a deny, which is the one answer Claude Code never lets through.
    const body = req.method === "POST" ? await readBody(req, MAX_PAYLOAD_BYTES) : "";
    // Read only to shape a refusal: a body that is judged is parsed once, by the hook.
    const event = (): unknown => (body === undefined ? undefined : eventOf(body));
    const refuse = (why: string, close = false): void => answer(res, refusal(`haltkey: the tool call is blocked: ${why}`, event()), close);
    // Loopback is open to every local user: what is refused before the token is checked keeps no
    // connection alive (the keep-alive is 5 minutes, the connections 256).
    if (!hostAllowed(req.headers.host, port)) return refuse(`the Host header must be ${HTTP_HOST}:${port} or localhost:${port}`, true);
    if (req.headers.origin !== undefined) return refuse("requests carrying an Origin header are refused (the hook is for Claude Code, not web pages)", true);
    if (!bearerMatches(headerValue(req, "authorization"), token)) return refuse(`send 'Authorization: Bearer <token>' with the token in ${files.token} (docs/claude-code-hooks.md)`, true);
    const url = new URL(req.url ?? "/", `http://${HTTP_HOST}`);
    if (url.pathname !== HOOK_HTTP_PATH) return refuse(`the hook endpoint is ${HOOK_HTTP_PATH}`);
    if (req.method !== "POST") return refuse("use POST");
    if (body === undefined) return refuse(`the hook payload is larger than ${MAX_PAYLOAD_BYTES} bytes or was cut off`);
    const options = optionsOf(url);
    if (typeof options === "string") return refuse(options);
    const result = await runClaudeCodeHook(body, { paths: deps.paths, ...options, ...(link ? { link } : {}) });
    answer(res, httpAnswer(result, event));
  };

  const server: HttpServer = createServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    handle(req, res).catch((e: Error) => {
      deps.log.error({ err: e.message }, "hook request failed");
      if (!res.headersSent) answer(res, refusal(`haltkey: the tool call is blocked: internal error (${e.message}); failing closed`, undefined), true);
    });
  });
  server.maxConnections = MAX_CONNECTIONS;
  // A kept-alive connection outlives the model's thinking between two tool calls (Node's default
  // is 5 s). A client that reuses a connection just as the server closes it gets a reset, which
  // with onFailure: "block" blocks a call for nothing. The answer's `Keep-Alive: timeout=300`
  // tells a client how long it may keep it.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = 10_000;
  // A paused call may wait for the human up to 120 s.
  server.requestTimeout = 180_000;
  try {
    port = await listenOnLoopback(server, deps.port);
  } catch (e) {
    throw new HookHttpStartError((e as Error).message);
  }
  server.on("error", (e) => deps.log.error({ err: e.message }, "hook http server error"));
  const url = `http://${HTTP_HOST}:${port}${HOOK_HTTP_PATH}`;
  try {
    await writeEndpointFile(files.endpoint, { url, port, pid: process.pid, tokenFile: files.token });
  } catch (e) {
    server.close();
    throw new HookHttpStartError(`cannot write ${files.endpoint}: ${(e as Error).message}`);
  }
  deps.log.info({ url, tokenFile: files.token }, "serving the Claude Code http hook");
  return {
    url,
    port,
    async close(): Promise<void> {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await unlink(files.endpoint).catch(() => undefined);
    },
  };
}
