// The step planner: what one record_execution_step does to the daemon's state, as plain data. Pure:
// no store, no clock, no randomness. The engine gathers the facts (the guard, the execution, the
// session's counters), mints what needs randomness (ids, a challenge and its code) before calling,
// applies the plan's changes and audit events as ONE store transition, and only then shows the
// plan's screens on the approval channel.
//
//   readGuard(facts, now, reissued?)   stage 0: block / halt / grant / pending, with expiries
//   evaluateStep(…, guard, …)          stages 1–5 (pipeline.ts)
//   planStep(input)                    the verdict as changes, audit, notifications, screens, directive
import type { BlockRecord, ChallengeRecord, ExecutionRecord } from "../core/records.js";
import type { BreakerState } from "./breakers.js";
import { scoreToTier, VERDICT_TIER, type Evaluation, type Guard } from "./pipeline.js";
import { actionOnDisplay, elisionNote, type ActionOnDisplay } from "./display-text.js";
import { DISPLAY_TEXT_MAX, sanitizeForDisplay } from "./text.js";
import type { AgentNotification, AutonomyDirective } from "./wire.js";

/** A confirmation or verify-tier challenge the session waits on. */
export interface PendingFact {
  readonly id: string;
  readonly kind: "confirmation" | "challenge";
  readonly reason: string;
  readonly expiresAt: number;
}

/** A human's one-time approval of exactly one action (by its digest). */
export interface GrantFact {
  readonly requestId: string;
  readonly via: string;
  readonly expiresAt: number;
}

/** What the daemon knows about the caller before the step is judged. */
export interface GuardFacts {
  /** The block in force for the agent's name or the session, if any (enforcing mode only). */
  readonly block?: BlockRecord;
  /** Unacknowledged halts (medium or higher) of the session. */
  readonly halted?: { readonly ids: readonly string[]; readonly severity: string };
  /** A grant for this step's digest, expired or not. */
  readonly grant?: GrantFact;
  /** The session's pending pause, expired or not. */
  readonly pending?: PendingFact;
}

/** A challenge the caller minted: the record (hashed code) and the code as the display shows it. */
export interface MintedChallenge {
  readonly record: ChallengeRecord;
  readonly code: string;
}

/** What a challenge to mint is about. */
export interface ChallengeSpec {
  readonly agent: string;
  readonly sessionId: string;
  readonly tier: ChallengeRecord["tier"];
  readonly digest: string;
  /** The action, redacted, in full: the minter shows it as actionScreenText does (display-text.ts). */
  readonly hint: string;
}

export interface GuardView {
  readonly guard: Guard;
  /** The block in force, with its live challenge. */
  readonly block?: BlockRecord;
  /** The block's fresh challenge when the old one expired or was burned: stored, audited, shown. */
  readonly reissued?: { readonly challenge: MintedChallenge; readonly replaced?: string };
  readonly pending?: PendingFact;
  /** The pending pause that expired before this step: retired and audited. */
  readonly expiredPending?: PendingFact;
  /** The grant this step uses up. */
  readonly grantUsed?: GrantFact;
  /** A grant for this digest that expired unused: forgotten. */
  readonly grantExpired?: boolean;
}

/** A block whose challenge expired or was burned needs a fresh one before the step is judged. */
export function blockNeedsChallenge(block: BlockRecord, now: number): boolean {
  return !(block.challenge && block.challenge.expiresAt > now);
}

/** The challenge a block re-issues: the same blocked action, shown again with a new code. */
export function reissueSpec(block: BlockRecord): ChallengeSpec {
  return { agent: block.agent, sessionId: block.sessionId, tier: "danger_zone", digest: block.actionDigest, hint: block.hint };
}

/**
 * Stage 0. A block wins over a halt, a halt over a grant, a live grant over a pending pause.
 * `reissued` must be given when `blockNeedsChallenge` says so (the caller mints it).
 */
export function readGuard(f: GuardFacts, now: number, reissued?: MintedChallenge): GuardView {
  if (f.block) {
    let block = f.block;
    let fresh: GuardView["reissued"];
    if (blockNeedsChallenge(block, now)) {
      if (!reissued) throw new Error("readGuard: the block needs a fresh challenge and none was minted");
      fresh = { challenge: reissued, ...(block.challenge ? { replaced: block.challenge.id } : {}) };
      block = { ...block, challenge: reissued.record };
    }
    return { guard: { kind: "blocked", verificationId: block.challenge!.id, reason: block.reason }, block, ...(fresh ? { reissued: fresh } : {}) };
  }
  if (f.halted) return { guard: { kind: "halted", haltIds: f.halted.ids, severity: f.halted.severity } };
  if (f.grant && f.grant.expiresAt > now) return { guard: { kind: "granted", requestId: f.grant.requestId, channel: f.grant.via }, grantUsed: f.grant };
  const grantExpired = f.grant !== undefined;
  const g = grantExpired ? { grantExpired } : {};
  if (f.pending && f.pending.expiresAt <= now) return { guard: { kind: "clear" }, expiredPending: f.pending, ...g };
  if (f.pending) {
    return { guard: { kind: "pending", request: f.pending.kind, requestId: f.pending.id, reason: f.pending.reason }, pending: f.pending, ...g };
  }
  return { guard: { kind: "clear" }, ...g };
}

/** A fresh challenge this step's verdict needs (a verify pause the display can show, or a new block). */
export function stepChallengeSpec(view: GuardView, ev: Evaluation, agent: string, sessionId: string, digest: string): ChallengeSpec | undefined {
  if (view.guard.kind !== "clear") return undefined;
  if (ev.verdict === "verify" && actionOnDisplay(ev.redactedHint) !== undefined) return { agent, sessionId, tier: "verify", digest, hint: ev.redactedHint };
  if (ev.verdict === "stop") return { agent, sessionId, tier: "danger_zone", digest, hint: ev.redactedHint };
  return undefined;
}

/** What the agent reported besides the hint, for the audit record. */
export interface StepReport {
  readonly outcome?: string;
  readonly riskScore?: number;
  readonly tool?: string;
  readonly access?: string;
  readonly environment?: string;
}

/** Counters kept per session (steps) and per session and agent (breakers), across executions. */
export interface SessionCounters {
  /** Autonomous steps of the session since a human last approved one. */
  readonly autonomousSteps: number;
  readonly breakers?: BreakerState;
}

export interface StepInput {
  readonly mode: "enforcing" | "monitoring";
  readonly now: number;
  readonly agent: string;
  readonly sessionId: string;
  /** Digest of the exact action (verify/digest.ts): what an approval grants. */
  readonly digest: string;
  readonly report: StepReport;
  readonly view: GuardView;
  readonly evaluation: Evaluation;
  readonly execution?: ExecutionRecord;
  readonly session: SessionCounters;
  /** Whether this step counts toward the step limit if it goes ahead (a read does not). */
  readonly stepCounts: boolean;
  /** Notifications queued for this execution since its last step. */
  readonly queued: readonly AgentNotification[];
  /** Every other active execution: told of a new hard block. */
  readonly otherExecutions: readonly string[];
  /** Pre-generated ids: the new block's and the new confirmation's. */
  readonly ids: { readonly block: string; readonly request: string };
  /** The challenge `stepChallengeSpec` asked for, minted by the caller. */
  readonly challenge?: MintedChallenge;
  readonly confirmationTtlMs: number;
}

/** A screen for the approval channel (daemon/channel.ts ApprovalScreen). */
export interface Screen {
  readonly requestId: string;
  readonly kind: "confirmation" | "challenge";
  readonly agent: string;
  readonly text: string;
  readonly code?: string;
  readonly actionDigest?: string;
  readonly expiresAt: number;
}

/** A pause the step opens: the session waits on it until a human answers or it expires. */
export interface OpenRequest {
  readonly id: string;
  readonly kind: "confirmation" | "challenge";
  readonly agent: string;
  readonly sessionId: string;
  readonly executionId?: string;
  readonly hint: string;
  readonly digest: string;
  readonly reason: string;
  readonly expiresAt: number;
  readonly challenge?: ChallengeRecord;
}

export interface PlannedEvent {
  readonly type: string;
  readonly agent?: string;
  readonly session?: string;
  readonly data: Record<string, unknown>;
}

export interface StepPlan {
  /** One transition: these records and these audit events, or nothing. */
  readonly putBlocks: readonly BlockRecord[];
  readonly putExecutions: readonly ExecutionRecord[];
  readonly events: readonly PlannedEvent[];
  /** The session's counters after the step. */
  readonly session: SessionCounters;
  readonly execution?: ExecutionRecord;
  /** A block created by this step (also in putBlocks). */
  readonly newBlock?: BlockRecord;
  /** The pause this step opens, and those it ends. */
  readonly open?: OpenRequest;
  readonly retire: ReadonlyArray<{ readonly id: string; readonly status: "expired" }>;
  /** The grant used by this step, or an expired one, is forgotten. */
  readonly forgetGrant: boolean;
  /** Notifications for other executions (a new hard block), and for listeners once durable. */
  readonly notifyOthers: ReadonlyArray<{ readonly execution: string; readonly notification: AgentNotification }>;
  readonly broadcast?: AgentNotification;
  /** Shown after the transition is durable; cleared at once (their requests ended). */
  readonly show: readonly Screen[];
  readonly clear: readonly string[];
  readonly directive: AutonomyDirective;
  /** The operation's result data. */
  readonly result: Record<string, unknown>;
}

const AUDIT_TEXT_MAX = 4096;
const clip = (s: string, max = AUDIT_TEXT_MAX): string => (s.length > max ? `${s.slice(0, max)}…[${s.length - max} more]` : s);

function challengeScreen(c: ChallengeRecord, code: string): Screen {
  return { requestId: c.id, kind: "challenge", agent: c.agent, text: c.text, code, actionDigest: c.actionDigest, expiresAt: c.expiresAt };
}

export function planStep(input: StepInput): StepPlan {
  return input.mode === "monitoring" ? planMonitored(input) : planEnforced(input);
}

/** Monitoring: every step goes ahead and is counted; what enforcing would have done is a factor. */
function planMonitored(input: StepInput): StepPlan {
  const { now, evaluation: ev, session } = input;
  const e = input.execution;
  if (!e) throw new Error("planStep: monitoring needs an execution");
  const autonomousSteps = session.autonomousSteps + (input.stepCounts ? 1 : 0);
  const breakers = ev.breakers ? ev.breakers.next : session.breakers;
  const updated: ExecutionRecord = { ...e, steps: e.steps + 1, autonomousSteps, lastStepAt: now };
  const factors = [...ev.factors];
  if (ev.verdict !== "continue") factors.push(`Monitoring mode: enforcing would have ${ev.verdict === "stop" ? "hard-stopped" : "paused"} this step (${ev.reason})`);
  const directive: AutonomyDirective = {
    continue: true,
    stopped: false,
    factors,
    stepsRemaining: ev.stepsRemaining,
    nextStepRisk: ev.tier,
    ...(input.queued.length > 0 ? { notifications: [...input.queued] } : {}),
  };
  const expired = input.view.expiredPending;
  return {
    putBlocks: [],
    putExecutions: [updated],
    events: [
      ...(expired ? [{ type: "approval_expired", agent: e.agent, session: input.sessionId, data: { request: expired.id, kind: expired.kind } }] : []),
      {
        type: "step_monitored",
        agent: e.agent,
        session: input.sessionId,
        data: {
          execution: e.id,
          step: updated.steps,
          hint: clip(ev.redactedHint),
          wouldBe: ev.verdict,
          score: ev.score,
          rules: ev.rules.map((r) => r.id),
          detections: ev.detections.map((d) => `${d.source}:${d.ruleId}`),
        },
      },
    ],
    session: { autonomousSteps, ...(breakers ? { breakers } : {}) },
    execution: updated,
    retire: expired ? [{ id: expired.id, status: "expired" }] : [],
    forgetGrant: input.view.grantUsed !== undefined || input.view.grantExpired === true,
    notifyOthers: [],
    show: [],
    clear: [],
    directive,
    result: { autonomy: directive, execution_id: e.id, step: updated.steps, risk: { score: ev.score, tier: ev.tier, rules: ev.rules.map((r) => r.id) } },
  };
}

function planEnforced(input: StepInput): StepPlan {
  const { now, agent, sessionId, digest, view, evaluation: ev, session } = input;
  const guard = view.guard;
  const e = input.execution;
  const safeHint = ev.redactedHint;
  const ts = new Date(now).toISOString();
  const notifications: AgentNotification[] = [...input.queued];
  const events: PlannedEvent[] = [];
  const putBlocks: BlockRecord[] = [];
  const show: Screen[] = [];
  const clear: string[] = [];
  const retire: Array<{ id: string; status: "expired" }> = [];
  const notifyOthers: Array<{ execution: string; notification: AgentNotification }> = [];
  let broadcast: AgentNotification | undefined;
  let open: OpenRequest | undefined;
  let newBlock: BlockRecord | undefined;
  let verificationId: string | undefined;
  let confirmationId: string | undefined;
  let executionUpdate: ExecutionRecord | undefined;
  let counters: SessionCounters = session;
  let tooLong = false;
  // What the display shows of an action a new request or block asks the human about: whole, with
  // file contents left out, or nothing (undefined: it cannot be shown without hiding what runs).
  const shown: ActionOnDisplay | undefined = ev.verdict !== "continue" && (guard.kind === "clear" || guard.kind === "granted") ? actionOnDisplay(safeHint) : undefined;

  // Stage 0's own changes: a block's fresh challenge, a pause that expired.
  if (view.reissued && view.block) {
    const { challenge, replaced } = view.reissued;
    if (replaced !== undefined) clear.push(replaced);
    putBlocks.push(view.block);
    events.push({ type: "challenge_reissued", agent: view.block.agent, session: view.block.sessionId, data: { blockId: view.block.id, challengeId: challenge.record.id, expiresAt: challenge.record.expiresAt } });
    show.push(challengeScreen(challenge.record, challenge.code));
  }
  if (view.expiredPending) {
    retire.push({ id: view.expiredPending.id, status: "expired" });
    events.push({ type: "approval_expired", agent, session: sessionId, data: { request: view.expiredPending.id, kind: view.expiredPending.kind } });
  }

  const mint = (): MintedChallenge => {
    if (!input.challenge) throw new Error("planStep: the verdict needs a challenge and none was minted");
    return input.challenge;
  };

  if (guard.kind === "blocked") {
    const block = view.block!;
    verificationId = guard.verificationId;
    notifications.push({
      type: "danger_zone",
      message: `Agent '${agent}' is hard-blocked. A human must enter the code shown on the approval display.`,
      metadata: { verificationId, reason: block.reason, agent, level: "danger_zone", eventId: block.id },
      timestamp: new Date(block.createdAt).toISOString(),
    });
  } else if (guard.kind === "halted") {
    // The halts are what wait for acknowledgement; nothing new is opened.
    notifications.push({ type: "autonomy_pause", message: ev.reason ?? "Session halted", metadata: { reason: ev.reason ?? "halted", level: "halt" }, timestamp: ts });
  } else if (guard.kind === "pending") {
    const pending = view.pending!;
    if (pending.kind === "challenge") verificationId = pending.id;
    else confirmationId = pending.id;
    notifications.push({
      type: "autonomy_pause",
      message: ev.reason ?? "Paused",
      metadata: { reason: pending.reason, level: ev.tier, ...(verificationId ? { verificationId } : { confirmationId }) },
      timestamp: ts,
    });
  } else if (ev.verdict === "continue") {
    // A step a human approved restarts the count of autonomous steps; a read is not counted.
    const autonomousSteps = guard.kind === "granted" ? 0 : session.autonomousSteps + (input.stepCounts ? 1 : 0);
    const breakers = ev.breakers ? ev.breakers.next : session.breakers;
    counters = { autonomousSteps, ...(breakers ? { breakers } : {}) };
    executionUpdate = { ...e!, steps: e!.steps + 1, autonomousSteps, lastStepAt: now };
  } else if ((ev.verdict === "confirm" || ev.verdict === "verify") && shown === undefined) {
    // Nothing to ask the human: they could not see all that runs. Not sticky; no request.
    tooLong = true;
  } else if (ev.verdict === "confirm") {
    const req: OpenRequest = {
      id: input.ids.request,
      kind: "confirmation",
      agent,
      sessionId,
      ...(e ? { executionId: e.id } : {}),
      hint: safeHint,
      digest,
      reason: ev.reason!,
      expiresAt: now + input.confirmationTtlMs,
    };
    open = req;
    confirmationId = req.id;
    show.push({ requestId: req.id, kind: "confirmation", agent, text: sanitizeForDisplay(agent, shown!.text), actionDigest: digest, expiresAt: req.expiresAt });
    notifications.push({
      type: "autonomy_pause",
      message: `${ev.reason}. Waiting for a human to approve on the approval device; call confirm_operation with confirmation_id ${req.id} to wait for the answer.`,
      metadata: { reason: ev.reason!, level: "confirm", confirmationId: req.id },
      timestamp: ts,
    });
    if (ev.cause === "requires_approval") {
      notifications.push({
        type: "permission_pending",
        message: `Action requires confirmation: ${clip(safeHint, 200)}`,
        metadata: { operation: "record_execution_step", reason: ev.reason!, level: "CONFIRM_SINGLE_USE", confirmationId: req.id },
        timestamp: ts,
      });
    }
  } else if (ev.verdict === "verify") {
    const { record, code } = mint();
    open = { id: record.id, kind: "challenge", agent, sessionId, ...(e ? { executionId: e.id } : {}), hint: safeHint, digest, reason: ev.reason!, expiresAt: record.expiresAt, challenge: record };
    verificationId = record.id;
    show.push(challengeScreen(record, code));
    notifications.push({
      type: "autonomy_pause",
      message: `${ev.reason}. A code is shown on the approval display; ask the human for it and call verify_challenge with challenge_id ${record.id}.`,
      metadata: { reason: ev.reason!, level: "verify", verificationId: record.id },
      timestamp: ts,
    });
  } else {
    // stop: a new hard block, persisted with its (hashed) challenge, told to everyone.
    const { record, code } = mint();
    newBlock = { id: input.ids.block, agent, sessionId, reason: ev.reason!, hint: safeHint, actionDigest: digest, createdAt: now, challenge: record };
    putBlocks.push(newBlock);
    verificationId = record.id;
    show.push(challengeScreen(record, code));
    const dz: AgentNotification = {
      type: "danger_zone",
      message: `Agent '${agent}' was hard-blocked: ${ev.reason}. A human must enter the code shown on the approval display.`,
      metadata: { verificationId: record.id, reason: ev.reason!, agent, level: "danger_zone", eventId: newBlock.id },
      timestamp: ts,
    };
    notifications.push(dz);
    broadcast = dz;
    for (const other of input.otherExecutions) if (other !== e?.id) notifyOthers.push({ execution: other, notification: dz });
    // A pending pause is moot once the agent is blocked.
    if (view.pending) retire.push({ id: view.pending.id, status: "expired" });
  }

  // A refused step did not run; what it revealed (failures, forbidden tools, taint) still counts.
  if (!executionUpdate && e) {
    executionUpdate = { ...e, lastStepAt: now };
    if (ev.breakers) counters = { ...counters, breakers: ev.breakers.refused };
  }

  const tooLongReason = `${ev.reason}. The action is too long to show on the approval display (at most ${DISPLAY_TEXT_MAX} characters, file contents written by a here-document left out), so no human can approve it: report it as shorter, specific steps`;
  const elided = open !== undefined || newBlock !== undefined ? shown?.elided : undefined;
  const directive: AutonomyDirective = {
    continue: ev.verdict === "continue" && (guard.kind === "clear" || guard.kind === "granted"),
    factors: tooLong ? [...ev.factors, "Too long to show on the approval display; not offered for approval"] : elided ? [...ev.factors, elisionNote(elided)] : [...ev.factors],
    stopped: ev.verdict === "stop",
    ...(ev.reason !== undefined && ev.verdict !== "continue" ? { reason: tooLong ? tooLongReason : ev.reason } : {}),
    stepsRemaining: ev.stepsRemaining,
    nextStepRisk: ev.tier,
    ...(notifications.length > 0 ? { notifications } : {}),
  };
  const step = executionUpdate?.steps ?? e?.steps;
  events.push({
    type: "step_evaluated",
    agent,
    session: sessionId,
    data: {
      execution: e?.id,
      step,
      hint: clip(safeHint),
      outcome: input.report.outcome,
      riskScore: input.report.riskScore,
      verdict: ev.verdict,
      score: ev.score,
      tier: ev.tier,
      cause: ev.cause,
      rules: ev.rules.map((r) => r.id),
      detections: ev.detections.map((d) => `${d.source}:${d.ruleId}`),
      tool: input.report.tool,
      access: input.report.access,
      environment: input.report.environment,
      breakers: ev.breakers?.trips.map((t) => `${t.breaker}:${t.verdict}`),
      verificationId,
      confirmationId,
      blockId: newBlock?.id,
      ...(elided ? { displayElided: { bodies: elided.bodies, chars: elided.chars } } : {}),
    },
  });
  return {
    putBlocks,
    putExecutions: executionUpdate ? [executionUpdate] : [],
    events,
    session: counters,
    ...(executionUpdate ? { execution: executionUpdate } : {}),
    ...(newBlock ? { newBlock } : {}),
    ...(open ? { open } : {}),
    retire,
    forgetGrant: view.grantUsed !== undefined || view.grantExpired === true,
    notifyOthers,
    ...(broadcast ? { broadcast } : {}),
    show,
    clear,
    directive,
    result: {
      autonomy: directive,
      execution_id: e?.id,
      step,
      risk: { score: ev.score, tier: ev.fromGuard ? VERDICT_TIER[ev.verdict] : scoreToTier(ev.score), rules: ev.rules.map((r) => r.id) },
      ...(verificationId ? { verification: { verificationId, prompt: "Ask the human for the code shown on the haltkey approval display, then call verify_challenge." } } : {}),
      ...(confirmationId ? { confirmation: { confirmationId, prompt: "A human must approve on the haltkey approval device; call confirm_operation to wait for the answer." } } : {}),
    },
  };
}
