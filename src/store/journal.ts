// The store's write-ahead journal: a transition is durable once its batch is in this file, written
// at a known offset of a file whose blocks already exist, opened with O_DSYNC. Such a write waits
// for the data alone (no file size, no LevelDB log and table work), about a third of what LevelDB's
// own fsync'd batch costs on the same disk (docs/performance.md). The batch then goes into LevelDB
// without an fsync, after the answer; at open, batches the journal holds past the database's audit
// head are written again (store.ts).
//
// Layout: two halves. Records are appended to one half; when it is full, appends go on in the other
// while the full half is freed in the background (store.ts: once LevelDB's files are fsync'd), so no
// transition waits for that. Each half: a 64-byte header (magic, generation), then records back to back:
//   magic "HKJR" | generation u32 | payload length u32 | last audit seq f64 | SHA-256 (first 16
//   bytes) of generation, length, seq and payload | payload
// and the payload: op count u32, then per op: type u8 (1 put, 2 del), key length u32, key (UTF-8),
// for a put value length u32 and value (UTF-8). The first record that does not check (wrong magic,
// an older generation, a length past the file, a hash that differs: a torn or never-written record)
// ends that half. Freeing a half writes a new generation into its header, so its old records, still
// in the file, no longer count. Both halves' records are read at open, in audit order. The hash finds torn writes; it is not a seal: the
// audit chain and the anchor, checked over the database after the journal is applied, are.
import { closeSync, constants, fstatSync, fsyncSync, openSync, readSync, writeSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname } from "node:path";

export type JournalOp = { type: "put"; key: string; value: string } | { type: "del"; key: string };
export interface JournalRecord {
  readonly ops: JournalOp[];
  /** The audit seq of the batch's last record: the batch is in the database iff the head has reached it. */
  readonly lastSeq: number;
}

/** 1 MiB: two halves of about 200 to 500 transitions each. */
export const JOURNAL_BYTES = 1024 * 1024;
const HEADER_BYTES = 64;
const RECORD_HEAD = 36;
const MAGIC_FILE = 0x484b4a31; // "HKJ1"
const MAGIC_RECORD = 0x484b4a52; // "HKJR"
const PUT = 1;
const DEL = 2;

export const journalPathOf = (dbDir: string): string => `${dbDir}.journal`;

export class JournalError extends Error {}

function digest16(head: Buffer, payload: Buffer): Buffer {
  return createHash("sha256").update(head.subarray(4, 20)).update(payload).digest().subarray(0, 16);
}

export function encodeRecord(generation: number, ops: readonly JournalOp[], lastSeq: number): Buffer {
  let size = 4;
  for (const op of ops) size += 5 + Buffer.byteLength(op.key) + (op.type === "put" ? 4 + Buffer.byteLength(op.value) : 0);
  const buf = Buffer.allocUnsafe(RECORD_HEAD + size);
  let at = RECORD_HEAD;
  at = buf.writeUInt32LE(ops.length, at);
  for (const op of ops) {
    at = buf.writeUInt8(op.type === "put" ? PUT : DEL, at);
    const k = buf.write(op.key, at + 4);
    buf.writeUInt32LE(k, at);
    at += 4 + k;
    if (op.type === "put") {
      const v = buf.write(op.value, at + 4);
      buf.writeUInt32LE(v, at);
      at += 4 + v;
    }
  }
  buf.writeUInt32LE(MAGIC_RECORD, 0);
  buf.writeUInt32LE(generation, 4);
  buf.writeUInt32LE(size, 8);
  buf.writeDoubleLE(lastSeq, 12);
  digest16(buf, buf.subarray(RECORD_HEAD)).copy(buf, 20);
  return buf;
}

/** The ops of a payload whose hash checked; throws on one that does not parse (written by no haltkey). */
function decodePayload(p: Buffer): JournalOp[] {
  const ops: JournalOp[] = [];
  const need = (at: number, n: number): void => {
    if (at + n > p.length) throw new JournalError("a journal record ends inside an op");
  };
  need(0, 4);
  const count = p.readUInt32LE(0);
  let at = 4;
  for (let i = 0; i < count; i++) {
    need(at, 5);
    const type = p.readUInt8(at);
    const kLen = p.readUInt32LE(at + 1);
    at += 5;
    need(at, kLen);
    const key = p.toString("utf8", at, at + kLen);
    at += kLen;
    if (type === DEL) {
      ops.push({ type: "del", key });
      continue;
    }
    if (type !== PUT) throw new JournalError(`a journal record holds an op of unknown type ${type}`);
    need(at, 4);
    const vLen = p.readUInt32LE(at);
    at += 4;
    need(at, vLen);
    ops.push({ type: "put", key, value: p.toString("utf8", at, at + vLen) });
    at += vLen;
  }
  if (at !== p.length) throw new JournalError("a journal record has bytes after its last op");
  return ops;
}

/** One half of the file: its own header (generation) at `base`, its records after it. */
interface Half {
  readonly base: number;
  generation: number;
  /** Where the next record goes: right after the header when the half holds none. */
  offset: number;
}

export class Journal {
  private active: 0 | 1;

  private constructor(
    private fd: number | undefined,
    private readonly halves: [Half, Half],
    private readonly halfBytes: number,
    /** The records read at open, both halves, in audit order (until taken). */
    private recovered: JournalRecord[],
    /** The half written last: appends go on there; the other may still hold records LevelDB needs. */
    active: 0 | 1,
  ) {
    this.active = active;
  }

  /**
   * Opens the journal beside the database, creating it (zero-filled to `bytes`, so that later writes
   * change no file size) if missing, and reads its valid records. `readOnly` (audit verify with no
   * daemon) creates and changes nothing; a missing journal then holds no records.
   */
  static open(path: string, opts: { readOnly?: boolean; bytes?: number } = {}): Journal {
    const bytes = opts.bytes ?? JOURNAL_BYTES;
    const halfBytes = Math.floor(bytes / 2);
    let fd: number;
    try {
      fd = openSync(path, opts.readOnly ? constants.O_RDONLY : constants.O_RDWR | constants.O_DSYNC);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      const empty = (base: number): Half => ({ base, generation: 0, offset: base + HEADER_BYTES });
      if (opts.readOnly) return new Journal(undefined, [empty(0), empty(halfBytes)], halfBytes, [], 0);
      fd = openSync(path, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | constants.O_DSYNC, 0o600);
      const zero = Buffer.alloc(2 * halfBytes);
      writeHeader(zero, 0, 1);
      writeHeader(zero, halfBytes, 1);
      writeSync(fd, zero, 0, zero.length, 0);
      fsyncSync(fd);
      syncDirectory(dirname(path));
    }
    try {
      const size = fstatSync(fd).size;
      if (size !== 2 * halfBytes) throw new JournalError(`${path} is not a haltkey journal (${size} bytes, not ${2 * halfBytes})`);
      const halves = [0, halfBytes].map((base) => readHalf(fd, path, base, halfBytes)) as [{ half: Half; records: JournalRecord[] }, { half: Half; records: JournalRecord[] }];
      const recovered = [...halves[0].records, ...halves[1].records].sort((a, b) => a.lastSeq - b.lastSeq);
      const lastOf = (k: 0 | 1): number => halves[k].records.at(-1)?.lastSeq ?? 0;
      return new Journal(fd, [halves[0].half, halves[1].half], halfBytes, recovered, lastOf(1) > lastOf(0) ? 1 : 0);
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  }

  /** The records read at open, in audit order; the journal keeps no copy. */
  takeRecovered(): JournalRecord[] {
    const r = this.recovered;
    this.recovered = [];
    return r;
  }

  /** Whether a record fits after the active half's last one. */
  fits(record: Buffer): boolean {
    const h = this.halves[this.active];
    return h.offset + record.length <= h.base + this.halfBytes;
  }

  /** A record of these ops for the active half. */
  encode(ops: readonly JournalOp[], lastSeq: number): Buffer {
    return encodeRecord(this.halves[this.active].generation, ops, lastSeq);
  }

  /**
   * Writes one record (from `encode`) after the active half's last; returns once it is on the disk
   * (O_DSYNC). Synchronous, on purpose: through the thread pool the same write waited behind
   * LevelDB's own work there, about 60 µs more at the median and milliseconds more in the tail
   * (docs/performance.md); transitions that arrive meanwhile share the next record (group commit).
   */
  append(record: Buffer): void {
    if (this.fd === undefined) throw new JournalError("the journal is closed or read-only");
    if (!this.fits(record)) throw new JournalError("the journal's half is full");
    const h = this.halves[this.active];
    const written = writeSync(this.fd, record, 0, record.length, h.offset);
    if (written !== record.length) throw new JournalError(`the journal took ${written} of a record's ${record.length} bytes`);
    h.offset += record.length;
  }

  /** The half not being appended to holds records (until `free`). */
  get otherHolds(): boolean {
    const other = this.halves[this.other];
    return other.offset > other.base + HEADER_BYTES;
  }

  /**
   * Appends go to the other half from now on; it must be free (store.ts frees it first). Returns the
   * half that was active, for `free` once the database holds its records durably.
   */
  switchHalves(): 0 | 1 {
    if (this.otherHolds) throw new JournalError("the journal's other half still holds records");
    const full = this.active;
    this.active = full === 0 ? 1 : 0;
    return full;
  }

  /** The inactive half's index. */
  get other(): 0 | 1 {
    return this.active === 0 ? 1 : 0;
  }

  /**
   * Empties a half: a new generation in its header, written durably, so its records no longer count.
   * Only once the database holds every one of them durably (store.ts makes sure).
   */
  free(index: 0 | 1): void {
    if (this.fd === undefined) throw new JournalError("the journal is closed or read-only");
    if (index === this.active) throw new JournalError("the journal's active half cannot be freed");
    const h = this.halves[index];
    const header = Buffer.alloc(HEADER_BYTES);
    h.generation = (h.generation + 1) >>> 0 || 1;
    writeHeader(header, 0, h.generation);
    writeSync(this.fd, header, 0, HEADER_BYTES, h.base);
    h.offset = h.base + HEADER_BYTES;
  }

  /** Empties both halves (a new database: records left from one deleted are not its own). */
  freeAll(): void {
    this.free(this.other);
    this.switchHalves();
    this.free(this.other);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

function writeHeader(buf: Buffer, at: number, generation: number): void {
  buf.writeUInt32LE(MAGIC_FILE, at);
  buf.writeUInt32LE(generation, at + 4);
}

function readHalf(fd: number, path: string, base: number, halfBytes: number): { half: Half; records: JournalRecord[] } {
  const header = Buffer.alloc(HEADER_BYTES);
  if (readSync(fd, header, 0, HEADER_BYTES, base) !== HEADER_BYTES || header.readUInt32LE(0) !== MAGIC_FILE) {
    throw new JournalError(`${path} is not a haltkey journal (a header is missing or wrong)`);
  }
  const generation = header.readUInt32LE(4);
  const records: JournalRecord[] = [];
  const end = base + halfBytes;
  let at = base + HEADER_BYTES;
  const head = Buffer.alloc(RECORD_HEAD);
  for (;;) {
    if (at + RECORD_HEAD > end || readSync(fd, head, 0, RECORD_HEAD, at) !== RECORD_HEAD) break;
    if (head.readUInt32LE(0) !== MAGIC_RECORD || head.readUInt32LE(4) !== generation) break;
    const len = head.readUInt32LE(8);
    if (at + RECORD_HEAD + len > end) break;
    const payload = Buffer.alloc(len);
    if (readSync(fd, payload, 0, len, at + RECORD_HEAD) !== len) break;
    if (!digest16(head, payload).equals(head.subarray(20, 36))) break;
    records.push({ ops: decodePayload(payload), lastSeq: head.readDoubleLE(12) });
    at += RECORD_HEAD + len;
  }
  return { half: { base, generation, offset: at }, records };
}

/** fsync of a directory, so that a file created or renamed in it survives a power loss. */
export function syncDirectory(dir: string): void {
  const fd = openSync(dir, constants.O_RDONLY);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
