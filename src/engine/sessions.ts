// Sessions: who a connection acts as. The daemon, not the caller, decides the session at hello
// (issue 11 #2: any process of the agent's user could name another session's id and act in it).
//
//   fresh     a new session and a credential (32 random bytes); only the credential's SHA-256 is
//             kept, durably, so the holder can resume the session after a reconnect or a restart
//   resume    a session id with its credential; a wrong or missing credential never resumes it
//   keyed     the Claude Code hook's sessions: a new process per tool call, holding nothing between
//             calls, so its session is derived from what every call carries (Claude Code's
//             session_id; not the project, so moving to another project sheds nothing). Whatever the hook can read, the agent's other processes
//             can read: a keyed session can be joined, and nothing done in it weakens it
//             (docs/threat-model.md "Joining a session").
import { createHash, timingSafeEqual } from "node:crypto";
import type { ExecutionRecord } from "../core/records.js";
import { STALE_EXECUTION_MS, type Caller, type ServiceDeps } from "./context.js";

const CREDENTIAL_BYTES = 32;
/** Credential records share the executions sublevel; the prefix cannot collide with a UUID. */
const CREDENTIAL_RECORD_PREFIX = "credential\u0000";
export const isCredentialRecord = (e: ExecutionRecord): boolean => e.id.startsWith(CREDENTIAL_RECORD_PREFIX);

/** What identifies a keyed session: the client and its own session id. */
export interface SessionKey {
  readonly client: string;
  readonly id: string;
}

export type Hello =
  | { readonly ok: true; readonly caller: Caller; readonly credential?: string; readonly resumed: boolean }
  | { readonly ok: false; readonly reason: string };

const sha256 = (s: string): Buffer => createHash("sha256").update(s, "utf8").digest();

/** A UUID (version 8, custom) from a digest: keyed session ids look like every other. */
function uuidOf(digest: Buffer): string {
  const h = Buffer.from(digest.subarray(0, 16));
  h[6] = (h[6]! & 0x0f) | 0x80;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The caller of a keyed session: one session per client session, in whatever project it works. */
export function keyedCaller(key: SessionKey): Caller {
  return { sessionId: uuidOf(sha256(`haltkey\u0000keyed\u0000${key.client}\u0000${key.id}`)) };
}

interface Issued {
  readonly hash: Buffer;
  readonly issuedAt: number;
  lastSeen: number;
}

export class Sessions {
  private readonly issued = new Map<string, Issued>();

  constructor(private readonly d: ServiceDeps) {}

  /** Indexes the stored credentials; returns the ids of records to delete (idle, with nothing left to hold). */
  load(records: readonly ExecutionRecord[], now: number, live: (sessionId: string) => boolean): string[] {
    const stale: string[] = [];
    for (const r of records) {
      if (!r.credentialHash || (now - r.lastStepAt > STALE_EXECUTION_MS && !live(r.sessionId))) stale.push(r.id);
      else this.issued.set(r.sessionId, { hash: Buffer.from(r.credentialHash, "hex"), issuedAt: r.startedAt, lastSeen: r.lastStepAt });
    }
    return stale;
  }

  /** A new session and its credential, durable before it is handed out. */
  async fresh(client: string | undefined, now: number): Promise<Hello> {
    const sessionId = this.d.uuid();
    const credential = this.d.randomBytes(CREDENTIAL_BYTES).toString("hex");
    const hash = sha256(credential);
    this.issued.set(sessionId, { hash, issuedAt: now, lastSeen: now });
    const record: ExecutionRecord = {
      id: `${CREDENTIAL_RECORD_PREFIX}${sessionId}`,
      agent: "",
      sessionId,
      startedAt: now,
      lastStepAt: now,
      steps: 0,
      autonomousSteps: 0,
      maxAutonomousSteps: 0,
      credentialHash: hash.toString("hex"),
    };
    await this.d.store.transition({ putExecutions: [record] }, [{ type: "session_opened", session: sessionId, data: { client: client ?? "unnamed" } }], now);
    return { ok: true, caller: { sessionId }, credential, resumed: false };
  }

  /** The session, when the credential is the one issued for it; otherwise a refusal naming why. */
  resume(sessionId: string, credential: string, now: number): Hello {
    const s = this.issued.get(sessionId);
    // Compared as digests in constant time; an unknown session costs the same as a wrong credential.
    const matches = timingSafeEqual(sha256(credential), s?.hash ?? sha256(`\u0000unknown${credential}`)) && s !== undefined;
    if (!matches) {
      return { ok: false, reason: `session ${sessionId} cannot be resumed: the credential is not the one the daemon issued for it (or the session was forgotten after a day idle); say hello without a session id for a new one` };
    }
    s.lastSeen = now;
    return { ok: true, caller: { sessionId }, resumed: true };
  }

  /** Credentials of sessions idle for a day with nothing left to hold; returns the records to delete. */
  sweep(now: number, live: (sessionId: string) => boolean): string[] {
    const gone: string[] = [];
    for (const [sid, s] of this.issued) {
      if (now - s.lastSeen <= STALE_EXECUTION_MS || live(sid)) continue;
      this.issued.delete(sid);
      gone.push(`${CREDENTIAL_RECORD_PREFIX}${sid}`);
    }
    return gone;
  }
}
