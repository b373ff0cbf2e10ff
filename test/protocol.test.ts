// The daemon socket's protocol: what the server answers to anything a peer can send, and what the
// client accepts back. Runs the server's dispatcher with scripted handlers and a real client against
// a scripted socket peer; no daemon, no store.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ErrorCode } from "../src/core/errors.js";
import { DaemonClient } from "../src/daemon/client.js";
import { AGENT_METHODS, DaemonError, errorsOf, METHOD_NAMES, METHODS, OPERATOR_METHODS, ResponseFrame } from "../src/daemon/protocol.js";
import { deviceRefusal, type Connection, type Handlers } from "../src/daemon/handlers.js";
import { answer } from "../src/daemon/server.js";
import { ApprovalRefusedError } from "../src/devices/hardware-channel.js";
import { KeyRefusedError } from "../src/devices/keyring.js";
import { Apv1Error } from "../src/hw/apv1-error.js";

const UUID = "00000000-0000-4000-8000-000000000001";
const quiet = { debug() {}, info() {}, warn() {}, error() {} } as unknown as Parameters<typeof answer>[4];

/** Handlers that refuse to be called, with the ones a test needs replaced. */
function handlers(over: Partial<Record<keyof Handlers, (p: unknown, c: Connection) => unknown>> = {}): Handlers {
  const base = Object.fromEntries(
    METHOD_NAMES.map((m) => [
      m,
      () => {
        throw new Error(`${m} was not expected`);
      },
    ]),
  );
  return { ...base, ...over } as unknown as Handlers;
}

const conn = (): Connection => ({ caller: { sessionId: UUID } });
const ask = (h: Handlers, role: "agent" | "operator", msg: unknown) =>
  answer(h, role, typeof msg === "string" ? msg : JSON.stringify(msg), conn(), quiet) as Promise<{ id: unknown; result?: unknown; error?: { code: string; message: string; details?: unknown } }>;

describe("the protocol table", () => {
  it("serves hello and aql on the agent socket and everything else on the operator socket only", () => {
    expect([...AGENT_METHODS].sort()).toEqual(["aql", "hello"]);
    expect(OPERATOR_METHODS.size).toBe(METHOD_NAMES.length - 2);
    for (const m of METHOD_NAMES) expect(AGENT_METHODS.has(m)).not.toBe(OPERATOR_METHODS.has(m));
  });

  it("every method's parameters refuse a parameter it does not know, by name", () => {
    for (const m of METHOD_NAMES) {
      const r = METHODS[m].params.safeParse({ surplus_param: 1 });
      expect(r.success, m).toBe(false);
      expect(r.error!.issues.some((i) => i.code === "unrecognized_keys" && i.keys.includes("surplus_param")), m).toBe(true);
    }
  });

  it("every declared error code is one of ErrorCode", () => {
    const known = new Set<string>(Object.values(ErrorCode));
    for (const m of METHOD_NAMES) for (const c of errorsOf(m)) expect(known.has(c), `${m}: ${c}`).toBe(true);
  });
});

describe("the server's dispatcher", () => {
  it("answers a valid request with the handler's result and echoes the id", async () => {
    const h = handlers({ "request.get": () => ({ id: UUID, kind: "confirmation", agent: "a", text: "deploy", expiresAt: "2026-01-01T00:00:00.000Z", onDisplay: true }) });
    const r = await ask(h, "operator", { id: "x1", method: "request.get", params: { requestId: UUID } });
    expect(r).toEqual({ id: "x1", result: { id: UUID, kind: "confirmation", agent: "a", text: "deploy", expiresAt: "2026-01-01T00:00:00.000Z", onDisplay: true } });
  });

  it("applies the schema's defaults before the handler sees the parameters", async () => {
    let seen: unknown;
    const h = handlers({
      approve: (p) => {
        seen = p;
        return { requestId: UUID, key: "k", label: "l" };
      },
    });
    await ask(h, "operator", { id: 1, method: "approve", params: { requestId: UUID } });
    expect(seen).toEqual({ requestId: UUID, waitSeconds: 60 });
  });

  it("refuses bad JSON, bad frames, unknown methods and methods of the other socket with structured errors", async () => {
    const h = handlers();
    expect(await ask(h, "agent", "{not json}")).toEqual({ id: null, error: { code: ErrorCode.invalidType, message: "message is not valid JSON" } });
    expect((await ask(h, "agent", "[1,2]")).error!.code).toBe(ErrorCode.invalidValue);
    expect((await ask(h, "agent", { id: 3, method: "hello", params: {}, extra: true })).error!.code).toBe(ErrorCode.invalidValue);
    expect(await ask(h, "agent", { id: 4, method: "nope" })).toMatchObject({ id: 4, error: { code: ErrorCode.unknownOperation } });
    expect(await ask(h, "agent", { id: 5, method: "approve", params: { requestId: UUID } })).toMatchObject({ id: 5, error: { code: ErrorCode.unknownOperation } });
    expect(await ask(h, "operator", { id: 6, method: "hello", params: {} })).toMatchObject({ id: 6, error: { code: ErrorCode.unknownOperation } });
    expect(await ask(h, "operator", { id: 7, method: "__proto__" })).toMatchObject({ id: 7, error: { code: ErrorCode.unknownOperation } });
  });

  it("refuses an unknown parameter by name, even beside a missing one, before any handler runs", async () => {
    const r = await ask(handlers(), "operator", { id: 1, method: "deny", params: { requestId: UUID, force: true } });
    expect(r.error).toMatchObject({ code: ErrorCode.invalidValue });
    expect(r.error!.message).toMatch(/unknown parameter force/);
    const both = await ask(handlers(), "operator", { id: 2, method: "approve", params: { sneaky: 1 } });
    expect(both.error!.message).toMatch(/unknown parameter sneaky/);
  });

  it("passes on a handler's declared refusal, with its details", async () => {
    const h = handlers({
      approve: () => {
        throw new DaemonError(ErrorCode.noKeysEnrolled, "enroll a key first");
      },
      "pair.begin": () => {
        throw new DaemonError(ErrorCode.deviceError, "BAD_TAG: forged", { device: "BAD_TAG" });
      },
    });
    expect(await ask(h, "operator", { id: 1, method: "approve", params: { requestId: UUID } })).toEqual({ id: 1, error: { code: "NO_KEYS_ENROLLED", message: "enroll a key first" } });
    expect(await ask(h, "operator", { id: 2, method: "pair.begin" })).toEqual({ id: 2, error: { code: "DEVICE_ERROR", message: "BAD_TAG: forged", details: { device: "BAD_TAG" } } });
  });

  it("turns an undeclared code, a plain throw or a result off the protocol into INTERNAL_ERROR", async () => {
    const h = handlers({
      deny: () => {
        throw new DaemonError(ErrorCode.agentBlocked, "not a refusal deny can give");
      },
      "keys.list": () => {
        throw new TypeError("boom");
      },
      devices: () => ({ simulated: "yes" }),
      aql: () => ({ success: true, data: {}, extra: "not in OperationResult" }),
    });
    expect((await ask(h, "operator", { id: 1, method: "deny", params: { requestId: UUID } })).error!.code).toBe(ErrorCode.internal);
    expect((await ask(h, "operator", { id: 2, method: "keys.list" })).error).toEqual({ code: ErrorCode.internal, message: "keys.list failed: boom" });
    expect((await ask(h, "operator", { id: 3, method: "devices" })).error!.code).toBe(ErrorCode.internal);
    expect((await ask(h, "agent", { id: 4, method: "aql", params: { tool: "mcp_aql_read", arguments: {} } })).error!.code).toBe(ErrorCode.internal);
  });

  it("never throws and always answers with a frame of the protocol, whatever line arrives", async () => {
    const h = handlers({ hello: (_p, c) => ({ sessionId: c.caller.sessionId, resumed: false, keyed: false, version: "t", simulated: true, mode: "enforcing", endpointMode: "semantic" }) });
    const methods = fc.constantFrom(...METHOD_NAMES, "nope", "", "constructor", "toString");
    const line = fc.oneof(
      fc.string(),
      fc.json(),
      fc.record({ id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)), method: methods, params: fc.anything() }, { requiredKeys: [] }).map((x) => JSON.stringify(x)),
    );
    await fc.assert(
      fc.asyncProperty(line, fc.constantFrom("agent" as const, "operator" as const), async (l, role) => {
        const r = await answer(h, role, l, conn(), quiet);
        expect(ResponseFrame.safeParse(r).success).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

describe("the client", () => {
  let dir: string;
  let server: Server;
  let path: string;
  /** What the scripted peer answers to each request line. */
  let reply: (req: { id: number; method: string; params: unknown }) => string;
  let received: string[];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "hk-proto-"));
    path = join(dir, "s.sock");
    received = [];
    server = createServer((s: Socket) => {
      let buf = "";
      s.on("data", (d) => {
        buf += d.toString();
        for (let nl = buf.indexOf("\n"); nl >= 0; nl = buf.indexOf("\n")) {
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + 1);
          received.push(line);
          s.write(`${reply(JSON.parse(line))}\n`);
        }
      });
    });
    await new Promise<void>((r) => server.listen(path, r));
  });
  afterEach(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  });

  it("resolves a result that matches the method's schema, typed", async () => {
    reply = (q) => JSON.stringify({ id: q.id, result: { requestId: UUID, denied: true } });
    const c = await DaemonClient.connect(path);
    const r = await c.request("deny", { requestId: UUID });
    expect(r.denied).toBe(true);
    c.close();
  });

  it("refuses to send parameters the method does not take; nothing reaches the socket", async () => {
    reply = (q) => JSON.stringify({ id: q.id, result: {} });
    const c = await DaemonClient.connect(path);
    // @ts-expect-error: not a parameter of deny
    await expect(c.request("deny", { requestId: UUID, force: true })).rejects.toMatchObject({ code: ErrorCode.invalidValue });
    await expect(c.request("deny", { requestId: "not-a-uuid" })).rejects.toMatchObject({ code: ErrorCode.invalidValue });
    expect(received).toEqual([]);
    c.close();
  });

  it("rejects a result off the protocol instead of handing it on", async () => {
    reply = (q) => JSON.stringify({ id: q.id, result: { requestId: UUID, denied: "maybe" } });
    const c = await DaemonClient.connect(path);
    await expect(c.request("deny", { requestId: UUID })).rejects.toMatchObject({ code: ErrorCode.internal });
    c.close();
  });

  it("passes on the daemon's refusal with its code and details", async () => {
    reply = (q) => JSON.stringify({ id: q.id, error: { code: "DEVICE_ERROR", message: "BUSY: later", details: { device: "BUSY" } } });
    const c = await DaemonClient.connect(path);
    const e = await c.request("pair.begin", {}).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DaemonError);
    expect(e).toMatchObject({ code: "DEVICE_ERROR", message: "BUSY: later", details: { device: "BUSY" } });
    c.close();
  });

  it("treats a frame off the protocol (an error code outside ErrorCode) as a broken connection", async () => {
    reply = (q) => JSON.stringify({ id: q.id, error: { code: "MADE_UP", message: "?" } });
    const c = await DaemonClient.connect(path);
    await expect(c.request("deny", { requestId: UUID })).rejects.toMatchObject({ code: ErrorCode.internal, message: "the daemon sent a malformed message" });
    expect(c.isClosed).toBe(true);
  });
});

describe("device refusals on the socket", () => {
  it("keep the device's code when it is one of ErrorCode, and name any other in details", () => {
    expect(deviceRefusal(new KeyRefusedError("NO_KEYS_ENROLLED", "enroll one"))).toMatchObject({ code: "NO_KEYS_ENROLLED", message: "enroll one" });
    expect(deviceRefusal(new ApprovalRefusedError("STALE_CHALLENGE", "again"))).toMatchObject({ code: "STALE_CHALLENGE" });
    const tag = deviceRefusal(new Apv1Error("BAD_TAG", "host", "forged answer"));
    expect(tag).toMatchObject({ code: ErrorCode.deviceError, message: "BAD_TAG: forged answer", details: { device: "BAD_TAG" } });
    expect(deviceRefusal(new Error("unplugged"))).toMatchObject({ code: ErrorCode.deviceError, message: "unplugged" });
    expect(deviceRefusal("a string")).toMatchObject({ code: ErrorCode.deviceError, message: "a string" });
  });

  it("every code a key or the display refuses with is one the socket can carry", () => {
    const keyCodes = ["KEY_NOT_ENROLLED", "KEY_VERIFICATION_FAILED", "NO_KEYS_ENROLLED", "KEY_LABEL_TAKEN", "KEY_UNKNOWN", "KEY_WRONG"] as const;
    const approvalCodes = ["UNKNOWN_REQUEST", "NO_KEY_ATTACHED", "NO_KEYS_ENROLLED", "STALE_CHALLENGE", "NEEDS_USB_KEY"] as const;
    for (const c of keyCodes) expect(deviceRefusal(new KeyRefusedError(c, "x")).code).toBe(c);
    for (const c of approvalCodes) expect(deviceRefusal(new ApprovalRefusedError(c, "x")).code).toBe(c);
    for (const c of [...keyCodes, ...approvalCodes]) expect(errorsOf("approve").has(c)).toBe(true);
  });
});
