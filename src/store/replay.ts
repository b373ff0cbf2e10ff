// Which of the journal's batches go back into the database at open, decided before any is
// written. A batch belongs back when the database lacks its last audit record: the process was
// killed between the journal's write and LevelDB's, or the power went before LevelDB's writes
// reached the disk (which can lose batches anywhere after the last fsync, not only at the end). So
// the replay starts at the first batch the database lacks, not at its head, and writes that batch
// and every later one again, in order: each op is a whole value, so writing them again in order
// leaves every key as the last batch left it.
//
// A record the database has but with other content is not written over: the audit log was changed
// after it was written (or the journal is another database's), and the open is refused. Nothing is written unless it
// checks first: the first batch must follow a record the database has (its first record's `prev` is that record's hash), each batch's audit records must chain
// (seq, prev, their own hash), and a batch may only write its own audit records, the audit head
// and the guarded state. The first batch that fails ends the replay; it and those after it are not
// this database's, or were damaged, and the checks at open (chain, state digest, anchor) then say
// what is missing.
import { auditKey, ChainWalker, GENESIS_HASH, type AuditRecord } from "./audit.js";
import type { JournalOp, JournalRecord } from "./journal.js";
import { isGuarded } from "./state-digest.js";

export interface ReplayPlan {
  readonly batches: readonly JournalRecord[];
  /** The first and last audit seq written back. */
  readonly from: number;
  readonly to: number;
}

/** What to write back (plan), why the rest is not (stopped), or why the open must be refused (differs). */
export interface ReplayOutcome {
  readonly plan?: ReplayPlan;
  readonly stopped?: string;
  readonly differs?: string;
}

const AUDIT_PREFIX = "!audit!";
const AUDIT_HEAD_KEY = "!meta!audit_head";

/** The audit records a batch puts, parsed, in order; undefined if one is not a record. */
function auditRecordsOf(ops: readonly JournalOp[]): Array<{ key: string; text: string; record: AuditRecord }> | undefined {
  const out: Array<{ key: string; text: string; record: AuditRecord }> = [];
  for (const op of ops) {
    if (!op.key.startsWith(AUDIT_PREFIX)) continue;
    if (op.type !== "put") return undefined;
    let record: AuditRecord;
    try {
      record = JSON.parse(op.value) as AuditRecord;
    } catch {
      return undefined;
    }
    if (typeof record !== "object" || record === null || typeof record.seq !== "number" || typeof record.hash !== "string" || typeof record.prev !== "string") return undefined;
    out.push({ key: op.key, text: op.value, record });
  }
  return out;
}

/** Whether a batch writes only its own audit records, the audit head and guarded state. */
function writesOnlyItsOwn(ops: readonly JournalOp[], ownAuditKeys: ReadonlySet<string>): boolean {
  for (const op of ops) {
    if (op.key.startsWith(AUDIT_PREFIX)) {
      if (!ownAuditKeys.has(op.key)) return false;
    } else if (op.key === AUDIT_HEAD_KEY) {
      if (op.type !== "put") return false;
    } else {
      const m = /^!([a-z_]+)!/.exec(op.key);
      if (m === null || !isGuarded(m[1]!)) return false;
    }
  }
  return true;
}

/**
 * The batches to write back, or why none are. `stored` reads a key's value text from the database
 * (undefined when absent). One pass: batches the database has as written are skipped; from the
 * first it lacks, each must chain on from the one before (ChainWalker, started at the database's
 * record before it) and write only its own records, the head and guarded state.
 */
export async function planReplay(recovered: readonly JournalRecord[], stored: (key: string) => Promise<string | undefined>): Promise<ReplayOutcome> {
  const batches: JournalRecord[] = [];
  let walker: ChainWalker | undefined;
  let from = 0;
  let stopped: string | undefined;
  for (const [n, batch] of recovered.entries()) {
    const records = auditRecordsOf(batch.ops);
    if (records === undefined || records.length === 0) {
      stopped = `journal batch ${n + 1} holds no readable audit record`;
      break;
    }
    const last = records[records.length - 1]!;
    const there = await stored(last.key);
    // Never written over: the record was changed after it was written, or the journal is another database's.
    if (there !== undefined && there !== last.text) return { differs: `the database's audit record ${last.record.seq} differs from the journal's copy of it` };
    if (walker === undefined) {
      if (there !== undefined) continue;
      const first = records[0]!.record;
      const prev = first.seq === 1 ? GENESIS_HASH : hashIn(await stored(`${AUDIT_PREFIX}${auditKey(first.seq - 1)}`));
      if (prev === undefined) return { stopped: `the journal's record ${first.seq} does not follow a record the database has: the journal is not this database's` };
      walker = new ChainWalker([], { seq: first.seq - 1, hash: prev });
      from = first.seq;
    }
    for (const { record } of records) walker.add(record);
    if (walker.problems.length > 0) {
      stopped = `the journal's ${walker.problems[0]}`;
      break;
    }
    if (!writesOnlyItsOwn(batch.ops, new Set(records.map((r) => r.key)))) {
      stopped = `journal batch ${n + 1} writes outside its own audit records and the guarded state`;
      break;
    }
    batches.push(batch);
  }
  const plan = batches.length > 0 ? { batches, from, to: walker!.last.seq } : undefined;
  return { ...(plan ? { plan } : {}), ...(stopped !== undefined ? { stopped } : {}) };
}

/** The hash of a stored audit record's text, if it is one. */
function hashIn(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    const hash = (JSON.parse(text) as Partial<AuditRecord>).hash;
    return typeof hash === "string" ? hash : undefined;
  } catch {
    return undefined;
  }
}
