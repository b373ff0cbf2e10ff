// npm run bench: every figure beside its target from issue 14 (bench/targets.ts), in this order:
//   1. the decision engine alone, and hostile inputs (worst scan, and how it grows with the input);
//   2. one step end to end over MCP stdio beside a do-nothing MCP tool, interleaved in one run,
//      with the layers between them timed alone (a bare socket round trip, the step straight on the
//      daemon socket) and the daemon's and shim's parts timed in process (bench/breakdown.ts);
//      database on disk (the real figure), then on tmpfs (fsync almost free);
//   3. touch to continue; cold start, import costs and memory (bench/footprint.ts);
//   4. 50 MCP clients over Streamable HTTP; 5. a sample of the session replay.
// HALTKEY_BENCH=engine runs only part 1, =stdio only part 2, =http only part 4. HALTKEY_BENCH_REPLAY_SAMPLE=n replays n sessions (default 2;
// `npm run replay` replays them all). HALTKEY_BENCH_DIR=prefix puts the on-disk databases there.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Level } from "level";
import { DaemonConnection } from "../src/daemon/connection.js";
import { Journal } from "../src/store/journal.js";
import { evaluateStep } from "../src/core/pipeline.js";
import { compilePolicy, PolicyFile, policyFor } from "../src/core/policy.js";
import { initialBreakerState } from "../src/core/breakers.js";
import { DetectorPack } from "../src/core/detector.js";
import { defaultRuleSet } from "../src/core/rules/index.js";
import { SECRET_RULES } from "../src/core/rules/secrets.js";
import { PII_RULES } from "../src/core/rules/pii.js";
import { INJECTION_RULES } from "../src/core/rules/injection.js";
import { normalizeForMatching } from "../src/core/text.js";
import { readShell } from "../src/core/shell/index.js";
import { readShellCached } from "../src/core/shell/read.js";
import { judgeStep } from "../src/core/action/step.js";
import { parseBash } from "../src/core/shell/syntax.js";
import { storeStats } from "./http-load.js";
import { plainTree } from "../src/core/shell/plain.js";
import { DEFAULT_BENIGN } from "./replay/main.js";
import type { OperationResult } from "../src/core/wire.js";
import { HOSTILE_ACTION_HINTS, HOSTILE_EDITS, HOSTILE_INJECTION_TEXTS, HOSTILE_PII_TEXTS, HOSTILE_PROSE_HINTS, HOSTILE_SECRET_TEXTS, HOSTILE_SHELL_HINTS } from "./hostile-inputs.js";
import { BENCH_POLICY, daemonParts, printRows, shimParts, stepHint } from "./breakdown.js";
import { fmt, interleaved, median, stats, type Stats } from "./stats.js";
import { printTargets, target } from "./targets.js";

/** A 4 KB hint: what an agent describing a real shell step with context looks like. */
export function hint4k(): string {
  const base =
    "executing shell command: cd /workspace/service && npm run build && node scripts/migrate.js --env=staging --dry-run; then calling write_file on src/config/database.ts to update the connection pool settings (max 20, idle timeout 30s) and reading logs/app.log for errors from the last run. ";
  let h = "";
  while (h.length < 4096) h += base;
  return h.slice(0, 4096);
}

/** A 4 KB hint in an agent's own words (how MCP agents report steps), its last sentence numbered so each is fresh. */
export function prose4k(i: number): string {
  const sentences = [
    "I'll update the connection pool settings in src/config/database.ts to max 20 and an idle timeout of 30s.",
    "Then I'm going to run the migration against staging with `npm run migrate -- --env=staging --dry-run` and read logs/app.log for errors from the last run.",
    "If the dry run looks clean, I'll open a pull request with the change and ask the user to review it before anything reaches production.",
    "Next, remove the unused helper in src/util/retry.ts and update the tests that imported it.",
    "Finally, send a short summary of the changes to the user.",
  ];
  let h = "";
  for (let k = 0; h.length < 4096 - 40; k++) h += `${sentences[k % sentences.length]} `;
  return `${h.slice(0, 4096 - 40)} Step ${String(i).padStart(6, "0")} is done.`;
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
  // A real agent's hints differ step to step; the shell reading keeps only the last text read,
  // so a repeated hint is served from it. The target is measured on fresh hints (the same 4 KB,
  // its last characters numbered), the repeated one is printed beside it.
  const fresh = Array.from({ length: 2048 }, (_, i) => `${hint.slice(0, 4096 - 6)}${String(i).padStart(6, "0")}`);
  // Three rounds per case; the median round (by p99) is printed with the spread of p99 across
  // rounds, because on a shared two-core machine one round's tail is mostly the neighbours'.
  const actionsOnly = { actions: rules.actions, content: new DetectorPack([]) };
  const run = (label: string, policy: ReturnType<typeof compilePolicy>, texts: readonly string[], n: number, set = rules, findings?: string, breakers = false): Stats => {
    const agent = policyFor(policy, "bench");
    const now = Date.now();
    const facts = (text: string) => ({
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
    });
    const all = texts.map(facts);
    // Warm-up long enough for V8 to finish optimising the regexes and the pipeline.
    for (let i = 0; i < Math.min(5_000, n); i++) evaluateStep(all[i % all.length]!, { kind: "clear" }, agent, set);
    const rounds: Stats[] = [];
    for (let round = 0; round < 3; round++) {
      // performance.now() and a preallocated array: the measurement itself allocates nothing.
      const samples = new Float64Array(n);
      const t0 = performance.now();
      for (let i = 0; i < n; i++) {
        const f = all[i % all.length]!;
        const a = performance.now();
        evaluateStep(f, { kind: "clear" }, agent, set);
        samples[i] = (performance.now() - a) * 1e6;
      }
      rounds.push(stats(samples, (performance.now() - t0) * 1e6));
    }
    rounds.sort((a, b) => a.p99 - b.p99);
    console.log(`${fmt(label, rounds[1]!)}  (p99 over 3 rounds: ${rounds.map((r) => r.p99.toFixed(0)).join(", ")})`);
    return rounds[1]!;
  };
  console.log(`decision engine alone (${rules.actions.rules.length} action rules, ${rules.content.rules.length} content detectors)`);
  run("4 KB hint, action rules only, 1,000 patterns", big, fresh, 300, actionsOnly);
  run("4 KB hint, all rules, empty policy", small, fresh, 300);
  const target4k = run("4 KB hint, all rules, 1,000-pattern policy", big, fresh, 500);
  const repeated = run("  the same, one hint repeated (shell reading reused)", big, [hint], 10000);
  // An MCP agent's own words, 4 KB of them: read by the prose reader as well as the rules.
  run("4 KB prose hint (an agent's words), all rules", big, Array.from({ length: 2048 }, (_, i) => prose4k(i)), 500);
  run("short hint, all rules, 1,000-pattern policy", big, Array.from({ length: 2048 }, (_, i) => `executing shell command: git push --force origin main_${i}`), 10000);
  run("4 KB hint + 16 KB findings, all rules + breakers", big, fresh, 200, rules, findings16k(), true);
  // The shell reading alone on the same fresh hints: the share of the step the reader takes.
  const part = (label: string, fn: (t: string) => unknown, n = 1000): Stats => {
    for (let i = 0; i < 200; i++) fn(fresh[i % fresh.length]!);
    const samples = new Float64Array(n);
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const t = fresh[(i + 7) % fresh.length]!;
      const a = performance.now();
      fn(t);
      samples[i] = (performance.now() - a) * 1e6;
    }
    const st = stats(samples, (performance.now() - t0) * 1e6);
    console.log(fmt(label, st));
    return st;
  };
  part("  of which: readShell on the fresh 4 KB hint", (t) => readShell(t.slice("executing shell command: ".length)), 300);
  part("    of which: one tree-sitter parse + tree walk", (t) => parseBash(t.slice("executing shell command: ".length)), 300);
  // The 4 KB hint holds prose with parentheses: not plain shell, so it is read by tree-sitter.
  console.log(`  (the 4 KB hint is ${plainTree(hint.slice("executing shell command: ".length)) ? "plain shell: read by the plain scanner" : "not plain shell: read by tree-sitter"})`);
  target("engine alone, 4 KB hint, all rules, 1,000-pattern policy, p99", `${target4k.p99.toFixed(0)} µs (${repeated.p99.toFixed(0)} µs with the hint repeated)`, "p99 ≤ 100 µs", target4k.p99 <= 100);
  sessionCommandsBench(run, big);
}

/** Every Bash command of the recorded coding sessions (../shared/corpora/sessions), or none when the file is missing. */
function sessionCommands(): string[] {
  const path = DEFAULT_BENIGN();
  if (!existsSync(path)) return [];
  const out: string[] = [];
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const session = JSON.parse(line) as { steps?: Array<{ tool?: string; input?: { command?: unknown } }> };
    for (const step of session.steps ?? []) if (step.tool === "Bash" && typeof step.input?.command === "string") out.push(step.input.command);
  }
  return out;
}

/**
 * A realistic case beside the 4 KB hint: every Bash command of the recorded coding sessions, as the
 * hook words it ("executing shell command: <cmd>"), through the engine; and the shell reading
 * alone on them with the plain scanner and with tree-sitter only, with how many are plain.
 */
function sessionCommandsBench(run: (label: string, policy: ReturnType<typeof compilePolicy>, texts: readonly string[], n: number) => Stats, policy: ReturnType<typeof compilePolicy>): void {
  const commands = sessionCommands();
  if (commands.length === 0) {
    console.log("  session commands skipped: the recorded sessions are missing");
    return;
  }
  const plain = commands.filter((c) => plainTree(c) !== undefined).length;
  console.log(`session commands: ${commands.length} Bash commands of the recorded coding sessions, ${plain} (${((100 * plain) / commands.length).toFixed(1)}%) plain shell (read without tree-sitter)`);
  const hints = commands.map((c) => `executing shell command: ${c}`);
  const st = run("  each as a hint, all rules, 1,000-pattern policy", policy, hints, hints.length);
  const reading = (label: string, fastPath: boolean): Stats => {
    for (const c of commands.slice(0, 500)) readShell(c, { fastPath });
    const samples = new Float64Array(commands.length);
    const t0 = performance.now();
    commands.forEach((c, i) => {
      const a = performance.now();
      readShell(c, { fastPath });
      samples[i] = (performance.now() - a) * 1e6;
    });
    const out = stats(samples, (performance.now() - t0) * 1e6);
    console.log(fmt(label, out));
    return out;
  };
  reading("  of which: readShell on each command", true);
  reading("    the same with tree-sitter only (no plain scanner)", false);
  // Issue 14 sets no target for this row (its engine target is the 4 KB hint's): printed beside
  // that one so the realistic case is seen with it. Its tail is the here-documents (Python and
  // shell bodies of several KB), which are not plain and are parsed by tree-sitter.
  console.log(`  session commands as hints: p50 ${st.p50.toFixed(0)} µs, p99 ${st.p99.toFixed(0)} µs (no issue-14 target; the 4 KB hint's is p99 ≤ 100 µs)`);
}

interface E2e {
  readonly noop: Stats;
  /** Through the Node shim, `haltkey mcp`. */
  readonly step: Stats;
  /** Through the native relay (what `haltkey init` configures when it was built). */
  readonly relayStep: Stats | undefined;
  readonly hello: Stats;
  readonly socketStep: Stats;
  readonly fsync: Stats;
  readonly stepResult: OperationResult;
}

/** The native relay `npm run build` compiles, when it did (scripts/build-relay.mjs). */
const RELAY = fileURLToPath(new URL("../bin/haltkey-relay", import.meta.url));

/**
 * One daemon, five ways in, interleaved in one loop so all see the same machine: the do-nothing
 * MCP tool over stdio (the baseline), the bare socket round trip to the daemon with its most
 * trivial method (hello), the step sent straight on the daemon's agent socket (no shim), the step
 * over MCP stdio through the Node shim, and through the native relay (the daemon's MCP socket).
 * Then 8 clients at once, as `haltkey init` configures them (group commit).
 */
async function e2eBench(prefix: string, where: string, real: boolean): Promise<E2e> {
  const cli = fileURLToPath(new URL("../src/cli/main.js", import.meta.url));
  const noop = fileURLToPath(new URL("./noop-server.js", import.meta.url));
  // Where the database lives decides what an fsync costs.
  const home = mkdtempSync(prefix);
  const env = { ...process.env, HALTKEY_HOME: home, HALTKEY_LOG_LEVEL: "warn" } as Record<string, string>;
  // The floor under any durable step: one journal record written O_DSYNC in the same directory
  // (src/store/journal.ts); beside it, what the store paid before the journal, an fsync'd LevelDB batch.
  const journal = Journal.open(join(home, "journal-probe"));
  const js: number[] = [];
  let jsWall = 0;
  for (let i = 0; i < 500; i++) {
    const t = process.hrtime.bigint();
    journal.append(journal.encode([{ type: "put", key: `k${i}`, value: JSON.stringify({ i, pad: "x".repeat(300) }) }], i + 1));
    const d = Number(process.hrtime.bigint() - t);
    js.push(d);
    jsWall += d;
  }
  journal.close();
  const journalStats = stats(js, jsWall);
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
  // The bench's agents take thousands of steps; neither the step limit nor the tool-call budget may pause them.
  const policy = join(home, "bench-policy.json");
  writeFileSync(policy, JSON.stringify(BENCH_POLICY));
  const daemon = spawn(process.execPath, [cli, "serve", "--simulate", "--policy", policy], { env, stdio: ["ignore", "ignore", "inherit"] });
  for (let i = 0; i < 400 && !existsSync(join(home, "mcp.sock")); i++) await new Promise((r) => setTimeout(r, 50));
  const relayBuilt = existsSync(RELAY);
  // What `haltkey init` writes: the relay when it was built, else the Node shim.
  const configured = (): StdioClientTransport =>
    relayBuilt ? new StdioClientTransport({ command: RELAY, args: [join(home, "mcp.sock"), process.execPath, cli, "mcp", "--no-autostart"], env }) : new StdioClientTransport({ command: process.execPath, args: [cli, "mcp", "--no-autostart"], env });
  try {
    const haltkey = new Client({ name: "bench", version: "1" });
    await haltkey.connect(new StdioClientTransport({ command: process.execPath, args: [cli, "mcp", "--no-autostart"], env }));
    const relayed = relayBuilt ? new Client({ name: "bench-relay", version: "1" }) : undefined;
    if (relayed) {
      await relayed.connect(configured());
      await relayed.callTool({ name: "mcp_aql_execute", arguments: { operation: "execute_agent", params: { element_name: "bench-relay", maxAutonomousSteps: 100000 } } });
    }
    const nothing = new Client({ name: "bench", version: "1" });
    await nothing.connect(new StdioClientTransport({ command: process.execPath, args: [noop] }));
    await haltkey.callTool({ name: "mcp_aql_execute", arguments: { operation: "execute_agent", params: { element_name: "bench", maxAutonomousSteps: 100000 } } });
    // The same step straight on the agent socket, as the shim sends it (its own session).
    const raw = await DaemonConnection.open(join(home, "haltkey.sock"));
    await raw.call("hello", { client: "bench-raw" });
    await raw.call("aql", { tool: "mcp_aql_execute", arguments: { operation: "execute_agent", params: { element_name: "raw", maxAutonomousSteps: 100000 } } });
    const hello = await DaemonConnection.open(join(home, "haltkey.sock"));
    let i = 0;
    let j = 0;
    let k = 0;
    let stepResult: OperationResult | undefined;
    const measured = await interleaved(
      [
        ["do-nothing MCP tool", () => nothing.callTool({ name: "noop", arguments: {} })],
        // A keyed hello: the daemon derives the session and writes nothing. (A plain hello opens a
        // new session with a durable credential: an fsync'd transition, not a bare round trip.)
        ["bare socket round trip (hello)", () => hello.call("hello", { sessionKey: { client: "bench", id: "bare" } })],
        ["step on the daemon socket (no shim)", () => raw.call("aql", { tool: "mcp_aql_create", arguments: { operation: "record_execution_step", params: { element_name: "raw", nextActionHint: stepHint(j++) } } })],
        [
          "record_execution_step over MCP stdio",
          async () => {
            const r = (await haltkey.callTool({ name: "mcp_aql_create", arguments: { operation: "record_execution_step", params: { element_name: "bench", nextActionHint: stepHint(i++) } } })) as { content: Array<{ text: string }> };
            if (stepResult === undefined) {
              stepResult = JSON.parse(r.content[0]!.text) as OperationResult;
              if (!stepResult.success || !(stepResult.data as { autonomy: { continue: boolean } }).autonomy.continue) throw new Error(`bench step was not allowed: ${r.content[0]!.text}`);
            }
          },
        ],
        ...(relayed
          ? ([
              [
                "record_execution_step over MCP stdio, native relay",
                async () => {
                  const r = (await relayed.callTool({ name: "mcp_aql_create", arguments: { operation: "record_execution_step", params: { element_name: "bench-relay", nextActionHint: stepHint(k++) } } })) as { content: Array<{ text: string }> };
                  if (k === 1 && !(JSON.parse(r.content[0]!.text) as { data?: { autonomy?: { continue?: boolean } } }).data?.autonomy?.continue) throw new Error(`bench step was not allowed: ${r.content[0]!.text}`);
                },
              ],
            ] as const)
          : []),
      ],
      2000,
    );
    // Every measured step must have been a benign step that was allowed: the last one too.
    const lastStep = (await haltkey.callTool({ name: "mcp_aql_create", arguments: { operation: "record_execution_step", params: { element_name: "bench", nextActionHint: stepHint(i++) } } })) as { content: Array<{ text: string }> };
    if (!(JSON.parse(lastStep.content[0]!.text) as { data?: { autonomy?: { continue?: boolean } } }).data?.autonomy?.continue) throw new Error(`bench step was paused midway: ${lastStep.content[0]!.text}`);
    const sb = measured.get("do-nothing MCP tool")!;
    const viaShim = measured.get("record_execution_step over MCP stdio")!;
    const viaRelay = measured.get("record_execution_step over MCP stdio, native relay");
    // The target is judged on what a client is configured with: the relay when it was built.
    const sa = viaRelay ?? viaShim;
    console.log(`\nend to end, database on ${where} (one client process, the four interleaved; ${home})`);
    console.log(fmt("journal record written O_DSYNC alone (the floor)", journalStats));
    console.log(fmt("LevelDB batch with sync:true alone (before the journal)", fsyncStats));
    for (const [label, st] of measured) console.log(fmt(label, st));
    const ratio = sa.p50 / sb.p50;
    console.log(`ratio p50 ${ratio.toFixed(2)}×   p99 ${(sa.p99 / sb.p99).toFixed(2)}×  (${viaRelay ? "native relay" : "Node shim: the relay was not built"}); through the Node shim ${(viaShim.p50 / sb.p50).toFixed(2)}×, p99 ${(viaShim.p99 / sb.p99).toFixed(2)}×`);
    if (real) target("step over MCP stdio ÷ do-nothing tool, p50, audit on the disk before the answer (O_DSYNC journal)", `${ratio.toFixed(2)}× (${sa.p50.toFixed(0)} µs ÷ ${sb.p50.toFixed(0)} µs, ${viaRelay ? "native relay" : "Node shim, relay not built"}; Node shim ${(viaShim.p50 / sb.p50).toFixed(2)}×)`, "≤ 2.0×", ratio <= 2.0);
    else console.log(`  (tmpfs: what the loop costs when fsync is almost free; not a target)`);

    // Concurrency: 8 clients at once share journal writes (group commit).
    const clients = await Promise.all(
      Array.from({ length: 8 }, async (_, k) => {
        const c = new Client({ name: `bench${k}`, version: "1" });
        await c.connect(configured());
        await c.callTool({ name: "mcp_aql_execute", arguments: { operation: "execute_agent", params: { element_name: `bench${k}`, maxAutonomousSteps: 100000 } } });
        return { c, k };
      }),
    );
    const before = await storeStats(home);
    const per = 250;
    const lat: number[] = [];
    const t0 = process.hrtime.bigint();
    await Promise.all(
      clients.map(async ({ c, k }) => {
        for (let n = 0; n < per; n++) {
          const t = process.hrtime.bigint();
          await c.callTool({ name: "mcp_aql_create", arguments: { operation: "record_execution_step", params: { element_name: `bench${k}`, nextActionHint: `ls dir_${n}` } } });
          lat.push(Number(process.hrtime.bigint() - t));
        }
      }),
    );
    console.log(fmt(`record_execution_step, 8 stdio clients at once (${relayBuilt ? "native relay" : "Node shim"})`, stats(lat, Number(process.hrtime.bigint() - t0))));
    const after = await storeStats(home);
    const batches = after.batches - before.batches;
    const transitions = after.transitions - before.transitions;
    console.log(`group commit: ${transitions} transitions in ${batches} durable journal writes (${(transitions / Math.max(1, batches)).toFixed(2)} per write)`);
    for (const { c } of clients) await c.close();
    raw.close();
    hello.close();
    await haltkey.close();
    await relayed?.close();
    await nothing.close();
    return { noop: sb, step: viaShim, relayStep: viaRelay, hello: measured.get("bare socket round trip (hello)")!, socketStep: measured.get("step on the daemon socket (no shim)")!, fsync: fsyncStats, stepResult: stepResult! };
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
  // Linear: four times the input takes about four times as long. Each input is also scanned at a
  // quarter of its length; the growth of the worst one is printed (quadratic would be ~16×).
  const worst = (inputs: ReadonlyArray<readonly [string, string]>, scan: (t: string) => unknown): { ms: number; label: string; growth: number } => {
    const time = (text: string): number => {
      scan(text); // warm up
      // The fastest of 5: the neighbours on a loaded machine only ever add time.
      let best = Number.POSITIVE_INFINITY;
      for (let k = 0; k < 5; k++) {
        const t = performance.now();
        scan(text);
        best = Math.min(best, performance.now() - t);
      }
      return best;
    };
    let out = { ms: 0, label: "", growth: 0 };
    for (const [label, text] of inputs) {
      const ms = time(text);
      if (ms > out.ms) out = { ms, label, growth: ms / Math.max(time(text.slice(0, Math.floor(text.length / 4))), 0.01) };
    }
    return out;
  };
  console.log("\nhostile inputs (64 KB; 32 KB hints; 16 KB edits), worst scan per pack (fastest of 5), and its time ÷ the time on its first quarter:");
  let fresh = 0;
  const uncached = (t: string): string => `${t} #${fresh++}`;
  const packs: Array<[string, { ms: number; label: string; growth: number }]> = [
    // With the original text, as the pipeline scores a hint: the case checks and the shell reading run too.
    ["action rules", worst(HOSTILE_ACTION_HINTS, (t) => rules.actions.score(normalizeForMatching(t), t))],
    // A fresh text on every call, so the reading is not served from the pack's one-entry cache.
    ["shell reading", worst(HOSTILE_SHELL_HINTS, (t) => rules.actions.score(normalizeForMatching(t), uncached(t)))],
    // The action model on a hint in prose (prose reader, written-out calls, quoted commands).
    ["prose hints", worst(HOSTILE_PROSE_HINTS, (t) => judgeStep({ hint: uncached(t) }, readShellCached))],
    // An edit tool's call: the first line is the file, the rest the new text (old text a line that differs).
    ["edits", worst(HOSTILE_EDITS, (t) => {
      const nl = t.indexOf("\n");
      return judgeStep({ hint: "editing a file", tool: "Edit", arguments: { file_path: t.slice(0, nl), old_string: "x = 1\n", new_string: uncached(t.slice(nl + 1)) } }, readShellCached);
    })],
    ["secrets", worst(HOSTILE_SECRET_TEXTS, (t) => detectors.secret.scan(t))],
    ["PII", worst(HOSTILE_PII_TEXTS, (t) => detectors.pii.scan(t))],
    ["injection", worst(HOSTILE_INJECTION_TEXTS, (t) => detectors.injection.scan(t))],
  ];
  for (const [name, w] of packs) console.log(`  ${name.padEnd(14)} ${w.ms.toFixed(1).padStart(7)} ms  ×${w.growth.toFixed(1)} for 4× the input  (${w.label})`);
  const growth = Math.max(...packs.map(([, w]) => w.growth));
  // 4× the input within 8× the time: linear with noise and cache effects, far from quadratic (16×).
  target("worst hostile input: time growth for 4× the input", `×${growth.toFixed(1)} (worst scan ${Math.max(...packs.map(([, w]) => w.ms)).toFixed(1)} ms)`, "linear (≤ 8×; quadratic is ~16×)", growth <= 8);
}

// HALTKEY_BENCH=engine runs only the decision-engine part.
if (process.env.HALTKEY_BENCH === "hook-http") {
  const { hookHttpBench } = await import("./hook-http.js");
  await hookHttpBench(process.env.HALTKEY_BENCH_DIR ?? join(process.cwd(), ".bench-tmp-hook-"));
  process.exit(0);
}

/** The step's time, layer by layer: out-of-process figures from e2e, in-process parts beside them. */
async function breakdown(e: E2e, prefix: string): Promise<void> {
  const disk = await daemonParts(prefix, "disk");
  const tmp = existsSync("/dev/shm") ? await daemonParts("/dev/shm/haltkey-parts-", "tmpfs") : undefined;
  const shim = await shimParts(e.stepResult);
  const p = (rows: ReadonlyArray<readonly [string, Stats]>, key: string): number => rows.find(([l]) => l.includes(key))![1].p50;
  const mean = (rows: ReadonlyArray<readonly [string, Stats]>, key: string): number => rows.find(([l]) => l.includes(key))![1].mean;
  const d = disk.rows;
  const parse = p(d, "aql parse");
  const evaluate = p(d, "evaluateStep");
  const transition = p(d, "store.transition (chain");
  const syncPart = mean(d, "of which synchronous");
  const shimOwn = p(shim, "shim: client line") + p(shim, "shim: request frame") + p(shim, "shim: answer JSON.parse") + p(shim, "shim: MCP result");
  const sdkExtra = p(shim, "SDK work per call, step") - p(shim, "SDK work per call, do-nothing");
  const rows: Array<[string, number, string]> = [
    ["do-nothing MCP tool: client → stdio → SDK server → back", e.noop.p50, "measured (baseline)"],
    ...(e.relayStep ? [["record_execution_step over MCP stdio, native relay", e.relayStep.p50, "measured"] as [string, number, string]] : []),
    ["record_execution_step over MCP stdio, Node shim", e.step.p50, "measured"],
    ["  shim: its hop, framing and checks, bigger MCP messages", e.step.p50 - e.noop.p50 - e.socketStep.p50, "step − baseline − step on the socket"],
    ["    shim's own work (JSON, hand checks, result wrap)", shimOwn, "in process, measured"],
    ["    SDK work on the step's bigger messages, over the baseline's", sdkExtra, "in process, measured"],
    ["  unix socket round trip + daemon framing (hello)", e.hello.p50, "measured"],
    ["  daemon: the step beyond a trivial request", e.socketStep.p50 - e.hello.p50, "step on the socket − hello"],
    ["    frame parse (JSON.parse, RequestFrame zod)", p(d, "frame: JSON.parse"), "in process, measured"],
    ["    protocol: aql params check (zod)", p(d, "aql params check"), "in process, measured"],
    ["    engine in memory: aql parse, guard, evaluateStep, planStep, apply", p(d, "engine without the store"), "in process, store answered at once"],
    ["      of which aql parse (parseToolCall, zod)", parse, "in process, measured"],
    ["      evaluateStep alone on a fresh hint (for comparison)", evaluate, "in process, measured"],
    ["    store: chain, state digest (sync.)", syncPart, "in process, mean"],
    ["    store: journal record written O_DSYNC (next turn of the loop)", transition - syncPart, "transition − synchronous part"],
    ["    protocol: aql result check (zod)", p(d, "aql result check"), "in process, measured"],
    ["    answer JSON.stringify", p(d, "answer: JSON.stringify"), "in process, measured"],
  ];
  console.log(`\nwhere one step's time goes (p50, µs; database on disk). Out-of-process rows are from the interleaved run above;`);
  console.log(`in-process rows are the daemon's and the shim's own code timed alone in this process on the same messages,`);
  console.log(`so they need not add up exactly. A loaded machine stretches every figure.`);
  for (const [label, us, how] of rows) console.log(`  ${label.padEnd(64)} ${us.toFixed(1).padStart(8)}   ${how}`);
  if (tmp) console.log(`  (store on tmpfs: store.transition p50 ${p(tmp.rows, "store.transition (chain").toFixed(1)} µs, synchronous part ${mean(tmp.rows, "of which synchronous").toFixed(1)} µs; whole request ${p(tmp.rows, "daemon: whole request").toFixed(1)} µs)`);
  printRows("\nin-process parts, database on disk:", disk.rows);
  if (tmp) printRows("in-process parts, database on tmpfs:", tmp.rows);
  printRows("shim and SDK, in process:", shim);
}

/** Part 4: 50 MCP clients at once over Streamable HTTP on loopback (bench/http-load.ts). */
async function httpTargets(): Promise<void> {
  const { httpLoadBench } = await import("./http-load.js");
  const http = await httpLoadBench();
  target("50 HTTP clients: throughput", `${Math.round(http.perSecond).toLocaleString("en-US")} steps/s (p50 ${(http.p50Us / 1000).toFixed(1)} ms, p99 ${(http.p99Us / 1000).toFixed(1)} ms)`, `≥ 3 × 887 = 2,661 steps/s`, http.perSecond >= 3 * 887);
  target("50 HTTP clients: nothing lost", `${http.answered} of ${http.sent} steps answered with a directive; ${http.completed} of ${http.clients} complete_execution calls answered (the audit log is checked against the clients in test/http-load.integration.test.ts)`, "all", http.answered === http.sent && http.completed === http.clients);
}

async function footprintBench(prefix: string): Promise<void> {
  const { coldStart, IMPORT_GROUPS, importCost, memory, nodeFloorMb, relayBuilt } = await import("./footprint.js");
  const cold = await coldStart("/tmp/haltkey-cold-", 5);
  const ms = (xs: number[]): string => `median ${median(xs).toFixed(0)} ms (of ${xs.map((x) => x.toFixed(0)).join(", ")})`;
  console.log("\ncold start (fresh HALTKEY_HOME, default policy, no hardware attached; 5 rounds)");
  const client = relayBuilt() ? "the native relay (starting haltkey serve itself)" : "haltkey mcp (the relay was not built)";
  console.log(`  as init configures a client, no daemon running, to the first directive   ${ms(cold.mcpToDirective)}: ${client}`);
  console.log(`  haltkey serve until its socket accepts                      ${ms(cold.daemonReady)}`);
  console.log(`  haltkey mcp with a daemon running, to the first directive  ${ms(cold.shimToDirective)}`);
  if (cold.relayToDirective.length > 0) console.log(`  the native relay with a daemon running, to the first directive  ${ms(cold.relayToDirective)}`);
  console.log(`  CPU used by the client's process + its daemon at the first directive  ${ms(cold.cpuToDirective)} (wall time with the machine to itself is close to this)`);
  console.log(`  CPU used by haltkey serve when its socket accepts              ${ms(cold.daemonReadyCpu)}`);
  const coldMs = median(cold.mcpToDirective);
  target(`cold start: ${relayBuilt() ? "the native relay" : "haltkey mcp"} (autostart) to first directive`, `${coldMs.toFixed(0)} ms wall (${median(cold.cpuToDirective).toFixed(0)} ms CPU)`, "≤ 300 ms", coldMs <= 300);
  console.log("\nimport cost of each module group alone, in a fresh Node process (median of 3; CPU ms is steadier than wall under load)");
  for (const [label, spec] of IMPORT_GROUPS) {
    const c = importCost(spec);
    console.log(`  ${label.padEnd(48)} cpu ${c.cpu.toFixed(0).padStart(5)} ms   wall ${c.wall.toFixed(0).padStart(5)} ms`);
  }
  const mem = await memory(prefix);
  // The same with the daemon's and shim's old generation capped at 48 MB: V8 then collects before
  // it grows, so the difference between 1,000 and 10,000 steps is what the daemon holds per step.
  const capped = await memory(prefix, 48);
  console.log(`\nresident memory (RSS; an empty Node process here: ${nodeFloorMb().toFixed(1)} MB)`);
  console.log(`${"".padEnd(42)} default heap   old generation capped at 48 MB`);
  if (mem.relayMb !== undefined) console.log(`  native relay after forwarding 1,000 steps${mem.relayMb.toFixed(1).padStart(8)} MB   ${capped.relayMb!.toFixed(1).padStart(8)} MB   (PSS ${mem.relayPssMb!.toFixed(1)} MB)`);
  console.log(`  Node shim after forwarding 1,000 steps   ${mem.shimMb.toFixed(1).padStart(8)} MB   ${capped.shimMb.toFixed(1).padStart(8)} MB   (PSS ${mem.shimPssMb.toFixed(1)} MB)`);
  mem.daemonAt.forEach(([steps, mb], k) => console.log(`  daemon after ${steps.toLocaleString("en-US").padStart(6)} steps               ${mb.toFixed(1).padStart(8)} MB   ${capped.daemonAt[k]![1].toFixed(1).padStart(8)} MB`));
  // Judged on what a client runs as init configures it: the relay when built. A client whose relay
  // found no daemon it could start becomes the Node shim, printed beside.
  const clientMb = mem.relayMb ?? mem.shimMb;
  target("shim resident memory", mem.relayMb !== undefined ? `${mem.relayMb.toFixed(1)} MB native relay (Node shim ${mem.shimMb.toFixed(1)} MB, ${capped.shimMb.toFixed(1)} MB heap-capped)` : `${mem.shimMb.toFixed(1)} MB Node shim, the relay not built (${capped.shimMb.toFixed(1)} MB heap-capped)`, "≤ 40 MB", clientMb <= 40);
  // The settling (1,000 → 10,000: V8's young and old generations growing to their limits) and
  // what a step leaves once they have (10,000 → 30,000), each in bytes a step.
  const at = (m: typeof mem, steps: number): number => m.daemonAt.find(([s]) => s >= steps)![1];
  const perStep = (m: typeof mem, from: number, to: number): number => ((at(m, to) - at(m, from)) * 1024 * 1024) / (m.daemonAt.find(([s]) => s >= to)![0] - m.daemonAt.find(([s]) => s >= from)![0]);
  const settle = perStep(mem, 1000, 10_000);
  const settleCapped = perStep(capped, 1000, 10_000);
  const after = perStep(mem, 10_000, 30_000);
  const afterCapped = perStep(capped, 10_000, 30_000);
  target("daemon resident memory after 10,000 steps", `${at(mem, 10_000).toFixed(1)} MB (${at(mem, 1000).toFixed(1)} MB at 1,000; heap-capped ${at(capped, 10_000).toFixed(1)} / ${at(capped, 1000).toFixed(1)} MB)`, "≤ 80 MB", at(mem, 10_000) <= 80);
  console.log(`  daemon settling, 1,000 → 10,000 steps: ${settle.toFixed(0)} bytes/step (${settleCapped.toFixed(0)} heap-capped): V8's generations growing to their limits`);
  // 1 MB over 20,000 steps (~52 bytes a step) is within what a collection leaves behind.
  target("daemon growth per step once settled, 10,000 → 30,000, heap capped", `${afterCapped.toFixed(0)} bytes/step (${afterCapped * 20_000 / 1048576 >= 0 ? "+" : ""}${(afterCapped * 20_000 / 1048576).toFixed(1)} MB; ${after.toFixed(0)} bytes/step with the default heap)`, "none (≤ 52 B/step, 1 MB over 20,000)", afterCapped <= 52);
}

const diskPrefix = process.env.HALTKEY_BENCH_DIR ?? join(process.cwd(), ".bench-tmp-");
// HALTKEY_BENCH=stdio runs only part 2 (the step end to end and its breakdown, disk and tmpfs);
// HALTKEY_BENCH=http only part 4. Each takes about a minute, for iterating on the request path.
if (process.env.HALTKEY_BENCH === "stdio") {
  const e = await e2eBench(diskPrefix, "disk (the real figure)", true);
  await breakdown(e, diskPrefix);
  if (existsSync("/dev/shm")) await e2eBench("/dev/shm/haltkey-bench-", "tmpfs (fsync almost free; for comparison only)", false);
  printTargets();
  process.exit(0);
}
if (process.env.HALTKEY_BENCH === "http") {
  await httpTargets();
  printTargets();
  process.exit(0);
}
// Part 1.
engineBench();
hostileBench();
if (process.env.HALTKEY_BENCH === "engine") {
  printTargets();
  process.exit(0);
}
// Part 2.
const onDisk = await e2eBench(diskPrefix, "disk (the real figure)", true);
await breakdown(onDisk, diskPrefix);
if (existsSync("/dev/shm")) await e2eBench("/dev/shm/haltkey-bench-", "tmpfs (fsync almost free; for comparison only)", false);
// Part 3. From the human's touch on the simulated key to continue:true on the agent's next step.
const { touchBench } = await import("./touch.js");
await touchBench(process.env.HALTKEY_BENCH_DIR ?? join(process.cwd(), ".bench-tmp-touch-"));
await footprintBench(diskPrefix);
// The Claude Code http hook's decision as Claude Code sees it (bench/hook-http.ts).
{
  const { hookHttpBench } = await import("./hook-http.js");
  await hookHttpBench(process.env.HALTKEY_BENCH_DIR ?? join(process.cwd(), ".bench-tmp-hook-"));
}
// Part 4. 50 MCP clients at once over Streamable HTTP on loopback (bench/http-load.ts).
await httpTargets();
// Part 5. The session replay (bench/replay; `npm run replay` replays every session and prints the
// whole report with every reason): recorded sessions through the hook and MCP paths, interruptions
// per 100 benign tool calls, dangerous steps caught, decision latency.
{
  const { DEFAULT_BENIGN, DEFAULT_DANGEROUS, runReplay } = await import("./replay/main.js");
  const { formatSummary } = await import("./replay/report.js");
  if (!existsSync(DEFAULT_BENIGN())) console.log(`\nsession replay skipped: ${DEFAULT_BENIGN()} is missing`);
  else {
    const sample = Number(process.env.HALTKEY_BENCH_REPLAY_SAMPLE ?? 2);
    console.log(`\nsession replay, a sample of ${sample} sessions (HALTKEY_BENCH_REPLAY_SAMPLE=n for more; \`npm run replay\` for all)`);
    const report = await runReplay({ benignPath: DEFAULT_BENIGN(), dangerousPath: DEFAULT_DANGEROUS(), paths: ["hook", "mcp"], cliSample: 0, sample });
    console.log(formatSummary(report));
  }
}
printTargets();
