// npm run replay: recorded agent sessions replayed through the real daemon (built CLI, simulated
// hardware, default policy, a fresh temporary HALTKEY_HOME per path and corpus) along the Claude
// Code hook path and the MCP path. docs/replay.md says what it measures and how to read it.
//
//   npm run replay -- [--sample N] [--sessions a,b] [--paths hook,mcp] [--cli-sample N] [--json]
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { loadSessions, selectSessions, type ReplaySession } from "./corpus.js";
import { repoRoot, ReplayDaemon, type StepAudit } from "./daemon.js";
import { cliInvoker, hookDriver, inProcessInvoker, type HookInvoker } from "./hook-path.js";
import { mcpDriver } from "./mcp-path.js";
import { formatReport, latency, pathReport, type Agreement, type PathReport, type ReplayReport } from "./report.js";
import { emptyRun, replaySessions, type PathRun } from "./replay.js";

export interface ReplayOptions {
  readonly benignPath: string;
  readonly dangerousPath: string;
  /** Named sessions, from either file. */
  readonly names?: readonly string[];
  /** Take n benign sessions spread over the file. */
  readonly sample?: number;
  readonly paths: ReadonlyArray<"hook" | "mcp">;
  /** Steps of the first benign session (and the whole first dangerous one) run through the CLI process too; 0 for none. */
  readonly cliSample: number;
  /** Progress lines on stderr. */
  readonly progress?: (line: string) => void;
}

/** The shared corpus sits beside the checkout (../shared), or beside the worktrees' parent. */
export const DEFAULT_BENIGN = (): string => {
  const candidates = [join(repoRoot(), "..", "shared"), join(repoRoot(), "..", "..", "shared")].map((d) => join(d, "corpora", "sessions", "coding-sessions.jsonl"));
  return candidates.find((c) => existsSync(c)) ?? candidates[0]!;
};
export const DEFAULT_DANGEROUS = (): string => join(repoRoot(), "fixtures", "sessions", "dangerous-sessions.jsonl");

function commit(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: repoRoot(), encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no", "--", "src"], { cwd: repoRoot(), encoding: "utf8" }).trim().length > 0;
    return dirty ? `${head} (src modified)` : head;
  } catch {
    return "unknown";
  }
}

/** One corpus through one path, on a daemon of its own; the audit log is read after it stops. */
async function onePath(path: "hook" | "mcp", sessions: readonly ReplaySession[]): Promise<{ run: PathRun; audit: StepAudit[]; sessions: number } | undefined> {
  if (sessions.length === 0) return undefined;
  const daemon = await ReplayDaemon.start();
  let run: PathRun | undefined;
  try {
    run = await replaySessions(daemon, sessions, async (s) => (path === "hook" ? hookDriver(daemon, inProcessInvoker(daemon), s) : mcpDriver(daemon, s)));
  } finally {
    const audit = await daemon.stop();
    if (run) return { run, audit, sessions: sessions.length };
  }
  return undefined;
}

/** The same steps through the in-process handler and through the CLI process: the answers must match. */
async function agreement(benign: readonly ReplaySession[], dangerous: readonly ReplaySession[], steps: number): Promise<Agreement | undefined> {
  const sample: ReplaySession[] = [];
  if (benign[0]) sample.push({ ...benign[0], steps: benign[0].steps.slice(0, steps) });
  if (dangerous[0]) sample.push(dangerous[0]);
  if (sample.length === 0 || steps === 0) return undefined;
  const daemon = await ReplayDaemon.start();
  try {
    const seen = { inProcess: [] as string[], cli: [] as string[] };
    const recording = (invoke: HookInvoker, into: string[], agent: string): HookInvoker => async (payload) => {
      const r = await invoke(payload);
      into.push(
        `exit ${r.exitCode} ${r.stdout.trim()} ${r.stderr.trim()}`
          .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>")
          .replaceAll(agent, "<agent>"),
      );
      return r;
    };
    await replaySessions(daemon, sample, async (s) => hookDriver(daemon, recording(inProcessInvoker(daemon, "replay-inproc"), seen.inProcess, "replay-inproc"), s, `${s.session}#inproc`));
    const cliRun = await replaySessions(daemon, sample, async (s) => hookDriver(daemon, recording(cliInvoker(daemon, "replay-cli"), seen.cli, "replay-cli"), s, `${s.session}#cli`), emptyRun());
    const n = Math.max(seen.inProcess.length, seen.cli.length);
    const disagreements: Array<{ event: number; inProcess: string; cli: string }> = [];
    for (let i = 0; i < n; i++) if (seen.inProcess[i] !== seen.cli[i]) disagreements.push({ event: i, inProcess: seen.inProcess[i] ?? "(none)", cli: seen.cli[i] ?? "(none)" });
    return { events: n, agreed: n - disagreements.length, disagreements, cliLatencyMs: latency([...cliRun.latencies.pre, ...cliRun.latencies.post]) };
  } finally {
    await daemon.stop();
  }
}

export async function runReplay(o: ReplayOptions): Promise<ReplayReport> {
  const t0 = performance.now();
  // A file may hold both kinds: each corpus is the sessions of its label.
  const allBenign = loadSessions(o.benignPath).filter((s) => s.label === "benign");
  const allDangerous = loadSessions(o.dangerousPath).filter((s) => s.label === "dangerous");
  if (o.names && o.names.length > 0) {
    const missing = o.names.filter((n) => !allBenign.some((s) => s.session === n) && !allDangerous.some((s) => s.session === n));
    if (missing.length > 0) throw new Error(`no such session: ${missing.join(", ")}`);
  }
  // Named sessions are taken from whichever corpus holds them; a corpus with none of them is skipped.
  const pick = (all: ReplaySession[], sample?: number): ReplaySession[] => {
    if (!o.names || o.names.length === 0) return selectSessions(all, sample !== undefined ? { sample } : {});
    const mine = o.names.filter((n) => all.some((s) => s.session === n));
    return mine.length === 0 ? [] : selectSessions(all, { names: mine });
  };
  const benign = pick(allBenign, o.sample);
  const dangerous = pick(allDangerous);
  const log = o.progress ?? (() => undefined);
  const paths: PathReport[] = [];
  for (const path of o.paths) {
    const t = performance.now();
    log(`replaying ${benign.length} benign and ${dangerous.length} dangerous sessions through the ${path} path…`);
    const b = await onePath(path, benign);
    const d = await onePath(path, dangerous);
    paths.push(pathReport(path, b, d, (performance.now() - t) / 1000));
  }
  let agreed: Agreement | undefined;
  if (o.paths.includes("hook") && o.cliSample > 0) {
    log(`running ${o.cliSample} steps and a dangerous session through the hook CLI process too…`);
    agreed = await agreement(benign, dangerous, o.cliSample);
  }
  const rel = (p: string): string => relative(repoRoot(), p) || p;
  return {
    date: new Date().toISOString(),
    commit: commit(),
    node: process.version,
    corpus: { benign: rel(o.benignPath), dangerous: rel(o.dangerousPath), benignSessions: benign.length, benignSteps: benign.reduce((n, s) => n + s.steps.length, 0), dangerousSessions: dangerous.length },
    paths,
    ...(agreed ? { agreement: agreed } : {}),
    wallSeconds: Math.round((performance.now() - t0) / 100) / 10,
    notes: [
      "the recorded sessions hold commands, not outputs: the hook path sends a fixed placeholder as each Bash output (fixtures may carry real ones), so detections in outputs are not measured on the benign corpus",
      "the daemon's clock is the wall clock: a replay compresses hours of agent work into seconds, so the wall-clock budget (maxWallSeconds) never trips here; everything else is deterministic (fixed session order, fixed payloads, fixed human answers)",
    ],
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sample: { type: "string" },
      sessions: { type: "string" },
      paths: { type: "string", default: "hook,mcp" },
      "cli-sample": { type: "string", default: "20" },
      corpus: { type: "string" },
      dangerous: { type: "string" },
      json: { type: "boolean", default: false },
    },
    strict: true,
  });
  const int = (name: string, v: string | undefined): number | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
    return n;
  };
  const paths = values.paths.split(",").map((p) => p.trim());
  for (const p of paths) if (p !== "hook" && p !== "mcp") throw new Error(`--paths takes hook and/or mcp, not ${p}`);
  const sample = int("sample", values.sample);
  const report = await runReplay({
    benignPath: values.corpus ?? DEFAULT_BENIGN(),
    dangerousPath: values.dangerous ?? DEFAULT_DANGEROUS(),
    ...(values.sessions ? { names: values.sessions.split(",").map((s) => s.trim()).filter(Boolean) } : {}),
    ...(sample !== undefined ? { sample } : {}),
    paths: paths as Array<"hook" | "mcp">,
    cliSample: int("cli-sample", values["cli-sample"]) ?? 20,
    progress: values.json ? undefined : (l) => process.stderr.write(`${l}\n`),
  });
  process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) {
  main().catch((e: Error) => {
    process.stderr.write(`replay failed: ${e.message}\n`);
    process.exit(1);
  });
}
