// The safety service: the one request API behind every front end (stdio MCP shim, CLI, and later
// HTTP, hooks and proxy). It owns the in-memory view of blocks, executions, pending approvals and
// rate limits; the pure pipeline decides, this applies the decision as one durable transition.
//
// Concurrency: every handler reads and changes state synchronously, then awaits the store. Node
// runs one handler's synchronous part at a time, so state never interleaves; the answer is sent
// only after the transition is on disk.
import { ErrorCode, fail, ok, withRefusalDirective } from "../core/errors.js";
import { introspect, type ApprovalChannelInfo } from "../core/introspect.js";
import { isOperationResult, parseToolCall, type ParsedCall } from "../core/operations.js";
import { evaluateStep, scoreToTier, VERDICT_TIER, type Evaluation, type Guard, type RuleSet } from "../core/pipeline.js";
import { policyFor, type CompiledPolicy } from "../core/policy.js";
import { effectiveBudgets, initialBreakerState } from "../core/breakers.js";
import { redact } from "../core/detector.js";
import { DISPLAY_TEXT_MAX, fitsOnDisplay, sanitizeForDisplay } from "../core/text.js";
import type {
  AbortExecutionParams,
  AgentNotification,
  AutonomyDirective,
  CompleteExecutionParams,
  ConfirmOperationParams,
  ExecuteAgentParams,
  OperationResult,
  RecordExecutionStepParams,
  VerifyChallengeParams,
} from "../core/wire.js";
import type { AuditRecord, ChainReport } from "../store/audit.js";
import type { BlockRecord, ChallengeRecord, ExecutionRecord, HaltEscalationRecord, HaltEventRecord, RateLimitRecord } from "../store/records.js";
import { StoreFailedError, type AuditEvent, type Changes, type Store } from "../store/store.js";
import { codeMatches, formatCode, generateCode, hashCode, type RandomBytes } from "../verify/code.js";
import { actionDigest } from "../verify/digest.js";
import { EMPTY_RATE_LIMIT, lockedUntil, recordFailure, recordSuccess } from "../verify/rate-limit.js";
import type { ApprovalChannel, HumanDecision, RequestKind, Via } from "./channel.js";
import { HaltDesk, type HumanRequest } from "./halts.js";
import type { Logger } from "./log.js";

export interface Caller {
  /** Bound to the connection; the stdio shim keeps one per MCP session across reconnects. */
  readonly sessionId: string;
}

export interface ServiceDeps {
  readonly store: Store;
  readonly policy: CompiledPolicy;
  readonly rules: RuleSet;
  readonly channel: ApprovalChannel;
  readonly now: () => number;
  readonly randomBytes: RandomBytes;
  readonly uuid: () => string;
  readonly log: Logger;
  readonly endpointMode: "semantic" | "single";
}

/** A pause or admin request waiting for the human. Volatile: pauses do not survive restarts (§8.8.3). */
/** Where an operator refused a request from: the console page or the `haltkey deny` command. */
export type OperatorRefusal = "console" | "cli";

interface PendingRequest {
  readonly id: string;
  readonly kind: RequestKind;
  readonly agent: string;
  readonly sessionId: string;
  readonly executionId?: string;
  readonly hint: string;
  readonly digest: string;
  readonly reason: string;
  readonly expiresAt: number;
  /** For verify-tier challenges; hard-block challenges live in their BlockRecord. */
  readonly challenge?: ChallengeRecord;
  readonly blockId?: string;
  /** For requests that are not step approvals (halt acknowledgements, config changes): what approval does. */
  readonly onApprove?: (via: Via, now: number) => Promise<void>;
  /** Which human actions answer it; default: display press or key touch. */
  readonly accepts?: readonly Via[];
  status: "pending" | "approved" | "denied" | "expired";
  readonly waiters: Set<() => void>;
}

interface Grant {
  readonly requestId: string;
  readonly via: Via | "verification code";
  readonly expiresAt: number;
}

const NOTIFICATION_QUEUE_MAX = 50;
/** Active executions one session may hold (one per agent name); more is a runaway or an attack. */
const MAX_EXECUTIONS_PER_SESSION = 64;
/** A rate-limit entry with no failure or lockout for this long is forgotten. */
const RATE_ENTRY_IDLE_MS = 24 * 60 * 60 * 1000;
const STALE_EXECUTION_MS = 24 * 60 * 60 * 1000;
const AUDIT_TEXT_MAX = 4096;

const clip = (s: string, max = AUDIT_TEXT_MAX): string => (s.length > max ? `${s.slice(0, max)}…[${s.length - max} more]` : s);
const sessionAgentKey = (sessionId: string, agent: string): string => `${sessionId}\u0000${agent}`;

export class SafetyService {
  private readonly blocks = new Map<string, BlockRecord>();
  private readonly blockByAgent = new Map<string, string>();
  private readonly blockBySession = new Map<string, string>();
  private readonly executions = new Map<string, ExecutionRecord>();
  private readonly activeExecution = new Map<string, string>();
  /**
   * The pause each session waits on. A pause belongs to the session, not the execution, so
   * aborting, starting a new execution or renaming the agent does not end it (SHOULD §8.6.4).
   */
  private readonly pendingBySession = new Map<string, PendingRequest>();
  /** Autonomous steps per session since a human last approved one: what the step limit counts. */
  private readonly sessionSteps = new Map<string, { steps: number; at: number }>();
  private readonly requests = new Map<string, PendingRequest>();
  private readonly grants = new Map<string, Grant>();
  private readonly rate = new Map<string, RateLimitRecord>();
  private readonly notifications = new Map<string, AgentNotification[]>();
  private readonly dangerListeners = new Set<(n: AgentNotification) => void>();

  readonly halts: HaltDesk;

  private constructor(private readonly d: ServiceDeps) {
    this.halts = new HaltDesk({
      store: d.store,
      rules: d.rules,
      now: d.now,
      uuid: d.uuid,
      log: d.log,
      approvalTtlMs: d.policy.file.confirmationTtlSeconds * 1000,
    });
    d.channel.onDecision((decision) => {
      void this.onHumanDecision(decision).catch((e) => d.log.error({ err: (e as Error).message }, "human decision failed"));
    });
  }

  static async start(deps: ServiceDeps): Promise<SafetyService> {
    const s = new SafetyService(deps);
    const loaded = await deps.store.load();
    const now = deps.now();
    for (const b of loaded.blocks) s.indexBlock(b);
    for (const [k, v] of loaded.rate) s.rate.set(k, v);
    s.halts.load(loaded, s);
    const stale: string[] = [];
    for (const e of loaded.executions) {
      if (now - e.lastStepAt > STALE_EXECUTION_MS) stale.push(e.id);
      else {
        s.indexExecution(e);
        const seen = s.sessionSteps.get(e.sessionId);
        if (!seen || seen.steps < e.autonomousSteps) s.sessionSteps.set(e.sessionId, { steps: e.autonomousSteps, at: e.lastStepAt });
      }
    }
    await deps.store.transition(
      { delExecutions: stale },
      [
        {
          type: "daemon_started",
          data: {
            policyDigest: deps.policy.digest,
            mode: deps.policy.file.mode,
            channel: deps.channel.info,
            blocks: loaded.blocks.length,
            executions: loaded.executions.length - stale.length,
            staleExecutionsDropped: stale.length,
          },
        },
      ],
      now,
    );
    return s;
  }

  /** Front ends that can push (HTTP) hear of every new hard block once it is durable. */
  onDangerZone(listener: (n: AgentNotification) => void): () => void {
    this.dangerListeners.add(listener);
    return () => this.dangerListeners.delete(listener);
  }

  get channelInfo(): ApprovalChannelInfo {
    return this.d.channel.info;
  }

  // ---------------------------------------------------------------- entry point

  /** Handles one MCP-AQL tool call. Never throws: every failure is a structured, fail-closed result. */
  async call(caller: Caller, tool: string, args: unknown): Promise<OperationResult> {
    if (HaltDesk.isTool(tool)) return this.halts.call(caller, tool, args);
    const parsed = parseToolCall(tool, args, this.d.endpointMode);
    if (isOperationResult(parsed)) return withRefusalDirective(parsed, (args as { operation?: unknown } | null)?.operation);
    try {
      return await this.dispatch(caller, parsed);
    } catch (e) {
      const storeFailed = e instanceof StoreFailedError || this.d.store.failed !== undefined;
      this.d.log.error({ op: parsed.operation, err: (e as Error).message }, "operation failed");
      const code = storeFailed ? ErrorCode.storeFailure : ErrorCode.internal;
      const message = storeFailed ? "haltkey's store failed; failing closed until the daemon is restarted" : "internal error; failing closed";
      if (parsed.operation === "record_execution_step") {
        const autonomy: AutonomyDirective = { continue: false, stopped: false, factors: [message], reason: message };
        return fail(code, message, { autonomy });
      }
      return fail(code, message);
    }
  }

  private dispatch(caller: Caller, call: ParsedCall): Promise<OperationResult> | OperationResult {
    switch (call.operation) {
      case "introspect":
        return ok(
          introspect(call.params, {
            mode: this.d.policy.file.mode,
            endpointMode: this.d.endpointMode,
            policy: this.d.policy.file,
            channel: this.d.channel.info,
          }),
        );
      case "execute_agent":
        return this.executeAgent(caller, call.params);
      case "record_execution_step":
        return this.recordStep(caller, call.params);
      case "complete_execution":
        return this.endExecution(caller, call.params, "completed");
      case "abort_execution":
        return this.endExecution(caller, call.params, "aborted");
      case "confirm_operation":
        return this.confirmOperation(caller, call.params);
      case "verify_challenge":
        return this.verifyChallenge(caller, call.params);
    }
  }

  // ---------------------------------------------------------------- state helpers

  private indexBlock(b: BlockRecord): void {
    this.blocks.set(b.id, b);
    this.blockByAgent.set(b.agent, b.id);
    this.blockBySession.set(b.sessionId, b.id);
  }

  private unindexBlock(b: BlockRecord): void {
    this.blocks.delete(b.id);
    if (this.blockByAgent.get(b.agent) === b.id) this.blockByAgent.delete(b.agent);
    if (this.blockBySession.get(b.sessionId) === b.id) this.blockBySession.delete(b.sessionId);
  }

  private indexExecution(e: ExecutionRecord): void {
    this.executions.set(e.id, e);
    this.activeExecution.set(sessionAgentKey(e.sessionId, e.agent), e.id);
  }

  private unindexExecution(e: ExecutionRecord): void {
    this.executions.delete(e.id);
    this.notifications.delete(e.id);
    const key = sessionAgentKey(e.sessionId, e.agent);
    if (this.activeExecution.get(key) === e.id) this.activeExecution.delete(key);
  }

  /** A block applies to the agent by name and to the whole session that caused it. */
  private blockFor(caller: Caller, agent: string): BlockRecord | undefined {
    const id = this.blockByAgent.get(agent) ?? this.blockBySession.get(caller.sessionId);
    return id === undefined ? undefined : this.blocks.get(id);
  }

  private findExecution(caller: Caller, agent: string, executionId: string | undefined): ExecutionRecord | undefined {
    const id = executionId ?? this.activeExecution.get(sessionAgentKey(caller.sessionId, agent));
    const e = id === undefined ? undefined : this.executions.get(id);
    // Executions are never driven from another session or under another name.
    return e && e.sessionId === caller.sessionId && e.agent === agent ? e : undefined;
  }

  /**
   * `digest` binds the challenge to the exact (raw) action; `safeHint` is the action with secrets
   * redacted, the only form that is displayed or stored.
   */
  private newChallenge(agent: string, sessionId: string, tier: ChallengeRecord["tier"], digest: string, safeHint: string, now: number): { record: ChallengeRecord; code: string } {
    const code = generateCode(this.d.randomBytes);
    const { salt, hash } = hashCode(code, this.d.randomBytes);
    const record: ChallengeRecord = {
      id: this.d.uuid(),
      agent,
      sessionId,
      tier,
      salt,
      hash,
      createdAt: now,
      expiresAt: now + this.d.policy.file.challengeTtlSeconds * 1000,
      actionDigest: digest,
      text: sanitizeForDisplay(agent, safeHint),
    };
    return { record, code };
  }

  private showChallenge(c: ChallengeRecord, code: string): Promise<void> {
    return this.d.channel.show({ requestId: c.id, kind: "challenge", agent: c.agent, text: c.text, code: formatCode(code), actionDigest: c.actionDigest, expiresAt: c.expiresAt });
  }

  /**
   * A block whose challenge expired or was burned by a wrong code gets a fresh one, shown on the
   * display, when the agent next makes contact (docs/decisions.md "Re-issuing a challenge").
   */
  private async ensureLiveChallenge(block: BlockRecord, now: number): Promise<BlockRecord> {
    if (block.challenge && block.challenge.expiresAt > now) return block;
    if (block.challenge) void this.d.channel.clear(block.challenge.id);
    const { record, code } = this.newChallenge(block.agent, block.sessionId, "danger_zone", block.actionDigest, block.hint, now);
    const updated: BlockRecord = { ...block, challenge: record };
    this.indexBlock(updated);
    await this.d.store.transition(
      { putBlocks: [updated] },
      [{ type: "challenge_reissued", agent: block.agent, session: block.sessionId, data: { blockId: block.id, challengeId: record.id, expiresAt: record.expiresAt } }],
      now,
    );
    await this.showChallenge(record, code);
    return updated;
  }

  private pushNotification(executionId: string, n: AgentNotification): void {
    const q = this.notifications.get(executionId) ?? [];
    q.push(n);
    if (q.length > NOTIFICATION_QUEUE_MAX) q.splice(0, q.length - NOTIFICATION_QUEUE_MAX);
    this.notifications.set(executionId, q);
  }

  private drainNotifications(executionId: string | undefined): AgentNotification[] {
    if (executionId === undefined) return [];
    const q = this.notifications.get(executionId) ?? [];
    this.notifications.delete(executionId);
    return q;
  }

  private blockedError(block: BlockRecord): OperationResult {
    return fail(ErrorCode.agentBlocked, `Agent '${block.agent}' is hard-blocked: ${block.reason}. A human must enter the code from the approval display via verify_challenge, or touch the security key.`, {
      agent: block.agent,
      verificationId: block.challenge?.id,
    });
  }


  /** Free text the agent sent, with secrets and personal data redacted and clipped, for storage. */
  private safeText(text: string): string {
    const scan = this.d.rules.content.scan(text);
    return clip(scan.detections.length > 0 ? redact(scan) : text);
  }

  // ---------------------------------------------------------------- execute / complete / abort

  private async executeAgent(caller: Caller, p: ExecuteAgentParams): Promise<OperationResult> {
    const now = this.d.now();
    const block = this.blockFor(caller, p.element_name);
    if (block) return this.blockedError(await this.ensureLiveChallenge(block, now));
    const active = this.findExecution(caller, p.element_name, undefined);
    const inSession = [...this.executions.values()].filter((x) => x.sessionId === caller.sessionId).length;
    if (!active && inSession >= MAX_EXECUTIONS_PER_SESSION) {
      return fail(ErrorCode.executionConflict, `This session already has ${inSession} active executions (at most ${MAX_EXECUTIONS_PER_SESSION}); complete or abort some first`);
    }
    if (active) {
      return fail(ErrorCode.executionConflict, `Agent '${p.element_name}' already has an active execution in this session; complete or abort it first`, {
        execution_id: active.id,
      });
    }
    const goal = p.goal !== undefined ? this.safeText(p.goal) : undefined;
    const policyMax = policyFor(this.d.policy, p.element_name).maxAutonomousSteps;
    const max = p.maxAutonomousSteps === undefined ? policyMax : Math.min(policyMax, p.maxAutonomousSteps);
    const e: ExecutionRecord = {
      id: this.d.uuid(),
      agent: p.element_name,
      sessionId: caller.sessionId,
      ...(goal !== undefined ? { goal } : {}),
      startedAt: now,
      lastStepAt: now,
      steps: 0,
      // A new execution inherits the session's count: starting over does not reset the step limit.
      autonomousSteps: this.sessionSteps.get(caller.sessionId)?.steps ?? 0,
      maxAutonomousSteps: max,
      breakers: initialBreakerState(now),
      budgets: effectiveBudgets(this.d.policy.breakers.config.budgets, p.budgets),
    };
    this.indexExecution(e);
    await this.d.store.transition(
      { putExecutions: [e] },
      [
        {
          type: "execution_started",
          agent: e.agent,
          session: e.sessionId,
          data: {
            execution: e.id,
            budgets: e.budgets,
            goal,
            parameters: p.parameters !== undefined ? this.safeText(JSON.stringify(p.parameters)) : undefined,
            maxAutonomousSteps: max,
          },
        },
      ],
      now,
    );
    return ok({
      execution_id: e.id,
      element_name: e.agent,
      maxAutonomousSteps: max,
      mode: this.d.policy.file.mode,
      message: "Safety loop started. Report every intended action with record_execution_step before acting, and obey data.autonomy.",
    });
  }

  private async endExecution(
    caller: Caller,
    p: CompleteExecutionParams | AbortExecutionParams,
    status: "completed" | "aborted",
  ): Promise<OperationResult> {
    const now = this.d.now();
    const block = this.blockFor(caller, p.element_name);
    if (block) return this.blockedError(await this.ensureLiveChallenge(block, now));
    const e = this.findExecution(caller, p.element_name, p.execution_id);
    if (!e) return fail(ErrorCode.notFound, `No active execution for agent '${p.element_name}' in this session`, { element_name: p.element_name });
    // A pause outlives the execution (it belongs to the session): only the human or its expiry ends it.
    this.unindexExecution(e);
    const warnings = e.steps === 0 ? ["No steps were recorded in this execution: every action must be reported with record_execution_step before it is taken."] : [];
    const data: Record<string, unknown> = { execution: e.id, steps: e.steps };
    if ("summary" in p && p.summary !== undefined) data.summary = this.safeText(p.summary);
    if ("outcome" in p && p.outcome !== undefined) data.outcome = p.outcome;
    if ("reason" in p && p.reason !== undefined) data.reason = this.safeText(p.reason);
    if (warnings.length > 0) data.warning = "no steps recorded";
    await this.d.store.transition({ delExecutions: [e.id] }, [{ type: `execution_${status}`, agent: e.agent, session: e.sessionId, data }], now);
    return ok({ execution_id: e.id, steps: e.steps, status }, warnings);
  }

  // ---------------------------------------------------------------- record_execution_step

  private async recordStep(caller: Caller, p: RecordExecutionStepParams): Promise<OperationResult> {
    const now = this.d.now();
    const mode = this.d.policy.file.mode;
    const agent = p.element_name;

    if (mode === "disabled") {
      return ok({ autonomy: { continue: true, factors: ["Safety loop is disabled by configuration; nothing was evaluated or recorded"] } });
    }

    const block = mode === "enforcing" ? this.blockFor(caller, agent) : undefined;
    const execution = this.findExecution(caller, agent, p.execution_id);
    if (!block && !execution) {
      const reason = p.execution_id
        ? `Execution ${p.execution_id} is not active for agent '${agent}' in this session`
        : `No active execution for agent '${agent}' in this session: call execute_agent first`;
      const autonomy: AutonomyDirective = { continue: false, stopped: false, factors: [reason], reason };
      return ok({ autonomy });
    }

    if (mode === "logging") {
      const e = execution!;
      const updated: ExecutionRecord = { ...e, steps: e.steps + 1, lastStepAt: now };
      this.indexExecution(updated);
      await this.d.store.transition(
        { putExecutions: [updated] },
        [{ type: "step_logged", agent, session: caller.sessionId, data: { execution: e.id, step: updated.steps, hint: this.safeText(p.nextActionHint), outcome: p.outcome } }],
        now,
      );
      return ok({ autonomy: { continue: true, factors: ["Logging mode: the step was recorded, not evaluated"] }, execution_id: e.id, step: updated.steps });
    }

    // Stage 0: the guard.
    const digest = actionDigest({
      agent,
      sessionId: caller.sessionId,
      hint: p.nextActionHint,
      tool: p.tool,
      server: p.server,
      arguments: p.arguments,
      environment: p.environment,
      resources: p.resources,
      access: p.access,
    });
    let guard: Guard = { kind: "clear" };
    let liveBlock = block;
    const changes: { putBlocks?: BlockRecord[] } = {};
    const events: AuditEvent[] = [];
    const halted = block ? undefined : this.halts.blocking(caller.sessionId);
    if (block) {
      liveBlock = await this.ensureLiveChallenge(block, now);
      guard = { kind: "blocked", verificationId: liveBlock.challenge!.id, reason: liveBlock.reason };
    } else if (halted) {
      guard = { kind: "halted", haltIds: halted.ids, severity: halted.severity };
    } else {
      const grant = this.grants.get(digest);
      if (grant && grant.expiresAt > now) {
        this.grants.delete(digest);
        guard = { kind: "granted", requestId: grant.requestId, channel: grant.via };
      } else {
        if (grant) this.grants.delete(digest);
        const pending = this.pendingBySession.get(caller.sessionId);
        if (pending && pending.expiresAt <= now) {
          this.retireRequest(pending, "expired");
          events.push({ type: "approval_expired", agent, session: caller.sessionId, data: { request: pending.id, kind: pending.kind } });
        } else if (pending) {
          guard = { kind: "pending", request: pending.kind === "challenge" ? "challenge" : "confirmation", requestId: pending.id, reason: pending.reason };
        }
      }
    }

    const e = execution;
    const agentPolicy = policyFor(this.d.policy, agent);
    const evaluation = evaluateStep(
      {
        hint: p.nextActionHint,
        ...(p.findings !== undefined ? { findings: p.findings } : {}),
        ...(p.arguments !== undefined ? { arguments: p.arguments } : {}),
        ...(e
          ? {
              breakers: {
                signals: {
                  ...(p.tool !== undefined ? { tool: p.tool } : {}),
                  ...(p.server !== undefined ? { server: p.server } : {}),
                  ...(p.access !== undefined ? { access: p.access } : {}),
                  ...(p.environment !== undefined ? { environment: p.environment } : {}),
                  ...(p.resources !== undefined ? { resources: p.resources } : {}),
                  ...(p.tokens !== undefined ? { tokens: p.tokens } : {}),
                  ...(p.spend !== undefined ? { spend: p.spend } : {}),
                  ...(p.parallel_calls !== undefined ? { parallelCalls: p.parallel_calls } : {}),
                  ...(p.justification !== undefined ? { justification: p.justification } : {}),
                },
                // Records written before a field existed get its initial value.
                state: { ...initialBreakerState(e.startedAt), ...e.breakers },
                compiled: this.d.policy.breakers,
                budgets: e.budgets ?? this.d.policy.breakers.config.budgets,
                now,
              },
            }
          : {}),
        ...(p.outcome !== undefined ? { outcome: p.outcome } : {}),
        ...(p.riskScore !== undefined ? { llmRiskScore: p.riskScore } : {}),
        autonomousStep: (this.sessionSteps.get(caller.sessionId)?.steps ?? 0) + 1,
        maxAutonomousSteps: e?.maxAutonomousSteps ?? agentPolicy.maxAutonomousSteps,
      },
      guard,
      agentPolicy,
      this.d.rules,
    );

    if (mode === "monitoring") return this.answerMonitoring(caller, e!, evaluation, now);
    const safeHint = evaluation.redactedHint;

    // Enforcing: apply the verdict.
    const notifications: AgentNotification[] = this.drainNotifications(e?.id);
    const ts = new Date(now).toISOString();
    let verificationId: string | undefined;
    let confirmationId: string | undefined;
    let show: (() => Promise<void>) | undefined;
    let executionUpdate: ExecutionRecord | undefined;
    let tooLong = false;
    const putExecutions: ExecutionRecord[] = [];

    if (guard.kind === "blocked") {
      verificationId = guard.verificationId;
      notifications.push({
        type: "danger_zone",
        message: `Agent '${agent}' is hard-blocked. A human must enter the code shown on the approval display.`,
        metadata: { verificationId, reason: liveBlock!.reason, agent, level: "danger_zone", eventId: liveBlock!.id },
        timestamp: new Date(liveBlock!.createdAt).toISOString(),
      });
    } else if (guard.kind === "halted") {
      // The halts are what wait for acknowledgement; nothing new is opened.
      notifications.push({
        type: "autonomy_pause",
        message: evaluation.reason ?? "Session halted",
        metadata: { reason: evaluation.reason ?? "halted", level: "halt" },
        timestamp: ts,
      });
    } else if (guard.kind === "pending") {
      const pending = this.requests.get(guard.requestId)!;
      if (pending.kind === "challenge") verificationId = pending.id;
      else confirmationId = pending.id;
      notifications.push({
        type: "autonomy_pause",
        message: evaluation.reason ?? "Paused",
        metadata: { reason: pending.reason, level: evaluation.tier, ...(verificationId ? { verificationId } : { confirmationId }) },
        timestamp: ts,
      });
    } else if (evaluation.verdict === "continue") {
      // A step a human approved restarts the count of autonomous steps.
      const autonomousSteps = guard.kind === "granted" ? 0 : (this.sessionSteps.get(caller.sessionId)?.steps ?? 0) + 1;
      this.sessionSteps.set(caller.sessionId, { steps: autonomousSteps, at: now });
      executionUpdate = { ...e!, steps: e!.steps + 1, autonomousSteps, lastStepAt: now, ...(evaluation.breakers ? { breakers: evaluation.breakers.next } : {}) };
    } else if ((evaluation.verdict === "confirm" || evaluation.verdict === "verify") && !fitsOnDisplay(safeHint)) {
      // Nothing to ask the human: they could not see the whole action. Not sticky; no request.
      tooLong = true;
    } else if (evaluation.verdict === "confirm") {
      const req = this.openRequest("confirmation", agent, caller.sessionId, e!.id, safeHint, digest, evaluation.reason!, now + this.d.policy.file.confirmationTtlSeconds * 1000);
      confirmationId = req.id;
      show = () => this.d.channel.show({ requestId: req.id, kind: "confirmation", agent, text: sanitizeForDisplay(agent, safeHint), actionDigest: req.digest, expiresAt: req.expiresAt });
      const approvalPause = evaluation.cause === "requires_approval";
      notifications.push({
        type: "autonomy_pause",
        message: `${evaluation.reason}. Waiting for a human to approve on the approval device; call confirm_operation with confirmation_id ${req.id} to wait for the answer.`,
        metadata: { reason: evaluation.reason!, level: "confirm", confirmationId: req.id },
        timestamp: ts,
      });
      if (approvalPause) {
        notifications.push({
          type: "permission_pending",
          message: `Action requires confirmation: ${clip(safeHint, 200)}`,
          metadata: { operation: "record_execution_step", reason: evaluation.reason!, level: "CONFIRM_SINGLE_USE", confirmationId: req.id },
          timestamp: ts,
        });
      }
    } else if (evaluation.verdict === "verify") {
      const { record, code } = this.newChallenge(agent, caller.sessionId, "verify", digest, safeHint, now);
      const req = this.openRequest("challenge", agent, caller.sessionId, e!.id, safeHint, digest, evaluation.reason!, record.expiresAt, record);
      verificationId = req.id;
      show = () => this.showChallenge(record, code);
      notifications.push({
        type: "autonomy_pause",
        message: `${evaluation.reason}. A code is shown on the approval display; ask the human for it and call verify_challenge with challenge_id ${record.id}.`,
        metadata: { reason: evaluation.reason!, level: "verify", verificationId: record.id },
        timestamp: ts,
      });
    } else {
      // stop: a new hard block, persisted with its (hashed) challenge, broadcast to everyone.
      const { record, code } = this.newChallenge(agent, caller.sessionId, "danger_zone", digest, safeHint, now);
      const newBlock: BlockRecord = {
        id: this.d.uuid(),
        agent,
        sessionId: caller.sessionId,
        reason: evaluation.reason!,
        hint: safeHint,
        actionDigest: digest,
        createdAt: now,
        challenge: record,
      };
      this.indexBlock(newBlock);
      changes.putBlocks = [newBlock];
      verificationId = record.id;
      show = () => this.showChallenge(record, code);
      const dz: AgentNotification = {
        type: "danger_zone",
        message: `Agent '${agent}' was hard-blocked: ${evaluation.reason}. A human must enter the code shown on the approval display.`,
        metadata: { verificationId: record.id, reason: evaluation.reason!, agent, level: "danger_zone", eventId: newBlock.id },
        timestamp: ts,
      };
      notifications.push(dz);
      for (const other of this.executions.keys()) if (other !== e?.id) this.pushNotification(other, dz);
      // A pending pause is moot once the agent is blocked.
      const pending = this.pendingBySession.get(caller.sessionId);
      if (pending) this.retireRequest(pending, "expired");
    }

    // A refused step did not run; what it revealed (failures, forbidden tools, taint) still counts.
    if (!executionUpdate && e) executionUpdate = { ...e, lastStepAt: now, ...(evaluation.breakers ? { breakers: evaluation.breakers.refused } : {}) };
    if (executionUpdate) {
      this.indexExecution(executionUpdate);
      putExecutions.push(executionUpdate);
    }

    const stopped = evaluation.verdict === "stop";
    const tooLongReason = `${evaluation.reason}. The action is too long to show on the approval display (at most ${DISPLAY_TEXT_MAX} characters), so no human can approve it: report it as shorter, specific steps`;
    const directive: AutonomyDirective = {
      continue: evaluation.verdict === "continue",
      factors: tooLong ? [...evaluation.factors, "Too long to show on the approval display; not offered for approval"] : [...evaluation.factors],
      stopped,
      ...(evaluation.reason !== undefined && evaluation.verdict !== "continue" ? { reason: tooLong ? tooLongReason : evaluation.reason } : {}),
      stepsRemaining: evaluation.stepsRemaining,
      nextStepRisk: evaluation.tier,
      ...(notifications.length > 0 ? { notifications } : {}),
    };
    events.push({
      type: "step_evaluated",
      agent,
      session: caller.sessionId,
      data: {
        execution: e?.id,
        step: executionUpdate?.steps ?? e?.steps,
        hint: clip(safeHint),
        outcome: p.outcome,
        riskScore: p.riskScore,
        verdict: evaluation.verdict,
        score: evaluation.score,
        tier: evaluation.tier,
        cause: evaluation.cause,
        rules: evaluation.rules.map((r) => r.id),
        detections: evaluation.detections.map((d) => `${d.source}:${d.ruleId}`),
        tool: p.tool,
        access: p.access,
        environment: p.environment,
        breakers: evaluation.breakers?.trips.map((t) => `${t.breaker}:${t.verdict}`),
        verificationId,
        confirmationId,
        blockId: changes.putBlocks?.[0]?.id,
      },
    });
    await this.d.store.transition({ ...changes, putExecutions }, events, now);
    // Front ends that can push (HTTP streams) hear of a new hard block once it is durable.
    if (changes.putBlocks) for (const n of notifications) if (n.type === "danger_zone" && n.metadata?.eventId === changes.putBlocks[0]!.id) for (const l of this.dangerListeners) l(n);
    // The decision is stored; a display that fails to show it leaves the agent paused or stopped.
    if (show) await show().catch((e: Error) => this.d.log.error({ err: e.message }, "approval channel failed to show a request"));
    return ok({
      autonomy: directive,
      execution_id: e?.id,
      step: executionUpdate?.steps ?? e?.steps,
      risk: { score: evaluation.score, tier: scoreTierLabel(evaluation), rules: evaluation.rules.map((r) => r.id) },
      ...(verificationId ? { verification: { verificationId, prompt: "Ask the human for the code shown on the haltkey approval display, then call verify_challenge." } } : {}),
      ...(confirmationId ? { confirmation: { confirmationId, prompt: "A human must approve on the haltkey approval device; call confirm_operation to wait for the answer." } } : {}),
    });
  }

  private async answerMonitoring(caller: Caller, e: ExecutionRecord, ev: Evaluation, now: number): Promise<OperationResult> {
    const autonomousSteps = (this.sessionSteps.get(caller.sessionId)?.steps ?? 0) + 1;
    this.sessionSteps.set(caller.sessionId, { steps: autonomousSteps, at: now });
    const updated: ExecutionRecord = { ...e, steps: e.steps + 1, autonomousSteps, lastStepAt: now, ...(ev.breakers ? { breakers: ev.breakers.next } : {}) };
    this.indexExecution(updated);
    const factors = [...ev.factors];
    if (ev.verdict !== "continue") factors.push(`Monitoring mode: enforcing would have ${ev.verdict === "stop" ? "hard-stopped" : "paused"} this step (${ev.reason})`);
    await this.d.store.transition(
      { putExecutions: [updated] },
      [
        {
          type: "step_monitored",
          agent: e.agent,
          session: caller.sessionId,
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
      now,
    );
    const autonomy: AutonomyDirective = {
      continue: true,
      stopped: false,
      factors,
      stepsRemaining: ev.stepsRemaining,
      nextStepRisk: ev.tier,
      ...(() => {
        const n = this.drainNotifications(e.id);
        return n.length > 0 ? { notifications: n } : {};
      })(),
    };
    return ok({ autonomy, execution_id: e.id, step: updated.steps, risk: { score: ev.score, tier: ev.tier, rules: ev.rules.map((r) => r.id) } });
  }

  // ---------------------------------------------------------------- pending requests

  private openRequest(
    kind: RequestKind,
    agent: string,
    sessionId: string,
    executionId: string | undefined,
    hint: string,
    digest: string,
    reason: string,
    expiresAt: number,
    challenge?: ChallengeRecord,
  ): PendingRequest {
    const req: PendingRequest = {
      id: challenge?.id ?? this.d.uuid(),
      kind,
      agent,
      sessionId,
      ...(executionId !== undefined ? { executionId } : {}),
      hint,
      digest,
      reason,
      expiresAt,
      ...(challenge ? { challenge } : {}),
      status: "pending",
      waiters: new Set(),
    };
    this.requests.set(req.id, req);
    if (kind === "confirmation" || kind === "challenge") this.pendingBySession.set(sessionId, req);
    return req;
  }

  /** Ends a request; it stays visible (for confirm_operation's answer) until it would have expired. */
  /**
   * Every request ends here, answered or not: its waiters wake and it leaves the approval channel,
   * which then forgets its screen (and the code on it).
   */
  private retireRequest(req: PendingRequest, status: PendingRequest["status"]): void {
    req.status = status;
    if (this.pendingBySession.get(req.sessionId) === req) this.pendingBySession.delete(req.sessionId);
    for (const w of req.waiters) w();
    req.waiters.clear();
    void this.d.channel.clear(req.id);
  }

  /** A one-time approval of exactly the action the human saw; none for an action cut on the display. */
  private grant(req: { id: string; digest: string; hint: string }, via: Grant["via"], now: number): boolean {
    if (!fitsOnDisplay(req.hint)) return false;
    this.grants.set(req.digest, { requestId: req.id, via, expiresAt: now + this.d.policy.file.confirmationTtlSeconds * 1000 });
    return true;
  }

  /** The only way a confirmation is approved: a human action reported by the approval channel. */
  private async onHumanDecision(d: HumanDecision): Promise<void> {
    const now = this.d.now();
    const req = this.requests.get(d.requestId);
    if (req && req.status === "pending" && req.expiresAt > now) {
      if (req.kind === "challenge" && d.via !== "security-key") return; // challenges are answered with the code or a key touch
      if (req.kind === "unblock" && d.via !== "security-key") return;
      if (req.accepts && !req.accepts.includes(d.via)) return;
      if (d.decision === "approve" && req.onApprove) {
        // Retired first, so a second press finds nothing pending; onApprove changes memory before
        // its first await, so whoever the retirement wakes already sees the result.
        this.retireRequest(req, "approved");
        await req.onApprove(d.via, now);
      } else if (d.decision === "approve") {
        if (req.kind === "unblock") {
          await this.liftBlocksOf(req.agent, now, { type: "block_lifted_by_admin", data: { request: req.id, via: d.via } });
        } else {
          this.grant(req, d.via, now);
        }
        this.retireRequest(req, "approved");
      } else {
        this.retireRequest(req, "denied");
      }
      await this.recordAnswer(req, d.decision, d.via, now);
      return;
    }
    // A key touch bound to a hard block's challenge lifts the block, like the code would.
    const block = [...this.blocks.values()].find((b) => b.challenge?.id === d.requestId && b.challenge.expiresAt > now);
    if (block && d.via === "security-key" && d.decision === "approve") {
      this.grant({ id: d.requestId, digest: block.challenge!.actionDigest, hint: block.hint }, d.via, now);
      await this.liftBlocksOf(block.agent, now, { type: "block_lifted", data: { challengeId: d.requestId, via: d.via } });
    }
  }

  private async recordAnswer(req: PendingRequest, decision: "approve" | "deny", via: Via | OperatorRefusal, now: number): Promise<void> {
    await this.d.store.transition(
      {},
      [{ type: decision === "approve" ? "request_approved" : "request_denied", agent: req.agent, session: req.sessionId, data: { request: req.id, kind: req.kind, via } }],
      now,
    );
  }

  /**
   * The operator refuses a pending request from the console or the CLI. No hardware proof: a
   * refusal only ever stops the agent, so whoever can reach the operator side may refuse.
   * Returns false when nothing is pending under that id (answered, expired or unknown).
   */
  async denyAsOperator(requestId: string, via: OperatorRefusal): Promise<boolean> {
    const now = this.d.now();
    const req = this.requests.get(requestId);
    if (!req || req.status !== "pending" || req.expiresAt <= now) return false;
    this.retireRequest(req, "denied");
    await this.recordAnswer(req, "deny", via, now);
    return true;
  }

  /** Lifts every block of an agent, forgets their challenges' screens, and audits it as `event`. */
  private async liftBlocksOf(agent: string, now: number, event: { type: string; session?: string; data: Record<string, unknown> }, changes: Changes = {}): Promise<void> {
    const lifted = [...this.blocks.values()].filter((b) => b.agent === agent);
    for (const b of lifted) {
      this.unindexBlock(b);
      if (b.challenge) void this.d.channel.clear(b.challenge.id);
    }
    await this.d.store.transition({ ...changes, delBlocks: lifted.map((b) => b.id) }, [{ ...event, agent, data: { ...event.data, blocks: lifted.map((b) => b.id) } }], now);
  }

  // ---------------------------------------------------------------- confirm_operation

  private async confirmOperation(caller: Caller, p: ConfirmOperationParams): Promise<OperationResult> {
    const now = this.d.now();
    const req = this.requests.get(p.confirmation_id);
    if (!req || req.kind !== "confirmation" || req.sessionId !== caller.sessionId) {
      return fail(ErrorCode.notFound, `No pending confirmation ${p.confirmation_id} in this session (it may have been answered or expired)`, {
        confirmation_id: p.confirmation_id,
      });
    }
    const block = this.blockFor(caller, req.agent);
    if (block) return this.blockedError(await this.ensureLiveChallenge(block, now));
    if (req.status === "pending" && req.expiresAt <= now) {
      this.retireRequest(req, "expired");
      return ok({ confirmation_id: req.id, status: "expired", message: "The confirmation expired; report the action again to ask anew" });
    }
    if (this.d.channel.info.display === "none" && this.d.channel.info.securityKey === "none") {
      return fail(ErrorCode.noApprovalChannel, "No approval device is attached, so no human can answer this confirmation. Attach a display or security key, or start the daemon with --simulate for a demo.");
    }
    if (req.status === "pending") {
      // The request is on the channel since it was made (shown, or queued behind a newer one).
      if (p.wait_seconds > 0) await waitForAnswer(req, Math.min(p.wait_seconds * 1000, Math.max(0, req.expiresAt - now)));
    }
    const status = req.status;
    const message =
      status === "approved"
        ? "A human approved the action. Report the same action again with record_execution_step; it will be allowed once."
        : status === "denied"
          ? "A human denied the action. Do not take it."
          : status === "expired"
            ? "The confirmation expired; report the action again to ask anew."
            : "Still waiting for the human to answer on the approval device.";
    return ok({ confirmation_id: req.id, status, message });
  }

  // ---------------------------------------------------------------- verify_challenge

  /** A challenge by id: a hard block's, or a verify-tier pause's while it is pending (expired ones too). */
  private findChallenge(id: string): { challenge?: ChallengeRecord; block?: BlockRecord; pending?: PendingRequest } {
    const block = [...this.blocks.values()].find((b) => b.challenge?.id === id);
    const pending = this.requests.get(id);
    const challenge = block?.challenge ?? (pending?.kind === "challenge" && pending.status === "pending" ? pending.challenge : undefined);
    return { ...(challenge ? { challenge } : {}), ...(block ? { block } : {}), ...(pending ? { pending } : {}) };
  }

  private async verifyChallenge(caller: Caller, p: VerifyChallengeParams): Promise<OperationResult> {
    const now = this.d.now();
    const { challenge, block, pending } = this.findChallenge(p.challenge_id);
    const agent = challenge?.agent ?? p.element_name;
    // Only the challenge's own session can spend it or charge its agent's failure budget; anyone
    // else's wrong guesses count against their own session, so no session can lock out or burn
    // another's code. A right code works from any session: the code is the human's proof.
    const ownSession = challenge !== undefined && challenge.sessionId === caller.sessionId;
    const ownAgent = ownSession || (challenge === undefined && p.element_name !== undefined && this.findExecution(caller, p.element_name, undefined) !== undefined);
    const keys = [`session:${caller.sessionId}`, ...(ownAgent && agent !== undefined ? [`agent:${agent}`] : [])];
    const cfg = this.d.policy.file.verifyRateLimit;

    const locked = Math.max(...keys.map((k) => lockedUntil(this.rate.get(k) ?? EMPTY_RATE_LIMIT, now) ?? 0));
    if (locked > now) {
      await this.d.store.transition({}, [{ type: "verification_rate_limited", agent, session: caller.sessionId, data: { challengeId: p.challenge_id, lockedUntil: locked } }], now);
      return fail(ErrorCode.rateLimited, "Too many failed verification attempts; try again later", { retry_after_seconds: Math.ceil((locked - now) / 1000) });
    }

    const failure = async (code: ErrorCode, message: string, why: string, changes: Changes = {}): Promise<OperationResult> => {
      const putRate: Array<[string, RateLimitRecord]> = keys.map((k) => {
        const next = recordFailure(this.rate.get(k) ?? EMPTY_RATE_LIMIT, now, cfg);
        this.rate.set(k, next);
        return [k, next];
      });
      await this.d.store.transition({ ...changes, putRate }, [{ type: "verification_failed", agent, session: caller.sessionId, data: { challengeId: p.challenge_id, why } }], now);
      return fail(code, message, { challenge_id: p.challenge_id });
    };

    if (!challenge) return failure(ErrorCode.verificationFailed, "No pending challenge with that id (it may have been used, burned by a wrong code, or expired)", "unknown challenge");

    if (challenge.expiresAt <= now) {
      // Expired counts as failed (§8.8.2). A block keeps its block and gets a fresh challenge on next contact.
      if (block) {
        const updated: BlockRecord = { ...block, challenge: undefined };
        this.indexBlock(updated);
        await this.d.channel.clear(challenge.id);
        return failure(ErrorCode.verificationExpired, "The challenge expired; a new code will be shown when the agent next reports", "expired", { putBlocks: [updated] });
      }
      this.retireRequest(pending!, "expired");
      return failure(ErrorCode.verificationExpired, "The challenge expired; the pause is lifted and the action will be evaluated again when reported", "expired");
    }

    if (!codeMatches(p.code, challenge)) {
      if (!ownSession) return failure(ErrorCode.verificationFailed, "Wrong code", "wrong code from another session");
      // One-time use: a wrong code burns the challenge (§8.8.2).
      await this.d.channel.clear(challenge.id);
      if (block) {
        const updated: BlockRecord = { ...block, challenge: undefined };
        this.indexBlock(updated);
        return failure(ErrorCode.verificationFailed, "Wrong code. The challenge is used up; a new code will be shown when the agent next reports", "wrong code", { putBlocks: [updated] });
      }
      this.retireRequest(pending!, "expired");
      return failure(ErrorCode.verificationFailed, "Wrong code. The challenge is used up; report the action again for a new one", "wrong code");
    }

    const putRate: Array<[string, RateLimitRecord]> = keys.map((k) => {
      const next = recordSuccess();
      this.rate.set(k, next);
      return [k, next];
    });
    const granted = this.grant({ id: challenge.id, digest: challenge.actionDigest, hint: block?.hint ?? pending!.hint }, "verification code", now);
    if (block) {
      await this.liftBlocksOf(block.agent, now, { type: "challenge_verified", session: caller.sessionId, data: { challengeId: challenge.id, tier: "danger_zone" } }, { putRate });
    } else {
      this.retireRequest(pending!, "approved");
      await this.d.store.transition({ putRate }, [{ type: "challenge_verified", agent: challenge.agent, session: caller.sessionId, data: { challengeId: challenge.id, tier: "verify" } }], now);
    }
    return ok({
      verified: true,
      agent: challenge.agent,
      message: !granted
        ? "Verified: lifted. The action was too long to show in full, so it was not approved itself; report it as shorter steps."
        : block
          ? "Verified: the block is lifted. The blocked action may be reported once more and will be allowed once."
          : "Verified: the pause is lifted. Report the same action again; it will be allowed once.",
    });
  }

  // ---------------------------------------------------------------- asking the human for other things

  /**
   * Shows a request on the approval channel whose approval runs `onApprove` (durably, in the
   * daemon) whenever the human answers, whether or not anyone still waits for it.
   */
  async askHuman(opts: HumanRequest): Promise<string> {
    const now = this.d.now();
    const req: PendingRequest = {
      id: this.d.uuid(),
      kind: opts.kind,
      agent: opts.agent,
      sessionId: opts.sessionId,
      hint: opts.text,
      digest: "",
      reason: opts.text,
      expiresAt: now + opts.ttlMs,
      onApprove: opts.onApprove,
      ...(opts.accepts ? { accepts: opts.accepts } : {}),
      status: "pending",
      waiters: new Set(),
    };
    this.requests.set(req.id, req);
    await this.d.store.transition({}, [{ type: `${opts.kind}_approval_requested`, agent: opts.agent, session: opts.sessionId, data: { request: req.id, text: clip(opts.text, 500) } }], now);
    await this.d.channel.show({ requestId: req.id, kind: opts.kind, agent: opts.agent, text: sanitizeForDisplay(opts.agent, opts.text), expiresAt: req.expiresAt }).catch((e: Error) => this.d.log.error({ err: e.message }, "approval channel failed to show a request"));
    return req.id;
  }

  /** Waits up to `ms` for the human's answer to a request; its status then. */
  async waitForHuman(requestId: string, ms: number): Promise<PendingRequest["status"] | "unknown"> {
    const req = this.requests.get(requestId);
    if (!req) return "unknown";
    if (req.status === "pending" && ms > 0) await waitForAnswer(req, Math.min(ms, Math.max(0, req.expiresAt - this.d.now())));
    return req.status;
  }

  get humanChannelAttached(): boolean {
    return this.d.channel.info.display !== "none" || this.d.channel.info.securityKey !== "none";
  }

  // ---------------------------------------------------------------- housekeeping

  /**
   * Forgets what can no longer matter, so nothing an agent does grows memory without bound:
   * expired requests and grants, executions idle for a day, idle session counters and rate-limit
   * entries. The daemon runs it every minute; deletions are one audited transition.
   */
  async sweep(): Promise<void> {
    await this.halts.sweep();
    const now = this.d.now();
    for (const [id, r] of this.requests) {
      if (r.expiresAt > now) continue;
      if (r.status === "pending") this.retireRequest(r, "expired");
      this.requests.delete(id);
    }
    for (const [digest, g] of this.grants) if (g.expiresAt <= now) this.grants.delete(digest);
    const stale = [...this.executions.values()].filter((e) => now - e.lastStepAt > STALE_EXECUTION_MS);
    for (const e of stale) this.unindexExecution(e);
    const activeSessions = new Set([...this.executions.values()].map((e) => e.sessionId));
    for (const [sid, v] of this.sessionSteps) if (now - v.at > STALE_EXECUTION_MS && !activeSessions.has(sid)) this.sessionSteps.delete(sid);
    const windowMs = this.d.policy.file.verifyRateLimit.windowSeconds * 1000;
    const idleRate = [...this.rate]
      .filter(([, r]) => r.lockoutUntil + RATE_ENTRY_IDLE_MS <= now && r.failures.every((t) => t <= now - Math.max(windowMs, RATE_ENTRY_IDLE_MS)))
      .map(([k]) => k);
    for (const k of idleRate) this.rate.delete(k);
    if (stale.length === 0 && idleRate.length === 0) return;
    await this.d.store.transition(
      { delExecutions: stale.map((e) => e.id), delRate: idleRate },
      [{ type: "swept", data: { staleExecutions: stale.map((e) => e.id), rateEntries: idleRate.length } }],
      now,
    );
  }

  // ---------------------------------------------------------------- operator API

  /** Starts an admin unblock: the request goes to the approval channel and needs a key touch. */
  async requestUnblock(agent: string, waitMs: number, whenShown?: (requestId: string) => void): Promise<{ requestId: string; status: string }> {
    const now = this.d.now();
    const blocked = [...this.blocks.values()].some((b) => b.agent === agent);
    if (!blocked) return { requestId: "", status: "not_blocked" };
    const req = this.openRequest("unblock", agent, "operator", undefined, `UNBLOCK agent ${agent} (admin override)`, "", "admin unblock", now + this.d.policy.file.confirmationTtlSeconds * 1000);
    await this.d.store.transition({}, [{ type: "unblock_requested", agent, data: { request: req.id } }], now);
    await this.d.channel.show({ requestId: req.id, kind: "unblock", agent, text: sanitizeForDisplay(agent, `UNBLOCK (admin override of a hard block)`), expiresAt: req.expiresAt });
    whenShown?.(req.id);
    if (req.status === "pending") await waitForAnswer(req, Math.min(waitMs, req.expiresAt - now));
    return { requestId: req.id, status: req.status };
  }

  status(): Record<string, unknown> {
    const now = this.d.now();
    return {
      mode: this.d.policy.file.mode,
      policyDigest: this.d.policy.digest,
      approvalChannel: this.d.channel.info,
      blocks: [...this.blocks.values()].map((b) => ({ agent: b.agent, reason: b.reason, since: new Date(b.createdAt).toISOString(), verificationId: b.challenge?.id })),
      executions: [...this.executions.values()].map((e) => ({ id: e.id, agent: e.agent, steps: e.steps, autonomousSteps: e.autonomousSteps, max: e.maxAutonomousSteps })),
      pending: [...this.requests.values()]
        .filter((r) => r.status === "pending" && r.expiresAt > now)
        .map((r) => ({ id: r.id, kind: r.kind, agent: r.agent, text: sanitizeForDisplay(r.agent, r.hint), expiresAt: new Date(r.expiresAt).toISOString() })),
      audit: this.d.store.auditHead,
      // Group commit at work: how many transitions shared each fsync'd batch.
      store: { ...this.d.store.stats },
      storeFailed: this.d.store.failed !== undefined,
    };
  }

  /**
   * The human types the code from the display into the CLI (`haltkey verify`) instead of handing
   * it to the agent. Judged exactly as the agent's `verify_challenge` from the challenge's own
   * session would be: same rate limits, a wrong code burns the challenge.
   */
  async verifyAsOperator(challengeId: string, code: string): Promise<OperationResult> {
    const sessionId = this.findChallenge(challengeId).challenge?.sessionId;
    if (sessionId === undefined) return fail(ErrorCode.notFound, `No pending challenge ${challengeId} (it may have been used, burned by a wrong code, or expired)`);
    return this.verifyChallenge({ sessionId }, { challenge_id: challengeId, code });
  }

  /** A request waiting for the human, as `haltkey approve` shows it before asking for the touch. */
  pendingRequest(id: string): { id: string; kind: RequestKind; agent: string; text: string; expiresAt: string } | undefined {
    const now = this.d.now();
    const r = this.requests.get(id);
    if (r && r.status === "pending" && r.expiresAt > now) return { id, kind: r.kind, agent: r.agent, text: sanitizeForDisplay(r.agent, r.hint), expiresAt: new Date(r.expiresAt).toISOString() };
    const b = [...this.blocks.values()].find((x) => x.challenge?.id === id && x.challenge.expiresAt > now);
    if (b?.challenge) return { id, kind: "challenge", agent: b.agent, text: b.challenge.text, expiresAt: new Date(b.challenge.expiresAt).toISOString() };
    return undefined;
  }

  // ---------------------------------------------------------------- read-only views (operator console)

  /** Unacknowledged halts of every session, with any escalation (kept in memory as they are stored). */
  async unacknowledgedHalts(): Promise<Array<{ halt: HaltEventRecord; escalation?: HaltEscalationRecord }>> {
    return this.halts.openHalts();
  }

  /** The last `n` audit records, oldest first. The store keeps no reverse index, so this walks the chain. */
  async recentAudit(n: number): Promise<AuditRecord[]> {
    const last: AuditRecord[] = [];
    if (n <= 0) return last;
    for await (const r of this.d.store.auditRecords()) {
      last.push(r);
      if (last.length > n) last.shift();
    }
    return last;
  }

  /** Walks the audit chain against its stored head (what `haltkey audit verify` reports). */
  verifyAudit(): Promise<ChainReport> {
    return this.d.store.verifyAudit();
  }

  get auditHead(): { readonly seq: number; readonly hash: string } {
    return this.d.store.auditHead;
  }

  /** Ids of requests the simulator can answer, to refuse presses on unknown ids with a clear error. */
  requestKind(id: string): RequestKind | undefined {
    return this.pendingRequest(id)?.kind;
  }
}

/** Resolves when the human answers the request or after `ms`, whichever comes first. */
function waitForAnswer(req: PendingRequest, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      req.waiters.delete(done);
      resolve();
    }
    req.waiters.add(done);
  });
}

function scoreTierLabel(e: Evaluation): string {
  return e.fromGuard ? VERDICT_TIER[e.verdict] : scoreToTier(e.score);
}
