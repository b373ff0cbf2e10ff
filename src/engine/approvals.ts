// Approvals: the requests waiting for a human (pauses, admin unblocks, halt acknowledgements,
// config changes), the one-time grants a human's approval leaves behind, and the human's decisions
// as the approval channel reports them. Pauses are volatile: they do not survive restarts (§8.8.3).
import { ErrorCode, fail, ok } from "../core/errors.js";
import type { GrantFact, OpenRequest, PendingFact } from "../core/plan-step.js";
import { actionOnDisplay } from "../core/display-text.js";
import { sanitizeForDisplay } from "../core/text.js";
import type { ConfirmOperationParams, OperationResult } from "../core/wire.js";
import type { HumanDecision, RequestKind, Via } from "../core/approval-channel.js";
import type { HumanRequest } from "./halts.js";
import { Blocks } from "./blocks.js";
import { clip, showFailed, type Caller, type OperatorRefusal, type ServiceDeps } from "./context.js";
import { mintChallenge, showChallenge } from "./mint-challenge.js";

/**
 * A pause or admin request waiting for the human: what the planner opens (a step's confirmation or
 * challenge), or any other kind the engine asks about (unblock, halt, config, enrolment).
 */
export interface PendingRequest extends Omit<OpenRequest, "kind"> {
  readonly kind: RequestKind;
  /** For requests that are not step approvals (halt acknowledgements, config changes): what approval does. */
  readonly onApprove?: (via: Via, now: number) => Promise<void>;
  /** Which human actions answer it; default: display press or key touch. */
  readonly accepts?: readonly Via[];
  status: "pending" | "approved" | "denied" | "expired";
  readonly waiters: Set<() => void>;
}

export type RequestStatus = PendingRequest["status"];

interface Grant extends GrantFact {
  readonly via: Via | "verification code";
}

export class Approvals {
  private readonly requests = new Map<string, PendingRequest>();
  /**
   * The pause each session waits on. A pause belongs to the session, not the execution, so
   * aborting, starting a new execution or renaming the agent does not end it (SHOULD §8.6.4).
   */
  private readonly pendingBySession = new Map<string, PendingRequest>();
  /** One-time approvals by action digest. */
  private readonly grants = new Map<string, Grant>();

  constructor(
    private readonly d: ServiceDeps,
    private readonly blocks: Blocks,
  ) {}

  get(id: string): PendingRequest | undefined {
    return this.requests.get(id);
  }

  /** Requests still waiting, for the operator's views. */
  waiting(now: number): PendingRequest[] {
    return [...this.requests.values()].filter((r) => r.status === "pending" && r.expiresAt > now);
  }

  /** The session's pause, as stage 0 sees it. */
  pendingFact(sessionId: string): PendingFact | undefined {
    const p = this.pendingBySession.get(sessionId);
    if (!p || (p.kind !== "confirmation" && p.kind !== "challenge")) return undefined;
    return { id: p.id, kind: p.kind, reason: p.reason, expiresAt: p.expiresAt };
  }

  /**
   * A wrong code burned the pause's challenge: the pause stays, without a challenge, until the
   * session next makes contact (ensureLiveChallenge). A wrong code never lifts a pause (issue 11 #2).
   */
  dropChallenge(req: PendingRequest): void {
    if (req.kind !== "challenge" || !req.challenge) return;
    const burned: PendingRequest = { ...req, challenge: undefined };
    // The same request object is what waiters and the session index hold: change it in place.
    Object.assign(req, burned);
    void this.d.channel.clear(req.id);
  }

  /**
   * The session's verify-tier pause whose challenge was burned gets a fresh code, shown on the
   * display, when the session next reports: a new request with the new challenge's id, expiring
   * when the pause would have (burning a code neither shortens nor extends a pause).
   */
  async ensureLiveChallenge(sessionId: string, now: number): Promise<void> {
    const old = this.pendingBySession.get(sessionId);
    if (!old || old.kind !== "challenge" || old.challenge || old.status !== "pending" || old.expiresAt <= now) return;
    const minted = mintChallenge(this.d, { agent: old.agent, sessionId, tier: "verify", digest: old.digest, hint: old.hint }, now);
    const record = { ...minted.record, expiresAt: old.expiresAt };
    this.retire(old, "expired");
    this.open({
      id: record.id,
      kind: "challenge",
      agent: old.agent,
      sessionId,
      ...(old.executionId !== undefined ? { executionId: old.executionId } : {}),
      hint: old.hint,
      digest: old.digest,
      reason: old.reason,
      expiresAt: old.expiresAt,
      challenge: record,
    });
    await this.d.store.transition({}, [{ type: "challenge_reissued", agent: old.agent, session: sessionId, data: { replaced: old.id, challengeId: record.id, expiresAt: record.expiresAt, tier: "verify" } }], now);
    await showChallenge(this.d, { record, code: minted.code }).catch(showFailed(this.d.log));
  }

  grantFact(digest: string): GrantFact | undefined {
    return this.grants.get(digest);
  }

  forgetGrant(digest: string): void {
    this.grants.delete(digest);
  }

  open(r: OpenRequest | Omit<PendingRequest, "status" | "waiters">): PendingRequest {
    const req: PendingRequest = { ...r, status: "pending", waiters: new Set() };
    this.requests.set(req.id, req);
    if (req.kind === "confirmation" || req.kind === "challenge") this.pendingBySession.set(req.sessionId, req);
    return req;
  }

  /**
   * Every request ends here, answered or not: its waiters wake and it leaves the approval channel,
   * which then forgets its screen (and the code on it). It stays visible (for confirm_operation's
   * answer) until it would have expired.
   */
  retire(req: PendingRequest, status: RequestStatus): void {
    req.status = status;
    if (this.pendingBySession.get(req.sessionId) === req) this.pendingBySession.delete(req.sessionId);
    for (const w of req.waiters) w();
    req.waiters.clear();
    void this.d.channel.clear(req.id);
  }

  retireById(id: string, status: RequestStatus): void {
    const req = this.requests.get(id);
    if (req) this.retire(req, status);
  }

  /** A one-time approval of exactly the action the human saw; none for an action cut on the display. */
  grant(req: { id: string; digest: string; hint: string }, via: Grant["via"], now: number): boolean {
    if (actionOnDisplay(req.hint) === undefined) return false;
    this.grants.set(req.digest, { requestId: req.id, via, expiresAt: now + this.d.policy.file.confirmationTtlSeconds * 1000 });
    return true;
  }

  /**
   * The only way a confirmation is approved: a human action reported by the approval channel.
   * Resolves once the decision is applied (durable), so callers and tests can wait on it.
   */
  async onHumanDecision(d: HumanDecision): Promise<void> {
    const now = this.d.now();
    const req = this.requests.get(d.requestId);
    if (req && req.status === "pending" && req.expiresAt > now) {
      if (req.kind === "challenge" && d.via !== "security-key") return; // challenges are answered with the code or a key touch
      if (req.kind === "unblock" && d.via !== "security-key") return;
      if (req.accepts && !req.accepts.includes(d.via)) return;
      if (d.decision === "approve" && req.onApprove) {
        // Retired first, so a second press finds nothing pending; onApprove changes memory before
        // its first await, so whoever the retirement wakes already sees the result.
        this.retire(req, "approved");
        await req.onApprove(d.via, now);
      } else if (d.decision === "approve") {
        if (req.kind === "unblock") {
          await this.blocks.liftAll(req.agent, now, { type: "block_lifted_by_admin", data: { request: req.id, via: d.via } });
        } else {
          this.grant(req, d.via, now);
        }
        this.retire(req, "approved");
      } else {
        this.retire(req, "denied");
      }
      await this.recordAnswer(req, d.decision, d.via, now);
      return;
    }
    // A key touch bound to a hard block's challenge lifts the block, like the code would.
    const block = this.blocks.byChallenge(d.requestId);
    if (block?.challenge && block.challenge.expiresAt > now && d.via === "security-key" && d.decision === "approve") {
      this.grant({ id: d.requestId, digest: block.challenge.actionDigest, hint: block.hint }, d.via, now);
      await this.blocks.liftAll(block.agent, now, { type: "block_lifted", data: { challengeId: d.requestId, via: d.via } });
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
    this.retire(req, "denied");
    await this.recordAnswer(req, "deny", via, now);
    return true;
  }

  // ---------------------------------------------------------------- confirm_operation

  async confirmOperation(caller: Caller, p: ConfirmOperationParams): Promise<OperationResult> {
    const now = this.d.now();
    const req = this.requests.get(p.confirmation_id);
    if (!req || req.kind !== "confirmation" || req.sessionId !== caller.sessionId) {
      return fail(ErrorCode.notFound, `No pending confirmation ${p.confirmation_id} in this session (it may have been answered or expired)`, {
        confirmation_id: p.confirmation_id,
      });
    }
    const block = this.blocks.for(caller, req.agent);
    if (block) return Blocks.blockedError(await this.blocks.ensureLiveChallenge(block, now));
    if (req.status === "pending" && req.expiresAt <= now) {
      this.retire(req, "expired");
      return ok({ confirmation_id: req.id, status: "expired", message: "The confirmation expired; report the action again to ask anew" });
    }
    if (!this.humanChannelAttached) {
      return fail(ErrorCode.noApprovalChannel, "No approval device is attached, so no human can answer this confirmation. Attach a display or security key, or start the daemon with --simulate for a demo.");
    }
    // The request is on the channel since it was made (shown, or queued behind a newer one).
    if (req.status === "pending" && p.wait_seconds > 0) await waitForAnswer(req, Math.min(p.wait_seconds * 1000, Math.max(0, req.expiresAt - now)));
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

  get humanChannelAttached(): boolean {
    return this.d.channel.info.display !== "none" || this.d.channel.info.securityKey !== "none";
  }

  // ---------------------------------------------------------------- asking the human for other things

  /**
   * Shows a request on the approval channel whose approval runs `onApprove` (durably, in the
   * daemon) whenever the human answers, whether or not anyone still waits for it.
   */
  async askHuman(opts: HumanRequest): Promise<string> {
    const now = this.d.now();
    const req = this.open({
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
    });
    await this.d.store.transition({}, [{ type: `${opts.kind}_approval_requested`, agent: opts.agent, session: opts.sessionId, data: { request: req.id, text: clip(opts.text, 500) } }], now);
    await this.d.channel.show({ requestId: req.id, kind: opts.kind, agent: opts.agent, text: sanitizeForDisplay(opts.agent, opts.text), expiresAt: req.expiresAt }).catch(showFailed(this.d.log));
    return req.id;
  }

  /** Waits up to `ms` for the human's answer to a request; its status then. */
  async waitForHuman(requestId: string, ms: number): Promise<RequestStatus | "unknown"> {
    const req = this.requests.get(requestId);
    if (!req) return "unknown";
    if (req.status === "pending" && ms > 0) await waitForAnswer(req, Math.min(ms, Math.max(0, req.expiresAt - this.d.now())));
    return req.status;
  }

  /** Starts an admin unblock: the request goes to the approval channel and needs a key touch. */
  async requestUnblock(agent: string, waitMs: number, whenShown?: (requestId: string) => void): Promise<{ requestId: string; status: string }> {
    const now = this.d.now();
    if (!this.blocks.isBlocked(agent)) return { requestId: "", status: "not_blocked" };
    const req = this.open({
      id: this.d.uuid(),
      kind: "unblock",
      agent,
      sessionId: "operator",
      hint: `UNBLOCK agent ${agent} (admin override)`,
      digest: "",
      reason: "admin unblock",
      expiresAt: now + this.d.policy.file.confirmationTtlSeconds * 1000,
    });
    await this.d.store.transition({}, [{ type: "unblock_requested", agent, data: { request: req.id } }], now);
    await this.d.channel.show({ requestId: req.id, kind: "unblock", agent, text: sanitizeForDisplay(agent, `UNBLOCK (admin override of a hard block)`), expiresAt: req.expiresAt });
    whenShown?.(req.id);
    if (req.status === "pending") await waitForAnswer(req, Math.min(waitMs, req.expiresAt - now));
    return { requestId: req.id, status: req.status };
  }

  /** Forgets requests past their expiry (waking their waiters) and expired grants. */
  sweep(now: number): void {
    for (const [id, r] of this.requests) {
      if (r.expiresAt > now) continue;
      if (r.status === "pending") this.retire(r, "expired");
      this.requests.delete(id);
    }
    for (const [digest, g] of this.grants) if (g.expiresAt <= now) this.grants.delete(digest);
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
