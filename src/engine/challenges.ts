// Challenges: one-time codes shown on the display for a verify-tier pause or a hard block, checked
// against their salted hash when the agent (or the operator's CLI) hands one back, under the
// failed-verification rate limit (spec §8.8.2, §8.8.5).
import { ErrorCode, fail, ok } from "../core/errors.js";
import type { OperationResult, VerifyChallengeParams } from "../core/wire.js";
import type { BlockRecord, ChallengeRecord, RateLimitRecord } from "../core/records.js";
import type { Changes } from "../store/store.js";
import { codeMatches } from "../verify/code.js";
import { EMPTY_RATE_LIMIT, lockedUntil, recordFailure, recordSuccess } from "../verify/rate-limit.js";
import type { Approvals, PendingRequest } from "./approvals.js";
import type { Blocks } from "./blocks.js";
import type { Caller, ServiceDeps } from "./context.js";
import type { Executions } from "./executions.js";

/** A rate-limit entry with no failure or lockout for this long is forgotten. */
const RATE_ENTRY_IDLE_MS = 24 * 60 * 60 * 1000;

export class Challenges {
  private readonly rate = new Map<string, RateLimitRecord>();
  /** The tail of each challenge's queue of checks. */
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly d: ServiceDeps,
    private readonly blocks: Blocks,
    private readonly approvals: Approvals,
    private readonly executions: Executions,
  ) {}

  load(rate: ReadonlyMap<string, RateLimitRecord>): void {
    for (const [k, v] of rate) this.rate.set(k, v);
  }

  /** A challenge by id: a hard block's, or a verify-tier pause's while it is pending (expired ones too). */
  find(id: string): { challenge?: ChallengeRecord; block?: BlockRecord; pending?: PendingRequest } {
    const block = this.blocks.byChallenge(id);
    const pending = this.approvals.get(id);
    const challenge = block?.challenge ?? (pending?.kind === "challenge" && pending.status === "pending" ? pending.challenge : undefined);
    return { ...(challenge ? { challenge } : {}), ...(block ? { block } : {}), ...(pending ? { pending } : {}) };
  }

  /**
   * Checks of one challenge run one at a time: a burst of concurrent guesses is checked in turn, so
   * the first wrong code burns the challenge before a second is looked at (issue 11 #8).
   */
  verify(caller: Caller, p: VerifyChallengeParams): Promise<OperationResult> {
    const before = this.inFlight.get(p.challenge_id) ?? Promise.resolve();
    const run = before.then(() => this.verifyNow(caller, p));
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.set(p.challenge_id, tail);
    void tail.then(() => {
      if (this.inFlight.get(p.challenge_id) === tail) this.inFlight.delete(p.challenge_id);
    });
    return run;
  }

  private async verifyNow(caller: Caller, p: VerifyChallengeParams): Promise<OperationResult> {
    const now = this.d.now();
    const { challenge, block, pending } = this.find(p.challenge_id);
    const agent = challenge?.agent ?? p.element_name;
    // The failure budget is per session and per agent name (spec §8.8.5: per agent): every wrong
    // guess at a challenge, from any session, counts against the challenge's agent, so fresh
    // sessions cannot multiply the guesses (issue 11 #7). Only the challenge's own session can
    // burn it. A right code works from any session: the code is the human's proof. A guess at an
    // unknown id charges the named agent only when the caller runs that agent.
    const ownSession = challenge !== undefined && challenge.sessionId === caller.sessionId;
    const chargeAgent = challenge !== undefined || (p.element_name !== undefined && this.executions.find(caller, p.element_name, undefined) !== undefined);
    const keys = [`session:${caller.sessionId}`, ...(chargeAgent && agent !== undefined ? [`agent:${agent}`] : [])];
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
        const updated = this.blocks.dropChallenge(block);
        await this.d.channel.clear(challenge.id);
        return failure(ErrorCode.verificationExpired, "The challenge expired; a new code will be shown when the agent next reports", "expired", { putBlocks: [updated] });
      }
      this.approvals.retire(pending!, "expired");
      return failure(ErrorCode.verificationExpired, "The challenge expired; the pause is lifted and the action will be evaluated again when reported", "expired");
    }

    if (!codeMatches(p.code, challenge)) {
      if (!ownSession) return failure(ErrorCode.verificationFailed, "Wrong code", "wrong code from another session");
      // One-time use: a wrong code burns the challenge (§8.8.2), in memory before anything awaits.
      if (block) {
        const updated = this.blocks.dropChallenge(block);
        void this.d.channel.clear(challenge.id);
        return failure(ErrorCode.verificationFailed, "Wrong code. The challenge is used up; a new code will be shown when the agent next reports", "wrong code", { putBlocks: [updated] });
      }
      // The pause stays (issue 11 #2): whoever burns the code gains nothing but a new code on the display.
      this.approvals.dropChallenge(pending!);
      return failure(ErrorCode.verificationFailed, "Wrong code. The challenge is used up; the pause stays, and a new code will be shown on the display when the agent next reports", "wrong code");
    }

    const putRate: Array<[string, RateLimitRecord]> = keys.map((k) => {
      const next = recordSuccess();
      this.rate.set(k, next);
      return [k, next];
    });
    const granted = this.approvals.grant({ id: challenge.id, digest: challenge.actionDigest, hint: block?.hint ?? pending!.hint }, "verification code", now);
    if (block) {
      await this.blocks.liftAll(block.agent, now, { type: "challenge_verified", session: caller.sessionId, data: { challengeId: challenge.id, tier: "danger_zone" } }, { putRate });
    } else {
      this.approvals.retire(pending!, "approved");
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

  /**
   * The human types the code from the display into the CLI (`haltkey verify`) instead of handing
   * it to the agent. Judged exactly as the agent's `verify_challenge` from the challenge's own
   * session would be: same rate limits, a wrong code burns the challenge.
   */
  async verifyAsOperator(challengeId: string, code: string): Promise<OperationResult> {
    const sessionId = this.find(challengeId).challenge?.sessionId;
    if (sessionId === undefined) return fail(ErrorCode.notFound, `No pending challenge ${challengeId} (it may have been used, burned by a wrong code, or expired)`);
    return this.verify({ sessionId }, { challenge_id: challengeId, code });
  }

  /** Rate-limit entries idle for a day, to delete in the sweep's transition. */
  sweep(now: number): string[] {
    const windowMs = this.d.policy.file.verifyRateLimit.windowSeconds * 1000;
    const idle = [...this.rate]
      .filter(([, r]) => r.lockoutUntil + RATE_ENTRY_IDLE_MS <= now && r.failures.every((t) => t <= now - Math.max(windowMs, RATE_ENTRY_IDLE_MS)))
      .map(([k]) => k);
    for (const k of idle) this.rate.delete(k);
    return idle;
  }
}
