// The store's journal (src/store/journal.ts): a transition is durable once its batch is in the
// journal, and LevelDB gets it afterwards without an fsync. What LevelDB can lose (a process killed
// between the two writes, or its unsynced writes lost with the power) is modelled here exactly:
// the database directory put back as it was before the last transitions, the journal kept. Then
// the journal is attacked: bytes flipped, records cut or torn, the header replaced, records that
// belong to another chain.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Level } from "level";
import { encodeRecord, Journal, JOURNAL_BYTES, journalPathOf } from "../src/store/journal.js";
import { Store } from "../src/store/store.js";
import type { BlockRecord } from "../src/core/records.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "hk-journal-"));
  dirs.push(d);
  return d;
}

const block = (id: string): BlockRecord => ({ id, agent: "a", sessionId: "s", reason: "r", hint: "h".repeat(200), actionDigest: "d", createdAt: 1 }) as BlockRecord;

/** `n` transitions, each putting a block and saying so, one at a time. */
async function steps(store: Store, from: number, n: number): Promise<void> {
  for (let i = from; i < from + n; i++) await store.transition({ putBlocks: [block(`b${i}`)] }, [{ type: "agent_blocked", agent: "a", data: { i } }], 1_000 + i);
}

async function typesOf(store: Store): Promise<string[]> {
  const out: string[] = [];
  for await (const r of store.auditRecords()) out.push(r.type);
  return out;
}

describe("the journal file", () => {
  it("is created 0600, zero-filled to its size, and reads back what was appended, in order", async () => {
    const dir = tempDir();
    const path = join(dir, "j");
    const j = Journal.open(path, { bytes: 64 * 1024 });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(path).size).toBe(64 * 1024);
    j.append(j.encode([{ type: "put", key: "!blocks!x", value: '{"a":"é"}' }, { type: "del", key: "!rate!y" }], 3));
    j.append(j.encode([{ type: "put", key: "!audit!4", value: "{}" }], 4));
    j.close();
    const again = Journal.open(path, { bytes: 64 * 1024 });
    expect(again.takeRecovered()).toEqual([
      { ops: [{ type: "put", key: "!blocks!x", value: '{"a":"é"}' }, { type: "del", key: "!rate!y" }], lastSeq: 3 },
      { ops: [{ type: "put", key: "!audit!4", value: "{}" }], lastSeq: 4 },
    ]);
    again.close();
    expect(statSync(path).size).toBe(64 * 1024);
  });

  it("ends at a torn or flipped record; the next append writes over it", async () => {
    const dir = tempDir();
    const path = join(dir, "j");
    const j = Journal.open(path, { bytes: 8192 });
    const first = j.encode([{ type: "put", key: "k1", value: "v1" }], 1);
    const second = j.encode([{ type: "put", key: "k2", value: "v2" }], 2);
    j.append(first);
    j.append(second);
    j.close();
    // One byte of the second record's value flipped: its hash no longer checks.
    const bytes = readFileSync(path);
    const at = 64 + first.length + second.length - 1;
    bytes[at] = bytes[at]! ^ 0xff;
    writeFileSync(path, bytes);
    const torn = Journal.open(path, { bytes: 8192 });
    expect(torn.takeRecovered().map((r) => r.lastSeq)).toEqual([1]);
    torn.append(torn.encode([{ type: "put", key: "k3", value: "v3" }], 3));
    torn.close();
    expect(Journal.open(path, { bytes: 8192 }).takeRecovered().map((r) => r.lastSeq)).toEqual([1, 3]);
  });

  it("two halves: records of both are read in audit order; appends go on in the half written last; a freed half's records no longer count", async () => {
    const dir = tempDir();
    const path = join(dir, "j");
    const put = (k: string) => [{ type: "put" as const, key: k, value: "v" }];
    const j = Journal.open(path, { bytes: 8192 });
    j.append(j.encode(put("k1"), 1));
    j.append(j.encode(put("k2"), 2));
    expect(j.switchHalves()).toBe(0);
    j.append(j.encode(put("k3"), 3));
    // The full half is still held: a second switch is refused until it is freed.
    expect(() => j.switchHalves()).toThrow(/other half still holds records/);
    j.close();
    // A crash before the full half was freed: both halves count.
    const again = Journal.open(path, { bytes: 8192 });
    expect(again.takeRecovered().map((r) => r.lastSeq)).toEqual([1, 2, 3]);
    expect(again.otherHolds).toBe(true);
    again.append(again.encode(put("k4"), 4));
    expect(() => again.free(again.other === 0 ? 1 : 0)).toThrow(/active half cannot be freed/);
    again.free(again.other);
    again.close();
    const third = Journal.open(path, { bytes: 8192 });
    expect(third.takeRecovered().map((r) => r.lastSeq)).toEqual([3, 4]);
    expect(third.otherHolds).toBe(false);
    third.close();
  });

  it("refuses a file that is not a journal, and a record of a generation it is not at", async () => {
    const dir = tempDir();
    const path = join(dir, "j");
    writeFileSync(path, Buffer.alloc(4096, 0x41));
    expect(() => Journal.open(path)).toThrow(/not a haltkey journal \(4096 bytes/);
    writeFileSync(path, Buffer.alloc(JOURNAL_BYTES, 0x41));
    expect(() => Journal.open(path)).toThrow(/not a haltkey journal \(a header is missing or wrong\)/);
    const other = join(dir, "k");
    const j = Journal.open(other, { bytes: 8192 });
    j.close();
    // A record written for generation 7 at the first record's place: not this journal's.
    const bytes = readFileSync(other);
    encodeRecord(7, [{ type: "put", key: "k", value: "v" }], 1).copy(bytes, 64);
    writeFileSync(other, bytes);
    expect(Journal.open(other, { bytes: 8192 }).takeRecovered()).toEqual([]);
  });

  it("a record with a valid hash but ops that do not parse is refused, not half-applied", () => {
    const dir = tempDir();
    const path = join(dir, "j");
    Journal.open(path, { bytes: 8192 }).close();
    const good = encodeRecord(1, [{ type: "put", key: "k", value: "v" }], 1);
    // Op type 9, hash recomputed by re-encoding around it: build the record by hand.
    const bad = Buffer.from(good);
    bad[36 + 4] = 9;
    createHash("sha256").update(bad.subarray(4, 20)).update(bad.subarray(36)).digest().subarray(0, 16).copy(bad, 20);
    const bytes = readFileSync(path);
    bad.copy(bytes, 64);
    writeFileSync(path, bytes);
    expect(() => Journal.open(path, { bytes: 8192 })).toThrow(/unknown type 9/);
  });
});

describe("the store with its journal", () => {
  it("writes the journal beside the database, 0600, and reads see every acknowledged transition at once", async () => {
    const dir = join(tempDir(), "db");
    const store = await Store.open(dir);
    expect(statSync(journalPathOf(dir)).mode & 0o777).toBe(0o600);
    expect(statSync(journalPathOf(dir)).size).toBe(JOURNAL_BYTES);
    await steps(store, 0, 3);
    // No wait between the answer and the read: the read waits for LevelDB.
    expect((await typesOf(store)).filter((t) => t === "agent_blocked")).toHaveLength(3);
    expect((await store.load()).blocks.map((b) => b.id).sort()).toEqual(["b0", "b1", "b2"]);
    await store.close();
  });

  it("what LevelDB lost (the directory put back as it was) is written back from the journal, checked, and said in the chain", async () => {
    const base = tempDir();
    const dir = join(base, "db");
    const first = await Store.open(dir);
    await steps(first, 0, 5);
    await first.close();
    cpSync(dir, join(base, "before"), { recursive: true });
    const second = await Store.open(dir);
    await steps(second, 5, 7);
    const head = second.auditHead;
    await second.close();
    // LevelDB's last batches never reached the disk; the journal and the anchor did.
    rmSync(dir, { recursive: true });
    cpSync(join(base, "before"), dir, { recursive: true });
    const third = await Store.open(dir);
    expect((await third.verifyAudit()).ok).toBe(true);
    expect(third.auditHead.seq).toBe(head.seq + 1);
    expect((await third.load()).blocks).toHaveLength(12);
    const records: Array<{ type: string; data: Record<string, unknown> }> = [];
    for await (const r of third.auditRecords()) records.push(r);
    expect(records.at(-1)).toMatchObject({ type: "journal_replayed", data: { to: head.seq, batches: expect.any(Number) } });
    await third.close();
  });

  it("goes on in the other half when one is full, frees the full one once LevelDB's files are fsync'd, and a reopen finds every transition (a batch larger than a half goes straight to LevelDB)", async () => {
    const base = tempDir();
    const dir = join(base, "db");
    const store = await Store.open(dir, Date.now, { journalBytes: 8 * 1024 });
    // About 700 bytes a transition: 4 KB halves switch many times; the 20 at once make one batch of
    // about 14 KB, more than a half.
    await steps(store, 0, 60);
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.transition({ putBlocks: [block(`c${i}`)] }, [{ type: "agent_blocked", agent: "a", data: { i } }], 5_000 + i)));
    const head = store.auditHead;
    await store.close();
    const again = await Store.open(dir, Date.now, { journalBytes: 8 * 1024 });
    expect(again.auditHead).toEqual(head);
    expect((await again.verifyAudit()).ok).toBe(true);
    expect((await again.load()).blocks).toHaveLength(80);
    await again.close();
  });

  it("an older database whose missing records the journal no longer holds (it started over since) is refused, not half-replayed", async () => {
    const base = tempDir();
    const dir = join(base, "db");
    const first = await Store.open(dir, Date.now, { journalBytes: 8 * 1024 });
    await steps(first, 0, 3);
    await first.close();
    cpSync(dir, join(base, "before"), { recursive: true });
    const second = await Store.open(dir, Date.now, { journalBytes: 8 * 1024 });
    await steps(second, 3, 40);
    await second.close();
    rmSync(dir, { recursive: true });
    cpSync(join(base, "before"), dir, { recursive: true });
    await expect(Store.open(dir, Date.now, { journalBytes: 8 * 1024 })).rejects.toThrow(/an older copy of the database was put back/);
  });

  it("a flipped byte in the journal's last record loses that record: the anchor, ahead of the database, refuses the store", async () => {
    const base = tempDir();
    const dir = join(base, "db");
    const first = await Store.open(dir);
    await steps(first, 0, 2);
    await first.close();
    cpSync(dir, join(base, "before"), { recursive: true });
    const second = await Store.open(dir);
    await steps(second, 2, 1);
    await second.close();
    rmSync(dir, { recursive: true });
    cpSync(join(base, "before"), dir, { recursive: true });
    const path = journalPathOf(dir);
    const bytes = readFileSync(path);
    // The journal was emptied when `second` opened, so it holds its one record alone: flip a byte
    // inside it (its magic is "HKJR", little-endian).
    // (Records of the first store's run are still in the file, of a generation that no longer counts: the one for seq 3 is the live one.)
    let at = -1;
    for (let k = bytes.indexOf(Buffer.from("RJKH", "latin1")); k >= 0; k = bytes.indexOf(Buffer.from("RJKH", "latin1"), k + 1)) if (bytes.readDoubleLE(k + 12) === 3) at = k;
    expect(at).toBeGreaterThan(0);
    const before = Journal.open(path, { readOnly: true });
    expect(before.takeRecovered().map((r) => r.lastSeq)).toEqual([3]);
    before.close();
    bytes[at + 40] = bytes[at + 40]! ^ 0x01;
    writeFileSync(path, bytes);
    const after = Journal.open(path, { readOnly: true });
    expect(after.takeRecovered()).toEqual([]);
    after.close();
    await expect(Store.open(dir)).rejects.toThrow(/an older copy of the database was put back|records were cut from the end/);
  });

  it("a journal replaced by garbage is refused at open; a journal deleted is made anew and the anchor still guards the chain", async () => {
    const dir = join(tempDir(), "db");
    const store = await Store.open(dir);
    await steps(store, 0, 2);
    await store.close();
    const path = journalPathOf(dir);
    writeFileSync(path, Buffer.alloc(JOURNAL_BYTES, 0x20));
    await expect(Store.open(dir)).rejects.toThrow(/cannot read the journal .*not a haltkey journal/);
    rmSync(path);
    const again = await Store.open(dir);
    expect(existsSync(path)).toBe(true);
    expect((await again.verifyAudit()).ok).toBe(true);
    await again.close();
  });

  it("a journal write that fails fails the store: that transition and every later one are refused", async () => {
    const dir = join(tempDir(), "db");
    const store = await Store.open(dir);
    await steps(store, 0, 1);
    (store as unknown as { journal: Journal }).journal.close();
    await expect(steps(store, 1, 1)).rejects.toThrow(/store write failed: the journal is closed/);
    expect(store.failed).toBeDefined();
    await expect(steps(store, 2, 1)).rejects.toThrow(/store failed earlier/);
    await store.close().catch(() => undefined);
  });

  it("kill -9 of a second process writing as fast as it can loses nothing it had acknowledged", async () => {
    const base = tempDir();
    const dir = join(base, "db");
    const script = join(base, "writer.mjs");
    const storeUrl = new URL("../dist/src/store/store.js", import.meta.url).href;
    writeFileSync(
      script,
      `import { Store } from ${JSON.stringify(storeUrl)};
const store = await Store.open(${JSON.stringify(dir)}, Date.now, { journalBytes: 16 * 1024 });
for (let i = 0; ; i++) {
  const [r] = await store.transition({ putBlocks: [{ id: "b" + i, agent: "a", sessionId: "s", reason: "r", hint: "h", actionDigest: "d", createdAt: 1 }] }, [{ type: "agent_blocked", agent: "a", data: { i } }], 1000 + i);
  process.stdout.write(r.seq + "\\n");
}`,
    );
    const child = spawn(process.execPath, [script], { stdio: ["ignore", "pipe", "inherit"] });
    let acked = 0;
    await new Promise<void>((resolve, reject) => {
      child.on("exit", (code) => reject(new Error(`the writer exited (${code}) before the kill`)));
      child.stdout.on("data", (d: Buffer) => {
        for (const line of d.toString().split("\n")) if (line) acked = Math.max(acked, Number(line));
        // Past several journal restarts, then killed wherever it is.
        if (acked >= 300) {
          child.removeAllListeners("exit");
          child.kill("SIGKILL");
          child.on("exit", () => resolve());
        }
      });
    });
    const store = await Store.open(dir, Date.now, { journalBytes: 16 * 1024 });
    expect((await store.verifyAudit()).ok).toBe(true);
    expect(store.auditHead.seq).toBeGreaterThanOrEqual(acked);
    const ids = new Set((await store.load()).blocks.map((b) => b.id));
    for (let i = 0; i < acked; i++) expect(ids.has(`b${i}`)).toBe(true);
    await store.close();
  });
});

describe("the journal after the review (review20.md)", () => {
  const auditKey = (seq: number): string => `!audit!${String(seq).padStart(16, "0")}`;
  async function records(dir: string, journalBytes?: number): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
    const store = await Store.open(dir, Date.now, { inspectOnly: true, ...(journalBytes !== undefined ? { journalBytes } : {}) });
    const out: Array<{ type: string; data: Record<string, unknown> }> = [];
    for await (const r of store.auditRecords()) out.push(r);
    await store.close();
    return out;
  }

  it("a hole in the middle of what LevelDB kept (a power loss writes pages out of order) is filled from the journal", async () => {
    const dir = join(tempDir(), "db");
    const first = await Store.open(dir);
    await steps(first, 0, 10);
    const head = first.auditHead;
    await first.close();
    // Batch 4 (record 4, block b3) lost; the later ones, and the head, kept.
    const db = new Level<string, string>(dir, { valueEncoding: "utf8" });
    await db.batch([{ type: "del", key: auditKey(4) }, { type: "del", key: "!blocks!b3" }]);
    await db.close();
    const again = await Store.open(dir);
    expect((await again.verifyAudit()).ok).toBe(true);
    expect((await again.load()).blocks).toHaveLength(10);
    expect(again.auditHead.seq).toBe(head.seq + 1);
    await again.close();
    expect((await records(dir)).at(-1)).toMatchObject({ type: "journal_replayed", data: { from: 4, to: head.seq } });
  });

  it("a record the database has with other content is not written over: the edit is refused, not healed", async () => {
    const dir = join(tempDir(), "db");
    const first = await Store.open(dir);
    await steps(first, 0, 5);
    await first.close();
    const db = new Level<string, string>(dir, { valueEncoding: "utf8" });
    const r3 = JSON.parse((await db.get(auditKey(3)))!) as Record<string, unknown>;
    await db.put(auditKey(3), JSON.stringify({ ...r3, data: { i: 99 } }));
    await db.close();
    await expect(Store.open(dir)).rejects.toThrow(/record 3: content does not match its hash/);
  });

  it("a journal whose copy of a record differs from the database's (a rewrite, or another database's journal) is refused, and reported by verify", async () => {
    const base = tempDir();
    const a = join(base, "a", "db");
    const b = join(base, "b", "db");
    const storeA = await Store.open(a);
    await steps(storeA, 0, 6);
    await storeA.close();
    const storeB = await Store.open(b);
    await steps(storeB, 100, 6);
    await storeB.close();
    // B's database and anchor beside A's journal: the same record numbers, other records.
    cpSync(journalPathOf(a), journalPathOf(b));
    await expect(Store.open(b)).rejects.toThrow(/audit record \d+ differs from the journal's copy of it: .*move the journal aside if it is not this database's/);
    const inspect = await Store.open(b, Date.now, { inspectOnly: true });
    expect((await inspect.verifyAudit()).problems).toEqual([expect.stringMatching(/differs from the journal's copy of it/)]);
    await inspect.close();
    // Moved aside, B opens as it was.
    rmSync(journalPathOf(b));
    const opened = await Store.open(b);
    expect((await opened.verifyAudit()).ok).toBe(true);
    await opened.close();
  });

  it("a database and anchor put back from before the journal's records: they are not written back, that is said, and nothing stale is left for later", async () => {
    const base = tempDir();
    const dir = join(base, "db");
    const first = await Store.open(dir, Date.now, { journalBytes: 8 * 1024 });
    await steps(first, 0, 2);
    await first.close();
    cpSync(dir, join(base, "before"), { recursive: true });
    cpSync(`${dir}.anchor`, join(base, "before.anchor"));
    const second = await Store.open(dir, Date.now, { journalBytes: 8 * 1024 });
    // Enough that the journal frees its half: its records start after the backup's last one.
    await steps(second, 2, 20);
    await second.close();
    rmSync(dir, { recursive: true });
    cpSync(join(base, "before"), dir, { recursive: true });
    cpSync(join(base, "before.anchor"), `${dir}.anchor`);
    const restored = await Store.open(dir, Date.now, { journalBytes: 8 * 1024 });
    await steps(restored, 300, 3);
    const head = restored.auditHead;
    await restored.close();
    const types = (await records(dir, 8 * 1024)).map((r) => r.type);
    expect(types).toContain("journal_not_replayed");
    // The journal holds the restored store's own records only, after the one that said so.
    const journal = Journal.open(journalPathOf(dir), { readOnly: true, bytes: 8 * 1024 });
    const held = journal.takeRecovered();
    expect(held.at(-1)!.lastSeq).toBe(head.seq);
    for (const batch of held) {
      const audit = batch.ops.find((op) => op.type === "put" && op.key.startsWith("!audit!"));
      const record = JSON.parse((audit as { value: string }).value) as { type: string; data: { i?: number } };
      expect(record.type === "journal_not_replayed" || (record.data.i ?? 0) >= 300, JSON.stringify(record)).toBe(true);
    }
    journal.close();
  });

  it("audit verify with no daemon writes nothing: it names the records the daemon will write back, which the daemon then does", async () => {
    const base = tempDir();
    const dir = join(base, "db");
    const first = await Store.open(dir);
    await steps(first, 0, 3);
    await first.close();
    cpSync(dir, join(base, "before"), { recursive: true });
    const second = await Store.open(dir);
    await steps(second, 3, 2);
    await second.close();
    rmSync(dir, { recursive: true });
    cpSync(join(base, "before"), dir, { recursive: true });
    const inspect = await Store.open(dir, Date.now, { inspectOnly: true });
    const report = await inspect.verifyAudit();
    await inspect.close();
    expect(report.ok).toBe(false);
    expect(report.problems[0]).toMatch(/^the journal holds records 4 to 5, which the database does not have yet/);
    expect(report.head.seq).toBe(3);
    const daemon = await Store.open(dir);
    expect((await daemon.verifyAudit()).ok).toBe(true);
    await daemon.close();
    expect((await records(dir)).map((r) => r.type)).toContain("journal_replayed");
  });

  it("a forged journal batch is checked before anything is written: the database it was put beside still opens once it is gone", async () => {
    const dir = join(tempDir(), "db");
    const first = await Store.open(dir);
    await steps(first, 0, 3);
    const head = first.auditHead;
    await first.close();
    // A record that follows the head (seq, prev) but whose hash is made up, and that deletes a block.
    const forged = { seq: head.seq + 1, ts: new Date(0).toISOString(), type: "agent_unblocked", data: {}, prev: head.hash, hash: "f".repeat(64) };
    const j = Journal.open(journalPathOf(dir));
    j.append(j.encode([{ type: "del", key: "!blocks!b0" }, { type: "put", key: auditKey(forged.seq), value: JSON.stringify(forged) }, { type: "put", key: "!meta!audit_head", value: JSON.stringify({ seq: forged.seq, hash: forged.hash }) }], forged.seq));
    j.close();
    const inspect = await Store.open(dir, Date.now, { inspectOnly: true });
    expect((await inspect.verifyAudit()).problems).toEqual([expect.stringMatching(/^the journal holds records that will not be written back: the journal's record \d+: content does not match its hash/)]);
    await inspect.close();
    const opened = await Store.open(dir);
    expect((await opened.load()).blocks.map((x) => x.id)).toContain("b0");
    expect((await opened.verifyAudit()).ok).toBe(true);
    await opened.close();
  });

  it("audit verify while transitions are written never sees the anchor ahead of the database", async () => {
    const dir = join(tempDir(), "db");
    const store = await Store.open(dir);
    let stop = false;
    const writer = (async () => {
      for (let i = 0; !stop; i++) await store.transition({ putBlocks: [block(`w${i % 50}`)] }, [{ type: "agent_blocked", agent: "a", data: { i } }], 1_000 + i);
    })();
    const bad: string[] = [];
    for (let k = 0; k < 30; k++) {
      const r = await store.verifyAudit();
      if (!r.ok) bad.push(r.problems[0]!);
    }
    stop = true;
    await writer;
    await store.close();
    expect(bad).toEqual([]);
  });

  it("no transition is taken once close() has begun", async () => {
    const dir = join(tempDir(), "db");
    const store = await Store.open(dir);
    await steps(store, 0, 1);
    const closing = store.close();
    await expect(steps(store, 1, 1)).rejects.toThrow(/the store is closing/);
    await closing;
  });
});
