// The Streamable HTTP front end answers an agent's tool call on its own fast path
// (src/mcp/http-transport.ts) and everything else through the SDK's transport. In process, with a
// service that echoes what it was asked: the fast path answers exactly what the SDK path answers,
// never gives one request's answer to another, and whatever it does not take still gets the SDK's
// answer or refusal.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperationResult } from "../src/core/wire.js";
import { silentLogger } from "../src/daemon/log.js";
import { asToolCall } from "../src/mcp/http-transport.js";
import { startHttp, type HttpFrontEnd } from "../src/mcp/http.js";

let home: string;
let front: HttpFrontEnd;
let token: string;
const agent = new Agent({ keepAlive: true });
/** Calls the service saw, and a gate that holds the answers of hints starting with "hold". */
const seen: Array<{ sessionId: string; hint: unknown }> = [];
let release: () => void = () => undefined;
let held = new Promise<void>((r) => (release = r));

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), "haltkey-http-transport-"));
  front = await startHttp({
    port: 0,
    home,
    endpointMode: "semantic",
    version: "test",
    log: silentLogger(),
    now: Date.now,
    randomBytes,
    uuid: randomUUID,
    service: {
      async call(caller, tool, args): Promise<OperationResult> {
        const hint = (args as { params?: { nextActionHint?: unknown } }).params?.nextActionHint;
        seen.push({ sessionId: caller.sessionId, hint });
        if (typeof hint === "string" && hint.startsWith("hold")) await held;
        return { success: true, data: { tool, hint, autonomy: { continue: true, factors: [] } } };
      },
    },
  });
  token = readFileSync(join(home, "http-token"), "utf8").trim();
});

afterAll(async () => {
  await front.close();
  agent.destroy();
  rmSync(home, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function post(body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Answer> {
  const data = typeof body === "string" ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      front.url,
      {
        method: "POST",
        agent,
        signal,
        headers: { Authorization: `Bearer ${token}`, Accept: "application/json, text/event-stream", "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(data)), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

const VERSION = "2025-06-18";

async function openSession(): Promise<Record<string, string>> {
  const init = await post({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: "t", version: "1" } } });
  expect(init.status).toBe(200);
  const headers = { "mcp-session-id": String(init.headers["mcp-session-id"]), "mcp-protocol-version": VERSION };
  expect((await post({ jsonrpc: "2.0", method: "notifications/initialized" }, headers)).status).toBe(202);
  return headers;
}

const step = (id: unknown, hint: string): Record<string, unknown> => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "mcp_aql_create", arguments: { operation: "record_execution_step", params: { element_name: "a", nextActionHint: hint } } },
});

describe("the tool-call fast path", () => {
  it("answers exactly what the SDK's transport answers for the same call", async () => {
    const h = await openSession();
    const fast = await post(step(1, "ls"), h);
    // Without the protocol-version header (which the SDK allows) the call takes the SDK's path.
    const sdk = await post(step(1, "ls"), { "mcp-session-id": h["mcp-session-id"]! });
    expect(fast.status).toBe(200);
    expect(sdk.status).toBe(200);
    expect(JSON.parse(fast.body)).toEqual(JSON.parse(sdk.body));
    expect(fast.headers["content-type"]).toBe(sdk.headers["content-type"]);
    expect(fast.headers["mcp-session-id"]).toBe(h["mcp-session-id"]);
    expect(JSON.parse(fast.body).result.content[0].text).toContain('"hint":"ls"');
  });

  it("gives every concurrent call its own answer, in its own session", async () => {
    const [a, b] = [await openSession(), await openSession()];
    seen.length = 0;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post(step(i, `step ${i}`), i % 2 === 0 ? a : b)));
    answers.forEach((r, i) => {
      const m = JSON.parse(r.body) as { id: number; result: { content: Array<{ text: string }> } };
      expect(m.id).toBe(i);
      expect(JSON.parse(m.result.content[0]!.text).data.hint).toBe(`step ${i}`);
    });
    const sessionOf = new Map(seen.map((s) => [s.hint, s.sessionId]));
    expect(new Set(Array.from({ length: 40 }, (_, i) => sessionOf.get(`step ${i}`))).size).toBe(2);
    expect(sessionOf.get("step 0")).toBe(sessionOf.get("step 2"));
    expect(sessionOf.get("step 0")).not.toBe(sessionOf.get("step 1"));
  });

  it("validates the call once, in the MCP server: a tools/call without a name is refused as the SDK refuses it, never called", async () => {
    const h = await openSession();
    const bad = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { arguments: {} } };
    const calls = seen.length;
    const fast = await post(bad, h);
    const sdk = await post(bad, { "mcp-session-id": h["mcp-session-id"]! });
    expect(JSON.parse(fast.body)).toEqual(JSON.parse(sdk.body));
    // The SDK's server refuses it (as an internal error, its choice); no tool was called.
    expect(JSON.parse(fast.body).error.message).toMatch(/invalid/i);
    expect(JSON.parse(fast.body).result).toBeUndefined();
    expect(seen.length).toBe(calls);
  });

  it("leaves to the SDK's transport what it does not take, which refuses it as before", async () => {
    const h = await openSession();
    expect((await post(step(1, "x"), { ...h, "mcp-protocol-version": "1999-01-01" })).status).toBe(400);
    expect((await post(step(1, "x"), { ...h, Accept: "application/json" })).status).toBe(406);
    expect((await post(step(1, "x"), { ...h, "Content-Type": "text/plain" })).status).toBe(415);
    // Envelopes the fast path does not recognise: the SDK's own parse error.
    for (const m of [step(null, "x"), step({ a: 1 }, "x"), step(1.5, "x"), { ...step(1, "x"), jsonrpc: "1.0" }, { ...step(1, "x"), params: [] }]) {
      const r = await post(m, h);
      expect(r.status, JSON.stringify(m)).toBe(400);
      expect(JSON.parse(r.body).error.code).toBe(-32700);
    }
    const batch = await post([step(1, "b1"), step(2, "b2")], h);
    expect(batch.status).toBe(200);
    expect((JSON.parse(batch.body) as Array<{ id: number }>).map((m) => m.id)).toEqual([1, 2]);
  });

  it("refuses a tools/call with a member JSON-RPC does not have, as the SDK's transport does, and calls nothing", async () => {
    // The SDK's transport checks each message against JSON-RPC's strict envelope; the fast path
    // answered such a call as if the extra member were not there.
    const h = await openSession();
    const calls = seen.length;
    for (const m of [{ ...step(1, "extra"), extra: 1 }, { ...step(2, "extra"), result: {} }, { ...step(3, "extra"), error: { code: 1, message: "x" } }]) {
      const fast = await post(m, h);
      const sdk = await post(m, { "mcp-session-id": h["mcp-session-id"]! });
      expect(fast.status, JSON.stringify(m)).toBe(400);
      expect(JSON.parse(fast.body)).toEqual(JSON.parse(sdk.body));
      expect(JSON.parse(fast.body).error.code).toBe(-32700);
    }
    expect(seen.length).toBe(calls);
  });

  it("survives a client that goes away before its answer, and answers the next call", async () => {
    const h = await openSession();
    held = new Promise<void>((r) => (release = r));
    const abort = new AbortController();
    const gone = post(step(1, "hold"), h, abort.signal).catch((e: Error) => e);
    while (!seen.some((s) => s.hint === "hold")) await new Promise((r) => setImmediate(r));
    abort.abort();
    expect(await gone).toBeInstanceOf(Error);
    release();
    const next = await post(step(1, "after"), h);
    expect(next.status).toBe(200);
    expect(JSON.parse(next.body).result.content[0].text).toContain('"hint":"after"');
  });
});

describe("asToolCall", () => {
  it("takes only a single JSON-RPC 2.0 tools/call request with an id and object params", () => {
    expect(asToolCall(step(1, "x"))).toBeDefined();
    expect(asToolCall(step("a", "x"))).toBeDefined();
    for (const m of [null, [], "x", step(null, "x"), step(1.5, "x"), { ...step(1, "x"), method: "tools/list" }, { ...step(1, "x"), params: null }, { ...step(1, "x"), jsonrpc: 2 }, { ...step(1, "x"), extra: 1 }]) {
      expect(asToolCall(m), JSON.stringify(m)).toBeUndefined();
    }
  });
});
