// The LevelDB store. Every transition is one batch that carries its audit records and the new
// audit-chain head, so a transition happened completely or not at all. A batch is durable once it
// is in the journal beside the database (journal.ts: one O_DSYNC write); it then goes into LevelDB
// without an fsync, after the transition's promise has resolved, and reads wait for it. At open,
// the journal's batches the database lacks are checked and written again (replay.ts), the
// database is fsync'd and the journal emptied. When a half of the journal is full, appends go on
// in the other, and the full one is emptied once the database's files are fsync'd. Transitions
// queued in one turn of the event loop share one journal write (group commit). If a write fails the store is marked failed and refuses everything after it: the
// daemon answers no further `continue: true` until restarted.
//
// The store proves itself at open (and in `haltkey audit verify`; integrity.ts): the whole chain is walked, the
// head must be its last record, the guarded state (every entry outside the audit log and meta)
// must match the state digest that record carries, and the anchor file beside the database (the
// last record's seq and hash, rewritten after every batch; anchor.ts) must name a record of the chain. An
// edited, truncated or rolled-back store is refused with the first thing found wrong. Beyond what
// anyone with write access could recompute, every checkpoint a security key signed (checkpoint.ts)
// must verify and name a head the chain still has; one that does not is refused like any tampering.
import { closeSync, constants, existsSync, mkdirSync, openSync, readdirSync, writeSync } from "node:fs";
import { open as openFile, readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Level } from "level";
import { auditKey, GENESIS_HASH, type AuditRecord, type ChainReport, type CheckpointSummary, chainRecord } from "./audit.js";
import type { BlockRecord, DisplayPairingRecord, ExecutionRecord, HaltAckRecord, HaltEscalationRecord, HaltEventRecord, RateLimitRecord, SecurityKeyRecord } from "../core/records.js";
import { ANCHOR_BYTES, anchorPathOf, readAnchor, type Anchor } from "./anchor.js";
import { problemsOf, scanStore, type Head, type Scan } from "./integrity.js";
import { StateDigest, summaryDigest, type GuardedSublevel } from "./state-digest.js";
import { Journal, journalPathOf, syncDirectory, type JournalOp } from "./journal.js";
import { planReplay, type ReplayOutcome } from "./replay.js";

/** 2: audit records carry the state digest, the head its summary, and the anchor file exists. */
export const SCHEMA_VERSION = 2;

export class StoreOpenError extends Error {}
export class StoreFailedError extends Error {}

export interface AuditEvent {
  readonly type: string;
  readonly agent?: string;
  readonly session?: string;
  readonly data: Record<string, unknown>;
}

type Sub = ReturnType<Level<string, unknown>["sublevel"]>;
/**
 * What a transition writes: keys already prefixed with their sublevel (`!name!key`, as LevelDB's
 * sublevels store them) and values already JSON text, written as they are (utf8). Each value is
 * serialised once, and the text the state digest hashes is the text stored.
 */
type BatchOp = JournalOp;
/** The stored key of `key` in a sublevel: what `db.sublevel(name)` prefixes. */
const stored = (sublevel: string, key: string): string => `!${sublevel}!${key}`;
const AUDIT_HEAD_KEY = stored("meta", "audit_head");
const RAW = { keyEncoding: "utf8", valueEncoding: "utf8" } as const;

/** What a transition changes besides appending audit records. */
export interface Changes {
  readonly putBlocks?: readonly BlockRecord[];
  readonly delBlocks?: readonly string[];
  readonly putRate?: ReadonlyArray<readonly [key: string, state: RateLimitRecord]>;
  readonly delRate?: readonly string[];
  readonly putExecutions?: readonly ExecutionRecord[];
  readonly delExecutions?: readonly string[];
  /** Halt events are only ever put once; acknowledgements and escalations likewise. */
  readonly putHalts?: readonly HaltEventRecord[];
  readonly putHaltAcks?: readonly HaltAckRecord[];
  readonly putHaltEscalations?: readonly HaltEscalationRecord[];
  readonly putHaltConfig?: ReadonlyArray<readonly [conditionName: string, config: unknown]>;
  readonly putStrikes?: ReadonlyArray<readonly [key: string, count: number]>;
  /** Unacknowledged-index keys to drop when their halts are acknowledged. */
  readonly delHaltUnacknowledged?: readonly string[];
  readonly putKeys?: readonly SecurityKeyRecord[];
  readonly delKeys?: readonly string[];
  readonly putDisplays?: readonly DisplayPairingRecord[];
  readonly delDisplays?: readonly string[];
}

/** Index keys of a halt: by session, task, type and severity (time-ordered), and while unacknowledged. */
export function haltIndexKeys(h: HaltEventRecord): { all: string[]; unacknowledged: string } {
  const t = h.triggered_at;
  return {
    all: [`s!${h.session}!${t}!${h.id}`, ...(h.task_id !== undefined ? [`t!${h.task_id}!${t}!${h.id}`] : []), `y!${h.halt_type}!${t}!${h.id}`, `v!${h.severity}!${t}!${h.id}`],
    unacknowledged: `u!${h.session}!${h.id}`,
  };
}

export interface LoadedState {
  readonly blocks: BlockRecord[];
  readonly rate: Map<string, RateLimitRecord>;
  readonly executions: ExecutionRecord[];
  /** Unacknowledged halts, with any escalation. */
  readonly openHalts: Array<{ halt: HaltEventRecord; escalation?: HaltEscalationRecord }>;
  readonly haltConfig: Map<string, unknown>;
  readonly strikes: Map<string, number>;
}

/**
 * LevelDB's memory, smaller than its defaults (an 8 MB block cache, a 4 MB write buffer): a step only
 * writes, and reads happen at start-up (the state restored once) and for the audit commands, so a
 * cache of blocks read serves almost nothing; the write buffer is the memtable filled before it is
 * written out as a table, on LevelDB's own thread. About 3 MB less resident after 10,000 steps
 * (issue 14, docs/performance.md "Memory"), no change in a step's time.
 */
const LEVELDB_MEMORY = { cacheSize: 1024 * 1024, writeBufferSize: 1024 * 1024 } as const;

export interface OpenOptions {
  /**
   * For `haltkey audit verify` with no daemon running: open without refusing a tampered store and
   * without writing anything (no migration, no anchor), so that verifyAudit can list every problem.
   */
  readonly inspectOnly?: boolean;
  /** The journal's size (tests: a small one starts over often). */
  readonly journalBytes?: number;
}

export { auditKey };

export class Store {
  private readonly meta: Sub;
  private readonly audit: Sub;
  private readonly blocks: Sub;
  private readonly rate: Sub;
  private readonly executions: Sub;
  private readonly halts: Sub;
  private readonly haltAcks: Sub;
  private readonly haltEscalations: Sub;
  private readonly haltIndex: Sub;
  private readonly haltConfig: Sub;
  private readonly strikes: Sub;
  private readonly keys: Sub;
  private readonly displays: Sub;
  private head: Head = { seq: 0, hash: GENESIS_HASH };
  /** The guarded state's digest, updated with every put and delete a transition makes. */
  private state = new StateDigest();
  /** The anchor file, opened once; written synchronously after each batch (anchor.ts). */
  private anchorFd: number | undefined;
  private queue: BatchOp[] = [];
  private waiters: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  private flushing = false;
  private flushScheduled = false;
  private failure: Error | undefined;
  /** Batches in the journal on their way into LevelDB, in order; reads wait for them. */
  private applying: Promise<void> = Promise.resolve();
  /** A half of the journal being freed, in the background (freeHalf). */
  private freeing: Promise<void> | undefined;
  /** What the journal holds that the database lacks, or could not be written back, when opened to inspect (verifyAudit says so). */
  private pendingReplay: ReplayOutcome | undefined;
  /** close() has begun: no transition is taken after it. */
  private closing = false;
  /** Batches written, and transitions they carried: the group-commit ratio, for the bench. */
  readonly stats = { batches: 0, transitions: 0 };

  private constructor(
    private readonly db: Level<string, unknown>,
    private readonly dir: string,
    private readonly anchorPath: string,
    private readonly journal: Journal,
  ) {
    const json = { valueEncoding: "json" } as const;
    this.meta = db.sublevel("meta", json) as Sub;
    this.audit = db.sublevel("audit", json) as Sub;
    // Every other sublevel is guarded state: named in GUARDED_SUBLEVELS, covered by the digest.
    const guarded = (name: GuardedSublevel): Sub => db.sublevel(name, json) as Sub;
    this.blocks = guarded("blocks");
    this.rate = guarded("rate");
    this.executions = guarded("executions");
    this.halts = guarded("halts");
    this.haltAcks = guarded("halt_acks");
    this.haltEscalations = guarded("halt_escalations");
    this.haltIndex = guarded("halt_index");
    this.haltConfig = guarded("halt_config");
    this.strikes = guarded("strikes");
    this.keys = guarded("keys");
    this.displays = guarded("displays");
  }

  /**
   * Opens (or, in an empty or missing directory, creates) the database. Refuses, with a message
   * that says what to do, a directory that holds something else, a damaged database, one written
   * by a newer haltkey, and one another process has open. Never silently starts empty.
   */
  static async open(dir: string, now: () => number = Date.now, options: OpenOptions = {}): Promise<Store> {
    const fresh = !existsSync(dir) || readdirSync(dir).length === 0;
    if (!fresh && !existsSync(`${dir}/CURRENT`)) {
      throw new StoreOpenError(
        `${dir} is not empty but holds no LevelDB database (CURRENT is missing). haltkey will not start on a damaged or foreign store; restore it from backup or move it aside.`,
      );
    }
    if (fresh) {
      // A database deleted whole, its anchor left behind: not a first start.
      const anchor = await readAnchor(anchorPathOf(dir));
      if (anchor !== "missing" && !(typeof anchor === "object" && anchor.seq === 0)) {
        throw new StoreOpenError(
          `${dir} is empty or missing, but the audit anchor ${anchorPathOf(dir)} names ${typeof anchor === "object" ? `record ${anchor.seq}` : "a chain"}: the database was deleted. haltkey will not start empty in its place; restore it from backup, or to start over on purpose remove the anchor too.`,
        );
      }
    }
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const db = new Level<string, unknown>(dir, { valueEncoding: "json", createIfMissing: fresh, errorIfExists: false, ...LEVELDB_MEMORY });
    try {
      await db.open();
    } catch (e) {
      const cause = (e as { cause?: Error }).cause;
      const detail = cause?.message ?? (e as Error).message;
      if (/LEVEL_LOCKED|lock/i.test(`${(cause as { code?: string } | undefined)?.code ?? ""} ${detail}`)) {
        throw new StoreOpenError(`${dir} is in use by another haltkey process (${detail}). Only one daemon may own the store.`);
      }
      throw new StoreOpenError(`cannot open the database in ${dir}: ${detail}. haltkey fails closed on a damaged store; restore it from backup or move it aside.`);
    }
    const inspectOnly = options.inspectOnly === true;
    let journal: Journal;
    try {
      journal = Journal.open(journalPathOf(resolve(dir)), { readOnly: inspectOnly, ...(options.journalBytes !== undefined ? { bytes: options.journalBytes } : {}) });
    } catch (e) {
      await db.close().catch(() => undefined);
      throw new StoreOpenError(`cannot read the journal ${journalPathOf(resolve(dir))}: ${(e as Error).message}. haltkey fails closed on a damaged store; restore it from backup or move it aside.`);
    }
    const store = new Store(db, dir, anchorPathOf(dir), journal);
    try {
      const recovered = journal.takeRecovered();
      // A new database starts a new journal: records left from one deleted are not its own.
      if (fresh && !inspectOnly) journal.freeAll();
      const replay = fresh ? {} : await planReplay(recovered, (key) => db.get(key, RAW) as Promise<string | undefined>);
      const plan = replay.plan;
      // `audit verify` with no daemon writes nothing: it says what the daemon would write back.
      if (inspectOnly) store.pendingReplay = replay;
      else if (plan) for (const batch of plan.batches) await db.batch(batch.ops as never, { sync: false, ...RAW });
      // (The checks of the database itself first: what they find wrong is the more precise message.)
      await store.checkSchema(fresh, now, inspectOnly);
      if (replay.differs !== undefined && !inspectOnly) {
        throw new StoreOpenError(
          `${replay.differs}: the audit log was changed after it was written, or ${journalPathOf(resolve(dir))} is another database's. haltkey will not start on it; run 'haltkey audit verify', then restore the database, its anchor and its journal from a trusted backup, or move the journal aside if it is not this database's.`,
        );
      }
      if (!inspectOnly && recovered.length > 0) {
        // The database now holds every batch the journal held that is this chain's: made durable,
        // the journal starts empty, so it never holds records of another run before new ones.
        await store.syncDatabaseFiles();
        journal.freeAll();
      }
      // Said in the chain, where `audit verify` and the console show it.
      if (plan && !inspectOnly) await store.transition({}, [{ type: "journal_replayed", data: { from: plan.from, to: plan.to, batches: plan.batches.length, ...(replay.stopped !== undefined ? { stopped: replay.stopped } : {}) } }], now());
      // Records the journal held that were not written back (another database's, or ones that do not chain) are dropped with it: said too.
      else if (replay.stopped !== undefined && !inspectOnly) await store.transition({}, [{ type: "journal_not_replayed", data: { why: replay.stopped } }], now());
    } catch (e) {
      store.closeAnchor();
      journal.close();
      await db.close().catch(() => undefined);
      throw e;
    }
    return store;
  }

  private async checkSchema(fresh: boolean, now: () => number, inspectOnly: boolean): Promise<void> {
    let schema: { version?: unknown } | undefined;
    try {
      schema = (await this.meta.get("schema")) as { version?: unknown } | undefined;
    } catch (e) {
      throw new StoreOpenError(`the schema record is unreadable (${(e as Error).message}); the database is damaged`);
    }
    if (schema === undefined) {
      if (!fresh) throw new StoreOpenError("the database has no haltkey schema record; it is damaged or not haltkey's");
      await this.db.batch(
        [
          { type: "put", sublevel: this.meta, key: "schema", value: { version: SCHEMA_VERSION, createdAt: new Date(now()).toISOString() } },
          { type: "put", sublevel: this.meta, key: "audit_head", value: { seq: 0, hash: GENESIS_HASH, state: this.state.summary() } },
        ] as never,
        { sync: true },
      );
      this.writeAnchor({ seq: 0, hash: GENESIS_HASH });
      return;
    }
    if (typeof schema.version !== "number") throw new StoreOpenError("the schema record is malformed; the database is damaged");
    if (schema.version > SCHEMA_VERSION) {
      throw new StoreOpenError(
        `the database was written by a newer haltkey (schema ${schema.version}, this one understands ${SCHEMA_VERSION}). Upgrade haltkey; it will not downgrade a store.`,
      );
    }
    const anchor = await readAnchor(this.anchorPath);
    const scan = await scanStore(this.db, typeof anchor === "object" ? anchor : undefined);
    const problems = [...problemsOf(scan, anchor, schema.version, this.anchorPath), ...(await this.checkpointsOf(scan)).problems];
    if (problems.length > 0 && !inspectOnly) {
      throw new StoreOpenError(
        `the audit log or the state it guards was changed outside haltkey: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ""}. haltkey will not start on a tampered, truncated or rolled-back store; run 'haltkey audit verify' for every problem, then restore the database and ${this.anchorPath} from a trusted backup or move them aside.`,
      );
    }
    this.head = { seq: scan.walker.last.seq, hash: scan.walker.last.hash };
    this.state = scan.digest;
    if (inspectOnly) return;
    if (schema.version === 1) {
      // Schema 1 records carry no state digest: seal the state as it is now, once, in a record
      // written in the same batch as the new schema record (a crash leaves one or the other).
      const record = chainRecord(this.head, { type: "store_migrated", data: { from: 1, to: SCHEMA_VERSION } }, new Date(now()).toISOString(), this.state.digest());
      this.head = { seq: record.seq, hash: record.hash };
      await this.db.batch(
        [
          { type: "put", sublevel: this.audit, key: auditKey(record.seq), value: record },
          { type: "put", sublevel: this.meta, key: "audit_head", value: { ...this.head, state: this.state.summary() } },
          { type: "put", sublevel: this.meta, key: "schema", value: { version: SCHEMA_VERSION, migratedAt: new Date(now()).toISOString() } },
        ] as never,
        { sync: true },
      );
      this.writeAnchor(this.head);
    } else if (typeof anchor !== "object" || anchor.seq !== this.head.seq) {
      // The anchor lags the database after a crash between a batch and its anchor write.
      this.writeAnchor(this.head);
    }
  }

  /** Checks the scan's signed checkpoints against the chain as stored (checkpoint.ts). */
  private async checkpointsOf(scan: Scan): Promise<{ problems: string[]; summary: CheckpointSummary }> {
    return scan.checkpoints.check(async (seq) => {
      const r = (await this.audit.get(auditKey(seq))) as AuditRecord | undefined;
      return typeof r?.hash === "string" ? r.hash : undefined;
    }, scan.walker.last.seq);
  }

  /**
   * One fixed-size write at offset 0 of a file opened without truncating: never an empty, torn or
   * shorter anchor, even after a crash. Synchronous: 128 bytes into the page cache cost less than a
   * round trip through the thread pool, and the next batch need not wait for one.
   */
  private writeAnchor(a: Anchor): void {
    this.anchorFd ??= openSync(this.anchorPath, constants.O_WRONLY | constants.O_CREAT, 0o600);
    const text = JSON.stringify({ seq: a.seq, hash: a.hash });
    const buf = Buffer.alloc(ANCHOR_BYTES, 0x20);
    buf.write(text, 0, "utf8");
    buf[ANCHOR_BYTES - 1] = 0x0a;
    writeSync(this.anchorFd, buf, 0, ANCHOR_BYTES, 0);
  }

  private closeAnchor(): void {
    if (this.anchorFd !== undefined) closeSync(this.anchorFd);
    this.anchorFd = undefined;
  }

  async load(): Promise<LoadedState> {
    await this.settled();
    const blocks: BlockRecord[] = [];
    for await (const v of this.blocks.values()) blocks.push(v as BlockRecord);
    const rate = new Map<string, RateLimitRecord>();
    for await (const [k, v] of this.rate.iterator()) rate.set(k as string, v as RateLimitRecord);
    const executions: ExecutionRecord[] = [];
    for await (const v of this.executions.values()) executions.push(v as ExecutionRecord);
    const openHalts: LoadedState["openHalts"] = [];
    for await (const key of this.haltIndex.keys({ gte: "u!", lt: "u~" })) {
      const id = (key as string).slice((key as string).lastIndexOf("!") + 1);
      const halt = (await this.halts.get(id)) as HaltEventRecord | undefined;
      if (!halt) throw new StoreFailedError(`halt index names a missing halt ${id}; the database is damaged`);
      const escalation = (await this.haltEscalations.get(id)) as HaltEscalationRecord | undefined;
      openHalts.push(escalation ? { halt, escalation } : { halt });
    }
    const haltConfig = new Map<string, unknown>();
    for await (const [k, v] of this.haltConfig.iterator()) haltConfig.set(k as string, v);
    const strikes = new Map<string, number>();
    for await (const [k, v] of this.strikes.iterator()) strikes.set(k as string, v as number);
    return { blocks, rate, executions, openHalts, haltConfig, strikes };
  }

  /** Enrolled security keys (the key ring loads them before the service starts). */
  async securityKeys(): Promise<SecurityKeyRecord[]> {
    await this.settled();
    const keys: SecurityKeyRecord[] = [];
    for await (const v of this.keys.values()) keys.push(v as SecurityKeyRecord);
    return keys;
  }

  /** Paired approval displays. */
  async displayPairings(): Promise<DisplayPairingRecord[]> {
    await this.settled();
    const displays: DisplayPairingRecord[] = [];
    for await (const v of this.displays.values()) displays.push(v as DisplayPairingRecord);
    return displays;
  }

  /** Halts of a session, newest first, with their acknowledgement and escalation. */
  async sessionHalts(session: string): Promise<Array<{ halt: HaltEventRecord; ack?: HaltAckRecord; escalation?: HaltEscalationRecord }>> {
    await this.settled();
    const out: Array<{ halt: HaltEventRecord; ack?: HaltAckRecord; escalation?: HaltEscalationRecord }> = [];
    for await (const key of this.haltIndex.keys({ gte: `s!${session}!`, lt: `s!${session}!~`, reverse: true })) {
      const id = (key as string).slice((key as string).lastIndexOf("!") + 1);
      const halt = (await this.halts.get(id)) as HaltEventRecord | undefined;
      if (!halt) throw new StoreFailedError(`halt index names a missing halt ${id}; the database is damaged`);
      const ack = (await this.haltAcks.get(id)) as HaltAckRecord | undefined;
      const escalation = (await this.haltEscalations.get(id)) as HaltEscalationRecord | undefined;
      out.push({ halt, ...(ack ? { ack } : {}), ...(escalation ? { escalation } : {}) });
    }
    return out;
  }

  get failed(): Error | undefined {
    return this.failure;
  }

  get auditHead(): Readonly<Head> {
    return this.head;
  }

  /**
   * Applies one transition durably. The audit records are chained now, in call order, so the
   * chain on disk is always a prefix of the chain in memory. Resolves once fsync'd; rejects (and
   * fails the store) if the write fails. A transition that changes state with no event gets a
   * `state_changed` record, so that the state is always sealed in the chain.
   */
  transition(changes: Changes, events: readonly AuditEvent[], now: number): Promise<AuditRecord[]> {
    if (this.failure) return Promise.reject(new StoreFailedError(`store failed earlier: ${this.failure.message}`));
    if (this.closing) return Promise.reject(new StoreFailedError("the store is closing"));
    const ops: BatchOp[] = [];
    // Every op here changes guarded state: the digest follows each, over the very text stored.
    const put = (sublevel: GuardedSublevel, key: string, value: unknown): void => {
      const json = JSON.stringify(value);
      this.state.set(sublevel, key, json);
      ops.push({ type: "put", key: stored(sublevel, key), value: json });
    };
    const del = (sublevel: GuardedSublevel, key: string): void => {
      this.state.set(sublevel, key, undefined);
      ops.push({ type: "del", key: stored(sublevel, key) });
    };
    for (const b of changes.putBlocks ?? []) put("blocks", b.id, b);
    for (const id of changes.delBlocks ?? []) del("blocks", id);
    for (const [k, s] of changes.putRate ?? []) put("rate", k, s);
    for (const k of changes.delRate ?? []) del("rate", k);
    for (const e of changes.putExecutions ?? []) put("executions", e.id, e);
    for (const id of changes.delExecutions ?? []) del("executions", id);
    for (const h of changes.putHalts ?? []) {
      put("halts", h.id, h);
      const keys = haltIndexKeys(h);
      for (const k of keys.all) put("halt_index", k, 1);
      put("halt_index", keys.unacknowledged, 1);
    }
    for (const a of changes.putHaltAcks ?? []) put("halt_acks", a.halt_id, a);
    for (const e of changes.putHaltEscalations ?? []) put("halt_escalations", e.halt_id, e);
    for (const k of changes.delHaltUnacknowledged ?? []) del("halt_index", k);
    for (const [name, c] of changes.putHaltConfig ?? []) put("halt_config", name, c);
    for (const [k, n] of changes.putStrikes ?? []) put("strikes", k, n);
    for (const k of changes.putKeys ?? []) put("keys", k.id, k);
    for (const id of changes.delKeys ?? []) del("keys", id);
    for (const d of changes.putDisplays ?? []) put("displays", d.deviceId, d);
    for (const id of changes.delDisplays ?? []) del("displays", id);
    // A change of state always ends in a record that seals it, so the chain's last record always
    // carries the digest of the state on disk.
    if (ops.length > 0 && events.length === 0) events = [{ type: "state_changed", data: {} }];
    const records: AuditRecord[] = [];
    if (events.length > 0) {
      // The summary once: its digest goes into every record, the summary itself into the head.
      const summary = this.state.summary();
      const state = summaryDigest(summary);
      const ts = new Date(now).toISOString();
      for (const event of events) {
        const record = chainRecord(this.head, event, ts, state);
        this.head = { seq: record.seq, hash: record.hash };
        records.push(record);
        ops.push({ type: "put", key: stored("audit", auditKey(record.seq)), value: JSON.stringify(record) });
      }
      ops.push({ type: "put", key: AUDIT_HEAD_KEY, value: JSON.stringify({ ...this.head, state: summary }) });
    }
    return new Promise<AuditRecord[]>((resolve, reject) => {
      for (const op of ops) this.queue.push(op);
      this.waiters.push({ resolve: () => resolve(records), reject });
      this.scheduleFlush();
    });
  }

  /**
   * The queue is written once the requests read in this turn of the event loop have queued their
   * transitions (setImmediate: after the I/O callbacks, no timer), so those share one journal record;
   * and since the journal's write blocks, the requests that arrive meanwhile share the next one
   * (group commit).
   */
  private scheduleFlush(): void {
    if (this.flushing || this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      void this.flush();
    });
  }

  /** Writes what is queued, one journal record at a time. */
  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.queue.length > 0) {
      const ops = this.queue;
      const waiters = this.waiters;
      // transition() chains synchronously before queueing, so the head now is this batch's last.
      const anchor = { ...this.head };
      this.queue = [];
      this.waiters = [];
      try {
        if (this.failure) throw this.failure;
        if (ops.length > 0) await this.write(ops, anchor.seq);
        this.stats.batches++;
        this.stats.transitions += waiters.length;
        // After the batch is durable, never before: the anchor never names a record the store lacks.
        // Not fsync'd: after a power loss it may lag the database, which the open allows. If it
        // cannot be written, these transitions are durable all the same: they are answered, and the
        // store fails, refusing every later one.
        try {
          this.writeAnchor(anchor);
        } catch (e) {
          this.failure ??= e as Error;
        }
        for (const w of waiters) w.resolve();
      } catch (e) {
        this.failure ??= e as Error;
        const err = new StoreFailedError(`store write failed: ${(e as Error).message}`);
        for (const w of waiters) w.reject(err);
      }
    }
    this.flushing = false;
  }

  /** One batch made durable in the journal, then queued for LevelDB behind the ones before it. */
  private async write(ops: BatchOp[], lastSeq: number): Promise<void> {
    let record = this.journal.encode(ops, lastSeq);
    if (!this.journal.fits(record)) {
      // The other half is normally freed long before this one fills; if not, wait for it.
      if (this.freeing) await this.freeing;
      if (this.failure) throw this.failure;
      const full = this.journal.switchHalves();
      this.freeing = this.freeHalf(full);
      record = this.journal.encode(ops, lastSeq);
      if (!this.journal.fits(record)) {
        // A batch larger than half the journal goes straight into LevelDB, fsync'd, once every
        // batch before it is durable there too (the full half freed).
        await this.freeing;
        if (this.failure) throw this.failure;
        return void (await this.db.batch(ops as never, { sync: true, ...RAW }));
      }
    }
    this.journal.append(record);
    // Into LevelDB after the waiters have had their answer (setImmediate runs after the microtasks
    // that send it); a failure there fails the store like any write.
    this.applying = this.applying
      .then(() => new Promise<void>((r) => setImmediate(r)))
      .then(() => this.db.batch(ops as never, { sync: false, ...RAW }))
      .catch((e: Error) => {
        this.failure ??= e;
      });
  }

  /**
   * Frees a half of the journal, in the background: once every batch in it is in LevelDB, fsync
   * LevelDB's files and their directory, so that the database alone holds them durably, then empty
   * the half. LevelDB hands each write to the system as it makes it, so an fsync of its files covers
   * them all. A failure fails the store.
   */
  private freeHalf(half: 0 | 1): Promise<void> {
    const upTo = this.applying;
    return (async () => {
      await upTo;
      if (this.failure) throw this.failure;
      await this.syncDatabaseFiles();
      this.journal.free(half);
    })()
      .catch((e: Error) => {
        this.failure ??= e;
      })
      .finally(() => {
        this.freeing = undefined;
      });
  }

  /**
   * fsync of every file in LevelDB's directory, and of the directory: every write LevelDB has
   * handed to the system is then on the disk. LevelDB hands each write to the system as it makes
   * it, so once the writes awaited have returned this covers them all.
   */
  private async syncDatabaseFiles(): Promise<void> {
    for (const name of await readdir(this.dir)) {
      const file = await openFile(join(this.dir, name), "r").catch((e: NodeJS.ErrnoException) => {
        // LevelDB may delete an old log or table between the listing and the open: nothing to sync.
        if (e.code === "ENOENT") return undefined;
        throw e;
      });
      if (!file) continue;
      try {
        await file.sync();
      } finally {
        await file.close();
      }
    }
    syncDirectory(this.dir);
  }

  /**
   * Resolves once every durable batch is in LevelDB, so that a read sees every transition; rejects
   * once the store has failed, since LevelDB may then lack a transition the journal holds.
   */
  private async settled(): Promise<void> {
    await this.applying;
    if (this.failure) throw new StoreFailedError(`store failed earlier: ${this.failure.message}`);
  }

  /**
   * Walks the whole audit chain against the stored head, recomputes the guarded state's digest and
   * checks the anchor, over one snapshot of the database (safe while transitions are written).
   */
  async verifyAudit(): Promise<ChainReport> {
    // The anchor first, then every batch the journal has into LevelDB: the anchor is written once
    // its batch is in the journal, so after that wait it never names a record the snapshot lacks.
    const anchor = await readAnchor(this.anchorPath);
    await this.settled();
    const schema = (await this.meta.get("schema")) as { version: number };
    const scan = await scanStore(this.db, typeof anchor === "object" ? anchor : undefined);
    const checkpoints = await this.checkpointsOf(scan);
    const pending = this.pendingReplay;
    const problems = [
      ...(pending?.plan ? [`the journal holds records ${pending.plan.from} to ${pending.plan.to}, which the database does not have yet (the daemon stopped before writing them in): start the daemon once, and it writes them in and says so in a journal_replayed record`] : []),
      ...(pending?.stopped !== undefined ? [`the journal holds records that will not be written back: ${pending.stopped}`] : []),
      ...(pending?.differs !== undefined ? [`${pending.differs}: the audit log was changed after it was written, or the journal is another database's`] : []),
      ...problemsOf(scan, anchor, schema.version, this.anchorPath),
      ...checkpoints.problems,
    ];
    return { ok: problems.length === 0, records: scan.walker.count, head: { seq: scan.walker.last.seq, hash: scan.walker.last.hash }, problems, checkpoints: checkpoints.summary };
  }

  /** Audit records in order, for verification and export. */
  async *auditRecords(): AsyncGenerator<AuditRecord> {
    await this.settled();
    for await (const v of this.audit.values()) yield v as AuditRecord;
  }

  async close(): Promise<void> {
    this.closing = true;
    // Let queued transitions finish before the handle goes away.
    while (this.flushing || this.flushScheduled) await new Promise((r) => setTimeout(r, 5));
    await this.applying;
    await this.freeing;
    this.closeAnchor();
    this.journal.close();
    await this.db.close();
  }
}
