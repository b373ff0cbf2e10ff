// npm run bench: the decision engine alone, then end to end over MCP stdio beside a do-nothing
// MCP tool called by the same client process in the same run. Prints p50/p99 and throughput.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Level } from "level";
import { DaemonClient } from "../src/daemon/client.js";
import { evaluateStep } from "../src/core/pipeline.js";
import { compilePolicy, PolicyFile, policyFor } from "../src/core/policy.js";
import { initialBreakerState } from "../src/core/breakers.js";
import { DetectorPack } from "../src/core/detector.js";
import { defaultRuleSet } from "../src/core/rules/index.js";
import { SECRET_RULES } from "../src/core/rules/secrets.js";
import { PII_RULES } from "../src/core/rules/pii.js";
import { INJECTION_RULES } from "../src/core/rules/injection.js";
import { normalizeForMatching } from "../src/core/text.js";
import { HOSTILE_ACTION_HINTS, HOSTILE_INJECTION_TEXTS, HOSTILE_PII_TEXTS, HOSTILE_SECRET_TEXTS, HOSTILE_SHELL_HINTS } from "./hostile-inputs.js";

interface Stats {
  n: number;
  p50: number;
  p99: number;
  mean: number;
  perSecond: number;
}

function stats(samplesNs: number[], wallNs: number): Stats {
  const s = [...samplesNs].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { n: s.length, p50: at(0.5) / 1000, p99: at(0.99) / 1000, mean: s.reduce((a, b) => a + b, 0) / s.length / 1000, perSecond: (s.length / wallNs) * 1e9 };
}

const fmt = (label: string, st: Stats): string =>
  `${label.padEnd(44)} n=${String(st.n).padStart(6)}  p50=${st.p50.toFixed(1).padStart(8)} µs  p99=${st.p99.toFixed(1).padStart(8)} µs  ${Math.round(st.perSecond).toLocaleString("en-US").padStart(9)}/s`;

/** A 4 KB hint: what an agent describing a real shell step with context looks like. */
export function hint4k(): string {
  const base =
    "executing shell command: cd /workspace/service && npm run build && node scripts/migrate.js --env=staging --dry-run; then calling write_file on src/config/database.ts to update the connection pool settings (max 20, idle timeout 30s) and reading logs/app.log for errors from the last run. ";
  let h = "";
  while (h.length < 4096) h += base;
  return h.slice(0, 4096);
}

/** 16 KB of what an agent reads back: a JSON tool response with logs, paths, ids and prose. */
export function findings16k(): string {
  const row =
    '{"ts":"2026-11-21T10:15:02Z","level":"info","service":"billing-api","host":"web-3.internal","msg":"request completed","path":"/v1/invoices/inv_20431/lines","status":200,"duration_ms":41,"user":"u_8812","trace":"3f2a9c41d0b7"}\n';
  let f = "";
  while (f.length < 16 * 1024) f += row;
  return f.slice(0, 16 * 1024);
}

function engineBench(): void {
  const rules = defaultRuleSet();
  const patterns = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${prefix}_${i}_*`);
  const big = compilePolicy(
    PolicyFile.parse({
      deny: [...patterns("drop_table", 300), ...Array.from({ length: 50 }, (_, i) => `*secret_store_${i}*`)],
      requiresApproval: patterns("deploy_service", 300),
      autoApprove: [...patterns("read_resource", 340), "list_*", "get_*", "search_*", "*noop_marker_*", "status_?", "[a-c]at_*", "help_*", "version_*", "ping_*"],
    }),
  );
  const small = compilePolicy(PolicyFile.parse({}));
  const hint = hint4k();
  // Three rounds per case; the median round (by p99) is printed with the spread of p99 across
  // rounds, because on a shared two-core machine one round's tail is mostly the neighbours'.
  const actionsOnly = { actions: rules.actions, content: new DetectorPack([]) };
  const run = (label: string, policy: ReturnType<typeof compilePolicy>, text: string, n: number, set = rules, findings?: string, breakers = false): void => {
    const agent = policyFor(policy, "bench");
    const now = Date.now();
    const facts = {
      hint: text,
      autonomousStep: 1,
      maxAutonomousSteps: 50,
      ...(findings ? { findings } : {}),
      ...(breakers
        ? {
            arguments: { command: "npm run build", cwd: "/workspace/service" },
            breakers: {
              signals: { tool: "bash", access: "write" as const, environment: "staging", resources: ["src/config/database.ts"], tokens: 1200, justification: "build" },
              state: { ...initialBreakerState(now), toolCalls: 10, writes: 2 },
              compiled: policy.breakers,
              budgets: policy.breakers.config.budgets,
              now,
            },
          }
        : {}),
    };
    // Warm-up long enough for V8 to finish optimising the regexes and the pipeline.
    for (let i = 0; i < 10_000; i++) evaluateStep(facts, { kind: "clear" }, agent, set);
    const rounds: Stats[] = [];
    for (let round = 0; round < 3; round++) {
      // performance.now() and a preallocated array: the measurement itself allocates nothing.
      const samples = new Float64Array(n);
      const t0 = performance.now();
      for (let i = 0; i < n; i++) {
        const a = performance.now();
        evaluateStep(facts, { kind: "clear" }, agent, set);
        samples[i] = (performance.now() - a) * 1e6;
      }
      rounds.push(stats(Array.from(samples), (performance.now() - t0) * 1e6));
    }
    rounds.sort((a, b) => a.p99 - b.p99);
    console.log(`${fmt(label, rounds[1]!)}  (p99 over 3 rounds: ${rounds.map((r) => r.p99.toFixed(0)).join(", ")})`);
  };
  console.log(`decision engine alone (${rules.actions.rules.length} action rules, ${rules.content.rules.length} content detectors)`);
  run("4 KB hint, action rules only, 1,000 patterns", big, hint, 20000, actionsOnly);
  run("4 KB hint, all rules, empty policy", small, hint, 20000);
  run("4 KB hint, all rules, 1,000-pattern policy", big, hint, 20000);
  run("short hint, all rules, 1,000-pattern policy", big, "executing shell command: git push --force origin main", 20000);
  run("4 KB hint + 16 KB findings, all rules + breakers", big, hint, 5000, rules, findings16k(), true);
}

async function e2eBench(prefix: string, where: string): Promise<void> {
  const cli = fileURLToPath(new URL("../src/cli/main.js", import.meta.url));
  const noop = fileURLToPath(new URL("./noop-server.js", import.meta.url));
  // Where the database lives decides what an fsync costs.
  const home = mkdtempSync(prefix);
  const env = { ...process.env, HALTKEY_HOME: home, HALTKEY_LOG_LEVEL: "warn" } as Record<string, string>;
  // The floor under any durable step: one fsync'd LevelDB batch in the same directory.
  const probe = new Level<string, unknown>(join(home, "fsync-probe"), { valueEncoding: "json" });
  await probe.open();
  const fs: number[] = [];
  let fsWall = 0;
  for (let i = 0; i < 500; i++) {
    const t = process.hrtime.bigint();
    await probe.batch([{ type: "put", key: `k${i}`, value: { i, pad: "x".repeat(300) } }], { sync: true });
    const d = Number(process.hrtime.bigint() - t);
    fs.push(d);
    fsWall += d;
  }
  await probe.close();
  const fsyncStats = stats(fs, fsWall);
  // The bench's agents take thousands of steps; the default step limit (50) would pause them.
  const policy = join(home, "bench-policy.json");
  writeFileSync(policy, JSON.stringify({ maxAutonomousSteps: 100_000 }));
  const daemon = spawn(process.execPath, [cli, "serve", "--simulate", "--policy", policy], { env, stdio: ["ignore", "ignore", "inherit"] });
  for (let i = 0; i < 200 && !existsSync(join(home, "haltkey.sock")); i++) await new Promise((r) => setTimeout(r, 50));
  try {
    const haltkey = new Client({ name: "bench", version: "1" });
    await haltkey.connect(new StdioClientTransport({ command: process.execPath, args: [cli, "mcp", "--no-autostart"], env }));
    const nothing = new Client({ name: "bench", version: "1" });
    await nothing.connect(new StdioClientTransport({ command: process.execPath, args: [noop] }));
    await haltkey.callTool({ name: "mcp_aql_execute", arguments: { operation: "execute_agent", params: { element_name: "bench", maxAutonomousSteps: 100000 } } });
    const stepArgs = (i: number) => ({ operation: "record_execution_step", params: { element_name: "bench", nextActionHint: `executing shell command: ls -la src/module_${i}` } });
    for (let i = 0; i < 200; i++) {
      await haltkey.callTool({ name: "mcp_aql_create", arguments: stepArgs(i) });
      await nothing.callTool({ name: "noop", arguments: {} });
    }
    const n = 2000;
    const a: number[] = [];
    const b: number[] = [];
    let wallA = 0;
    let wallB = 0;
    // Interleaved, so both see the same machine at the same moments.
    for (let i = 0; i < n; i++) {
      let t = process.hrtime.bigint();
      const r = (await haltkey.callTool({ name: "mcp_aql_create", arguments: stepArgs(i) })) as { content: Array<{ text: string }> };
      let d = Number(process.hrtime.bigint() - t);
      a.push(d);
      wallA += d;
      if (i === 0 && !JSON.parse(r.content[0]!.text).data.autonomy.continue) throw new Error("bench step was not allowed");
      t = process.hrtime.bigint();
      await nothing.callTool({ name: "noop", arguments: {} });
      d = Number(process.hrtime.bigint() - t);
      b.push(d);
      wallB += d;
    }
    const sa = stats(a, wallA);
    const sb = stats(b, wallB);
    console.log(`\nend to end over MCP stdio, database on ${where} (same client process, interleaved; ${home})`);
    console.log(fmt("LevelDB batch with sync:true alone (the floor)", fsyncStats));
    console.log(fmt("do-nothing MCP tool", sb));
    console.log(fmt("record_execution_step (durable audit, fsync)", sa));
    console.log(`ratio p50 ${(sa.p50 / sb.p50).toFixed(2)}×   p99 ${(sa.p99 / sb.p99).toFixed(2)}×   (target: p50 ≤ 2×)`);

    // Concurrency: 8 clients at once share fsyncs (group commit).
    const clients = await Promise.all(
      Array.from({ length: 8 }, async (_, k) => {
        const c = new Client({ name: `bench${k}`, version: "1" });
        await c.connect(new StdioClientTransport({ command: process.execPath, args: [cli, "mcp", "--no-autostart"], env }));
        await c.callTool({ name: "mcp_aql_execute", arguments: { operation: "execute_agent", params: { element_name: `bench${k}`, maxAutonomousSteps: 100000 } } });
        return { c, k };
      }),
    );
    const storeStats = async (): Promise<{ batches: number; transitions: number }> => {
      const c = await DaemonClient.connect(join(home, "operator.sock"));
      try {
        return (await c.request("status", {})).store;
      } finally {
        c.close();
      }
    };
    const before = await storeStats();
    const per = 250;
    const lat: number[] = [];
    const t0 = process.hrtime.bigint();
    await Promise.all(
      clients.map(async ({ c, k }) => {
        for (let i = 0; i < per; i++) {
          const t = process.hrtime.bigint();
          await c.callTool({ name: "mcp_aql_create", arguments: { operation: "record_execution_step", params: { element_name: `bench${k}`, nextActionHint: `ls dir_${i}` } } });
          lat.push(Number(process.hrtime.bigint() - t));
        }
      }),
    );
    console.log(fmt("record_execution_step, 8 clients at once", stats(lat, Number(process.hrtime.bigint() - t0))));
    const after = await storeStats();
    const batches = after.batches - before.batches;
    const transitions = after.transitions - before.transitions;
    console.log(`group commit: ${transitions} transitions in ${batches} fsync'd batches (${(transitions / Math.max(1, batches)).toFixed(2)} per fsync)`);
    for (const { c } of clients) await c.close();
    await haltkey.close();
    await nothing.close();
  } finally {
    daemon.kill("SIGTERM");
    await new Promise((r) => daemon.once("exit", r));
    rmSync(home, { recursive: true, force: true });
  }
}

/** The worst scan time of each pack over inputs built to make patterns backtrack (tests only check they finish). */
function hostileBench(): void {
  const rules = defaultRuleSet();
  const detectors = { secret: new DetectorPack(SECRET_RULES), pii: new DetectorPack(PII_RULES), injection: new DetectorPack(INJECTION_RULES) };
  const worst = (inputs: ReadonlyArray<readonly [string, string]>, scan: (t: string) => unknown): string => {
    let max = 0;
    let which = "";
    for (const [label, text] of inputs) {
      scan(text); // warm up
      const t = performance.now();
      scan(text);
      const ms = performance.now() - t;
      if (ms > max) [max, which] = [ms, label];
    }
    return `${max.toFixed(1)} ms (${which})`;
  };
  console.log("\nhostile inputs (64 KB; 32 KB hints), worst single scan per pack:");
  // With the original text, as the pipeline scores a hint: the case checks and the shell reading run too.
  console.log(`  action rules   ${worst(HOSTILE_ACTION_HINTS, (t) => rules.actions.score(normalizeForMatching(t), t))}`);
  // A fresh text on every call, so the reading is not served from the pack's one-entry cache.
  let fresh = 0;
  const uncached = (t: string): string => `${t} #${fresh++}`;
  console.log(`  shell reading  ${worst(HOSTILE_SHELL_HINTS, (t) => rules.actions.score(normalizeForMatching(t), uncached(t)))}`);
  console.log(`  secrets        ${worst(HOSTILE_SECRET_TEXTS, (t) => detectors.secret.scan(t))}`);
  console.log(`  PII            ${worst(HOSTILE_PII_TEXTS, (t) => detectors.pii.scan(t))}`);
  console.log(`  injection      ${worst(HOSTILE_INJECTION_TEXTS, (t) => detectors.injection.scan(t))}`);
}

// HALTKEY_BENCH=engine runs only the decision-engine part.
if (process.env.HALTKEY_BENCH === "hook-http") {
  const { hookHttpBench } = await import("./hook-http.js");
  await hookHttpBench(process.env.HALTKEY_BENCH_DIR ?? join(process.cwd(), ".bench-tmp-hook-"));
  process.exit(0);
}
engineBench();
hostileBench();
if (process.env.HALTKEY_BENCH === "engine") process.exit(0);
await e2eBench(process.env.HALTKEY_BENCH_DIR ?? join(process.cwd(), ".bench-tmp-"), "disk (the real figure)");
// From the human's touch on the simulated key to continue:true on the agent's next step.
const { touchBench } = await import("./touch.js");
await touchBench(process.env.HALTKEY_BENCH_DIR ?? join(process.cwd(), ".bench-tmp-touch-"));
// The same on tmpfs, where fsync is almost free: what the loop costs besides durability.
if (existsSync("/dev/shm")) await e2eBench("/dev/shm/haltkey-bench-", "tmpfs (fsync almost free; for comparison only)");
// The Claude Code http hook's decision as Claude Code sees it (bench/hook-http.ts).
{
  const { hookHttpBench } = await import("./hook-http.js");
  await hookHttpBench(process.env.HALTKEY_BENCH_DIR ?? join(process.cwd(), ".bench-tmp-hook-"));
}
// 50 MCP clients at once over Streamable HTTP on loopback (bench/http-load.ts).
const { httpLoadBench } = await import("./http-load.js");
await httpLoadBench();
// The session replay (bench/replay; `npm run replay` prints the whole report with every reason):
// recorded sessions through the hook and MCP paths, interruptions per 100 benign tool calls,
// dangerous steps caught, decision latency. HALTKEY_BENCH_REPLAY_SAMPLE=n replays n sessions.
{
  const { DEFAULT_BENIGN, DEFAULT_DANGEROUS, runReplay } = await import("./replay/main.js");
  const { formatSummary } = await import("./replay/report.js");
  if (!existsSync(DEFAULT_BENIGN())) console.log(`\nsession replay skipped: ${DEFAULT_BENIGN()} is missing`);
  else {
    const sample = process.env.HALTKEY_BENCH_REPLAY_SAMPLE ? Number(process.env.HALTKEY_BENCH_REPLAY_SAMPLE) : undefined;
    const report = await runReplay({ benignPath: DEFAULT_BENIGN(), dangerousPath: DEFAULT_DANGEROUS(), paths: ["hook", "mcp"], cliSample: 0, ...(sample !== undefined ? { sample } : {}) });
    console.log(formatSummary(report));
  }
}
