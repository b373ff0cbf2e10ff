// Many clients, one daemon: 50 official SDK clients at once over Streamable HTTP, 20 steps each
// (benign, pausing, blocking; bench/http-load.ts). Afterwards the audit chain verifies, it holds
// exactly one record for everything each client did (none lost, none twice, none misattributed),
// and no client was ever told to continue after it was blocked or paused.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOAD_POLICY, loadPlan, readEndpoint, runHttpLoad, type LoadResult } from "../bench/http-load.js";
import type { AuditRecord } from "../src/store/audit.js";
import { Store } from "../src/store/store.js";
import { cleanup, cli, startDaemon, tempHome, writePolicy, type Daemon } from "./helpers/daemon.js";

const CLIENTS = 50;
const STEPS = 20;
/** What a client's step does to its MCP session: the loop's own bookkeeping of it. */
const STEP_TYPES = new Set(["execution_started", "step_evaluated", "execution_completed", "execution_aborted"]);

let home: string;
let daemon: Daemon;

beforeAll(async () => {
  home = tempHome();
  daemon = await startDaemon(home, ["--simulate", "--policy", writePolicy(home, LOAD_POLICY), "--http", "0"]);
});

afterAll(async () => {
  await daemon?.stop();
  cleanup(home);
});

describe(`${CLIENTS} HTTP clients at once`, () => {
  it("lose nothing, record nothing twice, and never continue after a block", { timeout: 300_000 }, async () => {
    const load: LoadResult = await runHttpLoad(readEndpoint(home), { clients: CLIENTS, steps: STEPS, prefix: "load" });
    expect(load.runs.length).toBe(CLIENTS);

    // What each client was told, step by step, against its plan.
    for (const [i, run] of load.runs.entries()) {
      const plan = loadPlan(i, STEPS);
      const blockAt = plan.indexOf("block");
      const pauseAt = plan.indexOf("pause");
      expect(run.directives.length).toBe(STEPS);
      const expected = plan.map((_, k) =>
        blockAt >= 0 && k >= blockAt ? { continue: false, stopped: true } : pauseAt >= 0 && k >= pauseAt ? { continue: false, stopped: false } : { continue: true, stopped: false },
      );
      expect(run.directives, run.agent).toEqual(expected);
      const firstStop = run.directives.findIndex((d) => d.stopped);
      if (firstStop >= 0) expect(run.directives.slice(firstStop).some((d) => d.continue), run.agent).toBe(false);
      // A blocked agent cannot even end its execution; everyone else can.
      expect(run.completion, run.agent).toBe(blockAt >= 0 ? "PERMISSION_AGENT_BLOCKED" : "success");
    }
    expect(load.runs.filter((r) => r.directives.some((d) => d.stopped)).length).toBe(CLIENTS / 5);

    // The chain verifies through the running daemon.
    const verify = await cli(home, "audit", "verify", "--json");
    expect(verify.code, verify.stderr).toBe(0);
    const report = JSON.parse(verify.stdout) as { ok: boolean; records: number; problems: string[] };
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);

    // Then every record, read from the database itself once the daemon is gone.
    await daemon.stop();
    const store = await Store.open(join(home, "db"));
    const records: AuditRecord[] = [];
    try {
      for await (const r of store.auditRecords()) records.push(r);
    } finally {
      await store.close();
    }
    expect(records.length).toBe(report.records);
    expect(records.map((r) => r.seq)).toEqual(records.map((_, k) => k + 1));

    const byAgent = new Map<string, AuditRecord[]>();
    for (const r of records) if (r.agent !== undefined) byAgent.set(r.agent, [...(byAgent.get(r.agent) ?? []), r]);
    // Nothing of the loop is recorded without an agent, or under an agent no client was.
    const clientAgents = new Set(load.runs.map((r) => r.agent));
    expect(records.filter((r) => STEP_TYPES.has(r.type) && !clientAgents.has(r.agent ?? "")).map((r) => r.type)).toEqual([]);

    const sessions = new Set<string>();
    for (const run of load.runs) {
      const mine = byAgent.get(run.agent) ?? [];
      const blocked = run.completion !== "success";
      const count = (type: string): number => mine.filter((r) => r.type === type).length;
      expect({ agent: run.agent, started: count("execution_started"), steps: count("step_evaluated"), completed: count("execution_completed"), total: mine.length }).toEqual({
        agent: run.agent,
        started: 1,
        steps: STEPS,
        completed: blocked ? 0 : 1,
        total: 1 + STEPS + (blocked ? 0 : 1),
      });
      // Every step exactly once: the hints recorded are the hints sent.
      expect(
        mine
          .filter((r) => r.type === "step_evaluated")
          .map((r) => r.data.hint as string)
          .sort(),
      ).toEqual([...run.hints].sort());
      // One MCP session, one identity: all of a client's records carry one session, its own.
      const own = new Set(mine.map((r) => r.session));
      expect(own.size, run.agent).toBe(1);
      sessions.add([...own][0]!);
      // The audit agrees with what the client was told.
      const verdicts = mine.filter((r) => r.type === "step_evaluated").map((r) => r.data.verdict);
      expect(verdicts.includes("continue")).toBe(true);
      if (blocked) expect(verdicts.filter((v) => v === "stop").length).toBeGreaterThanOrEqual(1);
    }
    expect(sessions.size).toBe(CLIENTS);
    const expectedTotal = load.runs.reduce((n, r) => n + 1 + STEPS + (r.completion === "success" ? 1 : 0), 0);
    expect([...byAgent.values()].flat().length).toBe(expectedTotal);
  });
});
