// The audit log is a hash chain: each record carries the previous record's hash, and its own hash
// covers that and its content. Rewriting or dropping a record breaks every hash after it; dropping
// the tail is caught by the head kept beside the chain, by the anchor kept outside the database,
// and (when the tail changed state) by the state digest each record carries.
import { sha256Hex } from "./sha256.js";
import { canonicalJson } from "../core/canonical-json.js";

export const GENESIS_HASH = "0".repeat(64);

const AUDIT_KEY_WIDTH = 16;
/** A record's key in the audit sublevel: its seq, zero-padded so that keys sort as seqs do. */
export const auditKey = (seq: number): string => String(seq).padStart(AUDIT_KEY_WIDTH, "0");

export interface AuditRecord {
  readonly seq: number;
  readonly ts: string;
  readonly type: string;
  readonly agent?: string;
  readonly session?: string;
  readonly data: Record<string, unknown>;
  readonly prev: string;
  /** Digest of the guarded state after this record's transition (state-digest.ts); absent before schema 2. */
  readonly state?: string;
  readonly hash: string;
}

/** The members a record's hash covers, in canonicalJson's (sorted) order. */
const HASHED = ["agent", "data", "prev", "seq", "session", "state", "ts", "type"] as const;

/**
 * SHA-256 of canonicalJson({ seq, ts, type, agent, session, data, prev, state }), built member by
 * member in sorted order: the same text without sorting the record's own keys on every record.
 */
export function recordHash(r: Omit<AuditRecord, "hash">): string {
  let body = "";
  for (const k of HASHED) {
    const v = r[k];
    if (v !== undefined) body += `${body === "" ? "{" : ","}"${k}":${canonicalJson(v)}`;
  }
  return sha256Hex(body === "" ? "{}" : `${body}}`);
}

export function chainRecord(
  head: { seq: number; hash: string },
  event: { type: string; agent?: string; session?: string; data: Record<string, unknown> },
  ts: string,
  state?: string,
): AuditRecord {
  const base = {
    seq: head.seq + 1,
    ts,
    type: event.type,
    ...(event.agent !== undefined ? { agent: event.agent } : {}),
    ...(event.session !== undefined ? { session: event.session } : {}),
    data: event.data,
    prev: head.hash,
    ...(state !== undefined ? { state } : {}),
  };
  return { ...base, hash: recordHash(base) };
}

export interface CheckpointSummary {
  /** Checkpoints found (valid or not). */
  readonly count: number;
  /** The last checkpoint that holds: its own record's seq, the head it signs, the key, when. */
  readonly last?: { readonly seq: number; readonly head: { readonly seq: number; readonly hash: string }; readonly key: string; readonly label?: string; readonly at: string };
  /** Records after the head of the last valid checkpoint: not yet covered by any signature. */
  readonly unsigned: number;
}

export interface ChainReport {
  readonly ok: boolean;
  readonly records: number;
  readonly head: { seq: number; hash: string };
  readonly problems: string[];
  /** Signed checkpoints (checkpoint.ts): how many, the last that holds, records after it unsigned. */
  readonly checkpoints?: CheckpointSummary;
}

/** Checks records one at a time, in order; `finish` compares the end with the stored head. */
export class ChainWalker {
  readonly problems: string[] = [];
  private prev = GENESIS_HASH;
  private expectedSeq = 1;
  count = 0;
  /** Records carrying a state digest: written by schema 2 or later. */
  withState = 0;
  last: { seq: number; hash: string; state?: string } = { seq: 0, hash: GENESIS_HASH };
  /** Hashes of the records an anchor may name, by seq. */
  private readonly wanted: Map<number, string | undefined>;

  /** `from`: the record the walk continues from (the journal's replay starts after the database's last record it has); the genesis by default. */
  constructor(wantedSeqs: readonly number[] = [], from?: { seq: number; hash: string }) {
    this.wanted = new Map(wantedSeqs.map((s) => [s, undefined]));
    if (from) {
      this.prev = from.hash;
      this.expectedSeq = from.seq + 1;
      this.last = { ...from };
    }
  }

  get full(): boolean {
    return this.problems.length > 100;
  }

  add(r: AuditRecord): void {
    this.count++;
    if (r.seq !== this.expectedSeq) this.problems.push(`record ${this.expectedSeq} is missing (found ${r.seq} next)`);
    if (r.prev !== this.prev) this.problems.push(`record ${r.seq}: prev does not match the hash of the record before it`);
    const { hash, ...rest } = r;
    if (recordHash(rest) !== hash) this.problems.push(`record ${r.seq}: content does not match its hash (rewritten)`);
    if (this.wanted.has(r.seq)) this.wanted.set(r.seq, hash);
    if (r.state !== undefined) this.withState++;
    this.prev = hash;
    this.expectedSeq = r.seq + 1;
    this.last = { seq: r.seq, hash, ...(r.state !== undefined ? { state: r.state } : {}) };
  }

  /** The hash of record `seq` as read, if it was asked for in the constructor and read. */
  hashOf(seq: number): string | undefined {
    return this.wanted.get(seq);
  }

  finish(head: { seq: number; hash: string }): void {
    if (this.last.seq !== head.seq || this.last.hash !== head.hash) {
      this.problems.push(`the chain ends at record ${this.last.seq} but the stored head is record ${head.seq}: records were dropped or added`);
    }
  }
}

/** Walks the chain in order and reports every break; `head` is the stored head to compare against. */
export async function verifyChain(records: AsyncIterable<AuditRecord>, head: { seq: number; hash: string }): Promise<ChainReport> {
  const w = new ChainWalker();
  for await (const r of records) {
    w.add(r);
    if (w.full) break;
  }
  w.finish(head);
  return { ok: w.problems.length === 0, records: w.count, head: { seq: w.last.seq, hash: w.last.hash }, problems: w.problems };
}
