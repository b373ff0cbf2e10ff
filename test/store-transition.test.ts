// The store's transition writes each value once, as the JSON text its state digest hashed, and its
// hashes are the ones `audit verify` recomputes: the audit record hash is SHA-256 of canonicalJson
// over the record's members, the state digest the per-sublevel sum of SHA-256 over sublevel, key
// and stored JSON. Both are checked here against those definitions written out naively, on
// arbitrary values, and against what a second process reading the files finds.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { Level } from "level";
import { afterEach, describe, expect, it } from "vitest";
import { canonicalJson } from "../src/core/canonical-json.js";
import type { ExecutionRecord } from "../src/core/records.js";
import { chainRecord, GENESIS_HASH, recordHash, type AuditRecord } from "../src/store/audit.js";
import { GUARDED_SUBLEVELS, StateDigest, summaryDigest, type GuardedSublevel } from "../src/store/state-digest.js";
import { Store } from "../src/store/store.js";

const sha256 = (s: string): string => createHash("sha256").update(s).digest("hex");

/** The record hash as defined: canonical JSON of the eight members, undefined ones dropped. */
const referenceRecordHash = (r: Omit<AuditRecord, "hash">): string =>
  sha256(canonicalJson({ seq: r.seq, ts: r.ts, type: r.type, agent: r.agent, session: r.session, data: r.data, prev: r.prev, state: r.state }));

/** The state digest as defined, recomputed from scratch over the entries as they stand. */
function referenceDigest(entries: Map<string, { sublevel: GuardedSublevel; key: string; json: string }>): string {
  const h = createHash("sha256");
  for (const name of GUARDED_SUBLEVELS) {
    let sum = 0n;
    let count = 0;
    for (const e of entries.values()) {
      if (e.sublevel !== name) continue;
      sum = (sum + BigInt(`0x${createHash("sha256").update(e.sublevel).update("\0").update(e.key).update("\0").update(e.json).digest("hex")}`)) % (1n << 256n);
      count++;
    }
    h.update(`${name}:${count}:${sum.toString(16).padStart(64, "0")};`);
  }
  return h.digest("hex");
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const json = fc.jsonValue({ maxDepth: 3 });

describe("audit record hash", () => {
  it("is SHA-256 of the canonical JSON of its members, whatever they hold (as read back from disk, tampered or not)", () => {
    fc.assert(
      fc.property(
        fc.record(
          { seq: fc.oneof(fc.nat(), json), ts: fc.oneof(fc.string(), json), type: fc.string(), agent: fc.oneof(fc.string(), json), session: fc.string(), data: fc.dictionary(fc.string(), json), prev: fc.string(), state: fc.string() },
          { requiredKeys: ["seq", "ts", "type", "data", "prev"] },
        ),
        (r) => {
          expect(recordHash(r as Omit<AuditRecord, "hash">)).toBe(referenceRecordHash(r as Omit<AuditRecord, "hash">));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("chainRecord links to the head and hashes what it returns", () => {
    const r = chainRecord({ seq: 4, hash: GENESIS_HASH }, { type: "step_evaluated", agent: "a", data: { hint: "ls", factors: ["x", "y"], nested: { b: 1, a: [null, true] } } }, "2026-11-24T00:00:00.000Z", "f".repeat(64));
    const { hash, ...rest } = r;
    expect(r.seq).toBe(5);
    expect(r.prev).toBe(GENESIS_HASH);
    expect(hash).toBe(referenceRecordHash(rest));
  });
});

describe("state digest", () => {
  it("after any sequence of puts and deletes equals the digest recomputed from the entries, and the summary is read only once per change", () => {
    const op = fc.record({ sublevel: fc.constantFrom(...GUARDED_SUBLEVELS), key: fc.constantFrom("a", "b", "c", "ü!", ""), value: fc.option(json, { nil: undefined }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const digest = new StateDigest();
        const entries = new Map<string, { sublevel: GuardedSublevel; key: string; json: string }>();
        for (const o of ops) {
          const text = o.value === undefined ? undefined : JSON.stringify(o.value);
          digest.set(o.sublevel, o.key, text);
          if (text === undefined) entries.delete(`${o.sublevel}\0${o.key}`);
          else entries.set(`${o.sublevel}\0${o.key}`, { sublevel: o.sublevel, key: o.key, json: text });
          // Asked between changes too: a summary built once must not go stale on the next change.
          if (o.key === "a") expect(digest.digest()).toBe(referenceDigest(entries));
        }
        expect(digest.digest()).toBe(referenceDigest(entries));
        expect(summaryDigest(digest.summary())).toBe(digest.digest());
      }),
      { numRuns: 200 },
    );
  });
});

describe("Store.transition", () => {
  it("stores each value as the JSON text the digest hashed, and the chain, head and digest verify after a reopen", async () => {
    const dir = mkdtempSync(join(tmpdir(), "haltkey-store-"));
    dirs.push(dir);
    const db = join(dir, "db");
    const store = await Store.open(db);
    const exec = (i: number): ExecutionRecord => ({ id: `e${i % 3}`, agent: "a", sessionId: "s", startedAt: 1, lastStepAt: i, steps: i, autonomousSteps: i, maxAutonomousSteps: 10 });
    // Concurrent transitions share batches; every one resolves with its own records, in order.
    const done = await Promise.all(
      Array.from({ length: 40 }, (_, i) => store.transition({ putExecutions: [exec(i)], ...(i % 7 === 6 ? { delExecutions: ["e0"] } : {}) }, i % 5 === 4 ? [] : [{ type: "step", agent: "a", data: { i } }], 1_700_000_000_000 + i)),
    );
    expect(done.flat().map((r) => r.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // Group commit: the 40 were queued in one turn of the event loop, and the journal record is
    // written on the next (setImmediate, no timer): one record for all of them.
    expect(store.stats).toEqual({ batches: 1, transitions: 40 });
    expect((await store.verifyAudit()).problems).toEqual([]);
    await store.close();

    // What is on disk, read as bytes: the head names the last record, the values are plain JSON.
    const raw = new Level<string, string>(db, { valueEncoding: "utf8" });
    await raw.open();
    const head = JSON.parse((await raw.get("!meta!audit_head"))!) as { seq: number; hash: string; state: Record<string, { count: number }> };
    expect(head.seq).toBe(40);
    expect(head.state.executions!.count).toBe(3);
    const e2 = await raw.get("!executions!e2");
    expect(e2).toBe(JSON.stringify(exec(38)));
    const last = JSON.parse((await raw.get("!audit!0000000000000040"))!) as AuditRecord;
    expect(last.hash).toBe(head.hash);
    await raw.close();

    const again = await Store.open(db);
    const report = await again.verifyAudit();
    expect(report).toMatchObject({ ok: true, records: 40, problems: [] });
    await again.close();
  });

  it("a value changed on disk behind the store's back is refused at the next open", async () => {
    const dir = mkdtempSync(join(tmpdir(), "haltkey-store-"));
    dirs.push(dir);
    const db = join(dir, "db");
    const store = await Store.open(db);
    await store.transition({ putExecutions: [{ id: "e", agent: "a", sessionId: "s", startedAt: 1, lastStepAt: 1, steps: 1, autonomousSteps: 1, maxAutonomousSteps: 10 }] }, [{ type: "step", data: {} }], 1);
    await store.close();
    const raw = new Level<string, string>(db, { valueEncoding: "utf8" });
    await raw.open();
    await raw.put("!executions!e", JSON.stringify({ id: "e", agent: "a", sessionId: "s", startedAt: 1, lastStepAt: 1, steps: 1, autonomousSteps: 0, maxAutonomousSteps: 10 }));
    await raw.close();
    await expect(Store.open(db)).rejects.toThrow(/executions \(entries changed\)/);
  });
});
