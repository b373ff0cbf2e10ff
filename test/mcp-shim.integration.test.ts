// `haltkey mcp` as MCP clients run it: the official SDK client over stdio, the built CLI, a real
// daemon. Start-up problems reach the client on its first call, naming the cause; the shim goes
// when its client goes, and a daemon it started stays for the others.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI, cleanup, cli, connectAgent, tempHome, type Agent } from "./helpers/daemon.js";

const homes: string[] = [];
const agents: Agent[] = [];
const pids: number[] = [];
afterEach(async () => {
  for (const a of agents.splice(0)) await a.close().catch(() => undefined);
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  for (const h of homes.splice(0)) cleanup(h);
});

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits for a process to end (it is not our child, so there is no exit event to wait on). */
async function gone(pid: number, within = 30_000): Promise<boolean> {
  const deadline = Date.now() + within;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return !alive(pid);
}

/** Process group and session of a process, from /proc. */
function groupAndSession(pid: number): { pgrp: number; session: number; ppid: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { ppid: Number(f[1]), pgrp: Number(f[2]), session: Number(f[3]) };
}

describe("start-up problems reach the MCP client at once, naming the cause", () => {
  it("a missing --policy file", async () => {
    const home = tempHome();
    homes.push(home);
    const agent = await connectAgent(home, ["--simulate", "--policy", join(home, "no-such-policy.json")]);
    agents.push(agent);
    const r = await agent.call("mcp_aql_read", "introspect", {});
    expect(r.success).toBe(false);
    expect(r.error.message).toContain(join(home, "no-such-policy.json"));
    expect(r.error.message).toMatch(/ENOENT/);
    // Nothing was started.
    expect((await cli(home, "status")).code).toBe(1);
  });

  it("a policy file that does not validate", async () => {
    const home = tempHome();
    homes.push(home);
    const policy = join(home, "policy.json");
    writeFileSync(policy, JSON.stringify({ maxAutonomousSteps: "many" }));
    const agent = await connectAgent(home, ["--simulate", "--policy", policy]);
    agents.push(agent);
    const r = await agent.call("mcp_aql_create", "record_execution_step", { element_name: "a", nextActionHint: "ls" });
    expect(r.success).toBe(false);
    expect(r.error.message).toContain(policy);
    expect(r.error.message).toMatch(/maxAutonomousSteps/);
    expect(r.error.details.autonomy.continue).toBe(false);
  });

  it("a store another process holds: the daemon's own reason, read from its exit", async () => {
    const home = tempHome();
    homes.push(home);
    const { Level } = await import("level");
    const db = new Level(join(home, "db"));
    await db.open();
    try {
      const agent = await connectAgent(home, ["--simulate"]);
      agents.push(agent);
      const r = await agent.call("mcp_aql_read", "introspect", {});
      expect(r.success).toBe(false);
      expect(r.error.message).toMatch(/did not come up; it exited \(code 2\)/);
      expect(r.error.message).toMatch(/in use by another haltkey process|lock/i);
    } finally {
      await db.close();
    }
  });
});

describe("a shim goes with its client; the daemon it started stays", () => {
  it("kill -9 of the client: the shim exits, the daemon (own session, not the shim's child in any way that matters) serves the next client", async () => {
    const home = tempHome();
    homes.push(home);
    // The client: the official SDK spawning the shim, one call (which starts the daemon), then idle.
    const script = `
      import { Client } from "@modelcontextprotocol/sdk/client/index.js";
      import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
      const transport = new StdioClientTransport({ command: process.execPath, args: [${JSON.stringify(CLI)}, "mcp", "--simulate"], env: process.env, stderr: "ignore" });
      const client = new Client({ name: "doomed", version: "1" });
      await client.connect(transport);
      await client.callTool({ name: "mcp_aql_read", arguments: { operation: "introspect", params: {} } });
      process.stdout.write(JSON.stringify({ shim: transport.pid }) + "\\n");
      setInterval(() => {}, 1 << 30);
    `;
    const client = spawn(process.execPath, ["--input-type=module", "-e", script], { cwd: process.cwd(), env: { ...process.env, HALTKEY_HOME: home }, stdio: ["ignore", "pipe", "inherit"] });
    pids.push(client.pid!);
    const line = await new Promise<string>((res, rej) => {
      let out = "";
      client.stdout!.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("\n")) res(out.split("\n")[0]!);
      });
      client.once("exit", (code) => rej(new Error(`client exited ${code} before reporting`)));
    });
    const shim = (JSON.parse(line) as { shim: number }).shim;
    pids.push(shim);
    const status = JSON.parse((await cli(home, "status", "--json")).stdout) as { pid: number };
    const daemon = status.pid;
    pids.push(daemon);
    expect(groupAndSession(daemon).session, "the daemon leads its own session").toBe(daemon);
    expect(groupAndSession(daemon).session).not.toBe(groupAndSession(shim).session);

    const exited = new Promise((r) => client.once("exit", r));
    client.kill("SIGKILL");
    await exited;
    expect(await gone(shim), "the shim exits when its client is killed").toBe(true);
    expect(alive(daemon), "the daemon lives on").toBe(true);

    const next = await connectAgent(home, ["--no-autostart"]);
    agents.push(next);
    expect((await next.call("mcp_aql_read", "introspect", {})).success).toBe(true);
    process.kill(daemon, "SIGTERM");
    expect(await gone(daemon)).toBe(true);
  });

  it("stdin EOF: the shim exits", async () => {
    const home = tempHome();
    homes.push(home);
    const shim = spawn(process.execPath, [CLI, "mcp", "--no-autostart"], { env: { ...process.env, HALTKEY_HOME: home }, stdio: ["pipe", "pipe", "pipe"] });
    pids.push(shim.pid!);
    const exited = new Promise<number | null>((r) => shim.once("exit", (code) => r(code)));
    shim.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } })}\n`);
    await new Promise<void>((r) => shim.stdout!.once("data", () => r()));
    shim.stdin!.end();
    expect(await exited).toBe(0);
  });
});
