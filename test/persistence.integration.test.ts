// Crash safety and fail-closed start-up: SIGKILL mid-work, restarts, a damaged or newer database,
// a tampered audit log.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Level } from "level";
import { afterEach, describe, expect, it } from "vitest";
import { auditKey, Store } from "../src/store/store.js";
import { cleanup, cli, codeOnDisplay, connectAgent, startDaemon, tempHome, writePolicy, type Daemon } from "./helpers/daemon.js";

const homes: string[] = [];
const daemons: Daemon[] = [];
afterEach(async () => {
  for (const d of daemons.splice(0)) await d.stop("SIGKILL");
  for (const h of homes.splice(0)) cleanup(h);
});

async function fresh(policy: unknown = { deny: ["drop_*"] }): Promise<{ home: string; policy: string; daemon: Daemon }> {
  const home = tempHome();
  homes.push(home);
  const policyPath = writePolicy(home, policy);
  const daemon = await startDaemon(home, ["--simulate", "--policy", policyPath]);
  daemons.push(daemon);
  return { home, policy: policyPath, daemon };
}

describe("MUST 8.8.3: hard blocks persist across restarts", () => {
  it("a block survives kill -9 and a restart, binds the new session by agent name, and its hashed challenge still verifies", async () => {
    const { home, policy, daemon } = await fresh();
    const a = await connectAgent(home);
    await a.call("mcp_aql_execute", "execute_agent", { element_name: "crasher" });
    const r = await a.call("mcp_aql_create", "record_execution_step", { element_name: "crasher", nextActionHint: "drop_database prod" });
    expect(r.data.autonomy.stopped).toBe(true);
    const vid = r.data.verification.verificationId;
    await a.close();
    await daemon.stop("SIGKILL");

    const again = await startDaemon(home, ["--simulate", "--policy", policy]);
    daemons.push(again);
    const b = await connectAgent(home);
    const s = await b.call("mcp_aql_create", "record_execution_step", { element_name: "crasher", nextActionHint: "ls" });
    expect(s.data.autonomy.stopped).toBe(true);
    expect(s.data.autonomy.notifications[0].metadata.verificationId).toBe(vid);
    expect((await b.call("mcp_aql_execute", "execute_agent", { element_name: "crasher" })).error.code).toBe("PERMISSION_AGENT_BLOCKED");
    const v = await b.call("mcp_aql_create", "verify_challenge", { challenge_id: vid, code: codeOnDisplay(home, vid) });
    expect(v.data.verified).toBe(true);
    expect((await b.call("mcp_aql_execute", "execute_agent", { element_name: "crasher" })).success).toBe(true);
    await b.close();
  });

  it("a session-bound block follows the stdio shim across a daemon restart, whatever name the agent uses", async () => {
    const { home, policy, daemon } = await fresh();
    const a = await connectAgent(home, []); // autostart allowed, but a daemon runs already
    await a.call("mcp_aql_execute", "execute_agent", { element_name: "first-name" });
    expect((await a.call("mcp_aql_create", "record_execution_step", { element_name: "first-name", nextActionHint: "drop_table x" })).data.autonomy.stopped).toBe(true);
    await daemon.stop("SIGKILL");
    const again = await startDaemon(home, ["--simulate", "--policy", policy]);
    daemons.push(again);
    // The same shim reconnects with its session id.
    const s = await a.call("mcp_aql_create", "record_execution_step", { element_name: "another-name", nextActionHint: "ls" });
    expect(s.data.autonomy.stopped).toBe(true);
    await a.close();
  });

  it("nothing acknowledged is lost when the daemon is killed mid-work", async () => {
    const { home, daemon } = await fresh({});
    // Through the Node shim: it refuses every call in flight when its daemon dies, so each loop ends
    // at once. The relay refuses the calls the daemon had read (relay.integration.test.ts); one still
    // in the socket's buffer, unread, is left to the client's timeout, which these tight loops would
    // wait for. What this test holds, acknowledged steps surviving kill -9, is the daemon's either way.
    const agents = await Promise.all([0, 1, 2].map(() => connectAgent(home, ["--no-autostart"], "shim")));
    await Promise.all(agents.map((a, i) => a.call("mcp_aql_execute", "execute_agent", { element_name: `w${i}`, maxAutonomousSteps: 100000 })));
    const acknowledged: Array<{ execution: string; step: number }> = [];
    // The kill comes once 30 steps are acknowledged, mid-stream: waited for, not slept for.
    let enoughAcknowledged!: () => void;
    const enough = new Promise<void>((r) => (enoughAcknowledged = r));
    let stop = false;
    const loops = agents.map(async (a, i) => {
      for (let n = 0; !stop; n++) {
        try {
          const r = await a.call("mcp_aql_create", "record_execution_step", { element_name: `w${i}`, nextActionHint: `ls dir-${n}` });
          if (r.success && r.data.autonomy.continue) acknowledged.push({ execution: r.data.execution_id, step: r.data.step });
          else break;
          if (acknowledged.length >= 30) enoughAcknowledged();
        } catch {
          break;
        }
      }
    });
    await Promise.race([
      enough,
      Promise.all(loops).then(() => {
        throw new Error(`every agent stopped after ${acknowledged.length} acknowledged steps, before the kill`);
      }),
    ]);
    await daemon.stop("SIGKILL");
    stop = true;
    await Promise.all(loops);
    await Promise.all(agents.map((a) => a.close().catch(() => undefined)));
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);

    const store = await Store.open(join(home, "db"));
    const report = await store.verifyAudit();
    expect(report.problems).toEqual([]);
    const recorded = new Set<string>();
    for await (const r of store.auditRecords()) {
      if (r.type === "step_evaluated") recorded.add(`${String(r.data.execution)}#${String(r.data.step)}`);
    }
    await store.close();
    const lost = acknowledged.filter((a) => !recorded.has(`${a.execution}#${a.step}`));
    expect(lost).toEqual([]);
  });
});

describe("fail closed on a damaged store", () => {
  // More tampering (state, truncation, rollback): audit-tamper.integration.test.ts.
  it("a corrupt database refuses to start with a clear message, and the agent is refused", async () => {
    const { home, daemon } = await fresh();
    await daemon.stop();
    writeFileSync(join(home, "db", "CURRENT"), "MANIFEST-999999\n");
    const r = await cli(home, "serve", "--simulate");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot open the database.*fails closed/s);
    const a = await connectAgent(home, ["--no-autostart"]);
    const s = await a.call("mcp_aql_create", "record_execution_step", { element_name: "x", nextActionHint: "ls" });
    expect(s.success).toBe(false);
    expect(s.error.code).toBe("INTERNAL_DAEMON_UNAVAILABLE");
    expect(s.error.details.autonomy.continue).toBe(false);
    await a.close();
  });

  it("a database from a newer haltkey is refused", async () => {
    const { home, daemon } = await fresh();
    await daemon.stop();
    const db = new Level<string, unknown>(join(home, "db"), { valueEncoding: "json" });
    await db.sublevel("meta", { valueEncoding: "json" }).put("schema", { version: 99 });
    await db.close();
    const r = await cli(home, "serve", "--simulate");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/newer haltkey \(schema 99/);
  });

  it("a directory that is not empty and holds no database is refused, never started empty", async () => {
    const home = tempHome();
    homes.push(home);
    const { mkdirSync } = await import("node:fs");
    mkdirSync(join(home, "db"));
    writeFileSync(join(home, "db", "junk"), "x");
    const r = await cli(home, "serve", "--simulate");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/holds no LevelDB database/);
  });

  it("a second daemon on the same home refuses to start", async () => {
    const { home } = await fresh();
    const r = await cli(home, "serve", "--simulate");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/already running/);
  });

  it("haltkey audit verify detects a rewritten record, and the daemon refuses a truncated chain", async () => {
    const { home, daemon } = await fresh();
    const a = await connectAgent(home);
    await a.call("mcp_aql_execute", "execute_agent", { element_name: "audited" });
    for (let i = 0; i < 5; i++) await a.call("mcp_aql_create", "record_execution_step", { element_name: "audited", nextActionHint: `ls ${i}` });
    await a.close();
    await daemon.stop();
    expect((await cli(home, "audit", "verify")).code).toBe(0);

    const db = new Level<string, unknown>(join(home, "db"), { valueEncoding: "json" });
    const audit = db.sublevel("audit", { valueEncoding: "json" });
    const rec = (await audit.get(auditKey(3))) as { data: Record<string, unknown> };
    await audit.put(auditKey(3), { ...rec, data: { ...rec.data, hint: "something else" } });
    await db.close();
    const r = await cli(home, "audit", "verify");
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/record 3: content does not match its hash/);

    const db2 = new Level<string, unknown>(join(home, "db"), { valueEncoding: "json" });
    const meta = (await db2.sublevel("meta", { valueEncoding: "json" }).get("audit_head")) as { seq: number };
    await db2.sublevel("audit", { valueEncoding: "json" }).del(auditKey(meta.seq));
    await db2.close();
    const s = await cli(home, "serve", "--simulate");
    expect(s.code).toBe(2);
    // Record 3 was rewritten above; the first problem named is the first break in the chain.
    expect(s.stderr).toMatch(/changed outside haltkey: record 3: content does not match its hash \(rewritten\) \(and \d+ more\)/);
  });
});

describe("no simulation without the flag", () => {
  it("sim commands are refused unless the daemon runs with --simulate, and introspect says so", async () => {
    const home = tempHome();
    homes.push(home);
    const d = await startDaemon(home, []);
    daemons.push(d);
    expect(d.stderr()).toMatch(/no approval device attached/);
    const a = await connectAgent(home);
    const intro = await a.call("mcp_aql_read", "introspect", {});
    expect(intro.data._protocol.capabilities.approval_channel).toEqual({ simulated: false, display: "none", securityKey: "none" });
    const r = await cli(home, "sim", "touch", "00000000-0000-4000-8000-000000000000");
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/not running with --simulate/);
    await a.close();
  });
});
