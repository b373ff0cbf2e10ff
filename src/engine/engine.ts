// The safety engine: the one request API behind every front end (stdio MCP shim, CLI, HTTP, hooks
// and proxy). A thin composition of owners, each with one job:
//
//   executions.ts  execute / complete / abort, the session's step count, notification queues
//   steps.ts       record_execution_step: gather, evaluate (core/pipeline), plan (core/plan-step), apply
//   approvals.ts   requests waiting for a human, one-time grants, the human's decisions
//   challenges.ts  codes on the display, verify_challenge and its rate limit
//   blocks.ts      hard blocks: index, re-issued challenges, lifting
//   views.ts       what the operator sees (status, pending, audit)
//
// Concurrency: every handler reads and changes memory synchronously, then awaits the store. Node
// runs one handler's synchronous part at a time, so state never interleaves; the answer is sent
// only after the transition is on disk.
import { ErrorCode, fail, ok, withRefusalDirective } from "../core/errors.js";
import { introspect, type ApprovalChannelInfo } from "../core/introspect.js";
import { isOperationResult, parseToolCall, type ParsedCall } from "../core/operations.js";
import type { AgentNotification, AutonomyDirective, OperationResult } from "../core/wire.js";
import type { AuditRecord, ChainReport } from "../store/audit.js";
import type { HaltEscalationRecord, HaltEventRecord } from "../core/records.js";
import { StoreFailedError } from "../store/store.js";
import type { RequestKind } from "../core/approval-channel.js";
import { HaltDesk, type HumanRequest } from "./halts.js";
import { Approvals, type RequestStatus } from "./approvals.js";
import { Blocks } from "./blocks.js";
import { Challenges } from "./challenges.js";
import type { Caller, OperatorRefusal, ServiceDeps } from "./context.js";
import { Executions } from "./executions.js";
import { Steps } from "./steps.js";
import { OperatorViews, type RequestView } from "./views.js";
import { isCredentialRecord, keyedCaller, Sessions, type Hello, type SessionKey } from "./sessions.js";

export type { Caller, OperatorRefusal, ServiceDeps } from "./context.js";
export type { Hello, SessionKey } from "./sessions.js";

/** What a connection asks for at hello (daemon/protocol.ts checks the shape). */
export interface HelloParams {
  readonly sessionId?: string;
  readonly credential?: string;
  readonly sessionKey?: SessionKey;
  readonly client?: string;
}

export class SafetyService {
  readonly halts: HaltDesk;
  private readonly blocks: Blocks;
  private readonly approvals: Approvals;
  private readonly executions: Executions;
  private readonly challenges: Challenges;
  private readonly steps: Steps;
  private readonly views: OperatorViews;
  private readonly sessions: Sessions;

  private constructor(private readonly d: ServiceDeps) {
    this.halts = new HaltDesk({
      store: d.store,
      policyDigest: d.policy.digest,
      rules: d.rules,
      now: d.now,
      uuid: d.uuid,
      log: d.log,
      approvalTtlMs: d.policy.file.confirmationTtlSeconds * 1000,
    });
    this.blocks = new Blocks(d);
    this.approvals = new Approvals(d, this.blocks);
    this.executions = new Executions(d, this.blocks);
    this.challenges = new Challenges(d, this.blocks, this.approvals, this.executions);
    this.steps = new Steps(d, this.blocks, this.approvals, this.executions, this.halts);
    this.views = new OperatorViews(d, this.blocks, this.approvals, this.executions, this.halts);
    this.sessions = new Sessions(d);
    d.channel.onDecision((decision) =>
      this.approvals.onHumanDecision(decision).catch((e: Error) => {
        d.log.error({ err: e.message }, "human decision failed");
      }),
    );
  }

  static async start(deps: ServiceDeps): Promise<SafetyService> {
    const s = new SafetyService(deps);
    const loaded = await deps.store.load();
    const now = deps.now();
    for (const b of loaded.blocks) s.blocks.index(b);
    s.challenges.load(loaded.rate);
    s.halts.load(loaded, s);
    const stale = s.executions.load(
      loaded.executions.filter((e) => !isCredentialRecord(e)),
      now,
    );
    const staleCredentials = s.sessions.load(
      loaded.executions.filter(isCredentialRecord),
      now,
      (sid) => s.holdsState(sid),
    );
    await deps.store.transition(
      { delExecutions: [...stale, ...staleCredentials] },
      [
        {
          type: "daemon_started",
          data: {
            policyDigest: deps.policy.digest,
            // The policy with the halt conditions in force (stored run-time changes included).
            effectiveDigest: s.halts.effectiveDigest(),
            mode: deps.policy.file.mode,
            channel: deps.channel.info,
            blocks: loaded.blocks.length,
            executions: s.executions.all().length,
            staleExecutionsDropped: stale.length,
          },
        },
      ],
      now,
    );
    return s;
  }

  /**
   * The session a connection acts in, decided by the daemon: a fresh one with its credential, one
   * resumed with its credential, or a keyed one (engine/sessions.ts). A session id with a wrong
   * credential is refused; one with no credential gets a fresh session, never the named one.
   */
  async hello(p: HelloParams): Promise<Hello> {
    if (p.sessionKey) return { ok: true, caller: keyedCaller(p.sessionKey), resumed: false };
    const now = this.d.now();
    if (p.sessionId !== undefined && p.credential !== undefined) return this.sessions.resume(p.sessionId, p.credential, now);
    return this.sessions.fresh(p.client, now);
  }

  /** Whether anything is kept for the session (its credential is kept as long). */
  private holdsState(sessionId: string): boolean {
    return this.executions.knows(sessionId) || this.blocks.bindsSession(sessionId);
  }

  /** Front ends that can push (HTTP) hear of every new hard block once it is durable. */
  onDangerZone(listener: (n: AgentNotification) => void): () => void {
    return this.steps.onDangerZone(listener);
  }

  get channelInfo(): ApprovalChannelInfo {
    return this.d.channel.info;
  }

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
        return ok(introspect(call.params, { mode: this.d.policy.file.mode, endpointMode: this.d.endpointMode, policy: this.d.policy.file, channel: this.d.channel.info }));
      case "execute_agent":
        return this.executions.execute(caller, call.params);
      case "record_execution_step":
        return this.steps.record(caller, call.params);
      case "report_findings":
        return this.steps.reportFindings(caller, call.params);
      case "complete_execution":
        return this.executions.end(caller, call.params, "completed");
      case "abort_execution":
        return this.executions.end(caller, call.params, "aborted");
      case "confirm_operation":
        return this.approvals.confirmOperation(caller, call.params);
      case "verify_challenge":
        return this.challenges.verify(caller, call.params);
    }
  }

  // ---------------------------------------------------------------- the human

  askHuman(opts: HumanRequest): Promise<string> {
    return this.approvals.askHuman(opts);
  }

  waitForHuman(requestId: string, ms: number): Promise<RequestStatus | "unknown"> {
    return this.approvals.waitForHuman(requestId, ms);
  }

  get humanChannelAttached(): boolean {
    return this.approvals.humanChannelAttached;
  }

  // ---------------------------------------------------------------- operator API

  requestUnblock(agent: string, waitMs: number, whenShown?: (requestId: string) => void): Promise<{ requestId: string; status: string }> {
    return this.approvals.requestUnblock(agent, waitMs, whenShown);
  }

  verifyAsOperator(challengeId: string, code: string): Promise<OperationResult> {
    return this.challenges.verifyAsOperator(challengeId, code);
  }

  denyAsOperator(requestId: string, via: OperatorRefusal): Promise<boolean> {
    return this.approvals.denyAsOperator(requestId, via);
  }

  status(): Record<string, unknown> {
    return this.views.status();
  }

  pendingRequest(id: string): RequestView | undefined {
    return this.views.pendingRequest(id);
  }

  /** Ids of requests the simulator can answer, to refuse presses on unknown ids with a clear error. */
  requestKind(id: string): RequestKind | undefined {
    return this.views.pendingRequest(id)?.kind;
  }

  async unacknowledgedHalts(): Promise<Array<{ halt: HaltEventRecord; escalation?: HaltEscalationRecord }>> {
    return this.views.unacknowledgedHalts();
  }

  recentAudit(n: number): Promise<AuditRecord[]> {
    return this.views.recentAudit(n);
  }

  verifyAudit(): Promise<ChainReport> {
    return this.views.verifyAudit();
  }

  get auditHead(): { readonly seq: number; readonly hash: string } {
    return this.d.store.auditHead;
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
    this.approvals.sweep(now);
    const stale = this.executions.sweep(now);
    const idleRate = this.challenges.sweep(now);
    const credentials = this.sessions.sweep(now, (sid) => this.holdsState(sid));
    if (stale.executions.length === 0 && stale.sessions.length === 0 && idleRate.length === 0 && credentials.length === 0) return;
    await this.d.store.transition(
      { delExecutions: [...stale.executions, ...stale.sessions, ...credentials], delRate: idleRate },
      [{ type: "swept", data: { staleExecutions: stale.executions, sessionRecords: stale.sessions.length, rateEntries: idleRate.length, credentials: credentials.length } }],
      now,
    );
  }
}
