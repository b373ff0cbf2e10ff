// What the operator sees: `haltkey status`, the request `haltkey approve` is about to answer, the
// console's open halts and recent audit. Read-only.
import { actionScreenText } from "../core/display-text.js";
import { sanitizeForDisplay } from "../core/text.js";
import type { AuditRecord, ChainReport } from "../store/audit.js";
import type { HaltEscalationRecord, HaltEventRecord } from "../core/records.js";
import type { RequestKind } from "../core/approval-channel.js";
import type { HaltDesk } from "./halts.js";
import type { Approvals } from "./approvals.js";
import type { Blocks } from "./blocks.js";
import type { ServiceDeps } from "./context.js";
import type { Executions } from "./executions.js";

/** A request as the operator sees it: what the display shows and, for an agent's action, the full action and the digest an approval binds. */
export interface RequestView {
  readonly id: string;
  readonly kind: RequestKind;
  readonly agent: string;
  readonly text: string;
  /** The whole action (secrets redacted), which `text` may show with file contents left out. */
  readonly action?: string;
  readonly actionDigest?: string;
  readonly expiresAt: string;
}

const isAction = (kind: RequestKind): boolean => kind === "confirmation" || kind === "challenge";

function requestView(r: { id: string; kind: RequestKind; agent: string; hint: string; digest: string; expiresAt: number }): RequestView {
  const action = isAction(r.kind) && r.digest !== "";
  return {
    id: r.id,
    kind: r.kind,
    agent: r.agent,
    text: action ? actionScreenText(r.agent, r.hint) : sanitizeForDisplay(r.agent, r.hint),
    ...(action ? { action: r.hint, actionDigest: r.digest } : {}),
    expiresAt: new Date(r.expiresAt).toISOString(),
  };
}

export class OperatorViews {
  constructor(
    private readonly d: ServiceDeps,
    private readonly blocks: Blocks,
    private readonly approvals: Approvals,
    private readonly executions: Executions,
    private readonly halts: HaltDesk,
  ) {}

  status(): Record<string, unknown> {
    const now = this.d.now();
    return {
      mode: this.d.policy.file.mode,
      policyDigest: this.d.policy.digest,
      effectiveDigest: this.halts.effectiveDigest(),
      approvalChannel: this.d.channel.info,
      blocks: this.blocks.all().map((b) => ({ agent: b.agent, reason: b.reason, since: new Date(b.createdAt).toISOString(), verificationId: b.challenge?.id })),
      executions: this.executions.all().map((e) => ({ id: e.id, agent: e.agent, steps: e.steps, autonomousSteps: e.autonomousSteps, max: e.maxAutonomousSteps })),
      pending: this.approvals.waiting(now).map(requestView),
      audit: this.d.store.auditHead,
      // Group commit at work: how many transitions shared each durable journal write.
      store: { ...this.d.store.stats },
      storeFailed: this.d.store.failed !== undefined,
    };
  }

  /** A request waiting for the human, as `haltkey approve` shows it before asking for the touch. */
  pendingRequest(id: string): RequestView | undefined {
    const now = this.d.now();
    const r = this.approvals.get(id);
    if (r && r.status === "pending" && r.expiresAt > now) return requestView(r);
    const b = this.blocks.byChallenge(id);
    if (b?.challenge && b.challenge.expiresAt > now) {
      return { id, kind: "challenge", agent: b.agent, text: b.challenge.text, action: b.hint, actionDigest: b.challenge.actionDigest, expiresAt: new Date(b.challenge.expiresAt).toISOString() };
    }
    return undefined;
  }

  /** Unacknowledged halts of every session, with any escalation (kept in memory as they are stored). */
  unacknowledgedHalts(): Array<{ halt: HaltEventRecord; escalation?: HaltEscalationRecord }> {
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
}
