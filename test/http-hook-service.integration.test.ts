// The http hook inside the daemon asks the daemon's service directly (issue 12 #5: decision p99
// ≤ 10 ms). Through the socket it cost a connection, hello and two more round trips of framing
// and protocol checks per tool call, as much CPU as the judgement. A real daemon (server.ts) with
// the hook as its front end, as `haltkey serve --hook-http` starts it.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, unlinkSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHookHttp } from "../src/adapters/http-hook.js";
import { serviceLink } from "../src/daemon/service-link.js";
import { silentLogger } from "../src/daemon/log.js";
import { resolvePaths } from "../src/daemon/paths.js";
import { startDaemon, type RunningDaemon } from "../src/daemon/server.js";

let home: string;
let daemon: RunningDaemon;
let port: number;
let token: string;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), "haltkey-hook-service-"));
  const paths = resolvePaths({ HALTKEY_HOME: home });
  daemon = await startDaemon({ paths, simulate: true, log: silentLogger(), frontEnds: [(core) => startHookHttp({ port: 0, ...core })] });
  port = (JSON.parse(readFileSync(join(home, "hook-http.json"), "utf8")) as { port: number }).port;
  token = readFileSync(join(home, "hook-token"), "utf8").trim();
});
afterAll(async () => {
  agent.destroy();
  await daemon?.close();
  rmSync(home, { recursive: true, force: true });
});

function post(body: unknown, query = ""): Promise<{ status: number; headers: Record<string, unknown>; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path: `/hooks/claude-code${query}`, method: "POST", agent, headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` } },
      (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text.length > 0 ? JSON.parse(text) : undefined }));
      },
    );
    req.once("error", reject);
    req.end(JSON.stringify(body));
  });
}

const call = (session_id: string, hook_event_name: string, tool_input: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  session_id,
  transcript_path: `/home/dev/.claude/projects/p/${session_id}.jsonl`,
  cwd: "/home/dev/project",
  permission_mode: "default",
  hook_event_name,
  tool_name: "Bash",
  tool_input,
  tool_use_id: `toolu_${randomUUID()}`,
  ...extra,
});

describe("the http hook asks the daemon's service in process", () => {
  it("judges with the agent socket gone: it never connects to it", async () => {
    // Without the service the hook dials the daemon's own socket for every call; with the socket
    // file removed that is "daemon unavailable", a deny. In process, the judgement is unchanged.
    unlinkSync(resolvePaths({ HALTKEY_HOME: home }).socket);
    const session = randomUUID();
    const go = await post(call(session, "PreToolUse", { command: "ls -la", description: "list" }), "?agent=svc-ls");
    expect(go).toMatchObject({ status: 200, body: undefined });
    const after = await post(call(session, "PostToolUse", { command: "ls -la" }, { tool_response: { stdout: "a\nb\n", stderr: "" } }), "?agent=svc-ls");
    expect(after).toMatchObject({ status: 200, body: undefined });
    const stop = await post(call(randomUUID(), "PreToolUse", { command: "rm -rf /", description: "clean up" }), "?agent=svc-rm");
    expect(stop.status).toBe(200);
    expect(stop.body.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(stop.body.hookSpecificOutput.permissionDecisionReason).toMatch(/hard-blocked agent 'svc-rm'/);
    // The block is the daemon's, as for any other front end: the same session's next call is denied.
    const next = await post(call(randomUUID(), "PreToolUse", { command: "ls", description: "list" }), "?agent=svc-rm");
    expect(next.body.hookSpecificOutput.permissionDecision).toBe("deny");
  });

  it("the session's calls are one execution in the audit log, as through the socket", async () => {
    const session = randomUUID();
    for (let i = 0; i < 3; i++) expect((await post(call(session, "PreToolUse", { command: `echo ${i}`, description: "say" }), "?agent=svc-exec")).status).toBe(200);
    const executions = (daemon.service.status().executions as Array<{ agent: string; steps: number }>).filter((e) => e.agent === "svc-exec");
    expect(executions).toEqual([expect.objectContaining({ steps: 3 })]);
  });

  it("keeps an idle connection open for 5 minutes and says so (Keep-Alive: timeout=300)", async () => {
    // Node's default, 5 s, is shorter than a model's thinking between two tool calls: a client
    // reusing the connection as the server closed it would get a reset, which onFailure: "block"
    // turns into a blocked call.
    const r = await post(call(randomUUID(), "PreToolUse", { command: "pwd", description: "where" }), "?agent=svc-ka");
    expect(r.headers["keep-alive"]).toBe("timeout=300");
    expect(r.headers.connection).toBe("keep-alive");
  });
});

describe("refusals before the token is checked", () => {
  it("close the connection: nothing without the token keeps one of the hook's 256 connections for 5 minutes", async () => {
    // Loopback TCP is open to every local user. A refused request used to keep its connection
    // alive for the 5-minute keep-alive, so a process without the token could hold all of them and
    // every Claude Code hook call would fail (blocked, with onFailure: block).
    const ask = (headers: Record<string, string>): Promise<{ connection: unknown; body: any }> =>
      new Promise((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port, path: "/hooks/claude-code", method: "POST", agent: new Agent({ keepAlive: true }), headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, ...headers } }, (res) => {
          let text = "";
          res.on("data", (d: Buffer) => (text += d.toString()));
          res.on("end", () => resolve({ connection: res.headers.connection, body: JSON.parse(text) }));
        });
        req.once("error", reject);
        req.end(JSON.stringify(call(randomUUID(), "PreToolUse", { command: "ls", description: "list" })));
      });
    for (const headers of [{ Authorization: "Bearer 00" }, { Host: "evil.example" }, { Origin: "http://evil.example" }]) {
      const r = await ask(headers);
      expect(r.body.hookSpecificOutput.permissionDecision, JSON.stringify(headers)).toBe("deny");
      expect(r.connection, JSON.stringify(headers)).toBe("close");
    }
  });
});

describe("serviceLink", () => {
  it("fails a call the service does not answer in time as the socket would (INTERNAL_DAEMON_TIMEOUT), so the hook refuses", async () => {
    // A service stuck on a call: without the timeout the hook would wait until Claude Code gives
    // up on it, and Claude Code runs a call whose hook timed out.
    const stuck = { call: () => new Promise(() => undefined), hello: async () => ({ ok: true, caller: { sessionId: "s" }, resumed: false }), channelInfo: { simulated: true } };
    const link = serviceLink(stuck as unknown as Parameters<typeof serviceLink>[0], "semantic");
    await expect(link.call("aql", { tool: "mcp_aql_create", arguments: {} }, 20)).rejects.toMatchObject({ code: "INTERNAL_DAEMON_TIMEOUT" });
    link.close();
    await expect(link.call("hello", { client: "x" })).rejects.toMatchObject({ code: "INTERNAL_DAEMON_UNAVAILABLE" });
  });
});
