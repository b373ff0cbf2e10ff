// Cold start and memory: `haltkey mcp` starting its own daemon until the first directive, the
// daemon's start alone, what each module group costs to import, and resident memory of the shim
// and of the daemon after 1,000 and 10,000 steps.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { DaemonConnection } from "../src/daemon/connection.js";
import { DaemonClient } from "../src/daemon/client.js";
import { median } from "./stats.js";

const CLI = fileURLToPath(new URL("../src/cli/main.js", import.meta.url));
const DIST = fileURLToPath(new URL("..", import.meta.url));
/** The native relay, when `npm run build` compiled it: what `haltkey init` then points clients at. */
const RELAY = fileURLToPath(new URL("../bin/haltkey-relay", import.meta.url));
export const relayBuilt = (): boolean => existsSync(RELAY);

/** How a client starts haltkey: as `haltkey init` configures it (the relay when built), or the Node shim alone. */
export type Via = "configured" | "shim";

function haltkeyTransport(env: Record<string, string>, via: Via, shimArgs: string[]): StdioClientTransport {
  const shim = [CLI, "mcp", ...shimArgs];
  return via === "configured" && relayBuilt()
    ? new StdioClientTransport({ command: RELAY, args: [join(env.HALTKEY_HOME!, "mcp.sock"), process.execPath, ...shim], env, stderr: "ignore" })
    : new StdioClientTransport({ command: process.execPath, args: shim, env, stderr: "ignore" });
}

/** RSS of an empty Node process: the floor under the shim and the daemon. */
export function nodeFloorMb(): number {
  const out = execFileSync(process.execPath, ["-e", "process.stdout.write(String(process.memoryUsage().rss))"], { encoding: "utf8" });
  return Number(out) / 1024 / 1024;
}

/**
 * CPU time (user + system) a process has used so far, with that of the children it has waited for
 * (the relay's `haltkey mcp --start-only`), in ms (Linux /proc; 10 ms ticks).
 */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /s, "").split(" ");
  // After "pid (comm) ": state is field 3, utime 14, stime 15, cutime 16 and cstime 17, counted from 1.
  return ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

/** Resident set size of a process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

/**
 * Proportional set size of a process, in MB (Linux /proc): its private pages, plus its share of the
 * pages it shares. The Node binary's pages (about 37 MB here) are shared by the shim, the daemon
 * and every other Node process, and RSS counts them whole in each.
 */
export function pssMb(pid: number): number {
  const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

const socketUp = (path: string): Promise<boolean> =>
  new Promise((resolve) => {
    const s = connect(path);
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });

async function daemonPid(home: string): Promise<number> {
  const c = await DaemonClient.connect(join(home, "operator.sock"));
  try {
    return (await c.request("status", {})).pid as number;
  } finally {
    c.close();
  }
}

async function stopPid(pid: number): Promise<void> {
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    return;
  }
  for (let i = 0; i < 400; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

export interface ColdStart {
  /** `haltkey mcp` (autostart) from spawn to the first record_execution_step directive, ms. */
  readonly mcpToDirective: number[];
  /** `haltkey serve` from spawn until its agent socket accepts, ms. */
  readonly daemonReady: number[];
  /** `haltkey serve` from spawn until its first record_execution_step is answered on the agent socket (hello, execute_agent, step), ms. */
  readonly daemonFirstStep: number[];
  /** `haltkey mcp` with a daemon already running, from spawn to the first directive, ms. */
  readonly shimToDirective: number[];
  /** The native relay with a daemon already running, from spawn to the first directive, ms (empty when not built). */
  readonly relayToDirective: number[];
  /** CPU ms the shim and the daemon it started had used at the first directive (steadier than wall under load). */
  readonly cpuToDirective: number[];
  /** CPU ms `haltkey serve` had used when its socket accepted. */
  readonly daemonReadyCpu: number[];
}

async function firstDirective(env: Record<string, string>, via: Via, cpu?: number[]): Promise<number> {
  const t0 = performance.now();
  const client = new Client({ name: "cold-start", version: "1" });
  const transport = haltkeyTransport(env, via, []);
  await client.connect(transport);
  const call = async (tool: string, operation: string, params: Record<string, unknown>): Promise<{ success: boolean; data?: any }> =>
    JSON.parse(((await client.callTool({ name: tool, arguments: { operation, params } })) as { content: Array<{ text: string }> }).content[0]!.text);
  await call("mcp_aql_execute", "execute_agent", { element_name: "cold" });
  const r = await call("mcp_aql_create", "record_execution_step", { element_name: "cold", nextActionHint: "read_file README.md" });
  const ms = performance.now() - t0;
  if (r.data?.autonomy?.continue !== true) throw new Error(`cold start: the first step was not allowed: ${JSON.stringify(r)}`);
  if (cpu) cpu.push(cpuMs(transport.pid!) + cpuMs(await daemonPid(env.HALTKEY_HOME!)));
  await client.close();
  return ms;
}

/** `rounds` cold starts, each in a fresh HALTKEY_HOME, the default policy and no hardware attached. */
export async function coldStart(prefix: string, rounds = 5): Promise<ColdStart> {
  const out: ColdStart = { mcpToDirective: [], daemonReady: [], daemonFirstStep: [], shimToDirective: [], relayToDirective: [], cpuToDirective: [], daemonReadyCpu: [] };
  for (let r = 0; r < rounds; r++) {
    const home = mkdtempSync(prefix);
    const env = { ...process.env, HALTKEY_HOME: home, HALTKEY_LOG_LEVEL: "warn" } as Record<string, string>;
    try {
      out.mcpToDirective.push(await firstDirective(env, "configured", out.cpuToDirective as number[]));
      out.shimToDirective.push(await firstDirective(env, "shim"));
      if (relayBuilt()) out.relayToDirective.push(await firstDirective(env, "configured"));
      await stopPid(await daemonPid(home));
      // The daemon alone, into the store the first start created.
      const t0 = performance.now();
      const d: ChildProcess = spawn(process.execPath, [CLI, "serve"], { env, stdio: "ignore" });
      while (!(await socketUp(join(home, "haltkey.sock")))) {
        if (d.exitCode !== null) throw new Error(`the daemon exited ${d.exitCode}`);
        await new Promise((res) => setTimeout(res, 2));
      }
      out.daemonReady.push(performance.now() - t0);
      out.daemonReadyCpu.push(cpuMs(d.pid!));
      const c = await DaemonConnection.open(join(home, "haltkey.sock"));
      try {
        await c.call("hello", { client: "cold-start" });
        await c.call("aql", { tool: "mcp_aql_execute", arguments: { operation: "execute_agent", params: { element_name: "cold-daemon" } } });
        const r = (await c.call("aql", { tool: "mcp_aql_create", arguments: { operation: "record_execution_step", params: { element_name: "cold-daemon", nextActionHint: "read_file README.md" } } })) as { data?: { autonomy?: { continue?: boolean } } };
        out.daemonFirstStep.push(performance.now() - t0);
        if (r.data?.autonomy?.continue !== true) throw new Error(`cold start: the daemon's first step was not allowed: ${JSON.stringify(r)}`);
      } finally {
        c.close();
      }
      d.kill("SIGTERM");
      await new Promise((res) => d.once("exit", res));
    } finally {
      await daemonPid(home).then(stopPid, () => undefined);
      rmSync(home, { recursive: true, force: true });
    }
  }
  return out;
}

/** Module groups of the start-up path, each imported alone in a fresh Node process. */
export const IMPORT_GROUPS: ReadonlyArray<readonly [string, string]> = [
  ["node itself (empty module)", "node:path"],
  ["commander", "commander"],
  ["zod", "zod"],
  ["level", "level"],
  ["yaml (core/policy imports it)", "yaml"],
  ["cbor2 (hw CBOR; devices load it at start)", "cbor2"],
  ["MCP SDK server + stdio transport", "@modelcontextprotocol/sdk/server/stdio.js"],
  ["MCP SDK types (zod schemas)", "@modelcontextprotocol/sdk/types.js"],
  ["SimpleWebAuthn server", "@simplewebauthn/server"],
  ["tree-sitter wasm grammars (core/shell)", "./src/core/shell/syntax.js"],
  ["rule packs (core/rules, incl. shell reader)", "./src/core/rules/index.js"],
  ["socket protocol (zod schemas)", "./src/daemon/protocol.js"],
  ["socket client, typed (daemon/client.ts)", "./src/daemon/client.js"],
  ["socket connection, bare (shim, hook)", "./src/daemon/connection.js"],
  ["store (level + audit)", "./src/store/store.js"],
  ["engine (engine/*, core)", "./src/engine/engine.js"],
  ["devices (discovery, keyring, node-hid)", "./src/devices/discovery.js"],
  ["operator console (console-server)", "./src/daemon/console-server.js"],
  ["simulated hardware (sim/hardware)", "./src/sim/hardware.js"],
  ["MCP HTTP front end", "./src/mcp/http.js"],
  ["daemon: server.ts and all it imports", "./src/daemon/server.js"],
  ["serve entry, no commander (cli/serve-command)", "./src/cli/serve-command.js"],
  ["shim: mcp/stdio.ts and all it imports", "./src/mcp/stdio.js"],
];

/** Wall and CPU ms to import `spec` in a fresh process (median of `rounds`); CPU is steadier on a loaded machine. */
export function importCost(spec: string, rounds = 3): { wall: number; cpu: number } {
  const walls: number[] = [];
  const cpus: number[] = [];
  const code = `const c=process.cpuUsage();const t=performance.now();await import(${JSON.stringify(spec)});const u=process.cpuUsage(c);process.stdout.write(JSON.stringify({wall:performance.now()-t,cpu:(u.user+u.system)/1000}));process.exit(0)`;
  for (let i = 0; i < rounds; i++) {
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", code], { cwd: DIST, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const j = JSON.parse(out.slice(out.lastIndexOf("{"))) as { wall: number; cpu: number };
    walls.push(j.wall);
    cpus.push(j.cpu);
  }
  return { wall: median(walls), cpu: median(cpus) };
}

/** The step counts, after the shim's first 1,000, at which the daemon's memory is read. */
export const MEMORY_CHECKPOINTS = [10_000, 30_000] as const;

export interface Memory {
  /** The native relay after forwarding 1,000 steps (undefined when not built). */
  readonly relayMb: number | undefined;
  readonly relayPssMb: number | undefined;
  readonly shimMb: number;
  readonly daemonAt: ReadonlyArray<readonly [steps: number, mb: number]>;
  /** The same moments as PSS (pssMb): what each process costs beside the other. */
  readonly shimPssMb: number;
  readonly daemonPssAt: ReadonlyArray<readonly [steps: number, mb: number]>;
}

/**
 * Daemon RSS after 1,000, 10,000 and 30,000 steps (8 sessions at once on the agent socket, each
 * with its own execution; the hints differ per step), and the RSS of a shim that has forwarded
 * 1,000 steps. Between 1,000 and 10,000 steps V8's young generation grows to its limit (daemon/heap.ts)
 * and the old generation to its own; from 10,000 to 30,000 what still grows is what a step leaves.
 */
export async function memory(prefix: string, heapCapMb?: number): Promise<Memory> {
  const home = mkdtempSync(prefix);
  const env = { ...process.env, HALTKEY_HOME: home, HALTKEY_LOG_LEVEL: "warn" } as Record<string, string>;
  // With the old generation capped, V8 must collect before it grows: what stays is what is held.
  if (heapCapMb !== undefined) env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --max-old-space-size=${heapCapMb}`.trim();
  const policy = join(home, "memory-policy.json");
  writeFileSync(policy, JSON.stringify({ maxAutonomousSteps: 100_000 }));
  const daemon = spawn(process.execPath, [CLI, "serve", "--simulate", "--policy", policy], { env, stdio: "ignore" });
  try {
    while (!(await socketUp(join(home, "haltkey.sock")))) await new Promise((r) => setTimeout(r, 20));
    const pid = daemon.pid!;
    while (relayBuilt() && !(await socketUp(join(home, "mcp.sock")))) await new Promise((r) => setTimeout(r, 20));
    // A client's own process after 1,000 steps over MCP stdio: RSS and PSS.
    const forward = async (via: Via, name: string): Promise<{ rss: number; pss: number }> => {
      const transport = haltkeyTransport(env, via, ["--no-autostart"]);
      const client = new Client({ name: "memory", version: "1" });
      await client.connect(transport);
      await client.callTool({ name: "mcp_aql_execute", arguments: { operation: "execute_agent", params: { element_name: name, maxAutonomousSteps: 100000 } } });
      for (let i = 0; i < 1000; i++) await client.callTool({ name: "mcp_aql_create", arguments: { operation: "record_execution_step", params: { element_name: name, nextActionHint: `read_file src/${name}_${i}.ts` } } });
      const out = { rss: rssMb(transport.pid!), pss: pssMb(transport.pid!) };
      await client.close();
      return out;
    };
    // The daemon's first figure is at 1,000 steps: the relay's when it was built, else the shim's.
    const relay = relayBuilt() ? await forward("configured", "relay") : undefined;
    const at1000 = relay ? ([rssMb(pid), pssMb(pid)] as const) : undefined;
    const shim = await forward("shim", "shim");
    const shimMb = shim.rss;
    const shimPssMb = shim.pss;
    // The daemon: sessions on the agent socket, up to 10,000 steps in all (the clients' steps count).
    const sessions = await Promise.all(
      Array.from({ length: 8 }, async (_, k) => {
        const c = await DaemonConnection.open(join(home, "haltkey.sock"));
        await c.call("hello", { client: `memory-${k}` });
        await c.call("aql", { tool: "mcp_aql_execute", arguments: { operation: "execute_agent", params: { element_name: `m${k}`, maxAutonomousSteps: 100000 } } });
        return { c, k };
      }),
    );
    let done = relay ? 2000 : 1000;
    const daemonAt: Array<readonly [number, number]> = [[1000, at1000?.[0] ?? rssMb(pid)]];
    const daemonPssAt: Array<readonly [number, number]> = [[1000, at1000?.[1] ?? pssMb(pid)]];
    for (const target of MEMORY_CHECKPOINTS) {
      const per = Math.ceil((target - done) / sessions.length);
      await Promise.all(
        sessions.map(async ({ c, k }) => {
          for (let i = 0; i < per; i++) await c.call("aql", { tool: "mcp_aql_create", arguments: { operation: "record_execution_step", params: { element_name: `m${k}`, nextActionHint: `read_file src/m${k}_${done + i}.ts` } } });
        }),
      );
      done += per * sessions.length;
      daemonAt.push([done, rssMb(pid)]);
      daemonPssAt.push([done, pssMb(pid)]);
    }
    for (const { c } of sessions) c.close();
    return { relayMb: relay?.rss, relayPssMb: relay?.pss, shimMb, daemonAt, shimPssMb, daemonPssAt };
  } finally {
    daemon.kill("SIGTERM");
    await new Promise((r) => daemon.once("exit", r));
    rmSync(home, { recursive: true, force: true });
  }
}
