// What the store proves at open and in `haltkey audit verify` (store.ts): one pass over the whole
// database in one snapshot, and every problem it shows, first break first: the audit chain against
// its head, the guarded state against the digest sealed in the last record, and the anchor.
import type { Level } from "level";
import { ChainWalker, GENESIS_HASH, type AuditRecord } from "./audit.js";
import type { Anchor } from "./anchor.js";
import { CheckpointCollector } from "./checkpoint.js";
import { isGuarded, StateDigest, summaryDifferences, type StateSummary } from "./state-digest.js";

export interface Head {
  seq: number;
  hash: string;
}

/** What one pass over the whole database found. */
export interface Scan {
  readonly walker: ChainWalker;
  readonly digest: StateDigest;
  readonly head: unknown;
  readonly unreadable: string[];
  readonly checkpoints: CheckpointCollector;
}

/**
 * One pass over the whole database in one snapshot (a single iterator): the audit records go
 * through the chain walker, every guarded entry into a fresh state digest, as stored.
 */
export async function scanStore(db: Level<string, unknown>, anchor: Anchor | undefined): Promise<Scan> {
  const walker = new ChainWalker(anchor ? [anchor.seq] : []);
  const digest = new StateDigest();
  const checkpoints = new CheckpointCollector();
  const unreadable: string[] = [];
  let head: unknown;
  const it = db.iterator({ keyEncoding: "utf8", valueEncoding: "utf8" }) as unknown as AsyncIterable<[string, string]>;
  for await (const [k, v] of it) {
    const sep = k.indexOf("!", 1);
    if (k[0] !== "!" || sep === -1) continue;
    const sub = k.slice(1, sep);
    const key = k.slice(sep + 1);
    if (sub === "audit") {
      if (walker.full) continue;
      try {
        const record = JSON.parse(v) as AuditRecord;
        walker.add(record);
        checkpoints.addRecord(record);
      } catch {
        unreadable.push(`the audit record at key ${key} is not JSON`);
      }
    } else if (sub === "meta") {
      if (key === "audit_head") {
        try {
          head = JSON.parse(v);
        } catch {
          head = undefined;
        }
      }
    } else if (isGuarded(sub)) {
      digest.set(sub, key, v);
      if (sub === "keys") checkpoints.addKeyEntry(v);
    }
  }
  return { walker, digest, head, unreadable, checkpoints };
}

/** Everything wrong with a scan, first break first. */
export function problemsOf(scan: Scan, anchor: Anchor | "missing" | "unreadable", version: number, anchorPath: string): string[] {
  let schemaVersion = version;
  const { walker } = scan;
  const head = scan.head as (Head & { state?: Partial<StateSummary> }) | undefined;
  const headOk = head !== undefined && typeof head.seq === "number" && typeof head.hash === "string";
  if (headOk) walker.finish(head);
  const problems = [...scan.unreadable, ...walker.problems, ...(headOk ? [] : ["the audit-chain head is missing or malformed"])];
  // A schema-1 store has no anchor and no record with a digest: one that does had its schema
  // record set back, which would skip the checks below and seal whatever state is there now.
  if (schemaVersion < 2 && (anchor !== "missing" || walker.withState > 0)) {
    problems.push(`the schema record says ${schemaVersion}, but the store was written by schema 2 or later (${walker.withState > 0 ? `${walker.withState} records carry a state digest` : "it has an audit anchor"}): the schema record was set back`);
    schemaVersion = 2;
  }
  const last = walker.last;
  if (schemaVersion >= 2) {
    const actual = scan.digest.digest();
    const sealed = last.seq === 0 ? new StateDigest().digest() : last.state;
    if (sealed === undefined) problems.push(`record ${last.seq}, the last, carries no state digest`);
    else if (sealed !== actual) {
      const diffs = summaryDifferences(scan.digest.summary(), head?.state);
      problems.push(
        `the guarded state (blocks, challenges, rate limits, executions, halts, keys, displays) does not match the digest sealed in record ${last.seq}${diffs.length > 0 ? `; differs in ${diffs.join(", ")}` : ""}: entries were deleted, added or changed outside haltkey, or records were cut from the end`,
      );
    }
    // (A store killed before its first anchor write has no records: nothing to anchor.)
    if (anchor === "missing") {
      if (last.seq > 0) problems.push(`the audit anchor ${anchorPath} is missing: deleted, or the database was put back without it`);
    } else if (anchor === "unreadable") problems.push(`the audit anchor ${anchorPath} is unreadable`);
    else if (anchor.seq > last.seq) problems.push(`the audit anchor names record ${anchor.seq}, but the chain ends at record ${last.seq}: records were cut from the end, or an older copy of the database was put back`);
    else if ((anchor.seq === 0 ? GENESIS_HASH : walker.hashOf(anchor.seq)) !== anchor.hash) problems.push(`record ${anchor.seq} does not match the audit anchor: the chain was rewritten`);
  }
  return problems;
}
