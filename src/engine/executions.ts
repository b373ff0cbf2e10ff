// Executions (execute_agent … complete_execution / abort_execution) and what outlives them in a
// session: the count of autonomous steps since a human last looked (per session), the breakers'
// state (taint, sensitive reads, budgets, trajectory; per session, so aborting, starting again or
// renaming the agent clears nothing), and the notifications queued for each execution's next step.
import { effectiveBudgets, initialBreakerState, type BreakerState } from "../core/breakers.js";
import { ErrorCode, fail, ok } from "../core/errors.js";
import type { SessionCounters } from "../core/plan-step.js";
import { policyFor } from "../core/policy.js";
import type { AbortExecutionParams, AgentNotification, CompleteExecutionParams, ExecuteAgentParams, OperationResult } from "../core/wire.js";
import type { ExecutionRecord } from "../core/records.js";
import { Blocks } from "./blocks.js";
import { safeText, sessionAgentKey, STALE_EXECUTION_MS, type Caller, type ServiceDeps } from "./context.js";

const NOTIFICATION_QUEUE_MAX = 50;

/**
 * Where the breakers' state of one agent in one session is stored. While an execution is active it
 * is on the execution record (written with every step anyway); when the execution ends it is
 * written, with the session's step count, as a session record in the executions sublevel under
 * this id prefix, in the same transition that deletes the execution. So it survives
 * abort_execution and a restart at no cost per step. (The store has no sublevel of its own for it
 * yet; the id cannot collide with an execution's UUID.)
 */
const SESSION_RECORD_PREFIX = "session\u0000";
const isSessionRecord = (e: ExecutionRecord): boolean => e.id.startsWith(SESSION_RECORD_PREFIX);

/** Records written before a field existed get its initial value. */
const loadedBreakers = (e: ExecutionRecord): BreakerState => ({ ...initialBreakerState(e.startedAt), ...e.breakers });

interface AgentSession {
  readonly sessionId: string;
  readonly agent: string;
  readonly breakers: BreakerState;
  readonly at: number;
}
/** Active executions one session may hold (one per agent name); more is a runaway or an attack. */
const MAX_EXECUTIONS_PER_SESSION = 64;

export class Executions {
  private readonly byId = new Map<string, ExecutionRecord>();
  private readonly active = new Map<string, string>();
  /** Autonomous steps per session since a human last approved one: what the step limit counts. */
  private readonly sessionSteps = new Map<string, { steps: number; at: number }>();
  private readonly notifications = new Map<string, AgentNotification[]>();
  /**
   * Breaker state per session, whatever agent name reports in it: renaming the agent, or the hook's
   * agent name changing with the project, does not start the breakers afresh (docs/decisions.md
   * "Block scope"). Records written per session and agent before are read as the session's.
   */
  private readonly agentSessions = new Map<string, AgentSession>();

  constructor(
    private readonly d: ServiceDeps,
    private readonly blocks: Blocks,
  ) {}

  /** Indexes the stored executions; returns the ids of those idle too long, to delete. */
  load(executions: readonly ExecutionRecord[], now: number): string[] {
    const stale: string[] = [];
    for (const e of executions) {
      if (now - e.lastStepAt > STALE_EXECUTION_MS) stale.push(e.id);
      else {
        if (!isSessionRecord(e)) this.index(e);
        // The newest record wins: an active execution's state grew from its session record's.
        const key = e.sessionId;
        const kept = this.agentSessions.get(key);
        if (e.breakers && (!kept || kept.at <= e.lastStepAt)) this.agentSessions.set(key, { sessionId: e.sessionId, agent: e.agent, breakers: loadedBreakers(e), at: e.lastStepAt });
        const seen = this.sessionSteps.get(e.sessionId);
        if (!seen || seen.at <= e.lastStepAt) this.sessionSteps.set(e.sessionId, { steps: e.autonomousSteps, at: e.lastStepAt });
      }
    }
    return stale;
  }

  index(e: ExecutionRecord): void {
    this.byId.set(e.id, e);
    this.active.set(sessionAgentKey(e.sessionId, e.agent), e.id);
  }

  private unindex(e: ExecutionRecord): void {
    this.byId.delete(e.id);
    this.notifications.delete(e.id);
    const key = sessionAgentKey(e.sessionId, e.agent);
    if (this.active.get(key) === e.id) this.active.delete(key);
  }

  /** Whether anything (an execution, a step count, breaker state) is kept for the session. */
  knows(sessionId: string): boolean {
    if (this.sessionSteps.has(sessionId)) return true;
    for (const s of this.agentSessions.values()) if (s.sessionId === sessionId) return true;
    return this.all().some((e) => e.sessionId === sessionId);
  }

  all(): ExecutionRecord[] {
    return [...this.byId.values()];
  }

  ids(): string[] {
    return [...this.byId.keys()];
  }

  find(caller: Caller, agent: string, executionId: string | undefined): ExecutionRecord | undefined {
    const id = executionId ?? this.active.get(sessionAgentKey(caller.sessionId, agent));
    const e = id === undefined ? undefined : this.byId.get(id);
    // Executions are never driven from another session or under another name.
    return e && e.sessionId === caller.sessionId && e.agent === agent ? e : undefined;
  }

  /** What the step limit and the breakers count for this session and agent. */
  counters(sessionId: string, e: ExecutionRecord | undefined): SessionCounters {
    const steps = this.sessionSteps.get(sessionId)?.steps ?? 0;
    if (!e) return { autonomousSteps: steps };
    const kept = this.agentSessions.get(sessionId)?.breakers;
    return { autonomousSteps: steps, breakers: kept ?? initialBreakerState(e.startedAt) };
  }

  /**
   * Applies a step's counters and execution record in memory; returns the record to put in the
   * step's one transition (the execution, carrying the breakers' state).
   */
  stepped(sessionId: string, counters: SessionCounters, e: ExecutionRecord | undefined, now: number): ExecutionRecord[] {
    this.sessionSteps.set(sessionId, { steps: counters.autonomousSteps, at: now });
    if (!e) return [];
    const updated: ExecutionRecord = { ...e, autonomousSteps: counters.autonomousSteps, ...(counters.breakers ? { breakers: counters.breakers } : {}) };
    this.index(updated);
    if (counters.breakers) this.agentSessions.set(sessionId, { sessionId, agent: e.agent, breakers: counters.breakers, at: now });
    return [updated];
  }

  /** The breakers' state of this session and agent, with or without an active execution. */
  breakersOf(sessionId: string, agent: string, e: ExecutionRecord | undefined, now: number): BreakerState {
    return this.agentSessions.get(sessionId)?.breakers ?? initialBreakerState(e?.startedAt ?? now);
  }

  /**
   * What a tool returned changed the breakers' state (report_findings): kept in memory, and the
   * record to write, the active execution's or, without one, the session record.
   */
  readFindings(sessionId: string, agent: string, next: BreakerState, e: ExecutionRecord | undefined, now: number): ExecutionRecord[] {
    const s: AgentSession = { sessionId, agent, breakers: next, at: now };
    this.agentSessions.set(sessionId, s);
    if (!e) return [this.sessionRecord(s, this.sessionSteps.get(sessionId)?.steps ?? 0)];
    const updated: ExecutionRecord = { ...e, lastStepAt: now, breakers: next };
    this.index(updated);
    return [updated];
  }

  /** What outlives an execution of this session and agent, if the breakers ever ran for it. */
  private sessionRecordFor(sessionId: string, agent: string): ExecutionRecord[] {
    const s = this.agentSessions.get(sessionId);
    return s ? [this.sessionRecord(s, this.sessionSteps.get(sessionId)?.steps ?? 0)] : [];
  }

  private sessionRecord(s: AgentSession, autonomousSteps: number): ExecutionRecord {
    return {
      id: `${SESSION_RECORD_PREFIX}${s.sessionId}`,
      agent: s.agent,
      sessionId: s.sessionId,
      startedAt: s.breakers.startedAt,
      lastStepAt: s.at,
      steps: 0,
      autonomousSteps,
      maxAutonomousSteps: 0,
      breakers: s.breakers,
    };
  }

  push(executionId: string, n: AgentNotification): void {
    const q = this.notifications.get(executionId) ?? [];
    q.push(n);
    if (q.length > NOTIFICATION_QUEUE_MAX) q.splice(0, q.length - NOTIFICATION_QUEUE_MAX);
    this.notifications.set(executionId, q);
  }

  drain(executionId: string | undefined): AgentNotification[] {
    if (executionId === undefined) return [];
    const q = this.notifications.get(executionId) ?? [];
    this.notifications.delete(executionId);
    return q;
  }

  // ---------------------------------------------------------------- execute / complete / abort

  async execute(caller: Caller, p: ExecuteAgentParams): Promise<OperationResult> {
    const now = this.d.now();
    const block = this.blocks.for(caller, p.element_name);
    if (block) return Blocks.blockedError(await this.blocks.ensureLiveChallenge(block, now));
    const active = this.find(caller, p.element_name, undefined);
    const inSession = this.all().filter((x) => x.sessionId === caller.sessionId).length;
    if (!active && inSession >= MAX_EXECUTIONS_PER_SESSION) {
      return fail(ErrorCode.executionConflict, `This session already has ${inSession} active executions (at most ${MAX_EXECUTIONS_PER_SESSION}); complete or abort some first`);
    }
    if (active) {
      return fail(ErrorCode.executionConflict, `Agent '${p.element_name}' already has an active execution in this session; complete or abort it first`, {
        execution_id: active.id,
      });
    }
    const goal = p.goal !== undefined ? safeText(this.d.rules, p.goal) : undefined;
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
      budgets: effectiveBudgets(this.d.policy.breakers.config.budgets, p.budgets),
    };
    this.index(e);
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
            parameters: p.parameters !== undefined ? safeText(this.d.rules, JSON.stringify(p.parameters)) : undefined,
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

  async end(caller: Caller, p: CompleteExecutionParams | AbortExecutionParams, status: "completed" | "aborted"): Promise<OperationResult> {
    const now = this.d.now();
    const block = this.blocks.for(caller, p.element_name);
    if (block) return Blocks.blockedError(await this.blocks.ensureLiveChallenge(block, now));
    const e = this.find(caller, p.element_name, p.execution_id);
    if (!e) return fail(ErrorCode.notFound, `No active execution for agent '${p.element_name}' in this session`, { element_name: p.element_name });
    // A pause outlives the execution (it belongs to the session): only the human or its expiry ends it.
    this.unindex(e);
    const warnings = e.steps === 0 ? ["No steps were recorded in this execution: every action must be reported with record_execution_step before it is taken."] : [];
    const data: Record<string, unknown> = { execution: e.id, steps: e.steps };
    if ("summary" in p && p.summary !== undefined) data.summary = safeText(this.d.rules, p.summary);
    if ("outcome" in p && p.outcome !== undefined) data.outcome = p.outcome;
    if ("reason" in p && p.reason !== undefined) data.reason = safeText(this.d.rules, p.reason);
    if (warnings.length > 0) data.warning = "no steps recorded";
    // Its breaker state stays with the session and agent, durably (issue 11 #2).
    await this.d.store.transition({ delExecutions: [e.id], putExecutions: this.sessionRecordFor(e.sessionId, e.agent) }, [{ type: `execution_${status}`, agent: e.agent, session: e.sessionId, data }], now);
    return ok({ execution_id: e.id, steps: e.steps, status }, warnings);
  }

  /** Forgets executions and session counters idle for a day; returns the records to delete. */
  sweep(now: number): { executions: string[]; sessions: string[] } {
    const stale = this.all().filter((e) => now - e.lastStepAt > STALE_EXECUTION_MS);
    for (const e of stale) this.unindex(e);
    const activeSessions = new Set(this.all().map((e) => e.sessionId));
    for (const [sid, v] of this.sessionSteps) if (now - v.at > STALE_EXECUTION_MS && !activeSessions.has(sid)) this.sessionSteps.delete(sid);
    const gone: string[] = [];
    for (const [key, s] of this.agentSessions) {
      if (now - s.at <= STALE_EXECUTION_MS || this.all().some((e) => e.sessionId === key)) continue;
      this.agentSessions.delete(key);
      gone.push(`${SESSION_RECORD_PREFIX}${key}`);
    }
    return { executions: stale.map((e) => e.id), sessions: gone };
  }
}
