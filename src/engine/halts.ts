// The halt-conditions API (halt-conditions spec) as MCP tools: check, record, acknowledge, list,
// update config. Events are immutable; acknowledgements and escalations are written once beside
// them. High and critical halts, and every config change, need a human on the approval channel.
// Fail safe: if a check or the store fails, the answer is should_halt with severity critical.
import { z } from "zod";
import { redact } from "../core/detector.js";
import { ErrorCode, fail, ok } from "../core/errors.js";
import {
  AcknowledgeHaltInput,
  autoRecorded,
  checkHaltConditions,
  DEFAULT_HALT_CONFIG,
  effectiveDigest,
  GetSessionHaltsInput,
  HALT_DESCRIPTION_MAX,
  HALT_TOOLS,
  HaltConditionConfig,
  highestSeverity,
  needsHuman,
  recommendedAction,
  RecordHaltInput,
  requiresAcknowledgment,
  SEVERITY_RANK,
  shouldHalt,
  UpdateHaltConfigInput,
  type CheckHaltConditionsInput,
  type HaltFinding,
  type HaltToolName,
  type Severity,
} from "../core/halt.js";
import { checkPayload } from "../core/operations.js";
import { DISPLAY_TEXT_MAX, fitsOnDisplay } from "../core/text.js";
import type { RuleSet } from "../core/pipeline.js";
import type { OperationResult } from "../core/wire.js";
import type { HaltAckRecord, HaltEscalationRecord, HaltEventRecord } from "../core/records.js";
import { haltIndexKeys, type LoadedState, type Store } from "../store/store.js";
import type { Via } from "../core/approval-channel.js";
import type { Caller } from "./context.js";
import type { Logger } from "../daemon/log.js";

export type { Caller };

/** A request to the human whose approval runs `onApprove`. */
export interface HumanRequest {
  readonly kind: "halt" | "config" | "enrol";
  readonly agent: string;
  readonly sessionId: string;
  readonly text: string;
  readonly ttlMs: number;
  readonly accepts?: readonly Via[];
  readonly onApprove: (via: Via, now: number) => Promise<void>;
}

/** What the halt desk needs from the safety service: the human. */
export interface HumanApprovals {
  askHuman(opts: HumanRequest): Promise<string>;
  waitForHuman(requestId: string, ms: number): Promise<string>;
  readonly humanChannelAttached: boolean;
}

export interface HaltDeskDeps {
  readonly store: Store;
  /** The policy file's digest: with the halt config in force, the effective digest. */
  readonly policyDigest: string;
  readonly rules: RuleSet;
  readonly now: () => number;
  readonly uuid: () => string;
  readonly log: Logger;
  readonly approvalTtlMs: number;
}

interface OpenHalt {
  readonly halt: HaltEventRecord;
  escalation?: HaltEscalationRecord;
}

const strikeKey = (session: string, task: string): string => `${session}!${task}`;

const MAX_ASKING = 1024;

export class HaltDesk {
  private config = new Map<string, HaltConditionConfig>();
  /** Unacknowledged halts per MCP session. */
  private readonly open = new Map<string, Map<string, OpenHalt>>();
  private readonly strikes = new Map<string, number>();
  private approvals: HumanApprovals | undefined;
  /** Human requests still pending, by what they ask: asking the same again reuses the request. */
  private readonly asking = new Map<string, string>();

  constructor(private readonly d: HaltDeskDeps) {}

  /** Config: the defaults, overlaid with what an operator stored; then the open halts. */
  load(loaded: LoadedState, approvals: HumanApprovals): void {
    this.approvals = approvals;
    this.config = new Map(DEFAULT_HALT_CONFIG.map((c) => [c.condition_name, c]));
    for (const [name, raw] of loaded.haltConfig) {
      const parsed = HaltConditionConfig.safeParse(raw);
      if (!parsed.success) throw new Error(`stored halt config for ${name} is malformed; the database is damaged`);
      this.config.set(name, parsed.data);
    }
    for (const { halt, escalation } of loaded.openHalts) this.index(halt, escalation);
    for (const [k, n] of loaded.strikes) this.strikes.set(k, n);
  }

  /** Every session's unacknowledged halts with any escalation, from memory (the console polls it). */
  openHalts(): Array<{ halt: HaltEventRecord; escalation?: HaltEscalationRecord }> {
    return [...this.open.values()].flatMap((m) => [...m.values()].map(({ halt, escalation }) => (escalation ? { halt, escalation } : { halt })));
  }

  private index(halt: HaltEventRecord, escalation?: HaltEscalationRecord): void {
    const m = this.open.get(halt.session) ?? new Map<string, OpenHalt>();
    m.set(halt.id, escalation ? { halt, escalation } : { halt });
    this.open.set(halt.session, m);
  }

  private unindex(halt: HaltEventRecord): void {
    const m = this.open.get(halt.session);
    m?.delete(halt.id);
    if (m && m.size === 0) this.open.delete(halt.session);
  }

  /** Open halts that stop the session's steps: medium and above, not yet acknowledged. */
  blocking(session: string): { ids: string[]; severity: Severity } | undefined {
    const m = this.open.get(session);
    if (!m) return undefined;
    const halts = [...m.values()].map((o) => o.halt).filter((h) => requiresAcknowledgment(h.severity));
    if (halts.length === 0) return undefined;
    const severity = halts.reduce<Severity>((best, h) => (SEVERITY_RANK[h.severity] > SEVERITY_RANK[best] ? h.severity : best), "low");
    return { ids: halts.map((h) => h.id), severity };
  }

  private redactText(text: string, max = HALT_DESCRIPTION_MAX): string {
    const scan = this.d.rules.content.scan(text);
    const clean = scan.detections.length > 0 ? redact(scan) : text;
    return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
  }

  // ------------------------------------------------------------------ entry point

  static isTool(name: string): name is HaltToolName {
    return Object.hasOwn(HALT_TOOLS, name);
  }

  /** Never throws. A failure of check_halt_conditions is a critical halt (fail safe). */
  async call(caller: Caller, tool: HaltToolName, args: unknown): Promise<OperationResult> {
    const payload = checkPayload(args);
    if (payload) return payload;
    const parsed = (HALT_TOOLS[tool].input as z.ZodType).safeParse(args ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const code = issue.code === "unrecognized_keys" ? ErrorCode.unknownParam : issue.code === "invalid_type" ? ErrorCode.invalidType : ErrorCode.invalidValue;
      const result = fail(code, `${tool}: ${issue.path.map(String).join(".") || "(input)"}: ${issue.message}`);
      return tool === "guardrail_check_halt_conditions" ? this.failSafe(`invalid input: ${issue.message}`, result) : result;
    }
    try {
      switch (tool) {
        case "guardrail_check_halt_conditions":
          return await this.check(caller, parsed.data as CheckHaltConditionsInput);
        case "guardrail_record_halt":
          return await this.record(caller, parsed.data as RecordHaltInput);
        case "guardrail_acknowledge_halt":
          return await this.acknowledge(caller, parsed.data as AcknowledgeHaltInput);
        case "guardrail_get_session_halts":
          return await this.list(caller, parsed.data as GetSessionHaltsInput);
        case "guardrail_update_halt_config":
          return await this.updateConfig(caller, parsed.data as UpdateHaltConfigInput);
      }
    } catch (e) {
      this.d.log.error({ tool, err: (e as Error).message }, "halt operation failed");
      if (tool === "guardrail_check_halt_conditions") return this.failSafe((e as Error).message);
      return fail(ErrorCode.internal, "halt operation failed; failing closed");
    }
  }

  /** The spec's fail-safe answer: halt, critical. */
  private failSafe(why: string, invalid?: OperationResult): OperationResult {
    const data = {
      should_halt: true,
      halt_reasons: [{ halt_type: "execution", condition_name: "check_failed", severity: "critical", description: `Halt check failed: ${why}`, auto_recorded: false }],
      highest_severity: "critical",
      recommended_action: "HALT: the halt check could not be completed; do not proceed until it succeeds.",
    };
    return invalid && !invalid.success ? { success: false, error: { ...invalid.error, details: { ...(invalid.error.details ?? {}), ...data } } } : ok(data);
  }

  // ------------------------------------------------------------------ check

  private async check(caller: Caller, input: CheckHaltConditionsInput): Promise<OperationResult> {
    const now = this.d.now();
    const task = input.task_id ?? "(none)";
    const key = strikeKey(caller.sessionId, task);
    // The spec's reset conditions: a new task has its own key, a new session its own prefix; the
    // user saying "try again" resets (agent-reported: see docs/decisions.md).
    const retry = (input.current_context.user_instructions ?? []).some((i) => /\btry again\b/i.test(i));
    const previous = retry ? 0 : (this.strikes.get(key) ?? 0);
    const strikes = Math.max(previous, retry ? 0 : (input.current_context.attempt_number ?? 0));
    const result = checkHaltConditions(input, this.config, this.d.rules, strikes);
    const toRecord = autoRecorded(result.findings);
    const ids = new Map<HaltFinding, string>();
    const records = toRecord.map((f) => {
      const r = this.newRecord(caller, now, {
        session_token: input.session_token,
        ...(input.task_id !== undefined ? { task_id: input.task_id } : {}),
        halt_type: f.halt_type,
        condition_name: f.condition_name,
        severity: f.severity,
        description: f.description,
        ...(f.condition_name === "three_strikes" ? { attempt_count: strikes } : {}),
        ...(f.condition_name === "repeated_errors" && input.current_context.previous_errors?.length
          ? { previous_error: input.current_context.previous_errors[input.current_context.previous_errors.length - 1]! }
          : {}),
        auto_recorded: true,
        auto_escalate: this.config.get(f.condition_name)?.auto_escalate ?? false,
      });
      ids.set(f, r.id);
      return r;
    });
    for (const r of records) this.index(r);
    if (strikes !== (this.strikes.get(key) ?? 0)) this.strikes.set(key, strikes);
    await this.d.store.transition(
      { putHalts: records, putStrikes: [[key, strikes]] },
      [
        {
          type: "halt_check",
          session: caller.sessionId,
          data: { token: input.session_token, task: input.task_id, conditions: result.findings.map((f) => f.condition_name), recorded: records.map((r) => r.id) },
        },
      ],
      now,
    );
    return ok({
      should_halt: shouldHalt(result.findings),
      halt_reasons: result.findings.map((f) => ({ ...f, auto_recorded: ids.has(f), ...(ids.has(f) ? { halt_id: ids.get(f) } : {}) })),
      highest_severity: highestSeverity(result.findings),
      recommended_action: recommendedAction(result.findings),
      ...(Object.keys(result.context_annotations).length > 0 ? { context_annotations: result.context_annotations } : {}),
    });
  }

  private newRecord(
    caller: Caller,
    now: number,
    h: Omit<HaltEventRecord, "id" | "session" | "triggered_at" | "escalate_at" | "description" | "previous_error"> & { description: string; previous_error?: string },
  ): HaltEventRecord {
    const minutes = h.condition_name !== undefined ? this.config.get(h.condition_name)?.escalate_after_minutes : undefined;
    return {
      ...h,
      id: this.d.uuid(),
      session: caller.sessionId,
      triggered_at: new Date(now).toISOString(),
      description: this.redactText(h.description),
      ...(h.previous_error !== undefined ? { previous_error: this.redactText(h.previous_error) } : {}),
      ...(minutes ? { escalate_at: now + minutes * 60_000 } : {}),
    };
  }

  // ------------------------------------------------------------------ record

  private async record(caller: Caller, input: RecordHaltInput): Promise<OperationResult> {
    const now = this.d.now();
    const record = this.newRecord(caller, now, {
      session_token: input.session_token,
      ...(input.task_id !== undefined ? { task_id: input.task_id } : {}),
      halt_type: input.halt_type,
      ...(input.condition_name !== undefined ? { condition_name: input.condition_name } : {}),
      severity: input.severity,
      description: input.description,
      ...(input.context !== undefined ? { context: this.redactText(JSON.stringify(input.context)) } : {}),
      ...(input.attempt_count !== undefined ? { attempt_count: input.attempt_count } : {}),
      ...(input.previous_error !== undefined ? { previous_error: input.previous_error } : {}),
      auto_recorded: false,
      auto_escalate: input.auto_escalate ?? false,
    });
    this.index(record);
    const escalate = record.severity === "critical" || record.auto_escalate;
    await this.d.store.transition({ putHalts: [record] }, [{ type: "halt_recorded", session: caller.sessionId, data: { halt: record.id, severity: record.severity, type: record.halt_type } }], now);
    // Escalation: the human sees it at once, and can acknowledge it there.
    if (escalate && needsHuman(record.severity)) await this.askToAcknowledge(caller, record, "resolved");
    return ok({
      halt_id: record.id,
      recorded_at: record.triggered_at,
      requires_acknowledgment: requiresAcknowledgment(record.severity),
      ...(escalate ? { escalation_triggered: true } : {}),
    });
  }

  // ------------------------------------------------------------------ acknowledge

  /**
   * One pending human request per question. The newest request takes the display, so an agent
   * asking again in a loop would otherwise keep every other session's request off the screen.
   */
  private async askOnce(question: string, ask: () => Promise<string>): Promise<string> {
    const pending = this.asking.get(question);
    if (pending !== undefined && (await this.approvals!.waitForHuman(pending, 0)) === "pending") return pending;
    const requestId = await ask();
    this.asking.set(question, requestId);
    // Bounded: a map entry per question ever asked would grow with the daemon's uptime.
    if (this.asking.size > MAX_ASKING) this.asking.delete(this.asking.keys().next().value!);
    return requestId;
  }

  private async askToAcknowledge(caller: Caller, halt: HaltEventRecord, resolution: "resolved" | "dismissed", notes?: string, caution?: boolean): Promise<string> {
    return this.askOnce(`ack\0${halt.id}\0${resolution}\0${caution === true}`, () => this.approvals!.askHuman({
      kind: "halt",
      agent: halt.session_token,
      sessionId: caller.sessionId,
      text: `ACKNOWLEDGE ${halt.severity.toUpperCase()} halt (${halt.condition_name ?? halt.halt_type}) as ${resolution}: ${halt.description}`,
      ttlMs: this.d.approvalTtlMs,
      onApprove: async (via) => {
        await this.writeAck(halt, { resolution, acknowledged_by: `human:${via}`, ...(notes !== undefined ? { resolution_notes: notes } : {}), ...(caution !== undefined ? { continue_with_caution: caution } : {}) });
      },
    }));
  }

  /**
   * Marks the halt acknowledged in memory at once, then writes the ack durably. Write-once: a
   * second approval of an already acknowledged halt writes nothing.
   */
  private async writeAck(halt: HaltEventRecord, a: Omit<HaltAckRecord, "halt_id" | "acknowledged_at">): Promise<HaltAckRecord | undefined> {
    const now = this.d.now();
    if (!this.open.get(halt.session)?.has(halt.id)) return undefined;
    this.unindex(halt);
    const ack: HaltAckRecord = { halt_id: halt.id, acknowledged_at: new Date(now).toISOString(), ...a, ...(a.resolution_notes !== undefined ? { resolution_notes: this.redactText(a.resolution_notes) } : {}) };
    await this.d.store.transition(
      { putHaltAcks: [ack], delHaltUnacknowledged: [haltIndexKeys(halt).unacknowledged] },
      [{ type: "halt_acknowledged", session: halt.session, data: { halt: halt.id, severity: halt.severity, resolution: ack.resolution, by: ack.acknowledged_by } }],
      now,
    );
    return ack;
  }

  private async acknowledge(caller: Caller, input: AcknowledgeHaltInput): Promise<OperationResult> {
    const now = this.d.now();
    const open = this.open.get(caller.sessionId)?.get(input.halt_id);
    if (!open) {
      const known = (await this.d.store.sessionHalts(caller.sessionId)).find((h) => h.halt.id === input.halt_id);
      if (!known) return fail(ErrorCode.notFound, `No halt ${input.halt_id} in this session`, { halt_id: input.halt_id });
      return fail(ErrorCode.executionConflict, `Halt ${input.halt_id} is already acknowledged`, { halt_id: input.halt_id, resolution: known.ack?.resolution });
    }
    const halt = open.halt;
    if (input.resolution === "dismissed" && halt.severity === "critical" && input.continue_with_caution !== true) {
      return fail(ErrorCode.invalidValue, "Dismissing a critical halt requires continue_with_caution: true", { halt_id: halt.id });
    }
    const warnings: string[] = [];
    if (input.resolution === "dismissed") warnings.push(`Dismissed a ${halt.severity} halt: proceed with caution`);

    if (input.resolution === "escalated") {
      // Escalation hands the halt to a human; it stays open and the session stays paused.
      if (!open.escalation) {
        const escalation: HaltEscalationRecord = { halt_id: halt.id, at: new Date(now).toISOString(), resolution: "escalated" };
        open.escalation = escalation;
        await this.d.store.transition({ putHaltEscalations: [escalation] }, [{ type: "halt_escalated", session: caller.sessionId, data: { halt: halt.id, by: "agent" } }], now);
      }
      if (needsHuman(halt.severity)) await this.askToAcknowledge(caller, halt, "resolved", input.resolution_notes);
      return ok({ confirmed: true, halt_id: halt.id, acknowledged_at: new Date(now).toISOString(), session_can_resume: false, warnings: ["Escalated: the session stays halted until a human acknowledges"] });
    }

    if (!needsHuman(halt.severity)) {
      // Low and medium: the agent may acknowledge, and it is audited as the agent's.
      const ack = await this.writeAck(halt, {
        resolution: input.resolution,
        acknowledged_by: "agent",
        ...(input.resolution_notes !== undefined ? { resolution_notes: input.resolution_notes } : {}),
        ...(input.continue_with_caution !== undefined ? { continue_with_caution: input.continue_with_caution } : {}),
      });
      return ok({ confirmed: true, halt_id: halt.id, acknowledged_at: ack?.acknowledged_at ?? new Date(now).toISOString(), session_can_resume: this.blocking(caller.sessionId) === undefined, ...(warnings.length > 0 ? { warnings } : {}) });
    }

    // High and critical: only a human on the approval channel.
    if (!this.approvals!.humanChannelAttached) {
      return fail(ErrorCode.noApprovalChannel, `A ${halt.severity} halt needs a human on the approval device, and none is attached`, { halt_id: halt.id });
    }
    const requestId = await this.askToAcknowledge(caller, halt, input.resolution, input.resolution_notes, input.continue_with_caution);
    const status = await this.approvals!.waitForHuman(requestId, input.wait_seconds * 1000);
    if (status === "approved") {
      return ok({ confirmed: true, halt_id: halt.id, acknowledged_at: new Date(this.d.now()).toISOString(), session_can_resume: this.blocking(caller.sessionId) === undefined, ...(warnings.length > 0 ? { warnings } : {}) });
    }
    return ok({
      confirmed: false,
      halt_id: halt.id,
      acknowledged_at: null,
      session_can_resume: false,
      warnings: [
        status === "denied"
          ? "The human refused to acknowledge this halt"
          : `A ${halt.severity} halt needs a human: waiting for them on the approval device (request ${requestId}); call again to keep waiting`,
      ],
      pending_confirmation_id: status === "pending" ? requestId : undefined,
    });
  }

  // ------------------------------------------------------------------ list

  private async list(caller: Caller, input: GetSessionHaltsInput): Promise<OperationResult> {
    const all = (await this.d.store.sessionHalts(caller.sessionId)).filter((h) => h.halt.session_token === input.session_token);
    const filtered = all.filter(
      (h) => (input.include_acknowledged || !h.ack) && (!input.halt_type || h.halt.halt_type === input.halt_type) && (!input.severity || h.halt.severity === input.severity),
    );
    return ok({
      total_count: filtered.length,
      unacknowledged_count: all.filter((h) => !h.ack).length,
      halts: filtered.slice(input.offset, input.offset + input.limit).map(({ halt, ack, escalation }) => ({
        halt_id: halt.id,
        halt_type: halt.halt_type,
        ...(halt.condition_name !== undefined ? { condition_name: halt.condition_name } : {}),
        severity: halt.severity,
        description: halt.description,
        triggered_at: halt.triggered_at,
        acknowledged: ack !== undefined,
        ...(ack ? { acknowledged_at: ack.acknowledged_at, acknowledged_by: ack.acknowledged_by } : {}),
        ...(ack ? { resolution: ack.resolution } : escalation ? { resolution: escalation.resolution } : {}),
        ...(halt.task_id !== undefined ? { task_id: halt.task_id } : {}),
        ...(halt.attempt_count !== undefined ? { attempt_count: halt.attempt_count } : {}),
      })),
    });
  }

  // ------------------------------------------------------------------ config

  private async updateConfig(caller: Caller, input: UpdateHaltConfigInput): Promise<OperationResult> {
    const previous = this.config.get(input.condition_name);
    if (!previous) return fail(ErrorCode.notFound, `No halt condition ${input.condition_name}`, { valid: [...this.config.keys()] });
    const { wait_seconds, condition_name: _name, ...changes } = input;
    // The change applied to a configuration: checked now, and applied again to whatever is current
    // when the human approves, so approving an older change never reverts a newer one.
    const applied = (to: HaltConditionConfig): HaltConditionConfig => HaltConditionConfig.parse({ ...to, ...changes, threshold: { ...to.threshold, ...(changes.threshold ?? {}) } });
    applied(previous);
    if (!this.approvals!.humanChannelAttached) return fail(ErrorCode.noApprovalChannel, "Changing halt configuration needs a human's key touch, and no approval device is attached");
    // The human approves exactly what the display shows: a change too long to show is refused,
    // never cut (the same rule as for actions).
    const text = `CHANGE halt condition ${input.condition_name}: ${JSON.stringify(changes)}`;
    if (!fitsOnDisplay(text)) {
      return fail(ErrorCode.payloadTooLarge, `This change is too long to show on the approval display (at most ${DISPLAY_TEXT_MAX} characters); change fewer fields at a time`);
    }
    const requestId = await this.askOnce(`config\0${text}`, () => this.approvals!.askHuman({
      kind: "config",
      agent: "halt-config",
      sessionId: caller.sessionId,
      text,
      ttlMs: this.d.approvalTtlMs,
      accepts: ["security-key"],
      onApprove: async () => {
        const now = this.d.now();
        const before = this.config.get(input.condition_name)!;
        const next = applied(before);
        this.config.set(next.condition_name, next);
        await this.d.store.transition(
          { putHaltConfig: [[next.condition_name, next]] },
          [{ type: "halt_config_changed", session: caller.sessionId, data: { condition: next.condition_name, previous: before, current: next, effectiveDigest: this.effectiveDigest() } }],
          now,
        );
      },
    }));
    const status = await this.approvals!.waitForHuman(requestId, wait_seconds * 1000);
    return ok({
      updated: status === "approved",
      previous_values: previous,
      current_values: status === "approved" ? this.config.get(input.condition_name) : previous,
      ...(status === "approved" ? {} : { status, pending_confirmation_id: status === "pending" ? requestId : undefined }),
    });
  }

  // ------------------------------------------------------------------ escalation

  /** Unacknowledged halts past escalate_after_minutes escalate as "timeout" (they stay open). */
  async sweep(): Promise<void> {
    const now = this.d.now();
    const due: HaltEscalationRecord[] = [];
    for (const m of this.open.values()) {
      for (const o of m.values()) {
        if (o.escalation || o.halt.escalate_at === undefined || o.halt.escalate_at > now) continue;
        o.escalation = { halt_id: o.halt.id, at: new Date(now).toISOString(), resolution: "timeout" };
        due.push(o.escalation);
      }
    }
    if (due.length === 0) return;
    await this.d.store.transition({ putHaltEscalations: due }, [{ type: "halts_escalated", data: { halts: due.map((e) => e.halt_id), resolution: "timeout" } }], now);
  }

  /** The policy digest and the halt config in force, as one digest (core/halt.ts effectiveDigest). */
  effectiveDigest(): string {
    return effectiveDigest(this.d.policyDigest, this.config.values());
  }

  configFor(name: string): HaltConditionConfig | undefined {
    return this.config.get(name);
  }
}
