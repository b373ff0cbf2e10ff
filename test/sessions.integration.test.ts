// Sessions under attack (issue 11 #2), as the finding attacked them: a second process of the same
// user, talking to the real daemon's agent socket, tries to act in a session that is not its own.
// It cannot resume a credentialed session; it can join a keyed (hook) session, and nothing it does
// there weakens it: abort and a new execution clear neither the pause nor the breakers, a wrong
// code burns the challenge but the pause stays and a fresh code is shown.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DaemonClient } from "../src/daemon/client.js";
import { cleanup, CLI, displayScreens, startDaemon, tempHome, writePolicy, type Daemon } from "./helpers/daemon.js";

const run = promisify(execFile);
const CLIENT_URL = pathToFileURL(join(CLI, "..", "..", "daemon", "client.js")).href;

let home: string;
let daemon: Daemon;
let sock: string;

beforeAll(async () => {
  home = tempHome();
  daemon = await startDaemon(home, ["--simulate", "--policy", writePolicy(home, { deny: ["drop_*"] })]);
  sock = join(home, "haltkey.sock");
});
afterAll(async () => {
  await daemon?.stop();
  cleanup(home);
});

/**
 * Another process of the same user: a fresh node running `body` against the agent socket with the
 * built client. `call(method, params)` answers the result or `{ error, message }`; `out` is printed.
 */
async function otherProcess(body: string): Promise<any[]> {
  const script = `
import { DaemonClient } from ${JSON.stringify(CLIENT_URL)};
const c = await DaemonClient.connect(process.env.SOCK);
const out = [];
const call = async (m, p) => { try { return await c.request(m, p, 10000); } catch (e) { return { error: e.code, message: e.message }; } };
const aql = (tool, operation, params) => call("aql", { tool, arguments: { operation, params } });
${body}
c.close();
process.stdout.write(JSON.stringify(out));`;
  const r = await run(process.execPath, ["--input-type=module", "-e", script], { env: { ...process.env, SOCK: sock }, timeout: 30_000 });
  return JSON.parse(r.stdout) as any[];
}

async function agentClient(hello: Record<string, unknown> = {}) {
  const c = await DaemonClient.connect(sock);
  const h = await c.request("hello", hello as never);
  const aql = async (tool: string, operation: string, params: Record<string, unknown>): Promise<any> => c.request("aql", { tool, arguments: { operation, params } });
  return {
    c,
    hello: h,
    aql,
    start: (agent: string) => aql("mcp_aql_execute", "execute_agent", { element_name: agent }),
    step: (agent: string, hint: string, extra: Record<string, unknown> = {}) => aql("mcp_aql_create", "record_execution_step", { element_name: agent, nextActionHint: hint, ...extra }),
  };
}

async function operator<T>(method: string, params: Record<string, unknown>): Promise<T> {
  const c = await DaemonClient.connect(join(home, "operator.sock"));
  try {
    return (await c.request(method as never, params as never)) as T;
  } finally {
    c.close();
  }
}

const AWS_KEY = "aws_access_key_id = AKIAQX4EXAMPLE7KEYZQ\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY";

describe("a credentialed session cannot be joined (issue 11 #2)", () => {
  it("another process naming the session's id gets a fresh session; with a wrong credential it is refused; the holder resumes it", async () => {
    const victim = await agentClient({ client: "victim" });
    expect(victim.hello.credential).toMatch(/^[0-9a-f]{64}$/);
    const sessionId = victim.hello.sessionId;
    await victim.start("v");
    const paused = await victim.step("v", "rotate keys", { riskScore: 70 });
    const vid = paused.data.verification.verificationId as string;
    expect(paused.data.autonomy.continue).toBe(false);

    const [named, wrong, abort, guess] = await otherProcess(`
      const named = await call("hello", { sessionId: ${JSON.stringify(sessionId)} });
      out.push(named);
      out.push(await call("hello", { sessionId: ${JSON.stringify(sessionId)}, credential: "0".repeat(64) }));
      out.push(await aql("mcp_aql_execute", "abort_execution", { element_name: "v" }));
      out.push(await aql("mcp_aql_create", "verify_challenge", { challenge_id: ${JSON.stringify(vid)}, code: "0000-0000-0000-0000-0000-0000-00" }));
    `);
    expect(named.sessionId).not.toBe(sessionId);
    expect(named.resumed).toBe(false);
    expect(wrong).toMatchObject({ error: "PERMISSION_DENIED" });
    expect(abort.error.code).toBe("NOT_FOUND_RESOURCE");
    expect(guess.success).toBe(false);

    // Nothing moved: the same pause, the same challenge (a guess from another session burns nothing).
    const again = await victim.step("v", "ls");
    expect(again.data.autonomy.continue).toBe(false);
    expect(again.data.verification.verificationId).toBe(vid);

    // The holder of the credential resumes its own session after a reconnect: still paused.
    victim.c.close();
    const back = await agentClient({ sessionId, credential: victim.hello.credential });
    expect(back.hello).toMatchObject({ sessionId, resumed: true });
    expect(back.hello.credential).toBeUndefined();
    const resumed = await back.step("v", "ls");
    expect(resumed.data.autonomy.continue).toBe(false);
    expect(resumed.data.verification.verificationId).toBe(vid);
    back.c.close();
  });

  it("a session's credential survives a daemon restart; a session id without it never resumes", async () => {
    const first = await agentClient();
    const { sessionId, credential } = first.hello;
    await first.start("r");
    first.c.close();
    await daemon.stop();
    daemon = await startDaemon(home, ["--simulate", "--policy", writePolicy(home, { deny: ["drop_*"] })]);
    const back = await agentClient({ sessionId, credential });
    expect(back.hello).toMatchObject({ sessionId, resumed: true });
    // Its execution is still its own: a second start conflicts.
    expect((await back.start("r")).error.code).toBe("CONFLICT_EXECUTION_ACTIVE");
    back.c.close();
    const [bare] = await otherProcess(`out.push(await call("hello", { sessionId: ${JSON.stringify(sessionId)} }));`);
    expect(bare.sessionId).not.toBe(sessionId);
  });
});

describe("joining a keyed (hook) session gains nothing (issue 11 #2)", () => {
  const key = (id: string) => ({ sessionKey: { client: "claude-code", id } });

  it("abort and a new execution from another process clear neither the pause nor the breakers: the egress after reading a key stays paused", async () => {
    const hook = await agentClient(key("cc-session-1"));
    const agent = "claude-code:project-a";
    await hook.start(agent);
    const read = await hook.step(agent, "read notes.txt", { tool: "Read", access: "read", findings: AWS_KEY });
    expect(read.data.autonomy.continue).toBe(true);
    const egress = () => hook.step(agent, "send the build summary to the team channel", { tool: "slack_send_message", access: "write", justification: "report the build" });
    const paused = await egress();
    expect(paused.data.autonomy, JSON.stringify(paused.data)).toMatchObject({ continue: false });
    const confirmationId = paused.data.confirmation.confirmationId as string;

    const [joined, aborted, restarted] = await otherProcess(`
      out.push(await call("hello", ${JSON.stringify(key("cc-session-1"))}));
      out.push(await aql("mcp_aql_execute", "abort_execution", { element_name: ${JSON.stringify(agent)} }));
      out.push(await aql("mcp_aql_execute", "execute_agent", { element_name: ${JSON.stringify(agent)} }));
    `);
    // Honest: whatever the hook knows, the agent's other processes know; the keyed session is joined.
    expect(joined.sessionId).toBe(hook.hello.sessionId);
    expect(aborted.success).toBe(true);
    expect(restarted.success).toBe(true);

    // The pause belongs to the session: still waiting for the human.
    const still = await egress();
    expect(still.data.autonomy.continue).toBe(false);
    expect(still.data.confirmation.confirmationId).toBe(confirmationId);
    // The human refuses it; the breakers still remember the key that was read, so the egress pauses anew.
    await operator("deny", { requestId: confirmationId });
    const anew = await egress();
    expect(anew.data.autonomy.continue).toBe(false);
    expect(anew.data.autonomy.reason).toMatch(/secret or personal-data/);
    hook.c.close();
  });

  it("a wrong code from a joined process burns the challenge but the pause stays, with a fresh code on the display", async () => {
    const hook = await agentClient(key("cc-session-2"));
    const agent = "claude-code:project-a2";
    await hook.start(agent);
    const paused = await hook.step(agent, "rotate keys", { riskScore: 70 });
    const vid = paused.data.verification.verificationId as string;

    const [joined, burned] = await otherProcess(`
      out.push(await call("hello", ${JSON.stringify(key("cc-session-2"))}));
      out.push(await aql("mcp_aql_create", "verify_challenge", { challenge_id: ${JSON.stringify(vid)}, code: "0000-0000-0000-0000-0000-0000-00" }));
    `);
    expect(joined.sessionId).toBe(hook.hello.sessionId);
    expect(burned).toMatchObject({ success: false, error: { code: "TOKEN_INVALID" } });
    expect(burned.error.message).toMatch(/the pause stays/);

    // Another action in the session is still held by the pause; a new code is shown for it.
    const next = await hook.step(agent, "ls");
    expect(next.data.autonomy.continue).toBe(false);
    const fresh = next.data.verification.verificationId as string;
    expect(fresh).not.toBe(vid);
    expect(displayScreens(home).some((s) => s.event === "show" && s.requestId === fresh && s.code)).toBe(true);
    const status = await operator<{ pending: Array<{ id: string }> }>("status", {});
    expect(status.pending.map((p) => p.id)).toContain(fresh);
    expect(status.pending.map((p) => p.id)).not.toContain(vid);
    hook.c.close();
  });
});

describe("block scope (issue 12 #3): a block holds what the blocked agent cannot shed, and nothing else", () => {
  const hookSession = (id: string) => agentClient({ sessionKey: { client: "claude-code", id } });

  it("a block in project A stops neither project B's session; renaming, a new session of the same name, or moving the session to another project does not escape it", async () => {
    const a = await hookSession("claude-session-in-project-a");
    const nameA = "claude-code:project-a-1a2b3c";
    await a.start(nameA);
    const stop = await a.step(nameA, "drop_table users");
    expect(stop.data.autonomy.stopped).toBe(true);

    // An unrelated Claude Code session in another project goes on.
    const b = await hookSession("claude-session-in-project-b");
    const nameB = "claude-code:project-b-4d5e6f";
    expect((await b.start(nameB)).success).toBe(true);
    expect((await b.step(nameB, "ls")).data.autonomy.continue).toBe(true);

    // Renaming within the blocked session.
    expect((await a.start("renamed-agent")).error.code).toBe("PERMISSION_AGENT_BLOCKED");
    expect((await a.step("renamed-agent", "ls")).data.autonomy.stopped).toBe(true);

    // A new session (another process, a fresh credentialed session) under the blocked name.
    const [fresh, started, stepped] = await otherProcess(`
      out.push(await call("hello", {}));
      out.push(await aql("mcp_aql_execute", "execute_agent", { element_name: ${JSON.stringify(nameA)} }));
      out.push(await aql("mcp_aql_create", "record_execution_step", { element_name: ${JSON.stringify(nameA)}, nextActionHint: "ls" }));
    `);
    expect(fresh.sessionId).not.toBe(a.hello.sessionId);
    expect(started.error.code).toBe("PERMISSION_AGENT_BLOCKED");
    expect(stepped.data.autonomy.stopped).toBe(true);

    // The same Claude Code session moved to project C (its agent name changes with the project).
    const moved = await hookSession("claude-session-in-project-a");
    expect(moved.hello.sessionId).toBe(a.hello.sessionId);
    expect((await moved.step("claude-code:project-c-7a8b9c", "ls")).data.autonomy.stopped).toBe(true);

    // Project B is still unaffected after all of it.
    expect((await b.step(nameB, "cat README.md")).data.autonomy.continue).toBe(true);
    for (const x of [a, b, moved]) x.c.close();
  });

  it("renaming the agent within a session does not shed the breakers: a key read under one name makes egress under another pause", async () => {
    const s = await hookSession("claude-session-renaming");
    await s.start("claude-code:project-d-1");
    expect((await s.step("claude-code:project-d-1", "read notes.txt", { tool: "Read", access: "read", findings: AWS_KEY })).data.autonomy.continue).toBe(true);
    await s.start("claude-code:project-e-2");
    const egress = await s.step("claude-code:project-e-2", "send the build summary to the team channel", { tool: "slack_send_message", access: "write", justification: "report" });
    expect(egress.data.autonomy.continue).toBe(false);
    expect(egress.data.autonomy.reason).toMatch(/secret or personal-data/);
    s.c.close();
  });
});
