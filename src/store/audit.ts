// The audit log is a hash chain: each record carries the previous record's hash, and its own hash
// covers that and its content. Rewriting or dropping a record breaks every hash after it; dropping
// the tail is caught by the head kept beside the chain.
import { createHash } from "node:crypto";
import { canonicalJson } from "../core/canonical-json.js";

export const GENESIS_HASH = "0".repeat(64);

export interface AuditRecord {
  readonly seq: number;
  readonly ts: string;
  readonly type: string;
  readonly agent?: string;
  readonly session?: string;
  readonly data: Record<string, unknown>;
  readonly prev: string;
  readonly hash: string;
}

function recordHash(r: Omit<AuditRecord, "hash">): string {
  const body = canonicalJson({ seq: r.seq, ts: r.ts, type: r.type, agent: r.agent, session: r.session, data: r.data, prev: r.prev });
  return createHash("sha256").update(body).digest("hex");
}

export function chainRecord(
  head: { seq: number; hash: string },
  event: { type: string; agent?: string; session?: string; data: Record<string, unknown> },
  ts: string,
): AuditRecord {
  const base = {
    seq: head.seq + 1,
    ts,
    type: event.type,
    ...(event.agent !== undefined ? { agent: event.agent } : {}),
    ...(event.session !== undefined ? { session: event.session } : {}),
    data: event.data,
    prev: head.hash,
  };
  return { ...base, hash: recordHash(base) };
}

export interface ChainReport {
  readonly ok: boolean;
  readonly records: number;
  readonly head: { seq: number; hash: string };
  readonly problems: string[];
}

/** Walks the chain in order and reports every break; `head` is the stored head to compare against. */
export async function verifyChain(records: AsyncIterable<AuditRecord>, head: { seq: number; hash: string }): Promise<ChainReport> {
  const problems: string[] = [];
  let prev = GENESIS_HASH;
  let expectedSeq = 1;
  let count = 0;
  let last = { seq: 0, hash: GENESIS_HASH };
  for await (const r of records) {
    count++;
    if (r.seq !== expectedSeq) problems.push(`record ${expectedSeq} is missing (found ${r.seq} next)`);
    if (r.prev !== prev) problems.push(`record ${r.seq}: prev does not match the hash of the record before it`);
    const { hash, ...rest } = r;
    if (recordHash(rest) !== hash) problems.push(`record ${r.seq}: content does not match its hash (rewritten)`);
    prev = hash;
    expectedSeq = r.seq + 1;
    last = { seq: r.seq, hash };
    if (problems.length > 100) break;
  }
  if (last.seq !== head.seq || last.hash !== head.hash) {
    problems.push(`the chain ends at record ${last.seq} but the stored head is record ${head.seq}: records were dropped or added`);
  }
  return { ok: problems.length === 0, records: count, head: last, problems };
}
