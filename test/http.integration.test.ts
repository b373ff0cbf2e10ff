// MCP Streamable HTTP served by the daemon (`haltkey serve --http 0`): the official SDK client sees
// what a stdio client sees; the token, Host and Origin checks; body caps; malformed requests; each
// MCP session is its own identity for blocks; a hard block reaches every open stream.
import { request, type IncomingHttpHeaders } from "node:http";
import { chmodSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHttp, readEndpoint, type HttpAgent, type HttpEndpoint } from "../bench/http-load.js";
import { cleanup, cli, connectAgent, startDaemon, tempHome, writePolicy, type Agent, type Daemon } from "./helpers/daemon.js";

const POLICY = { deny: ["drop_*"], requiresApproval: ["deploy_*"] };
const MAX_BODY = 8 * 1024 * 1024;
const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw-test", version: "1" } },
};

let home: string;
let daemon: Daemon;
let ep: HttpEndpoint;
let port: number;
const opened: Array<HttpAgent | Agent> = [];

beforeAll(async () => {
  home = tempHome();
  daemon = await startDaemon(home, ["--simulate", "--policy", writePolicy(home, POLICY), "--http", "0"]);
  ep = readEndpoint(home);
  port = Number(new URL(ep.url).port);
});

afterAll(async () => {
  for (const a of opened) await a.close().catch(() => undefined);
  await daemon?.stop();
  cleanup(home);
});

async function http(name: string, query = ""): Promise<HttpAgent> {
  const a = await connectHttp(ep, name, query);
  opened.push(a);
  return a;
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
}

/** One HTTP request by hand, for what the SDK client never sends. */
function raw(opts: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      Authorization: `Bearer ${ep.token}`,
      ...opts.headers,
    };
    for (const [k, v] of Object.entries(headers)) if (v === "") delete headers[k];
    if (opts.body !== undefined && !opts.chunked) headers["Content-Length"] = String(Buffer.byteLength(opts.body));
    const req = request({ host: "127.0.0.1", port, method: opts.method ?? "POST", path: opts.path ?? "/mcp", headers, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => {
        let json: unknown;
        try {
          json = JSON.parse(body);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json });
      });
    });
    req.on("error", reject);
    if (opts.body !== undefined) {
      if (opts.chunked) {
        // Several writes without a Content-Length: the cap must hold while streaming too.
        const b = Buffer.from(opts.body);
        for (let i = 0; i < b.length; i += 1024 * 1024) req.write(b.subarray(i, i + 1024 * 1024));
      } else req.write(opts.body);
    }
    req.end();
  });
}

/** A session opened by hand; resolves its id. */
async function rawSession(): Promise<string> {
  const r = await raw({ body: JSON.stringify(INIT) });
  expect(r.status).toBe(200);
  const id = r.headers["mcp-session-id"] as string;
  const done = await raw({ body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), headers: { "mcp-session-id": id } });
  expect(done.status).toBe(202);
  return id;
}

const errorOf = (r: RawAnswer): { code: number; message: string } => {
  expect(r.json?.jsonrpc).toBe("2.0");
  return r.json.error;
};

describe("the endpoint", () => {
  it("writes its URL and a 32-byte token, both 0600, and listens on 127.0.0.1", () => {
    expect(ep.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(ep.token).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(home, "http-token")).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, "http.json")).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(home, "http.json"), "utf8")).tokenFile).toBe(join(home, "http-token"));
  });

  it("lists exactly the tools a stdio client sees and runs a step", async () => {
    const viaHttp = await http("parity");
    const viaStdio = await connectAgent(home);
    opened.push(viaStdio);
    const [h, s] = await Promise.all([viaHttp.client.listTools(), viaStdio.client.listTools()]);
    expect(h.tools.length).toBe(8);
    expect(h.tools).toEqual(s.tools);
    expect((await viaHttp.call("mcp_aql_execute", "execute_agent", { element_name: "parity" })).success).toBe(true);
    const r = await viaHttp.call("mcp_aql_create", "record_execution_step", { element_name: "parity", nextActionHint: "read_file README.md" });
    expect(r.data.autonomy.continue).toBe(true);
    expect(r.data.step).toBe(1);
  });

  it("gives the same answer as stdio to calls that are refused", async () => {
    const viaHttp = await http("refusals");
    const viaStdio = await connectAgent(home);
    opened.push(viaStdio);
    const cases: Array<[string, unknown]> = [
      ["mcp_aql_read", { operation: "record_execution_step", params: { element_name: "x", nextActionHint: "ls" } }],
      ["mcp_aql_create", { operation: "record_execution_step", params: { element_name: "x", nextActionHint: "ls", evil: 1 } }],
      ["mcp_aql_create", { operation: "no_such_operation" }],
      ["no_such_tool", { operation: "introspect" }],
      ["t".repeat(200), { operation: "record_execution_step" }],
      ["mcp_aql_create", { operation: "record_execution_step", params: { element_name: "x", nextActionHint: "x".repeat(40_000) } }],
    ];
    for (const [name, args] of cases) {
      const h = await viaHttp.client.callTool({ name, arguments: args as Record<string, unknown> });
      const s = await viaStdio.client.callTool({ name, arguments: args as Record<string, unknown> });
      expect(h).toEqual(s);
      expect(JSON.parse((h.content as Array<{ text: string }>)[0]!.text).success).toBe(false);
    }
  });
});

describe("who may talk to it", () => {
  it("refuses a request without the token, with a wrong one, or with another scheme (401)", async () => {
    const body = JSON.stringify(INIT);
    for (const authorization of ["", `Bearer ${"0".repeat(64)}`, `Bearer ${ep.token}x`, `Basic ${ep.token}`, `Bearer`]) {
      const r = await raw({ body, headers: { Authorization: authorization } });
      expect(r.status).toBe(401);
      expect(r.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(errorOf(r).message).toMatch(/Authorization: Bearer/);
    }
    await expect(connectHttp({ url: ep.url, token: "f".repeat(64) }, "intruder")).rejects.toThrow(/401|Unauthorized/);
  });

  it("refuses a Host that is not a loopback name or not our port, and any Origin (403)", async () => {
    const body = JSON.stringify(INIT);
    for (const host of ["evil.example", `evil.example:${port}`, `127.0.0.1:${port + 1}`, `localhost.evil.example:${port}`, `127.0.0.2:${port}`]) {
      const r = await raw({ body, headers: { Host: host } });
      expect(r.status).toBe(403);
      expect(errorOf(r).message).toMatch(/Host/);
    }
    for (const origin of ["http://evil.example", `http://127.0.0.1:${port}`, "null"]) {
      const r = await raw({ body, headers: { Origin: origin } });
      expect(r.status).toBe(403);
      expect(errorOf(r).message).toMatch(/Origin/);
    }
    for (const host of [`localhost:${port}`, "localhost", `[::1]:${port}`]) {
      const r = await raw({ body, headers: { Host: host } });
      expect(r.status).toBe(200);
      await raw({ method: "DELETE", headers: { "mcp-session-id": r.headers["mcp-session-id"] as string, Host: host } });
    }
  });

  it("refuses a body over the cap, declared or streamed (413), and keeps serving", async () => {
    const big = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${"x".repeat(MAX_BODY)}"}}`;
    const declared = await raw({ body: big });
    expect(declared.status).toBe(413);
    expect(errorOf(declared).message).toMatch(/at most 8388608 bytes/);
    const streamed = await raw({ body: big, chunked: true });
    expect(streamed.status).toBe(413);
    // Declared absurdly large: refused on the header alone, before any of it is sent.
    const absurd = await raw({ headers: { "Content-Length": String(1e12) } });
    expect(absurd.status).toBe(413);
    expect(absurd.headers.connection).toBe("close");
    const a = await http("after-413");
    expect((await a.call("mcp_aql_read", "introspect")).success).toBe(true);
  });
});

describe("malformed requests", () => {
  it("get JSON-RPC errors, never a crash", async () => {
    const sid = await rawSession();
    const withSession = { "mcp-session-id": sid };
    const cases: Array<[Parameters<typeof raw>[0], number, number]> = [
      [{ body: "{not json" }, 400, -32700],
      [{ body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) }, 400, -32700],
      [{ body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }) }, 400, -32000],
      [{ body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }), headers: { "mcp-session-id": "00000000-0000-4000-8000-000000000000" } }, 404, -32001],
      [{ method: "GET", headers: { Accept: "text/event-stream" } }, 400, -32000],
      [{ method: "PUT", body: "{}" }, 405, -32000],
      [{ path: "/other", body: JSON.stringify(INIT) }, 404, -32000],
      [{ path: "/mcp?evil=1", body: JSON.stringify(INIT) }, 400, -32602],
      [{ path: "/mcp?agent=a&agent=b", body: JSON.stringify(INIT) }, 400, -32602],
      [{ body: JSON.stringify([1, 2, 3]), headers: withSession }, 400, -32700],
      [{ body: "42", headers: withSession }, 400, -32700],
      [{ body: JSON.stringify(INIT), headers: withSession }, 400, -32600],
      [{ body: JSON.stringify(INIT), headers: { "Content-Type": "text/plain" } }, 415, -32000],
    ];
    for (const [opts, status, code] of cases) {
      const r = await raw(opts);
      expect({ status: r.status, code: errorOf(r).code }).toEqual({ status, code });
    }
    // An unknown JSON-RPC method in a live session is the protocol's own error.
    const unknown = await raw({ body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "no/such" }), headers: withSession });
    expect(unknown.json.error.code).toBe(-32601);
    expect(daemon.proc.exitCode).toBeNull();
    const a = await http("after-malformed");
    expect((await a.call("mcp_aql_read", "introspect")).success).toBe(true);
  });

  it("a session ended with DELETE is gone", async () => {
    const sid = await rawSession();
    expect((await raw({ method: "DELETE", headers: { "mcp-session-id": sid } })).status).toBe(200);
    const r = await raw({ body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }), headers: { "mcp-session-id": sid } });
    expect(r.status).toBe(404);
  });

  it("names the session after ?agent= or the client's own name, in the daemon's log", async () => {
    await http("named-by-client-info");
    await http("ignored-name", "?agent=named-by-query");
    while (!(daemon.stderr().includes('"agent":"named-by-query"') && daemon.stderr().includes('"agent":"named-by-client-info"'))) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(daemon.stderr()).not.toContain('"agent":"ignored-name"');
  });
});

describe("sessions are capped", () => {
  it("refuses a new session past 256 (503), and takes one again when a session ends", async () => {
    const h = tempHome();
    const d = await startDaemon(h, ["--simulate", "--http", "0"]);
    const saved = { ep, port };
    try {
      ep = readEndpoint(h);
      port = Number(new URL(ep.url).port);
      const ids: string[] = [];
      for (let batch = 0; batch < 256 / 16; batch++) {
        const answers = await Promise.all(Array.from({ length: 16 }, () => raw({ body: JSON.stringify(INIT) })));
        for (const r of answers) {
          expect(r.status).toBe(200);
          ids.push(r.headers["mcp-session-id"] as string);
        }
      }
      expect(new Set(ids).size).toBe(256);
      const refused = await raw({ body: JSON.stringify(INIT) });
      expect(refused.status).toBe(503);
      expect(refused.headers["retry-after"]).toBe("60");
      expect(errorOf(refused).message).toMatch(/256 MCP sessions/);
      // Sessions already open keep working.
      expect((await raw({ body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }), headers: { "mcp-session-id": ids[7]! } })).status).toBe(200);
      expect((await raw({ method: "DELETE", headers: { "mcp-session-id": ids[0]! } })).status).toBe(200);
      expect((await raw({ body: JSON.stringify(INIT) })).status).toBe(200);
    } finally {
      ({ ep, port } = saved);
      await d.stop();
      cleanup(h);
    }
  });
});

describe("one MCP session, one identity", () => {
  it("a hard block binds the blocked session and the agent name, not another session", async () => {
    const a = await http("alpha-client");
    const b = await http("beta-client");
    expect((await a.call("mcp_aql_execute", "execute_agent", { element_name: "alpha" })).success).toBe(true);
    expect((await b.call("mcp_aql_execute", "execute_agent", { element_name: "beta" })).success).toBe(true);

    const blocked = await a.call("mcp_aql_create", "record_execution_step", { element_name: "alpha", nextActionHint: "drop_table customers" });
    expect(blocked.data.autonomy).toMatchObject({ continue: false, stopped: true });
    const dz = blocked.data.autonomy.notifications.find((n: { type: string }) => n.type === "danger_zone");
    expect(dz.metadata.verificationId).toBe(blocked.data.verification.verificationId);

    // The other session goes on, and hears of the block on its next step (pull, §8.7.3).
    const other = await b.call("mcp_aql_create", "record_execution_step", { element_name: "beta", nextActionHint: "read_file notes.md" });
    expect(other.data.autonomy.continue).toBe(true);
    expect(other.data.autonomy.notifications).toEqual([expect.objectContaining({ type: "danger_zone", metadata: expect.objectContaining({ agent: "alpha", verificationId: dz.metadata.verificationId }) })]);

    // The blocked session is refused whatever it calls itself; its next step is stopped.
    expect((await a.call("mcp_aql_create", "record_execution_step", { element_name: "alpha", nextActionHint: "read_file notes.md" })).data.autonomy).toMatchObject({
      continue: false,
      stopped: true,
    });
    expect((await a.call("mcp_aql_execute", "execute_agent", { element_name: "gamma" })).error.code).toBe("PERMISSION_AGENT_BLOCKED");
    // The name is blocked in every session, HTTP or stdio.
    expect((await b.call("mcp_aql_execute", "execute_agent", { element_name: "alpha" })).error.code).toBe("PERMISSION_AGENT_BLOCKED");
    const viaStdio = await connectAgent(home);
    opened.push(viaStdio);
    expect((await viaStdio.call("mcp_aql_execute", "execute_agent", { element_name: "alpha" })).error.code).toBe("PERMISSION_AGENT_BLOCKED");
    // And beta still runs.
    expect((await b.call("mcp_aql_create", "record_execution_step", { element_name: "beta", nextActionHint: "read_file todo.md" })).data.autonomy.continue).toBe(true);
  });

  it("a pause in one session does not pause another", async () => {
    const a = await http("pause-a");
    const b = await http("pause-b");
    await a.call("mcp_aql_execute", "execute_agent", { element_name: "pauser" });
    await b.call("mcp_aql_execute", "execute_agent", { element_name: "pauser" });
    const paused = await a.call("mcp_aql_create", "record_execution_step", { element_name: "pauser", nextActionHint: "deploy_service api" });
    expect(paused.data.autonomy).toMatchObject({ continue: false, stopped: false });
    expect((await a.call("mcp_aql_create", "record_execution_step", { element_name: "pauser", nextActionHint: "read_file a.md" })).data.autonomy.continue).toBe(false);
    expect((await b.call("mcp_aql_create", "record_execution_step", { element_name: "pauser", nextActionHint: "read_file a.md" })).data.autonomy.continue).toBe(true);
  });

  it("a hard block is pushed to every open stream as an MCP log message", async () => {
    const sid = await rawSession();
    let streamOpen!: () => void;
    const opened = new Promise<void>((r) => (streamOpen = r));
    const pushed = new Promise<any>((resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port, method: "GET", path: "/mcp", agent: false, headers: { Authorization: `Bearer ${ep.token}`, Accept: "text/event-stream", "mcp-session-id": sid } },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`GET stream answered ${res.statusCode}`));
          streamOpen();
          let buf = "";
          res.setEncoding("utf8");
          res.on("data", (d: string) => {
            buf += d;
            for (let end = buf.indexOf("\n\n"); end !== -1; end = buf.indexOf("\n\n")) {
              const event = buf.slice(0, end);
              buf = buf.slice(end + 2);
              const data = event
                .split("\n")
                .filter((l) => l.startsWith("data: "))
                .map((l) => l.slice(6))
                .join("");
              if (!data) continue;
              const msg = JSON.parse(data);
              if (msg.method === "notifications/message" && msg.params?.data?.metadata?.agent === "delta") {
                req.destroy();
                resolve(msg);
              }
            }
          });
        },
      );
      req.on("error", reject);
      req.end();
    });
    // The stream is registered before its headers are sent: from here on, pushes reach it.
    await opened;
    const d = await http("delta-client");
    await d.call("mcp_aql_execute", "execute_agent", { element_name: "delta" });
    const blocked = await d.call("mcp_aql_create", "record_execution_step", { element_name: "delta", nextActionHint: "drop_table ledger" });
    expect(blocked.data.autonomy.stopped).toBe(true);
    const msg = await pushed;
    expect(msg.params.level).toBe("alert");
    expect(msg.params.logger).toBe("haltkey");
    expect(msg.params.data).toMatchObject({ type: "danger_zone", metadata: { agent: "delta", verificationId: blocked.data.verification.verificationId } });
    // Only the challenge id travels; the code stays on the display.
    expect(JSON.stringify(msg)).not.toMatch(/"code"/);
  });
});

describe("tools a model can learn", () => {
  it("lists each operation's parameters and the reporting prompt, and accepts an id under the name the notification gives it", async () => {
    const a = await http("learner");
    const create = (await a.client.listTools()).tools.find((t) => t.name === "mcp_aql_create")!;
    const branches = (create.inputSchema.properties as { params: { anyOf: Array<{ title: string; required: string[] }> } }).params.anyOf;
    expect(branches.find((b) => b.title === "record_execution_step")?.required).toEqual(["element_name", "nextActionHint"]);
    expect((await a.client.listPrompts()).prompts.map((p) => p.name)).toEqual(["haltkey_safety_loop"]);
    expect(JSON.stringify((await a.client.getPrompt({ name: "haltkey_safety_loop" })).messages)).toContain("record_execution_step");

    await a.call("mcp_aql_execute", "execute_agent", { element_name: "learner" });
    const paused = await a.call("mcp_aql_create", "record_execution_step", { element_name: "learner", nextActionHint: "deploy_service api" });
    const id = paused.data.autonomy.notifications.find((n: { metadata?: { confirmationId?: string } }) => n.metadata?.confirmationId).metadata.confirmationId as string;
    // The notification calls it confirmationId; confirm_operation's parameter is confirmation_id.
    const asked = await a.call("mcp_aql_execute", "confirm_operation", { element_name: "learner", confirmationId: id, wait_seconds: 0 });
    expect(asked.success).toBe(true);
    expect(asked.data).toMatchObject({ confirmation_id: id, status: "pending" });
    expect(asked.warnings).toEqual(["Deprecated spelling: 'confirmationId' was accepted as confirm_operation's parameter 'confirmation_id'; send it as 'confirmation_id'."]);
  });
});

describe("starting", () => {
  it("takes only a port: there is no host to choose", async () => {
    const h = tempHome();
    try {
      for (const v of ["0.0.0.0:8080", "localhost:0", "65536"]) {
        const r = await cli(h, "serve", "--simulate", "--http", v);
        expect(r.code).not.toBe(0);
        expect(r.stderr).toMatch(/127\.0\.0\.1 only/);
      }
    } finally {
      cleanup(h);
    }
  });

  it("keeps its token across restarts, and refuses one other users could read", async () => {
    const h = tempHome();
    try {
      let d = await startDaemon(h, ["--simulate", "--http", "0"]);
      const first = readEndpoint(h).token;
      await d.stop();
      d = await startDaemon(h, ["--simulate", "--http", "0"]);
      const again = readEndpoint(h);
      expect(again.token).toBe(first);
      const a = await connectHttp(again, "restarted");
      expect((await a.call("mcp_aql_read", "introspect")).success).toBe(true);
      await a.close();
      await d.stop();
      chmodSync(join(h, "http-token"), 0o644);
      await expect(startDaemon(h, ["--simulate", "--http", "0"])).rejects.toThrow(/open to other users/);
      rmSync(join(h, "http-token"));
      writeFileSync(join(h, "elsewhere"), first, { mode: 0o600 });
      symlinkSync(join(h, "elsewhere"), join(h, "http-token"));
      await expect(startDaemon(h, ["--simulate", "--http", "0"])).rejects.toThrow(/not a link/);
      rmSync(join(h, "http-token"));
      writeFileSync(join(h, "http-token"), "not a token", { mode: 0o600 });
      chmodSync(join(h, "http-token"), 0o600);
      await expect(startDaemon(h, ["--simulate", "--http", "0"])).rejects.toThrow(/does not hold a token/);
    } finally {
      cleanup(h);
    }
  });
});
