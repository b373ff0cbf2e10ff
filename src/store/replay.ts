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
import { GENESIS_HASH, recordHash, type AuditRecord } from "./audit.js";
import type { JournalOp, JournalRecord } from "./journal.js";
import { isGuarded } from "./state-digest.js";

export interface ReplayPlan {
  readonly batches: readonly JournalRecord[];
  /** The first and last audit seq written back. */
  readonly from: number;
  readonly to: number;
}

const AUDIT_PREFIX = "!audit!";
const AUDIT_HEAD_KEY = "!meta!audit_head";
const SEQ_WIDTH = 16;

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
 * (undefined when absent).
 */
export async function planReplay(recovered: readonly JournalRecord[], stored: (key: string) => Promise<string | undefined>): Promise<{ plan?: ReplayPlan; stopped?: string; differs?: string }> {
  const parsed = recovered.map((b) => ({ batch: b, records: auditRecordsOf(b.ops) }));
  // The first batch the database lacks: its last audit record is not there. One that is there but
  // differs was changed since (or the journal is another database's): nothing is written over it,
  // and the checks at open say what differs.
  let i = 0;
  for (; i < parsed.length; i++) {
    const records = parsed[i]!.records;
    if (records === undefined || records.length === 0) return { stopped: `journal batch ${i + 1} holds no readable audit record` };
    const last = records[records.length - 1]!;
    const there = await stored(last.key);
    if (there === undefined) break;
    if (there !== last.text) return { differs: `the database's audit record ${last.record.seq} differs from the journal's copy of it` };
  }
  if (i === parsed.length) return {};
  const firstRecord = parsed[i]!.records![0]!.record;
  let prev: string | undefined;
  if (firstRecord.seq === 1) prev = GENESIS_HASH;
  else {
    const before = await stored(`${AUDIT_PREFIX}${String(firstRecord.seq - 1).padStart(SEQ_WIDTH, "0")}`);
    try {
      prev = before === undefined ? undefined : (JSON.parse(before) as Partial<AuditRecord>).hash;
    } catch {
      prev = undefined;
    }
  }
  if (prev === undefined || firstRecord.prev !== prev) return { stopped: `the journal's record ${firstRecord.seq} does not follow the database's record ${firstRecord.seq - 1}: the journal is not this database's` };
  let seq = firstRecord.seq;
  const batches: JournalRecord[] = [];
  let stopped: string | undefined;
  for (let j = i; j < parsed.length && stopped === undefined; j++) {
    const { batch, records } = parsed[j]!;
    if (records === undefined || records.length === 0) {
      stopped = `journal batch ${j + 1} holds no readable audit record`;
      break;
    }
    for (const { record } of records) {
      const { hash, ...rest } = record;
      if (record.seq !== seq || record.prev !== prev || recordHash(rest) !== hash) {
        stopped = `the journal's record ${record.seq} does not chain (expected record ${seq} after ${prev!.slice(0, 12)})`;
        break;
      }
      prev = hash;
      seq++;
    }
    if (stopped !== undefined) break;
    // (A later batch the database has, as written, is written again unchanged; one it has otherwise is not written over.)
    const last = records[records.length - 1]!;
    const there = await stored(last.key);
    if (there !== undefined && there !== last.text) return { differs: `the database's audit record ${last.record.seq} differs from the journal's copy of it` };
    if (!writesOnlyItsOwn(batch.ops, new Set(records.map((r) => r.key)))) {
      stopped = `journal batch ${j + 1} writes outside its own audit records and the guarded state`;
      break;
    }
    batches.push(batch);
  }
  if (batches.length === 0) return stopped !== undefined ? { stopped } : {};
  return { plan: { batches, from: firstRecord.seq, to: seq - 1 }, ...(stopped !== undefined ? { stopped } : {}) };
}
