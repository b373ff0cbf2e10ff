// Hard blocks (spec §8.8.3): persisted, bound to what the blocked agent cannot shed: its name and
// the session that caused the block (docs/decisions.md "Block scope"). This owner indexes them, re-issues a block's challenge when it died, and lifts them.
import { ErrorCode, fail } from "../core/errors.js";
import { blockNeedsChallenge, reissueSpec } from "../core/plan-step.js";
import type { OperationResult } from "../core/wire.js";
import type { BlockRecord } from "../core/records.js";
import type { Changes } from "../store/store.js";
import { mintChallenge, showChallenge } from "./mint-challenge.js";
import type { Caller, ServiceDeps } from "./context.js";

export class Blocks {
  private readonly byId = new Map<string, BlockRecord>();
  private readonly byAgent = new Map<string, string>();
  private readonly bySession = new Map<string, string>();

  constructor(private readonly d: ServiceDeps) {}

  index(b: BlockRecord): void {
    this.byId.set(b.id, b);
    this.byAgent.set(b.agent, b.id);
    this.bySession.set(b.sessionId, b.id);
  }

  private unindex(b: BlockRecord): void {
    this.byId.delete(b.id);
    if (this.byAgent.get(b.agent) === b.id) this.byAgent.delete(b.agent);
    if (this.bySession.get(b.sessionId) === b.id) this.bySession.delete(b.sessionId);
  }

  all(): BlockRecord[] {
    return [...this.byId.values()];
  }

  isBlocked(agent: string): boolean {
    return this.all().some((b) => b.agent === agent);
  }

  /**
   * A block applies to the agent by name (in every session) and to the whole session that caused
   * it (under any name; for the hook, the Claude Code session in every project).
   */
  for(caller: Caller, agent: string): BlockRecord | undefined {
    const id = this.byAgent.get(agent) ?? this.bySession.get(caller.sessionId);
    return id === undefined ? undefined : this.byId.get(id);
  }

  bindsSession(sessionId: string): boolean {
    return this.bySession.has(sessionId);
  }

  /** The block whose current challenge has this id. */
  byChallenge(challengeId: string): BlockRecord | undefined {
    return this.all().find((b) => b.challenge?.id === challengeId);
  }

  /**
   * A block whose challenge expired or was burned by a wrong code gets a fresh one, shown on the
   * display, when the agent next makes contact (docs/decisions.md "Re-issuing a challenge").
   * record_execution_step does this inside its own plan; the other operations come here.
   */
  async ensureLiveChallenge(block: BlockRecord, now: number): Promise<BlockRecord> {
    if (!blockNeedsChallenge(block, now)) return block;
    if (block.challenge) void this.d.channel.clear(block.challenge.id);
    const minted = mintChallenge(this.d, reissueSpec(block), now);
    const updated: BlockRecord = { ...block, challenge: minted.record };
    this.index(updated);
    await this.d.store.transition(
      { putBlocks: [updated] },
      [{ type: "challenge_reissued", agent: block.agent, session: block.sessionId, data: { blockId: block.id, challengeId: minted.record.id, expiresAt: minted.record.expiresAt } }],
      now,
    );
    await showChallenge(this.d, minted);
    return updated;
  }

  /** The challenge is spent (expired or burned): the block stays, without a challenge, until next contact. */
  dropChallenge(block: BlockRecord): BlockRecord {
    const updated: BlockRecord = { ...block, challenge: undefined };
    this.index(updated);
    return updated;
  }

  /** Lifts every block of an agent, forgets their challenges' screens, and audits it as `event`. */
  async liftAll(agent: string, now: number, event: { type: string; session?: string; data: Record<string, unknown> }, changes: Changes = {}): Promise<void> {
    const lifted = this.all().filter((b) => b.agent === agent);
    for (const b of lifted) {
      this.unindex(b);
      if (b.challenge) void this.d.channel.clear(b.challenge.id);
    }
    await this.d.store.transition({ ...changes, delBlocks: lifted.map((b) => b.id) }, [{ ...event, agent, data: { ...event.data, blocks: lifted.map((b) => b.id) } }], now);
  }

  static blockedError(block: BlockRecord): OperationResult {
    return fail(ErrorCode.agentBlocked, `Agent '${block.agent}' is hard-blocked: ${block.reason}. A human must enter the code from the approval display via verify_challenge, or touch the security key.`, {
      agent: block.agent,
      verificationId: block.challenge?.id,
    });
  }
}
