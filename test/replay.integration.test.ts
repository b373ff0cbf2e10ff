// The session replay harness (bench/replay) on two tiny recorded sessions, one benign and one
// dangerous, through the real daemon (built CLI): what it reports must be what the daemon did,
// as the daemon's own audit log and the simulated display's log show it.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSessions } from "../bench/replay/corpus.js";
import { ReplayDaemon, repoRoot, type StepAudit } from "../bench/replay/daemon.js";
import { hookDriver, inProcessInvoker } from "../bench/replay/hook-path.js";
import { runReplay } from "../bench/replay/main.js";
import { mcpDriver } from "../bench/replay/mcp-path.js";
import { replaySessions, type PathRun } from "../bench/replay/replay.js";

const FIXTURE = join(repoRoot(), "fixtures", "sessions", "replay-test-sessions.jsonl");
const sessions = loadSessions(FIXTURE);
const SLOW = { timeout: 180_000 };

interface DisplayLine {
  event: string;
  requestId: string;
  decision?: string;
}

async function replayed(path: "hook" | "mcp"): Promise<{ run: PathRun; audit: StepAudit[]; display: DisplayLine[] }> {
  const daemon = await ReplayDaemon.start();
  let run: PathRun;
  let audit: StepAudit[];
  try {
    run = await replaySessions(daemon, sessions, async (s) => (path === "hook" ? hookDriver(daemon, inProcessInvoker(daemon), s) : mcpDriver(daemon, s)));
  } finally {
    audit = await daemon.stop({ keepHome: true });
  }
  try {
    const log = daemon.paths.displayLog;
    const display = existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as DisplayLine) : [];
    return { run, audit, display };
  } finally {
    rmSync(daemon.home, { recursive: true, force: true });
  }
}

function expectMatchesDaemon({ run, audit, display }: Awaited<ReturnType<typeof replayed>>): void {
  // Every PreToolUse the client timed is one step the daemon evaluated and audited; a PostToolUse
  // is a findings report, not a step (issue 12 #2).
  expect(audit.length).toBe(run.latencies.pre.length);
  expect(run.decisions).toBe(run.latencies.pre.length);
  // Every interruption is one step the daemon did not let go, and nothing else is.
  expect(run.interruptions.length).toBe(audit.filter((a) => a.verdict !== "continue").length);
  // Each interruption is the decision the audit log holds at its place, and names its request.
  for (const i of run.interruptions) {
    const a = audit[i.decision]!;
    expect(a.verdict, i.command).not.toBe("continue");
    if (i.requestId) expect([a.confirmationId, a.verificationId]).toContain(i.requestId);
  }
  // Every interruption the human answered names a request the display showed.
  const shown = new Set(display.filter((d) => d.event === "show").map((d) => d.requestId));
  for (const i of run.interruptions) if (i.requestId) expect(shown.has(i.requestId), `${i.requestId} was shown`).toBe(true);
  // A button press on the display is an approval or a denial the replay counted.
  const presses = display.filter((d) => d.event === "decision").length;
  expect(presses).toBeLessThanOrEqual(run.interruptions.filter((i) => i.human === "approved" || i.human === "denied").length);
  // The dangerous steps: each one reported once, caught iff the daemon's verdict on it was not continue.
  const dangerous = sessions.flatMap((s) => s.steps.filter((x) => x.label === "dangerous"));
  expect(run.dangerous.map((d) => d.command)).toEqual(dangerous.map((d) => d.command));
  for (const d of run.dangerous) {
    const verdicts = audit.filter((a) => a.hint?.includes(d.command)).map((a) => a.verdict);
    expect(verdicts.length, d.command).toBeGreaterThan(0);
    expect(d.caught, d.command).toBe(verdicts[0] !== "continue");
    // A dangerous step is never reported again after it was held.
    if (d.caught) expect(verdicts).toHaveLength(1);
  }
  const codes = run.interruptions.filter((i) => i.human === "code");
  // The stop-tier step was cleared with the code from the display, and the session went on.
  expect(codes.length).toBeGreaterThan(0);
  expect(run.toolCalls.benign + run.toolCalls.dangerous).toBe(sessions.reduce((n, s) => n + s.steps.length, 0));
}

describe("session replay", () => {
  it("through the Claude Code hook: its counts are the daemon's", SLOW, async () => {
    const r = await replayed("hook");
    expectMatchesDaemon(r);
    // One PostToolUse per step that ran.
    expect(r.run.latencies.post.length).toBe(r.run.toolCalls.benign + r.run.toolCalls.dangerous - r.run.skipped - r.run.dangerous.filter((d) => d.caught).length);
  });

  it("through MCP: its counts are the daemon's", SLOW, async () => {
    const r = await replayed("mcp");
    expectMatchesDaemon(r);
    expect(r.run.latencies.post).toHaveLength(0);
  });

  it("reports both paths, deterministically, and the hook CLI process agrees with the in-process handler", SLOW, async () => {
    // One file holds both: the benign corpus is its benign sessions, the dangerous corpus its dangerous ones.
    const opts = { benignPath: FIXTURE, dangerousPath: FIXTURE, paths: ["hook", "mcp"] as Array<"hook" | "mcp"> };
    const a = await runReplay({ ...opts, cliSample: 2 });
    const b = await runReplay({ ...opts, cliSample: 0 });
    const figures = (r: typeof a) => r.paths.map((p) => ({ path: p.path, benign: { ...p.benign, byReason: p.benign.byReason.map((g) => [g.key, g.count]) }, caught: p.dangerous.caught, steps: p.dangerous.steps }));
    expect(figures(a)).toEqual(figures(b));
    for (const p of a.paths) {
      expect(p.benign.toolCalls).toBe(4);
      expect(p.dangerous.steps).toBe(2);
      expect(p.latencyMs.pre.n).toBeGreaterThan(0);
    }
    expect(a.agreement!.events).toBeGreaterThan(0);
    expect(a.agreement!.disagreements).toEqual([]);
  });
});
