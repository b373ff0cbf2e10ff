// Many clients, one daemon: 50 official MCP SDK clients at once over Streamable HTTP on loopback,
// each running the safety loop with a fixed mix of benign, pausing and blocking steps. The load
// test (test/http-load.integration.test.ts) runs it and checks the audit log against what the
// clients did; `npm run bench` runs it against a fresh daemon and prints throughput and latency.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { DaemonClient } from "../src/daemon/client.js";

export interface HttpEndpoint {
  readonly url: string;
  readonly token: string;
}

/** Where a daemon started with `--http` listens, and the token it wants. */
export function readEndpoint(home: string): HttpEndpoint {
  const { url } = JSON.parse(readFileSync(join(home, "http.json"), "utf8")) as { url: string };
  return { url, token: readFileSync(join(home, "http-token"), "utf8").trim() };
}

export interface CallResult {
  success: boolean;
  data?: any;
  error?: any;
  isError: boolean;
}

export interface HttpAgent {
  readonly client: Client;
  readonly transport: StreamableHTTPClientTransport;
  /** Server-pushed notifications/message payloads (danger_zone broadcasts) seen so far. */
  readonly pushed: unknown[];
  call(tool: string, operation: string, params?: Record<string, unknown>): Promise<CallResult>;
  /** Ends the MCP session on the server (DELETE) and the client. */
  close(): Promise<void>;
}

/** An SDK client over Streamable HTTP with the bearer token; `query` is appended to the URL. */
export async function connectHttp(ep: HttpEndpoint, name: string, query = ""): Promise<HttpAgent> {
  const transport = new StreamableHTTPClientTransport(new URL(`${ep.url}${query}`), { requestInit: { headers: { Authorization: `Bearer ${ep.token}` } } });
  const client = new Client({ name, version: "1.0.0" });
  const pushed: unknown[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    pushed.push(n.params.data);
  });
  await client.connect(transport);
  return {
    client,
    transport,
    pushed,
    async call(tool, operation, params = {}) {
      const r = (await client.callTool({ name: tool, arguments: { operation, params } }, undefined, { timeout: 120_000 })) as {
        content: Array<{ type: string; text: string }>;
        isError?: boolean;
      };
      return { ...(JSON.parse(r.content[0]!.text) as Omit<CallResult, "isError">), isError: r.isError === true };
    },
    async close() {
      await transport.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
}

/** deny and requiresApproval patterns the plan's hints hit; a step limit the plan never reaches. */
/** The daemon's store counters (batches written, transitions), from its operator socket: how many steps shared an fsync. */
export async function storeStats(home: string): Promise<{ batches: number; transitions: number }> {
  const c = await DaemonClient.connect(join(home, "operator.sock"));
  try {
    return (await c.request("status", {})).store;
  } finally {
    c.close();
  }
}

export const LOAD_POLICY = { deny: ["drop_*"], requiresApproval: ["deploy_*"], maxAutonomousSteps: 1000 };

export type StepKind = "benign" | "pause" | "block";

/**
 * What client `i` reports: every fifth client is hard-blocked halfway through, every fifth (another
 * one) pauses for a human at its fifth step, and the rest only take benign steps. A pause and a
 * block bind the whole session, so every later step of those clients must be refused.
 */
export function loadPlan(i: number, steps: number): StepKind[] {
  return Array.from({ length: steps }, (_, k): StepKind => {
    if (i % 5 === 0 && k === Math.floor(steps / 2)) return "block";
    if (i % 5 === 1 && k === 4) return "pause";
    return "benign";
  });
}

/** Every hint is distinct, so the audit log shows whether any step was lost or recorded twice. */
export function hintFor(kind: StepKind, i: number, k: number): string {
  switch (kind) {
    case "benign":
      return `read_file src/load_${i}/module_${k}.ts`;
    case "pause":
      return `deploy_service load-${i} to staging (step ${k})`;
    case "block":
      return `drop_table load_${i}_step_${k}`;
  }
}

export interface ClientRun {
  readonly agent: string;
  readonly hints: string[];
  /** The directive of every step, in order. */
  readonly directives: Array<{ continue: boolean; stopped: boolean }>;
  readonly latenciesNs: number[];
  /** complete_execution's answer: success, or the error code. */
  completion: string;
  pushed: number;
}

export interface LoadResult {
  readonly runs: ClientRun[];
  /** Wall time of the concurrent step phase. */
  readonly wallNs: number;
}

export interface LoadOptions {
  readonly clients: number;
  readonly steps: number;
  /** Agent names are `<prefix>-<i>`; a block binds the name, so each run needs its own. */
  readonly prefix: string;
  /** Called when the timed step phase starts and when it ends (the bench reads CPU time there). */
  readonly onPhase?: (phase: "start" | "end") => void | Promise<void>;
}

/** Runs the clients at once, each its own MCP session; connecting and ending are not timed. */
export async function runHttpLoad(ep: HttpEndpoint, { clients, steps, prefix, onPhase }: LoadOptions): Promise<LoadResult> {
  const agentName = (i: number): string => `${prefix}-${i}`;
  const agents = await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const a = await connectHttp(ep, agentName(i));
      const started = await a.call("mcp_aql_execute", "execute_agent", { element_name: agentName(i) });
      if (!started.success) throw new Error(`execute_agent failed for ${agentName(i)}: ${JSON.stringify(started.error)}`);
      return a;
    }),
  );
  const runs: ClientRun[] = agents.map((_, i) => ({ agent: agentName(i), hints: [], directives: [], latenciesNs: [], completion: "", pushed: 0 }));
  await onPhase?.("start");
  const t0 = process.hrtime.bigint();
  await Promise.all(
    agents.map(async (a, i) => {
      const run = runs[i]!;
      const plan = loadPlan(i, steps);
      for (let k = 0; k < plan.length; k++) {
        const hint = hintFor(plan[k]!, i, k);
        const t = process.hrtime.bigint();
        const r = await a.call("mcp_aql_create", "record_execution_step", { element_name: run.agent, nextActionHint: hint });
        run.latenciesNs.push(Number(process.hrtime.bigint() - t));
        run.hints.push(hint);
        const autonomy = (r.success ? r.data?.autonomy : r.error?.details?.autonomy) as { continue?: boolean; stopped?: boolean } | undefined;
        run.directives.push({ continue: autonomy?.continue === true, stopped: autonomy?.stopped === true });
      }
    }),
  );
  const wallNs = Number(process.hrtime.bigint() - t0);
  await onPhase?.("end");
  await Promise.all(
    agents.map(async (a, i) => {
      const run = runs[i]!;
      const done = await a.call("mcp_aql_execute", "complete_execution", { element_name: run.agent, outcome: "success", summary: "load run" });
      run.completion = done.success ? "success" : String(done.error?.code);
      run.pushed = a.pushed.length;
      await a.close();
    }),
  );
  return { runs, wallNs };
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Starts a daemon with simulated hardware and `--http 0` in a fresh directory, runs the load, prints. */
export interface HttpLoadFigures {
  readonly perSecond: number;
  readonly p50Us: number;
  readonly p99Us: number;
  readonly sent: number;
  /** Steps answered with a directive (continue or not). */
  readonly answered: number;
  readonly clients: number;
  /** Clients whose complete_execution was answered (success, or the refusal a blocked client gets). */
  readonly completed: number;
}

export async function httpLoadBench(prefix = process.env.HALTKEY_BENCH_DIR ?? join(process.cwd(), ".bench-tmp-"), clients = 50, steps = 20): Promise<HttpLoadFigures> {
  const cli = fileURLToPath(new URL("../src/cli/main.js", import.meta.url));
  const home = mkdtempSync(prefix);
  const policy = join(home, "load-policy.json");
  writeFileSync(policy, JSON.stringify(LOAD_POLICY));
  const env = { ...process.env, HALTKEY_HOME: home, HALTKEY_LOG_LEVEL: "warn" };
  const daemon = spawn(process.execPath, [cli, "serve", "--simulate", "--policy", policy, "--http", "0"], { env, stdio: ["ignore", "ignore", "inherit"] });
  const exited = new Promise((r) => daemon.once("exit", r));
  try {
    for (let i = 0; i < 400 && !existsSync(join(home, "http.json")); i++) await new Promise((r) => setTimeout(r, 50));
    if (!existsSync(join(home, "http.json"))) throw new Error("the daemon did not start its HTTP endpoint");
    const ep = readEndpoint(home);
    // A short warm-up run, so the measured one does not pay for JIT and first connections.
    await runHttpLoad(ep, { clients: 5, steps: 5, prefix: "warmup" });
    // Where the time goes: CPU of the daemon and of this process (the 50 SDK clients) over the step
    // phase, and the daemon's fsync'd batches, read at its start and end.
    const daemonCpuMs = (): number | undefined => {
      try {
        const f = readFileSync(`/proc/${daemon.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
        return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
      } catch {
        return undefined;
      }
    };
    const at: Record<string, { daemon: number | undefined; client: NodeJS.CpuUsage; store: { batches: number; transitions: number } }> = {};
    const { runs, wallNs } = await runHttpLoad(ep, {
      clients,
      steps,
      prefix: "load",
      onPhase: async (phase) => {
        // The status call is read outside the CPU window at the start, inside it at the end (it is small).
        const store = phase === "start" ? await storeStats(home) : undefined;
        at[phase] = { daemon: daemonCpuMs(), client: process.cpuUsage(), store: store ?? (await storeStats(home)) };
      },
    });
    const lat = runs.flatMap((r) => r.latenciesNs).sort((a, b) => a - b);
    const total = lat.length;
    const blocked = runs.filter((r) => r.directives.some((d) => d.stopped)).length;
    console.log(`\n${clients} MCP clients at once over Streamable HTTP on loopback, ${steps} steps each (${blocked} hard-blocked mid-run; ${home})`);
    console.log(
      `${"record_execution_step, 50 HTTP clients".padEnd(44)} n=${String(total).padStart(6)}  p50=${(percentile(lat, 0.5) / 1000).toFixed(1).padStart(8)} µs  p99=${(percentile(lat, 0.99) / 1000).toFixed(1).padStart(8)} µs  ${Math.round((total / wallNs) * 1e9)
        .toLocaleString("en-US")
        .padStart(9)} steps/s`,
    );
    const s = at.start!;
    const e = at.end!;
    const clientUs = (e.client.user - s.client.user + e.client.system - s.client.system) / total;
    const daemonUs = s.daemon !== undefined && e.daemon !== undefined ? ((e.daemon - s.daemon) * 1000) / total : undefined;
    const batches = e.store.batches - s.store.batches;
    const transitions = e.store.transitions - s.store.transitions;
    console.log("where the time goes (CPU per step over the step phase; /proc, 10 ms ticks):");
    console.log(`  daemon (HTTP front end, MCP server, engine, store)  ${daemonUs === undefined ? "n/a" : `${daemonUs.toFixed(0)} µs`}`);
    console.log(`  the 50 SDK clients in this process                   ${clientUs.toFixed(0)} µs`);
    if (daemonUs !== undefined) {
      const cores = availableParallelism();
      console.log(`  both together ${(daemonUs + clientUs).toFixed(0)} µs: on ${cores} cores, at most ${Math.round((cores * 1e6) / (daemonUs + clientUs)).toLocaleString("en-US")} steps/s with the machine to themselves; the daemon alone on one core ${Math.round(1e6 / daemonUs).toLocaleString("en-US")} steps/s`);
    }
    console.log(`  group commit: ${transitions} transitions in ${batches} durable journal writes (${(transitions / Math.max(1, batches)).toFixed(2)} per write)`);
    return {
      perSecond: (total / wallNs) * 1e9,
      p50Us: percentile(lat, 0.5) / 1000,
      p99Us: percentile(lat, 0.99) / 1000,
      sent: clients * steps,
      answered: runs.reduce((n, r) => n + r.directives.length, 0),
      clients,
      completed: runs.filter((r) => r.completion !== "").length,
    };
  } finally {
    daemon.kill("SIGTERM");
    await exited;
    rmSync(home, { recursive: true, force: true });
  }
}
