// The native relay (native/relay.c) and the daemon's MCP socket (src/mcp/socket-session.ts), as an
// MCP client and an attacker meet them: the relay is the client's only process while the daemon
// runs; it becomes `haltkey mcp` when none does or when the daemon dies, carrying its session over;
// the session's credential never reaches the client; the socket takes raw bytes from another
// process of the same user without harm to anyone else's session; and the relay dies with its client.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI, RELAY, cleanup, cli, connectAgent, startDaemon, tempHome, writePolicy, type Daemon } from "./helpers/daemon.js";

const homes: string[] = [];
const daemons: Daemon[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
  for (const d of daemons.splice(0)) await d.stop();
  for (const h of homes.splice(0)) cleanup(h);
});

async function fresh(args: string[] = ["--simulate"]): Promise<{ home: string; daemon: Daemon }> {
  const home = tempHome();
  homes.push(home);
  const daemon = await startDaemon(home, args);
  daemons.push(daemon);
  return { home, daemon };
}

/** What a process runs now: its executable's name (the relay, or node once it has become the shim). */
const commOf = (pid: number): string => readFileSync(`/proc/${pid}/comm`, "utf8").trim();

/** Waits until `ok` holds (polled), or fails saying `what` after `ms`. */
async function until(what: string, ok: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The relay started by hand, its stdio ours: lines in, bytes out. */
function relay(home: string, shimArgs: string[] = ["--no-autostart"]): { proc: ChildProcessWithoutNullStreams; out: () => string; err: () => string; send: (msg: unknown) => void } {
  const proc = spawn(RELAY, [join(home, "mcp.sock"), process.execPath, CLI, "mcp", ...shimArgs], { env: { ...process.env, HALTKEY_HOME: home } });
  children.push(proc);
  let out = "";
  let err = "";
  proc.stdout.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr.on("data", (d: Buffer) => (err += d.toString()));
  return { proc, out: () => out, err: () => err, send: (msg) => proc.stdin.write(`${JSON.stringify(msg)}\n`) };
}

const INITIALIZE = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } };
const introspect = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "mcp_aql_read", arguments: { operation: "introspect", params: {} } } });

/** A raw connection to the MCP socket, as a second process of the same user would open it. */
async function raw(home: string): Promise<{ socket: Socket; text: () => string; closed: Promise<void> }> {
  const socket = connect(join(home, "mcp.sock"));
  await new Promise<void>((res, rej) => socket.once("connect", res).once("error", rej));
  let text = "";
  socket.on("data", (d: Buffer) => (text += d.toString("latin1")));
  const closed = new Promise<void>((res) => socket.once("close", () => res()));
  return { socket, text: () => text, closed };
}

describe("the native relay with a daemon running", () => {
  it("is the client's only process: MCP answered by the daemon, no Node started", async () => {
    const { home } = await fresh();
    const r = relay(home);
    r.send(INITIALIZE);
    r.send(introspect(2));
    await until("two answers", () => r.out().split("\n").length > 2);
    const [init, call] = r.out().trim().split("\n").map((l) => JSON.parse(l));
    expect(init).toMatchObject({ jsonrpc: "2.0", id: 1, result: { serverInfo: { name: "haltkey" } } });
    expect(JSON.parse(call.result.content[0].text).success).toBe(true);
    expect(commOf(r.proc.pid!)).toBe("haltkey-relay");
  });

  it("never hands the client the session's credential: the daemon's first line stays in the relay", async () => {
    const { home } = await fresh();
    const direct = await raw(home);
    await until("the session line", () => direct.text().includes("\n"));
    const session = JSON.parse(direct.text().split("\n")[0]!) as { sessionId: string; credential: string };
    expect(session.credential).toMatch(/^[0-9a-f]{64}$/);
    direct.socket.destroy();

    const r = relay(home);
    r.send(INITIALIZE);
    r.send(introspect(2));
    await until("two answers", () => r.out().split("\n").length > 2);
    expect(r.out()).not.toMatch(/credential|sessionId|[0-9a-f]{64}/);
    // Every line the client reads is a JSON-RPC answer to what it sent.
    expect(r.out().trim().split("\n").map((l) => JSON.parse(l).id)).toEqual([1, 2]);
  });

  it("serves the same tools and answers as the Node shim", async () => {
    const { home } = await fresh();
    const viaRelay = await connectAgent(home, ["--no-autostart"], "relay");
    const viaShim = await connectAgent(home, ["--no-autostart"], "shim");
    try {
      expect((await viaRelay.client.listTools()).tools).toEqual((await viaShim.client.listTools()).tools);
      expect((await viaRelay.client.listPrompts()).prompts).toEqual((await viaShim.client.listPrompts()).prompts);
      for (const [i, agent] of [viaRelay, viaShim].entries()) {
        expect((await agent.call("mcp_aql_execute", "execute_agent", { element_name: `same-${i}` })).success).toBe(true);
        const stop = await agent.call("mcp_aql_create", "record_execution_step", { element_name: `same-${i}`, nextActionHint: "executing shell command: rm -rf / --no-preserve-root" });
        expect(stop.data.autonomy).toMatchObject({ continue: false, stopped: true });
        // A bad argument is refused the same way, named.
        const bad = await agent.raw("mcp_aql_create", { operation: "record_execution_step", params: { element_name: `same-${i}`, nextActionHint: 5 } });
        expect(JSON.parse(bad.text).success).toBe(false);
      }
    } finally {
      await viaRelay.close();
      await viaShim.close();
    }
  });
});

describe("the native relay without its daemon", () => {
  it("with no daemon listening it has haltkey mcp start one, then relays to it", async () => {
    const home = tempHome();
    homes.push(home);
    const r = relay(home, ["--simulate"]);
    r.send(INITIALIZE);
    r.send(introspect(2));
    await until("two answers", () => r.out().split("\n").length > 2, 30_000);
    expect(JSON.parse(JSON.parse(r.out().trim().split("\n")[1]!).result.content[0].text).success).toBe(true);
    expect(commOf(r.proc.pid!)).toBe("haltkey-relay");
    // The daemon it started is its own, detached: stop it.
    const status = await cli(home, "status", "--json");
    process.kill(JSON.parse(status.stdout).pid, "SIGTERM");
  });

  it("starts the daemon itself, detached, with no Node process before it; what init did not write goes the long way", async () => {
    const home = tempHome();
    homes.push(home);
    // The shim's node, as a wrapper that notes every command it is run with.
    const ran = join(home, "ran.txt");
    const node = join(home, "node");
    writeFileSync(node, `#!/bin/sh\necho "$*" >> '${ran}'\nexec '${process.execPath}' "$@"\n`, { mode: 0o700 });
    const policy = writePolicy(home, {});
    // The client lets the relay inherit two more pipes (fds 3 and 4), as a careless client may.
    const proc = spawn(RELAY, [join(home, "mcp.sock"), node, CLI, "mcp", "--policy", policy, "--simulate"], { env: { ...process.env, HALTKEY_HOME: home }, stdio: ["pipe", "pipe", "pipe", "pipe", "pipe"] }) as ChildProcessWithoutNullStreams;
    children.push(proc);
    const inherited = readlinkSync(`/proc/${proc.pid}/fd/4`);
    expect(inherited).toMatch(/^(?:pipe|socket):\[\d+\]$/);
    let out = "";
    proc.stdout.on("data", (d: Buffer) => (out += d.toString()));
    proc.stdin.write(`${JSON.stringify(INITIALIZE)}\n${JSON.stringify(introspect(2))}\n`);
    await until("two answers", () => out.split("\n").length > 2, 30_000);
    expect(JSON.parse(JSON.parse(out.trim().split("\n")[1]!).result.content[0].text).success).toBe(true);
    expect(readFileSync(ran, "utf8").trim().split("\n")).toEqual([`${CLI} serve --ready-fd 3 --policy ${policy} --simulate`]);
    const pid = JSON.parse((await cli(home, "status", "--json")).stdout).pid as number;
    // Not in the client's session or process group, and not the relay's child: it outlives the client.
    const fields = (p: number | "self") => readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" ").map(Number);
    const [, ppid, group, session] = fields(pid);
    const [, , relayGroup, relaySession] = fields(proc.pid!);
    expect(ppid).not.toBe(proc.pid);
    expect(session).not.toBe(relaySession);
    expect(group).not.toBe(relayGroup);
    expect(readlinkSync(`/proc/${pid}/cwd`)).toBe(home);
    expect(readFileSync(`/proc/${pid}/environ`, "utf8").split("\0")).toContain("MALLOC_ARENA_MAX=2");
    // It holds nothing the client gave the relay: not its stdio, not the extra pipes.
    const held = readdirSync(`/proc/${pid}/fd`).map((fd) => { try { return readlinkSync(`/proc/${pid}/fd/${fd}`); } catch { return ""; } });
    for (const fd of [0, 1, 2, 3, 4]) expect(held).not.toContain(readlinkSync(`/proc/${proc.pid}/fd/${fd}`));
    process.kill(pid, "SIGTERM");
    await until("the daemon is gone", () => !existsSync(`/proc/${pid}`));

    // A relative policy, or --no-autostart, is not started directly: `haltkey mcp --start-only` decides.
    for (const args of [["--policy", "policy.json"], ["--no-autostart"]]) {
      writeFileSync(ran, "");
      const r = spawn(RELAY, [join(home, "mcp.sock"), node, CLI, "mcp", ...args], { env: { ...process.env, HALTKEY_HOME: home }, cwd: home });
      children.push(r);
      let said = "";
      r.stdout.on("data", (d: Buffer) => (said += d.toString()));
      r.stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
      await until("an answer", () => said.includes("\n"), 30_000);
      expect(readFileSync(ran, "utf8")).toMatch(/ mcp .*--start-only/);
      // (A daemon --start-only starts runs Node itself, not the wrapper: the relay ran no `serve`.)
      expect(readFileSync(ran, "utf8")).not.toMatch(/ serve /);
      r.kill("SIGKILL");
      const status = await cli(home, "status", "--json");
      if (status.code === 0) {
        const started = JSON.parse(status.stdout).pid as number;
        process.kill(started, "SIGTERM");
        await until("its daemon is gone", () => !existsSync(`/proc/${started}`));
      }
    }
  });

  it("when no daemon can start it becomes haltkey mcp, whose answer says why", async () => {
    const home = tempHome();
    homes.push(home);
    const policy = writePolicy(home, { deny: "not a list" });
    const r = relay(home, ["--policy", policy]);
    r.send(INITIALIZE);
    r.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "mcp_aql_create", arguments: { operation: "record_execution_step", params: { element_name: "a", nextActionHint: "ls" } } } });
    await until("two answers", () => r.out().split("\n").length > 2, 30_000);
    const answer = JSON.parse(JSON.parse(r.out().trim().split("\n")[1]!).result.content[0].text);
    expect(answer.success).toBe(false);
    expect(answer.error.message).toMatch(/cannot start the haltkey daemon: .*deny/);
    expect(commOf(r.proc.pid!)).not.toBe("haltkey-relay");
    // Its attempt to start the daemon said why on the relay's stderr, never on the client's stdout.
    expect(r.err()).toMatch(/haltkey mcp --start-only: cannot start the haltkey daemon/);
  });

  it("a daemon killed -9 mid-session: the shim it becomes resumes the same session on the next daemon", async () => {
    const { home, daemon } = await fresh();
    const agent = await connectAgent(home, ["--no-autostart"], "relay");
    const pid = (agent.client.transport as unknown as { pid: number | null }).pid!;
    expect(commOf(pid)).toBe("haltkey-relay");
    const before = await agent.call("mcp_aql_read", "introspect");
    expect(before.success).toBe(true);
    await daemon.stop("SIGKILL");
    await until("the relay became the shim", () => commOf(pid) !== "haltkey-relay");
    // Nothing listens: the shim (no autostart) refuses, failing closed.
    const refused = await agent.call("mcp_aql_create", "record_execution_step", { element_name: "x", nextActionHint: "ls" });
    expect(refused.success).toBe(false);
    expect(refused.error.code).toBe("INTERNAL_DAEMON_UNAVAILABLE");
    daemons.push(await startDaemon(home));
    expect((await agent.call("mcp_aql_read", "introspect")).success).toBe(true);
    // The same session: the daemon's log says it was resumed, not opened.
    expect(agent.stderr()).not.toMatch(/starting a new session/);
    await agent.close();
  });

  it("a call waiting on the daemon when it is killed -9 is answered at once with an error, never left to hang", async () => {
    const policyHome = tempHome();
    homes.push(policyHome);
    const { home, daemon } = await fresh(["--simulate", "--policy", writePolicy(policyHome, { requiresApproval: ["deploy*"] })]);
    const r = relay(home);
    const call = (id: number, tool: string, operation: string, params: Record<string, unknown>) => r.send({ jsonrpc: "2.0", id, method: "tools/call", params: { name: tool, arguments: { operation, params } } });
    const answer = (id: number) => r.out().split("\n").filter((l) => l.length > 0).map((l) => JSON.parse(l)).find((m) => m.id === id);
    call(1, "mcp_aql_execute", "execute_agent", { element_name: "waiter" });
    call(2, "mcp_aql_create", "record_execution_step", { element_name: "waiter", nextActionHint: "deploy the api" });
    await until("the pause", () => answer(2) !== undefined);
    const confirmationId = JSON.parse(answer(2).result.content[0].text).data.confirmation.confirmationId;
    // confirm_operation waits for the human (up to 100 s here). The ping after it is answered once
    // the daemon has read both lines, so the call is waiting when the daemon dies.
    call(3, "mcp_aql_execute", "confirm_operation", { confirmation_id: confirmationId, wait_seconds: 100 });
    r.send({ jsonrpc: "2.0", id: 4, method: "ping" });
    await until("the ping", () => answer(4) !== undefined);
    expect(answer(3)).toBeUndefined();
    await daemon.stop("SIGKILL");
    await until("the waiting call's answer", () => answer(3) !== undefined);
    expect(answer(3)).toEqual({ jsonrpc: "2.0", id: 3, error: { code: -32603, message: expect.stringMatching(/the haltkey daemon went away before answering; failing closed: do not act/) } });
    // No line for the relay reached the client.
    expect(r.out()).not.toMatch(/^#/m);
  });

  it("a session hand-over that is not one is refused, every call: no fresh session takes the old one's place", async () => {
    const { home } = await fresh();
    const proc = spawn(process.execPath, [CLI, "mcp", "--no-autostart", "--session-fd", "3"], { env: { ...process.env, HALTKEY_HOME: home }, stdio: ["pipe", "pipe", "pipe", "pipe"] });
    children.push(proc as unknown as ChildProcessWithoutNullStreams);
    (proc.stdio[3] as NodeJS.WritableStream).end('{"sessionId":"not-a-uuid","credential":"x"}\n');
    let out = "";
    let err = "";
    proc.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    proc.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    proc.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "mcp_aql_create", arguments: { operation: "record_execution_step", params: { element_name: "a", nextActionHint: "ls" } } } })}\n`);
    await until("an answer", () => out.includes("\n"));
    const answer = JSON.parse(JSON.parse(out.trim()).result.content[0].text);
    expect(answer.success).toBe(false);
    expect(answer.error.message).toMatch(/the session the relay handed over on fd 3 is not \{"sessionId","credential"\}: every call is refused/);
    expect(err).toMatch(/every call is refused rather than a new session started in its place/);
  });

  it("hands the session over on a socket, which another process of the user cannot open through /proc", async () => {
    const { home, daemon } = await fresh();
    // A shim that only waits, so the hand-over stays open in it to be looked at.
    const proc = spawn(RELAY, [join(home, "mcp.sock"), "/bin/sh", "-c", "sleep 30"], { env: { ...process.env, HALTKEY_HOME: home } });
    children.push(proc);
    // A ping answered through it: it has its session line and relays. Then the daemon dies.
    let out = "";
    proc.stdout.on("data", (d: Buffer) => (out += d.toString()));
    proc.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })}\n`);
    await until("the ping's answer", () => out.includes('"id":1'));
    await daemon.stop("SIGKILL");
    await until("the relay handed over", () => readFileSync(`/proc/${proc.pid}/cmdline`, "utf8").includes("--session-fd"));
    const args = readFileSync(`/proc/${proc.pid}/cmdline`, "utf8").split("\0");
    const fd = args[args.indexOf("--session-fd") + 1]!;
    expect(readlinkSync(`/proc/${proc.pid}/fd/${fd}`)).toMatch(/^socket:/);
    let code: string | undefined;
    try {
      readFileSync(`/proc/${proc.pid}/fd/${fd}`);
    } catch (e) {
      code = (e as NodeJS.ErrnoException).code;
    }
    expect(code).toBe("ENXIO");
  });
});

describe("the MCP socket under attack from another process of the same user", () => {
  it("raw garbage, bad UTF-8, a message over the size cap and half a line are answered or dropped; the daemon serves on", async () => {
    const { home, daemon } = await fresh();
    const a = await raw(home);
    await until("session line", () => a.text().includes("\n"));
    a.socket.write("not json\n");
    a.socket.write(Buffer.from([0xff, 0xfe, 0x0a]));
    a.socket.write(`${JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "mcp_aql_read", arguments: { operation: "introspect", params: {}, extra: 1 } } })}\n`);
    a.socket.write(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"x","arguments":{"p":"${"A".repeat(11 * 1024 * 1024)}"}}}\n`);
    a.socket.write(`${JSON.stringify({ jsonrpc: "2.0", id: 5, method: "ping" })}\n`);
    // The session line, five answers and the two lines for the relay, each ending in a newline.
    await until("five answers", () => a.text().split("\n").length > 8, 30_000);
    // The lines for the relay ("#+id" when a call waits on the daemon, "#-id" before its answer) aside.
    const all = a.text().trim().split("\n").slice(1);
    expect(all.filter((l) => l.startsWith("#"))).toEqual(["#+3", "#-3"]);
    const lines = all.filter((l) => !l.startsWith("#")).map((l) => JSON.parse(l));
    expect(lines.find((l) => l.id === null && l.error?.code === -32700)).toBeDefined(); // not JSON
    expect(lines.filter((l) => l.error?.code === -32700).length).toBe(2); // and not UTF-8
    expect(lines.find((l) => l.error?.code === -32600 && /larger than/.test(l.error.message))).toBeDefined();
    const extra = lines.find((l) => l.id === 3);
    expect(JSON.parse(extra.result.content[0].text).success).toBe(false);
    expect(lines.find((l) => l.id === 5)).toMatchObject({ result: {} });
    a.socket.write('{"jsonrpc":"2.0","id":6,"meth');
    a.socket.destroy();
    await a.closed;
    // Another client is served as before, and the daemon is alive.
    const agent = await connectAgent(home);
    expect((await agent.call("mcp_aql_read", "introspect")).success).toBe(true);
    await agent.close();
    expect(daemon.proc.exitCode).toBeNull();
  });

  it("each connection is a session of its own: a second process never sees the first's credential or acts in its session", async () => {
    const policyHome = tempHome();
    homes.push(policyHome);
    const { home } = await fresh(["--simulate", "--policy", writePolicy(policyHome, { deny: ["drop_*"] })]);
    const first = await raw(home);
    const second = await raw(home);
    await until("both session lines", () => first.text().includes("\n") && second.text().includes("\n"));
    const s1 = JSON.parse(first.text().split("\n")[0]!);
    const s2 = JSON.parse(second.text().split("\n")[0]!);
    expect(s1.sessionId).not.toBe(s2.sessionId);
    expect(second.text()).not.toContain(s1.credential);
    // The first session is hard-blocked by a deny pattern; the second, under another agent name, is not.
    const call = (sock: Socket, id: number, operation: string, params: Record<string, unknown>, tool = "mcp_aql_create") =>
      sock.write(`${JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: tool, arguments: { operation, params } } })}\n`);
    call(first.socket, 1, "execute_agent", { element_name: "one" }, "mcp_aql_execute");
    await until("first executes", () => first.text().includes('"id":1'));
    call(first.socket, 2, "record_execution_step", { element_name: "one", nextActionHint: "drop_table x" });
    await until("first is stopped", () => first.text().includes('"id":2'));
    expect(first.text()).toMatch(/\\"stopped\\":true/);
    call(second.socket, 1, "execute_agent", { element_name: "two" }, "mcp_aql_execute");
    await until("second executes", () => second.text().includes('"id":1'));
    call(second.socket, 2, "record_execution_step", { element_name: "two", nextActionHint: "ls" });
    await until("second steps", () => second.text().includes('"id":2'));
    expect(second.text()).toMatch(/\\"continue\\":true/);
    first.socket.destroy();
    second.socket.destroy();
  });
});

describe("the native relay goes with its client", () => {
  it("exits when stdin ends", async () => {
    const { home } = await fresh();
    const r = relay(home);
    r.send(introspect(1));
    await until("an answer", () => r.out().includes("\n"));
    const exited = new Promise<number | null>((res) => r.proc.once("exit", (code) => res(code)));
    r.proc.stdin.end();
    expect(await exited).toBe(0);
  });

  it("exits when its parent is killed -9, even with its stdin still open", async () => {
    const { home } = await fresh();
    // sh is the relay's parent. The relay's stdin is a pipe this test holds on sh's fd 3 (sh gives
    // a background job /dev/null otherwise, and a child's own stdin pipe is closed when it exits),
    // so it stays open after sh dies: only the parent's death can end the relay.
    const sh = spawn("sh", ["-c", `"$0" "$1" "$2" "$3" mcp --no-autostart <&3 3<&- & echo $!; wait`, RELAY, join(home, "mcp.sock"), process.execPath, CLI], { env: { ...process.env, HALTKEY_HOME: home }, stdio: ["ignore", "pipe", "inherit", "pipe"] });
    children.push(sh as unknown as ChildProcessWithoutNullStreams);
    let out = "";
    sh.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    await until("the relay's pid", () => /^\d+\n/.test(out));
    const pid = Number(out.split("\n")[0]);
    await until("the relay runs", () => existsSync(`/proc/${pid}`) && commOf(pid) === "haltkey-relay");
    sh.kill("SIGKILL");
    await until("the relay is gone", () => !existsSync(`/proc/${pid}`) || readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.startsWith("Z"));
  });
});
