// The halt-conditions API through the service: recording, acknowledgement (agent vs human),
// halted sessions, escalation, config changes, strikes, and failing safe.
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaultRuleSet } from "../src/core/rules/index.js";
import type { Caller } from "../src/engine/engine.js";
import { closeAll, closeStore, startService } from "./helpers/service.js";


afterEach(closeAll);

const rules = defaultRuleSet();
async function setup(home?: string) {
  const t = await startService({ rules, ...(home ? { dir: home } : {}) });
  const record = (severity: string, extra: Record<string, unknown> = {}) =>
    t.tool("guardrail_record_halt", { session_token: "sess_abc123", halt_type: "execution", description: `a ${severity} halt`, severity, ...extra });
  const ack = (halt_id: string, extra: Record<string, unknown> = {}) =>
    t.tool("guardrail_acknowledge_halt", { session_token: "sess_abc123", halt_id, resolution: "resolved", wait_seconds: 0, ...extra });
  const step = async (hint = "ls") => {
    await t.call("mcp_aql_execute", "execute_agent", { element_name: "agent" });
    return (await t.call("mcp_aql_create", "record_execution_step", { element_name: "agent", nextActionHint: hint })) as any;
  };
  return { ...t, human: t.channel, record, ack, step };
}

describe("guardrail_record_halt and guardrail_acknowledge_halt", () => {
  it("Example 3: a recorded halt is acknowledged as resolved and the session can resume", async () => {
    const t = await setup();
    const { data } = await t.record("medium");
    expect(data).toMatchObject({ requires_acknowledgment: true });
    const r = await t.ack(data.halt_id, { resolution_notes: "User confirmed they read the file in another session" });
    expect(r.data).toMatchObject({ confirmed: true, halt_id: data.halt_id, session_can_resume: true });
  });

  it("while a session has unacknowledged halts, record_execution_step returns continue:false", async () => {
    const t = await setup();
    const { data } = await t.record("medium");
    const s = await t.step();
    expect(s.data.autonomy.continue).toBe(false);
    expect(s.data.autonomy.reason).toMatch(/unacknowledged halt/);
    await t.ack(data.halt_id);
    const after = await t.step();
    expect(after.data.autonomy.continue, JSON.stringify(after.data.autonomy)).toBe(true);
  });

  it("a low halt does not stop the session", async () => {
    const t = await setup();
    const { data } = await t.record("low");
    expect(data.requires_acknowledgment).toBe(false);
    expect((await t.step()).data.autonomy.continue).toBe(true);
  });

  it("asking again for the same acknowledgement or config change reuses the pending request: an agent in a loop cannot flood the display", async () => {
    const t = await setup();
    const { data } = await t.record("high");
    for (let i = 0; i < 5; i++) await t.ack(data.halt_id);
    for (let i = 0; i < 5; i++) await t.tool("guardrail_update_halt_config", { condition_name: "three_strikes", threshold: { max_attempts: 7 }, wait_seconds: 0 });
    const ids = (kind: string) => new Set(t.human.screens.filter((s) => s.kind === kind).map((s) => s.requestId));
    expect(ids("halt").size).toBe(1);
    expect(ids("config").size).toBe(1);
    // Once answered, a new question is a new request.
    await t.human.decide({ requestId: [...ids("config")][0]!, decision: "deny", via: "security-key" });
    await t.tool("guardrail_update_halt_config", { condition_name: "three_strikes", threshold: { max_attempts: 7 }, wait_seconds: 0 });
    expect(ids("config").size).toBe(2);
  });

  it("the agent cannot acknowledge a high or critical halt; a human on the device can", async () => {
    const t = await setup();
    for (const severity of ["high", "critical"]) {
      const { data } = await t.record(severity);
      const r = await t.ack(data.halt_id);
      expect(r.data.confirmed).toBe(false);
      expect((await t.step()).data.autonomy.continue).toBe(false);
      // Every other agent-side route: other resolutions, escalation, a claimed acknowledger.
      await t.ack(data.halt_id, { resolution: "escalated" });
      await t.ack(data.halt_id, { acknowledged_by: "the user", resolution_notes: "approved in chat" });
      expect((await t.tool("guardrail_get_session_halts", { session_token: "sess_abc123" })).data.halts.map((h: any) => h.halt_id)).toContain(data.halt_id);
      const screen = t.human.last("halt");
      expect(screen.text).toMatch(new RegExp(`ACKNOWLEDGE ${severity.toUpperCase()} halt`));
      await t.human.decide({ requestId: screen.requestId, decision: "approve", via: "display" });
    }
    expect((await t.step()).data.autonomy.continue).toBe(true);
    const list = await t.tool("guardrail_get_session_halts", { session_token: "sess_abc123", include_acknowledged: true });
    expect(list.data.halts.every((h: any) => h.acknowledged && h.acknowledged_by.startsWith("human:"))).toBe(true);
  });

  it("dismissing a critical halt needs continue_with_caution, and a human", async () => {
    const t = await setup();
    const { data } = await t.record("critical");
    expect((await t.ack(data.halt_id, { resolution: "dismissed" })).error.code).toBe("VALIDATION_INVALID_VALUE");
    const r = await t.ack(data.halt_id, { resolution: "dismissed", continue_with_caution: true });
    expect(r.data.confirmed).toBe(false);
  });

  it("a halt belongs to its session; another session cannot see or acknowledge it", async () => {
    const t = await setup();
    const { data } = await t.record("medium");
    const other: Caller = { sessionId: randomUUID() };
    expect((await t.tool("guardrail_acknowledge_halt", { session_token: "sess_abc123", halt_id: data.halt_id, resolution: "resolved" }, other)).error.code).toBe("NOT_FOUND_RESOURCE");
    expect((await t.tool("guardrail_get_session_halts", { session_token: "sess_abc123" }, other)).data.total_count).toBe(0);
  });

  it("events are immutable: acknowledging twice is refused and the event is unchanged", async () => {
    const t = await setup();
    const { data } = await t.record("medium");
    await t.ack(data.halt_id);
    expect((await t.ack(data.halt_id)).error.code).toBe("CONFLICT_EXECUTION_ACTIVE");
    const h = (await t.tool("guardrail_get_session_halts", { session_token: "sess_abc123", include_acknowledged: true })).data.halts[0];
    expect(h).toMatchObject({ description: "a medium halt", severity: "medium", acknowledged: true, resolution: "resolved", acknowledged_by: "agent" });
  });

  it("descriptions are capped at 4,000 characters and secrets never reach the store", async () => {
    const t = await setup();
    expect((await t.tool("guardrail_record_halt", { session_token: "s", halt_type: "security", description: "x".repeat(4001), severity: "low" })).error.code).toBe("VALIDATION_INVALID_VALUE");
    const key = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
    await t.tool("guardrail_record_halt", { session_token: "s", halt_type: "security", description: `token ${key} was printed`, severity: "low", previous_error: `auth failed for ${key}`, context: { commands: [`echo ${key}`] } });
    await closeStore(t.store);
    const db = join(t.dir, "db");
    const bytes = Buffer.concat(readdirSync(db).map((f) => readFileSync(join(db, f))));
    expect(bytes.includes(Buffer.from(key))).toBe(false);
  });

  it("unknown parameters and bad enums are refused with structured errors", async () => {
    const t = await setup();
    expect((await t.tool("guardrail_record_halt", { session_token: "s", halt_type: "execution", description: "d", severity: "low", bogus: 1 })).error.code).toBe("VALIDATION_UNKNOWN_PARAM");
    expect((await t.tool("guardrail_record_halt", { session_token: "s", halt_type: "nope", description: "d", severity: "low" })).error.code).toBe("VALIDATION_INVALID_VALUE");
  });
});

describe("guardrail_check_halt_conditions", () => {
  it("auto-records critical and high findings, which then halt the session", async () => {
    const t = await setup();
    const r = await t.tool("guardrail_check_halt_conditions", {
      session_token: "sess_abc123",
      current_context: { operation: "modify authentication logic", target_files: ["src/auth.js"], files_read: ["src/app.js"], attempt_number: 1 },
      proposed_changes: { files_to_modify: ["src/auth.js"], has_tests: false, has_rollback_plan: false },
    });
    expect(r.data.should_halt).toBe(true);
    expect(r.data.highest_severity).toBe("critical");
    expect(r.data.halt_reasons.every((h: any) => h.auto_recorded && h.halt_id)).toBe(true);
    expect((await t.step()).data.autonomy.continue).toBe(false);
  });

  it("counts strikes per task on the server: a lower attempt_number later does not reset them; 'try again' does", async () => {
    const t = await setup();
    const check = (attempt_number: number, task_id = "t1", extra: Record<string, unknown> = {}) =>
      t.tool("guardrail_check_halt_conditions", { session_token: "s", task_id, current_context: { operation: "fix the flaky test", attempt_number, ...extra } });
    await check(3);
    expect((await check(1)).data.halt_reasons.map((h: any) => h.condition_name)).toContain("three_strikes");
    expect((await check(1, "t2")).data.should_halt).toBe(false);
    expect((await check(1, "t1", { user_instructions: ["please try again with the new logs"] })).data.halt_reasons.map((h: any) => h.condition_name)).not.toContain("three_strikes");
  });

  it("fails safe: a store failure answers should_halt with severity critical", async () => {
    const t = await setup();
    await (t.store as unknown as { db: { close(): Promise<void> } }).db.close();
    const r = await t.tool("guardrail_check_halt_conditions", { session_token: "s", current_context: { operation: "modify authentication logic", target_files: ["a"], files_read: [] } });
    expect(r.data).toMatchObject({ should_halt: true, highest_severity: "critical" });
    expect(r.data.halt_reasons[0].description).toMatch(/Halt check failed/);
  });

  it("fails safe on invalid input too", async () => {
    const t = await setup();
    const r = await t.tool("guardrail_check_halt_conditions", { session_token: "s", current_context: {} });
    expect(r.success).toBe(false);
    expect(r.error.details).toMatchObject({ should_halt: true, highest_severity: "critical" });
  });
});

describe("escalation and configuration", () => {
  it("an unacknowledged critical halt escalates as timeout after escalate_after_minutes and stays open", async () => {
    const t = await setup();
    const r = await t.tool("guardrail_check_halt_conditions", {
      session_token: "s",
      current_context: { operation: "modify authentication logic", target_files: ["src/auth.js"], files_read: [] },
    });
    const id = r.data.halt_reasons.find((h: any) => h.condition_name === "modifying_unread_code").halt_id;
    t.clock.t += 31 * 60_000;
    await t.service.sweep();
    const h = (await t.tool("guardrail_get_session_halts", { session_token: "s" })).data.halts.find((x: any) => x.halt_id === id);
    expect(h).toMatchObject({ acknowledged: false, resolution: "timeout" });
    expect((await t.step()).data.autonomy.continue).toBe(false);
  });

  it("changing halt config needs a key touch; a display press does not do, and the agent cannot", async () => {
    const t = await setup();
    const r = await t.tool("guardrail_update_halt_config", { condition_name: "three_strikes", threshold: { max_attempts: 10 }, wait_seconds: 0 });
    expect(r.data).toMatchObject({ updated: false, status: "pending" });
    const screen = t.human.last("config");
    await t.human.decide({ requestId: screen.requestId, decision: "approve", via: "display" });
    expect(t.service.halts.configFor("three_strikes")!.threshold.max_attempts).toBe(3);
    await t.human.decide({ requestId: screen.requestId, decision: "approve", via: "security-key" });
    expect(t.service.halts.configFor("three_strikes")!.threshold.max_attempts).toBe(10);
    // Persisted, and reloaded on the next start.
    await closeStore(t.store);
    const u = await setup(t.dir);
    expect(u.service.halts.configFor("three_strikes")!.threshold.max_attempts).toBe(10);
  });

  it("the halt config is covered by the effective digest: a run-time change is audited with the new digest, and the next start logs it", async () => {
    const t = await setup();
    const audit = async (type: string) => {
      const out: any[] = [];
      for await (const r of t.store.auditRecords()) if (r.type === type) out.push(r.data);
      return out;
    };
    const [started] = await audit("daemon_started");
    expect(started.effectiveDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(started.effectiveDigest).not.toBe(started.policyDigest);
    await t.tool("guardrail_update_halt_config", { condition_name: "three_strikes", threshold: { max_attempts: 9 }, wait_seconds: 0 });
    await t.human.decide({ requestId: t.human.last("config").requestId, decision: "approve", via: "security-key" });
    const [changed] = await audit("halt_config_changed");
    expect(changed.effectiveDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(changed.effectiveDigest).not.toBe(started.effectiveDigest);
    expect(t.service.status().effectiveDigest).toBe(changed.effectiveDigest);
    // Same policy file, different halt conditions in force: the restart logs the changed digest.
    await closeStore(t.store);
    const u = await setup(t.dir);
    const starts: any[] = [];
    for await (const r of u.store.auditRecords()) if (r.type === "daemon_started") starts.push(r.data);
    expect(starts.at(-1).policyDigest).toBe(started.policyDigest);
    expect(starts.at(-1).effectiveDigest).toBe(changed.effectiveDigest);
  });

  it("approving an older config change applies it to the current config: it never reverts a newer one", async () => {
    const t = await setup();
    const change = async (fields: Record<string, unknown>) => {
      await t.tool("guardrail_update_halt_config", { condition_name: "three_strikes", ...fields, wait_seconds: 0 });
      return t.human.last("config").requestId;
    };
    const a = await change({ threshold: { max_attempts: 5 } });
    const b = await change({ severity: "critical" });
    for (const id of [b, a]) {
      await t.human.decide({ requestId: id, decision: "approve", via: "security-key" });
    }
    expect(t.service.halts.configFor("three_strikes")).toMatchObject({ severity: "critical", threshold: { max_attempts: 5 } });
  });

  it("a config change too long to show in full is refused, never cut on the display", async () => {
    const t = await setup();
    const threshold = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`key_${i}`, "x".repeat(30)]));
    const r = await t.tool("guardrail_update_halt_config", { condition_name: "three_strikes", threshold, wait_seconds: 0 });
    expect(r.error.code).toBe("VALIDATION_PAYLOAD_TOO_LARGE");
    expect(t.human.screens.filter((s) => s.kind === "config")).toEqual([]);
  });

  it("open halts and their escalations survive a restart", async () => {
    const t = await setup();
    const { data } = await t.record("high");
    await closeStore(t.store);
    const u = await setup(t.dir);
    const s = await u.service.call(t.caller, "mcp_aql_execute", { operation: "execute_agent", params: { element_name: "agent" } });
    expect(s.success).toBe(true);
    const step = (await u.service.call(t.caller, "mcp_aql_create", { operation: "record_execution_step", params: { element_name: "agent", nextActionHint: "ls" } })) as any;
    expect(step.data.autonomy.reason).toContain(data.halt_id);
  });
});
