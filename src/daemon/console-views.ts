// The operator console's read view (console.ts): what `/api/state` answers (executions, pending
// requests, blocks, open halts, keys, enrolments) and the audit trail with its chain status, walked
// at most so often and never older than the console's own last write.
import type { z } from "zod";
import type { ChainReport } from "../store/audit.js";
import { shortCredential, type consoleCeremonies } from "./console-ceremonies.js";
import type { ConsoleDeps } from "./console-deps.js";
import { AUDIT_LIMIT_DEFAULT, type StateInput } from "./console-inputs.js";

/** The audit walk (chain check and latest records) runs at most this often. */
const AUDIT_REFRESH_MS = 1000;

/** The console's views over the daemon, with the enrolments its ceremonies keep. */
export function consoleViews(deps: ConsoleDeps, ceremonies: Pick<ReturnType<typeof consoleCeremonies>, "sweep" | "enrolments" | "enrolmentStatus">) {
  const { service, channel, keyring } = deps;
  const { sweep, enrolments, enrolmentStatus } = ceremonies;

  // The audit walk is linear in the log: shared by concurrent polls, redone only when the head
  // moved, and at most every AUDIT_REFRESH_MS or four times as long as the last walk took, so a
  // long log never keeps the daemon walking.
  // The console's own writes (a deny, an approval, an enrolment) are shown at once: after one, no
  // view older than the head it left is served, cached or in flight (before, a deny made from the
  // console could be missing from its audit view for a second or more).
  let audit: { seq: number; at: number; next: number; limit: number; chain: ChainReport; records: unknown[] } | undefined;
  let auditRun: Promise<NonNullable<typeof audit>> | undefined;
  let freshFrom = 0;
  const ownWrite = (): void => {
    freshFrom = Math.max(freshFrom, service.auditHead.seq);
  };
  const auditView = async (limit: number): Promise<NonNullable<typeof audit>> => {
    const head = service.auditHead;
    if (audit && audit.limit >= limit && audit.seq >= freshFrom && (audit.seq === head.seq || deps.now() < audit.next)) return audit;
    // A walk started before the console's last write: let it finish, then walk again.
    if (auditRun) {
      const run = await auditRun;
      if (run.seq >= freshFrom && run.limit >= limit) return run;
      return auditView(limit);
    }
    auditRun ??= (async () => {
      try {
        const started = deps.now();
        let chain = await service.verifyAudit();
        // A transition committed between reading the head and walking the chain looks like an
        // added record; a real break is there again the next time.
        if (!chain.ok) chain = await service.verifyAudit();
        const wanted = Math.max(limit, AUDIT_LIMIT_DEFAULT);
        const records = await service.recentAudit(wanted);
        const at = deps.now();
        audit = { seq: head.seq, at, next: at + Math.max(AUDIT_REFRESH_MS, 4 * (at - started)), limit: wanted, chain, records };
        return audit;
      } finally {
        auditRun = undefined;
      }
    })();
    return auditRun;
  };

  const state = async (input: z.infer<typeof StateInput>): Promise<unknown> => {
    sweep();
    const st = service.status() as {
      mode: string;
      approvalChannel: unknown;
      blocks: Array<{ agent: string; reason: string; since: string; verificationId?: string }>;
      executions: unknown[];
      pending: Array<{ id: string; kind: string; agent: string; text: string; action?: string; actionDigest?: string; expiresAt: string }>;
      storeFailed: boolean;
    };
    const browserKeys = keyring.browserKeys().length;
    const halts = await service.unacknowledgedHalts();
    const a = await auditView(input.auditLimit);
    const enrolList = [];
    for (const e of enrolments.values()) {
      enrolList.push({ requestId: e.requestId, label: e.label, credential: e.credential, status: await enrolmentStatus(e), ...(e.error ? { error: e.error } : {}) });
    }
    return {
      version: deps.version,
      simulated: deps.simulated,
      mode: st.mode,
      approvalChannel: st.approvalChannel,
      storeFailed: st.storeFailed,
      executions: st.executions,
      pending: st.pending.map((p) => ({
        ...p,
        onDisplay: channel.where(p.id).onDisplay,
        enrolment: p.kind === "enrol",
        browserApprovable: p.kind !== "enrol" && browserKeys > 0 && channel.approvalChallengeFor(p.id) !== undefined,
      })),
      blocks: st.blocks.map((b) => {
        const challenge = b.verificationId ? service.pendingRequest(b.verificationId) : undefined;
        return {
          ...b,
          ...(challenge ? { text: challenge.text, expiresAt: challenge.expiresAt, ...(challenge.action !== undefined ? { action: challenge.action, actionDigest: challenge.actionDigest } : {}) } : {}),
          browserApprovable: challenge !== undefined && browserKeys > 0 && channel.approvalChallengeFor(b.verificationId!) !== undefined,
        };
      }),
      halts: halts.map(({ halt, escalation }) => ({
        id: halt.id,
        sessionToken: halt.session_token,
        severity: halt.severity,
        type: halt.halt_type,
        ...(halt.condition_name !== undefined ? { condition: halt.condition_name } : {}),
        description: halt.description,
        triggeredAt: halt.triggered_at,
        ...(escalation ? { escalated: escalation.resolution } : {}),
      })),
      audit: {
        // What was checked: the walk runs at most every AUDIT_REFRESH_MS, so it may trail the live head.
        head: a.chain.head,
        chain: { ok: a.chain.ok, records: a.chain.records, problems: a.chain.problems.slice(0, 5), checkedAt: new Date(a.at).toISOString(), ...(a.chain.checkpoints ? { checkpoints: a.chain.checkpoints } : {}) },
        records: input.auditLimit === 0 ? [] : a.records.slice(-input.auditLimit),
      },
      keys: keyring.list().map((k) => ({
        id: k.id,
        short: shortCredential(k.id),
        label: k.label,
        transport: k.transport,
        protocol: k.protocol,
        counter: k.counter,
        enrolledAt: new Date(k.enrolledAt).toISOString(),
        ...(k.lastUsedAt ? { lastUsedAt: new Date(k.lastUsedAt).toISOString() } : {}),
      })),
      enrolments: enrolList,
    };
  };

  return { state, ownWrite };
}
