// `haltkey mcp` speaks JSON-RPC itself (src/mcp/shim-*.ts) where it used to be an MCP SDK server
// with tools.ts's registerTools. Differential: the built shim and that SDK server, each talking to
// the same scripted daemon over its socket, get the same lines; every valid request must be
// answered with the same bytes. Malformed lines, which the SDK server dropped in silence or
// answered with zod's report as an internal error, get the JSON-RPC error for them from the shim,
// which reads on. Nothing here sleeps: each exchange ends with a ping whose answer closes it.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server as NetServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, type Readable, type Writable } from "node:stream";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../src/core/errors.js";
import { DaemonClient } from "../src/daemon/client.js";
import { parseParams } from "../src/daemon/protocol.js";
import { VERSION } from "../src/daemon/version.js";
import { registerTools, SERVER_CAPABILITIES } from "../src/mcp/tools.js";
import { CLI, cleanup, connectAgent, startDaemon, tempHome } from "./helpers/daemon.js";

const HELLO = { sessionId: "1b4e28ba-2fa1-41d2-883f-0016d3cca427", credential: "a".repeat(64), resumed: false, keyed: false, version: VERSION, simulated: true, mode: "enforcing", endpointMode: "semantic" };

/** What the scripted daemon answers an aql call with, chosen by the call's `answer` argument. */
const ANSWERS: Record<string, { result: unknown } | { error: { code: string; message: string; details?: Record<string, unknown> } }> = {
  warn: { result: { success: true, data: { n: 1 }, warnings: ["careful"] } },
  refuse: { result: { success: false, error: { code: "VALIDATION_INVALID_VALUE", message: "bad value", details: { param: "x" } } } },
  blocked: { result: { success: false, error: { code: "PERMISSION_AGENT_BLOCKED", message: "blocked" } } },
  internal: { result: { success: false, error: { code: "INTERNAL_STORE_FAILURE", message: "disk full" } } },
  reordered: { result: { warnings: ["w"], data: { b: 1, a: 2 }, success: true } },
  errorExtra: { result: { success: false, error: { message: "m", extra: 1, code: "NOT_FOUND_RESOURCE" } } },
  malformed: { result: { success: "yes" } },
  unknownMember: { result: { success: true, data: 1, more: 2 } },
  badWarnings: { result: { success: true, data: 1, warnings: [1] } },
  badCode: { result: { success: false, error: { code: "lower", message: "m" } } },
  frameValidation: { error: { code: "VALIDATION_INVALID_VALUE", message: "the daemon refused the arguments" } },
  frameInternal: { error: { code: "INTERNAL_ERROR", message: "boom" } },
  frameDetails: { error: { code: "VALIDATION_MISSING_PARAM", message: "missing", details: { param: "element_name" } } },
};

/** Answers that break the protocol: both refuse them, in words of their own (zod's or the shim's). */
const BROKEN = ["malformed", "unknownMember", "badWarnings", "badCode"];
const GOOD = Object.keys(ANSWERS).filter((a) => !BROKEN.includes(a));

interface FakeDaemon {
  readonly server: NetServer;
  /** Answers every call held by `answer: "hold"`. */
  release(): void;
  /** Resolves once `n` calls are held. */
  holding(n: number): Promise<void>;
  close(): Promise<void>;
}

/** A daemon that answers hello and aql the way the real one frames them (protocol.ts), from a script. */
function fakeDaemon(path: string): Promise<FakeDaemon> {
  const holding: Array<() => void> = [];
  const held: Array<() => void> = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket: Socket) => {
    sockets.add(socket);
    let buf = "";
    socket.on("data", (d: Buffer) => {
      buf += d.toString("utf8");
      for (let nl = buf.indexOf("\n"); nl !== -1; nl = buf.indexOf("\n")) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        const { id, method, params } = JSON.parse(line) as { id: number; method: string; params: unknown };
        const send = (body: object): void => void socket.write(`${JSON.stringify({ id, ...body })}\n`);
        if (method === "hello") {
          send({ result: HELLO });
          continue;
        }
        // As daemon/server.ts: the parameters are checked with the protocol's schema first.
        const checked = parseParams("aql", params);
        if (!checked.ok) {
          send({ error: { code: checked.error.code, message: checked.error.message } });
          continue;
        }
        const args = checked.value.arguments as { answer?: string } | undefined;
        const answer = args?.answer;
        if (answer === "hold") {
          holding.push(() => send({ result: { success: true, data: { held: true } } }));
          for (const w of held.splice(0)) w();
          continue;
        }
        send(answer !== undefined && Object.hasOwn(ANSWERS, answer) ? ANSWERS[answer]! : { result: { success: true, data: { tool: checked.value.tool, echo: args } } });
      }
    });
    socket.on("error", () => undefined);
  });
  return new Promise((resolve) =>
    server.listen(path, () =>
      resolve({
        server,
        release: () => {
          for (const f of holding.splice(0)) f();
        },
        holding: async (n) => {
          while (holding.length < n) await new Promise<void>((r) => held.push(r));
        },
        close: () => {
          for (const c of sockets) c.destroy();
          return new Promise<void>((r) => server.close(() => r()));
        },
      }),
    ),
  );
}

/** One MCP server on a pair of streams: the lines it writes, and a way to wait for one. */
class Peer {
  readonly lines: string[] = [];
  private buf = "";
  private waiters: Array<() => void> = [];

  constructor(
    private readonly input: Writable,
    output: Readable,
  ) {
    output.on("data", (d: Buffer) => {
      this.buf += d.toString("utf8");
      for (let nl = this.buf.indexOf("\n"); nl !== -1; nl = this.buf.indexOf("\n")) {
        this.lines.push(this.buf.slice(0, nl));
        this.buf = this.buf.slice(nl + 1);
        for (const w of this.waiters.splice(0)) w();
      }
    });
  }

  write(raw: string | Buffer): void {
    this.input.write(raw);
  }

  /** Waits until a line answers `id` (every answer carries its id). */
  async answerTo(id: string | number): Promise<void> {
    const has = (): boolean => this.lines.some((l) => (JSON.parse(l) as { id?: unknown }).id === id);
    while (!has()) await new Promise<void>((r) => this.waiters.push(r));
  }

  /** Sends `lines`, waits for the answers to `ids`, then for a closing ping; returns what came, the ping's answer left out. */
  async exchange(lines: ReadonlyArray<string | Buffer>, ids: ReadonlyArray<string | number>, marker: string): Promise<string[]> {
    const from = this.lines.length;
    for (const l of lines) this.write(typeof l === "string" ? `${l}\n` : Buffer.concat([l, Buffer.from("\n")]));
    for (const id of ids) await this.answerTo(id);
    this.write(`${JSON.stringify({ jsonrpc: "2.0", id: marker, method: "ping" })}\n`);
    await this.answerTo(marker);
    return this.lines
      .slice(from)
      .filter((l) => (JSON.parse(l) as { id?: unknown }).id !== marker)
      .sort();
  }
}

/** The shim as it was: an SDK server with registerTools, forwarding through the typed DaemonClient. */
async function sdkShim(socket: string): Promise<Peer> {
  const server = new Server({ name: "haltkey", version: VERSION }, { capabilities: SERVER_CAPABILITIES });
  let client: Promise<DaemonClient> | undefined;
  registerTools(server, {
    endpointMode: async () => "semantic",
    forward: async (tool, args) => {
      client ??= DaemonClient.connect(socket);
      return (await client).request("aql", { tool, arguments: args }, 180_000);
    },
  });
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  await server.connect(new StdioServerTransport(stdin, stdout));
  return new Peer(stdin, stdout);
}

/** The built shim, its daemon socket in `home`. */
function builtShim(home: string, procs: ChildProcess[]): Peer {
  const p = spawn(process.execPath, [CLI, "mcp", "--no-autostart"], { env: { ...process.env, HALTKEY_HOME: home }, stdio: ["pipe", "pipe", "ignore"] });
  procs.push(p);
  return new Peer(p.stdin!, p.stdout!);
}

const rpc = (id: string | number, method: string, params?: unknown): string => JSON.stringify({ jsonrpc: "2.0", id, method, ...(params !== undefined ? { params } : {}) });
const call = (id: string | number, name: string, args?: Record<string, unknown>): string => rpc(id, "tools/call", { name, ...(args ? { arguments: args } : {}) });
const INIT = { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } };

/** Valid requests and notifications: the shim's bytes must be the SDK server's. */
const SAME: ReadonlyArray<{ name: string; lines: string[]; ids: Array<string | number> }> = [
  { name: "initialize, a version both speak", lines: [rpc(1, "initialize", INIT)], ids: [1] },
  { name: "initialize, an unknown version gets the newest", lines: [rpc(1, "initialize", { ...INIT, protocolVersion: "1999-01-01" })], ids: [1] },
  { name: "initialize, members MCP may add", lines: [rpc(1, "initialize", { ...INIT, capabilities: { roots: { listChanged: true } }, clientInfo: { name: "t", version: "1", title: "T" }, extra: 1 })], ids: [1] },
  { name: "initialized notification", lines: [JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })], ids: [] },
  { name: "an unknown notification", lines: [JSON.stringify({ jsonrpc: "2.0", method: "notifications/whatever", params: { a: 1 } })], ids: [] },
  { name: "a client's response to nothing", lines: [JSON.stringify({ jsonrpc: "2.0", id: 99, result: {} })], ids: [] },
  { name: "ping with _meta", lines: [rpc(2, "ping", { _meta: { progressToken: 1 } }), rpc(3, "ping", {})], ids: [2, 3] },
  { name: "tools/list", lines: [rpc(4, "tools/list"), rpc(5, "tools/list", { cursor: "c" })], ids: [4, 5] },
  { name: "prompts", lines: [rpc(6, "prompts/list"), rpc(7, "prompts/get", { name: "haltkey_safety_loop" }), rpc(8, "prompts/get", { name: "haltkey_safety_loop", arguments: { a: "b" } })], ids: [6, 7, 8] },
  { name: "an unknown prompt", lines: [rpc(9, "prompts/get", { name: "nope" }), rpc(10, "prompts/get", { name: `${"p".repeat(63)}😀${"q".repeat(40)}` })], ids: [9, 10] },
  { name: "unknown methods", lines: [rpc(11, "resources/list"), rpc(12, "notifications/initialized"), rpc(13, "logging/setLevel", { level: "info" })], ids: [11, 12, 13] },
  { name: "ids: strings, zero, negative", lines: [rpc("abc", "ping"), rpc(0, "ping"), rpc(-7, "tools/list")], ids: ["abc", 0, -7] },
  {
    name: "tool results as the daemon gives them",
    lines: GOOD.map((answer, i) => call(100 + i, "mcp_aql_create", { operation: "introspect", answer })),
    ids: GOOD.map((_, i) => 100 + i),
  },
  {
    name: "record_execution_step's refusals carry a directive",
    lines: ["refuse", "frameValidation", "frameDetails", "frameInternal", "internal"].map((answer, i) => call(200 + i, "mcp_aql_create", { operation: "record_execution_step", answer, params: {} })),
    ids: [200, 201, 202, 203, 204],
  },
  {
    name: "halt tools answer with the spec's objects; the halt check fails safe",
    lines: [
      call(300, "guardrail_record_halt", { answer: "warn" }),
      call(301, "guardrail_record_halt", { answer: "refuse" }),
      call(302, "guardrail_get_session_halts", { answer: "frameInternal" }),
      call(303, "guardrail_check_halt_conditions", { answer: "frameInternal" }),
      call(305, "guardrail_check_halt_conditions", { answer: "frameValidation" }),
      call(306, "guardrail_record_halt", { operation: "record_execution_step", answer: "frameInternal" }),
    ],
    ids: [300, 301, 302, 303, 305, 306],
  },
  {
    name: "other spellings earn notes",
    lines: [
      call(400, "mcp_aql_create", { operation: "record_execution_step", params: { executionId: "e", element_name: "a" } }),
      call(401, "mcp_aql_create", { operation: "verify_challenge", verificationId: "v", params: { challengeId: "c" } }),
      call(402, "mcp_aql_execute", { operation: "confirm_operation", params: { confirmationId: "c" }, answer: "warn" }),
      call(403, "mcp_aql_execute", { operation: "confirm_operation", params: { confirmationId: "c" }, answer: "refuse" }),
      call(404, "mcp_aql_create", { operation: "__proto__", params: { executionId: "e" } }),
    ],
    ids: [400, 401, 402, 403, 404],
  },
  {
    name: "calls the daemon's schema refuses, and odd ones it takes",
    lines: [
      call(500, "t".repeat(200), { operation: "record_execution_step" }),
      call(501, "mcp_aql_create"),
      call(502, "no_such_tool", { operation: "x" }),
      rpc(503, "tools/call", { name: "mcp_aql_read", arguments: { operation: "introspect" }, unknownMember: true }),
      call(504, "mcp_aql_read", { operation: "introspect", deep: { a: [1, { b: ["\u0000", "\ud800", "é"] }] } }),
    ],
    ids: [500, 501, 502, 503, 504],
  },
  { name: "a task-augmented call", lines: [rpc(600, "tools/call", { name: "mcp_aql_read", arguments: {}, task: {} }), rpc(601, "tools/call", { name: "mcp_aql_read", task: { ttl: 5 } })], ids: [600, 601] },
  { name: "CRLF line endings", lines: [`${rpc(700, "ping")}\r`], ids: [700] },
  { name: "blank lines", lines: ["", "   ", "\r", "\t"], ids: [] },
];

/** Malformed lines: the shim's answer (the SDK server's is shown for what it was). */
const REFUSED: ReadonlyArray<{ name: string; line: string | Buffer; answer: { id: string | number | null; code: number; message?: RegExp }; sdkAnswered?: true }> = [
  { name: "not JSON", line: "garbage", answer: { id: null, code: -32700, message: /^Parse error/ } },
  { name: "a batch", line: `[${rpc(1, "ping")}]`, answer: { id: null, code: -32600, message: /batches/ } },
  { name: "not an object", line: "42", answer: { id: null, code: -32600 } },
  { name: "jsonrpc 1.0", line: JSON.stringify({ jsonrpc: "1.0", id: 1, method: "ping" }), answer: { id: 1, code: -32600, message: /jsonrpc/ } },
  { name: "no jsonrpc", line: JSON.stringify({ id: 1, method: "ping" }), answer: { id: 1, code: -32600 } },
  { name: "a fractional id", line: JSON.stringify({ jsonrpc: "2.0", id: 1.5, method: "ping" }), answer: { id: null, code: -32600, message: /id/ } },
  { name: "a null id", line: JSON.stringify({ jsonrpc: "2.0", id: null, method: "ping" }), answer: { id: null, code: -32600, message: /id/ } },
  { name: "an id beyond 2^53", line: '{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}', answer: { id: null, code: -32600 } },
  { name: "an object id", line: JSON.stringify({ jsonrpc: "2.0", id: { a: 1 }, method: "ping" }), answer: { id: null, code: -32600 } },
  { name: "a method that is not a string", line: JSON.stringify({ jsonrpc: "2.0", id: 1, method: 5 }), answer: { id: 1, code: -32600, message: /method/ } },
  { name: "no method", line: JSON.stringify({ jsonrpc: "2.0", id: 1 }), answer: { id: 1, code: -32600, message: /method/ } },
  { name: "an unknown member", line: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", extra: 1 }), answer: { id: 1, code: -32600, message: /extra/ } },
  { name: "params an array", line: rpc(1, "ping", [1]), answer: { id: 1, code: -32602, message: /params/ } },
  { name: "params null", line: rpc(1, "tools/list", null), answer: { id: 1, code: -32602, message: /params/ } },
  { name: "_meta not an object", line: rpc(1, "ping", { _meta: 5 }), answer: { id: 1, code: -32602, message: /_meta/ } },
  { name: "tools/call without params", line: rpc(1, "tools/call"), answer: { id: 1, code: -32602, message: /params/ } },
  { name: "tools/call, name not a string", line: rpc(1, "tools/call", { name: 5 }), answer: { id: 1, code: -32602, message: /params\.name/ } },
  { name: "tools/call, arguments an array", line: rpc(1, "tools/call", { name: "mcp_aql_read", arguments: [] }), answer: { id: 1, code: -32602, message: /params\.arguments/ } },
  { name: "tools/call, arguments null", line: rpc(1, "tools/call", { name: "mcp_aql_read", arguments: null }), answer: { id: 1, code: -32602, message: /params\.arguments/ } },
  { name: "tools/call, a task that is not one", line: rpc(1, "tools/call", { name: "mcp_aql_read", task: { ttl: "x" } }), answer: { id: 1, code: -32602, message: /params\.task/ } },
  { name: "initialize without clientInfo", line: rpc(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {} }), answer: { id: 1, code: -32602, message: /clientInfo/ } },
  { name: "initialize, version not a string", line: rpc(1, "initialize", { ...INIT, protocolVersion: 1 }), answer: { id: 1, code: -32602, message: /protocolVersion/ } },
  { name: "prompts/get, arguments not strings", line: rpc(1, "prompts/get", { name: "haltkey_safety_loop", arguments: { a: 1 } }), answer: { id: 1, code: -32602, message: /arguments/ } },
  { name: "tools/list, cursor not a string", line: rpc(1, "tools/list", { cursor: 1 }), answer: { id: 1, code: -32602, message: /cursor/ } },
  { name: "not UTF-8", line: Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}}')]), answer: { id: null, code: -32700, message: /UTF-8/ }, sdkAnswered: true },
];

describe("the shim answers as the MCP SDK server did", () => {
  const procs: ChildProcess[] = [];
  let home: string;
  let daemon: FakeDaemon;
  let sdk: Peer;
  let shim: Peer;
  let n = 0;
  const both = async (lines: ReadonlyArray<string | Buffer>, ids: ReadonlyArray<string | number>): Promise<{ sdk: string[]; shim: string[] }> => {
    const marker = `marker-${n++}`;
    const [a, b] = await Promise.all([sdk.exchange(lines, ids, marker), shim.exchange(lines, ids, marker)]);
    return { sdk: a, shim: b };
  };

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), "hk-shim-"));
    daemon = await fakeDaemon(join(home, "haltkey.sock"));
    sdk = await sdkShim(join(home, "haltkey.sock"));
    shim = builtShim(home, procs);
  });
  afterAll(async () => {
    for (const p of procs) p.kill("SIGKILL");
    await daemon.close();
    rmSync(home, { recursive: true, force: true });
  });

  for (const c of SAME) {
    it(`byte for byte: ${c.name}`, async () => {
      const { sdk: a, shim: b } = await both(c.lines, c.ids);
      expect(b).toEqual(a);
      // Control: every request was answered.
      expect(b.length).toBeGreaterThanOrEqual(c.ids.length);
    });
  }

  it("an answer that breaks the protocol: the same fail-closed refusals, the problem said in the shim's words", async () => {
    const lines = [
      ...BROKEN.map((answer, i) => call(900 + i, "mcp_aql_create", { operation: "record_execution_step", answer })),
      ...BROKEN.map((answer, i) => call(910 + i, "mcp_aql_read", { operation: "introspect", answer })),
      ...BROKEN.map((answer, i) => call(920 + i, "guardrail_check_halt_conditions", { answer })),
    ];
    const ids = lines.map((l) => (JSON.parse(l) as { id: number }).id);
    const { sdk: a, shim: b } = await both(lines, ids);
    const problem = /the daemon's answer to aql does not match the protocol \((?:[^()]|\([^()]*\))*\)/g;
    const said = b.join("\n").match(problem) ?? [];
    // Each refusal names the member that is wrong (record_execution_step's three times: message, factor, reason).
    expect(said.length).toBeGreaterThanOrEqual(ids.length);
    expect(said.some((p) => p.includes("success: expected a boolean"))).toBe(true);
    expect(said.some((p) => p.includes("more: not in the protocol"))).toBe(true);
    expect(said.some((p) => p.includes("warnings: expected an array of strings"))).toBe(true);
    expect(said.some((p) => p.includes("error.code: expected an error code"))).toBe(true);
    const plain = (lines: string[]): string[] => lines.map((l) => l.replace(problem, "PROBLEM")).sort();
    expect(plain(b)).toEqual(plain(a));
    for (const l of b) expect(l).not.toContain('\\"continue\\":true');
  });

  it("a cancelled call is not answered, by either", async () => {
    const lines = [call(800, "mcp_aql_create", { operation: "record_execution_step", answer: "hold" }), JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 800, reason: "user" } })];
    // The cancellation has been read once the closing ping is answered.
    await both(lines, []);
    await daemon.holding(2);
    daemon.release();
    // The held answers come before this one on each connection.
    const after = await both([call(801, "mcp_aql_read", { operation: "introspect" })], [801]);
    expect(after.shim).toEqual(after.sdk);
    expect(after.shim.map((l) => (JSON.parse(l) as { id: unknown }).id)).toEqual([801]);
  });

  for (const c of REFUSED) {
    it(`refused with a JSON-RPC error: ${c.name}`, async () => {
      // The shim's refusal is waited for by its id where it has one: answers may come in any order
      // (JSON-RPC matches them by id), and a busy machine once let the closing ping's answer come
      // first, so the refusal fell into the next exchange. The SDK server is waited for only where it answered.
      const marker = `marker-${n++}`;
      const wait = c.answer.id !== null ? [c.answer.id] : [];
      const [a, b] = await Promise.all([sdk.exchange([c.line], c.sdkAnswered ? wait : [], marker), shim.exchange([c.line], wait, marker)]);
      expect(b).toHaveLength(1);
      const got = JSON.parse(b[0]!) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
      expect(got.jsonrpc).toBe("2.0");
      expect(got.id).toBe(c.answer.id);
      expect(got.error.code).toBe(c.answer.code);
      if (c.answer.message) expect(got.error.message).toMatch(c.answer.message);
      // The SDK server answered none of these, or answered with an error to the same id; it read
      // bytes that are not UTF-8 as U+FFFD and answered the ping they were part of.
      if (c.sdkAnswered) expect(a).toHaveLength(1);
      else for (const l of a) {
        const s = JSON.parse(l) as { id: unknown; error?: unknown };
        expect(s.error, `the SDK server answered ${c.name} with ${l}`).toBeDefined();
        expect(s.id).toBe(c.answer.id);
      }
    });
  }
});

describe("the daemon unreachable: the same refusals", () => {
  const procs: ChildProcess[] = [];
  let home: string;
  afterAll(() => {
    for (const p of procs) p.kill("SIGKILL");
    rmSync(home, { recursive: true, force: true });
  });

  it("every tool answers fail-closed, as before", async () => {
    home = mkdtempSync(join(tmpdir(), "hk-shim-"));
    const sdk = await sdkShim(join(home, "haltkey.sock"));
    const shim = builtShim(home, procs);
    const lines = [
      call(1, "mcp_aql_create", { operation: "record_execution_step", params: { element_name: "a", nextActionHint: "rm -rf /" } }),
      call(2, "mcp_aql_read", { operation: "introspect" }),
      call(3, "guardrail_check_halt_conditions", {}),
      call(4, "guardrail_record_halt", { operation: "record_execution_step" }),
      call(5, "guardrail_record_halt", {}),
      rpc(6, "tools/list"),
    ];
    const [a, b] = await Promise.all([sdk.exchange(lines, [1, 2, 3, 4, 5, 6], "m"), shim.exchange(lines, [1, 2, 3, 4, 5, 6], "m")]);
    expect(b).toEqual(a);
    const step = JSON.parse((JSON.parse(b.find((l) => l.includes('"id":1}'))!) as { result: { content: Array<{ text: string }> } }).result.content[0]!.text) as {
      success: boolean;
      error: { code: string; details: { autonomy: { continue: boolean } } };
    };
    expect(step.success).toBe(false);
    expect(step.error.code).toBe(ErrorCode.daemonUnavailable);
    expect(step.error.details.autonomy.continue).toBe(false);
  });
});

describe("hostile input: the shim answers and reads on", () => {
  const procs: ChildProcess[] = [];
  let home: string;
  let daemon: FakeDaemon;
  let shim: Peer;
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), "hk-shim-"));
    daemon = await fakeDaemon(join(home, "haltkey.sock"));
    shim = builtShim(home, procs);
  });
  afterAll(async () => {
    for (const p of procs) p.kill("SIGKILL");
    await daemon.close();
    rmSync(home, { recursive: true, force: true });
  });
  const errorsIn = (lines: string[]) => lines.map((l) => JSON.parse(l) as { id: unknown; error?: { code: number; message: string } });

  it("a line over 10 MiB is refused when it crosses the cap; the rest of it is dropped", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 4096, 0x61);
    const got = errorsIn(await shim.exchange([big], [], "big"));
    expect(got).toHaveLength(1);
    expect(got[0]!.id).toBeNull();
    expect(got[0]!.error).toMatchObject({ code: -32600 });
    expect(got[0]!.error!.message).toMatch(/larger than 10485760 bytes/);
    // The next call is read and forwarded as usual.
    const next = await shim.exchange([call(1, "mcp_aql_read", { operation: "introspect" })], [1], "after-big");
    expect(next).toHaveLength(1);
    expect(next[0]).toContain('\\"success\\":true');
  });

  it("arguments nested 100,000 deep: a fail-closed answer, no crash", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const line = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"mcp_aql_create","arguments":{"operation":"record_execution_step","params":{"x":${deep}}}}}`;
    const got = await shim.exchange([line], [2], "deep");
    expect(got).toHaveLength(1);
    const r = JSON.parse(got[0]!) as { id: number; result?: { content: Array<{ text: string }> }; error?: unknown };
    expect(r.id).toBe(2);
    // Whatever the shim could do with it, the step is not allowed.
    if (r.result) {
      const body = JSON.parse(r.result.content[0]!.text) as { success: boolean; error: { details: { autonomy: { continue: boolean } } } };
      expect(body.success).toBe(false);
      expect(body.error.details.autonomy.continue).toBe(false);
    } else expect(r.error).toBeDefined();
  });

  it("ten thousand junk lines in one write: ten thousand errors, then the next request", async () => {
    const junk = Array.from({ length: 10_000 }, (_, i) => (i % 3 === 0 ? "{" : i % 3 === 1 ? "null" : '{"jsonrpc":"2.0","id":[]}'));
    const got = errorsIn(await shim.exchange([junk.join("\n")], [], "junk"));
    expect(got).toHaveLength(10_000);
    expect(got.every((g) => g.id === null && (g.error?.code === -32700 || g.error?.code === -32600))).toBe(true);
  });

  it("a request written a byte at a time", async () => {
    const line = `${rpc(3, "tools/list")}\n`;
    for (const ch of line) shim.write(ch);
    await shim.answerTo(3);
    expect(shim.lines.some((l) => l.startsWith('{"result":{"tools":[') && l.endsWith('"id":3}'))).toBe(true);
  });

  it("stdout broken: the shim exits", async () => {
    const p = spawn(process.execPath, [CLI, "mcp", "--no-autostart"], { env: { ...process.env, HALTKEY_HOME: home }, stdio: ["pipe", "pipe", "ignore"] });
    procs.push(p);
    const exited = new Promise<number | null>((r) => p.once("exit", (code) => r(code)));
    p.stdout!.destroy();
    // Its answer to this cannot be written.
    p.stdin!.write(`${rpc(1, "ping")}\n`);
    expect(await exited).toBe(0);
  });
});

describe("the endpoint mode is the daemon's", () => {
  it("a daemon serving single mode: the shim, started without --single-tool, lists the one tool and answers through it", async () => {
    const home = tempHome();
    const daemon = await startDaemon(home, ["--simulate", "--single-tool"]);
    try {
      const agent = await connectAgent(home);
      try {
        const { tools } = await agent.client.listTools();
        expect(tools.map((t) => t.name)).toEqual(["mcp_aql", "guardrail_check_halt_conditions", "guardrail_record_halt", "guardrail_acknowledge_halt", "guardrail_get_session_halts", "guardrail_update_halt_config"]);
        const started = await agent.call("mcp_aql", "execute_agent", { element_name: "single", goal: "g" });
        expect(started.success).toBe(true);
        const step = await agent.call("mcp_aql", "record_execution_step", { element_name: "single", nextActionHint: "read_file README.md" });
        expect(step.data.autonomy.continue).toBe(true);
      } finally {
        await agent.close();
      }
    } finally {
      await daemon.stop();
      cleanup(home);
    }
  });
});
