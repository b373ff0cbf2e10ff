// Signed checkpoints in-process: a KeyRing over a real Store and a simulated key reached through the
// byte path (CTAPHID over an in-memory HID transport, then CTAP2/CBOR, or U2F APDUs), so the
// assertion stored is exactly what such a key answers. Then the checker is attacked with whatever
// an attacker could put in a checkpoint record.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { KeyRing } from "../src/devices/keyring.js";
import { CtapHidDevice } from "../src/hw/ctaphid.js";
import { openSecurityKey } from "../src/hw/security-key.js";
import { MemoryTransport } from "../src/hw/transport.js";
import { approvalChallenge } from "../src/hw/webauthn.js";
import { SimFidoAuthenticator } from "../src/sim/fido-authenticator.js";
import type { AuditRecord } from "../src/store/audit.js";
import { CheckpointCollector, checkpointChallenge, es256PublicKey } from "../src/store/checkpoint.js";
import { Store } from "../src/store/store.js";

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function rig(u2fOnly: boolean): Promise<{ store: Store; ring: KeyRing; key: Awaited<ReturnType<typeof openSecurityKey>> }> {
  const dir = mkdtempSync(join(tmpdir(), "haltkey-checkpoint-"));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const store = await Store.open(join(dir, "db"));
  cleanup.push(() => store.close());
  const [host, device] = MemoryTransport.pair();
  const sim = new SimFidoAuthenticator({ u2fOnly });
  void new CtapHidDevice(device, sim.handler, sim.hidInfo).run();
  const key = await openSecurityKey(host, { random: (n) => new Uint8Array(randomBytes(n)), pollIntervalMs: 5 });
  cleanup.push(() => key.close());
  const ring = new KeyRing({ store, now: Date.now, randomBytes: (n) => new Uint8Array(randomBytes(n)) });
  return { store, ring, key };
}

async function records(store: Store): Promise<AuditRecord[]> {
  const out: AuditRecord[] = [];
  for await (const r of store.auditRecords()) out.push(r);
  return out;
}

describe("an approval touch signs the audit head", () => {
  for (const u2fOnly of [false, true]) {
    it(`${u2fOnly ? "a U2F-only key" : "a CTAP2 key"}: the stored assertion verifies, and the open and audit verify check it`, async () => {
      const { store, ring, key } = await rig(u2fOnly);
      const enrolled = await ring.enroll(key, "operator");
      await store.transition({}, [{ type: "something_happened", data: { n: 1 } }], Date.now());
      const head = { ...store.auditHead };
      const binding = approvalChallenge("8578f41b-dbaa-4ab6-9be0-df1c40baf379", new Uint8Array(32).fill(7));
      await ring.assertCheckpointed(key, binding, { purpose: "approve", request: "8578f41b-dbaa-4ab6-9be0-df1c40baf379" });
      const chain = await records(store);
      const cp = chain.find((r) => r.type === "audit_checkpoint_signed")!;
      expect(cp.data).toMatchObject({ v: 1, head, binding: Buffer.from(binding).toString("hex"), key: enrolled.id, request: "8578f41b-dbaa-4ab6-9be0-df1c40baf379" });
      const report = await store.verifyAudit();
      expect(report.problems).toEqual([]);
      expect(report.checkpoints).toEqual({ count: 1, last: { seq: cp.seq, head, key: enrolled.id, label: "operator", at: cp.ts }, unsigned: store.auditHead.seq - head.seq });
      // The public key the store verifies with is a P-256 key as enrolled.
      expect(es256PublicKey(Buffer.from(enrolled.publicKey, "base64url")).asymmetricKeyDetails).toMatchObject({ namedCurve: "prime256v1" });
    });
  }

  it("the challenge binds the request and the head: another head, seq or binding gives another challenge", () => {
    const b = new Uint8Array(32).fill(1);
    const h = { seq: 5, hash: "ab".repeat(32) };
    const c = Buffer.from(checkpointChallenge(b, h)).toString("hex");
    expect(Buffer.from(checkpointChallenge(b, { ...h, seq: 6 })).toString("hex")).not.toBe(c);
    expect(Buffer.from(checkpointChallenge(b, { ...h, hash: "ac".repeat(32) })).toString("hex")).not.toBe(c);
    expect(Buffer.from(checkpointChallenge(new Uint8Array(32).fill(2), h)).toString("hex")).not.toBe(c);
  });
});

describe("the checker under attack", () => {
  /** A checkpoint that holds, and what its chain needs, to mutate. */
  async function genuine(): Promise<{ chain: AuditRecord[]; keyJson: string[] }> {
    const { store, ring, key } = await rig(false);
    await ring.enroll(key, "operator");
    await ring.assertCheckpointed(key, new Uint8Array(32).fill(9), { purpose: "approve" });
    return { chain: await records(store), keyJson: ring.list().map((k) => JSON.stringify(k)) };
  }

  async function check(chain: AuditRecord[], keyJson: string[]): Promise<string[]> {
    const c = new CheckpointCollector();
    for (const r of chain) c.addRecord(r);
    for (const k of keyJson) c.addKeyEntry(k);
    const bySeq = new Map(chain.map((r) => [r.seq, r.hash]));
    return (await c.check(async (seq) => bySeq.get(seq), chain.at(-1)!.seq)).problems;
  }

  it("holds as written; any change to any member of its data is a problem, never an exception", async () => {
    const { chain, keyJson } = await genuine();
    expect(await check(chain, keyJson)).toEqual([]);
    const i = chain.findIndex((r) => r.type === "audit_checkpoint_signed");
    const data = chain[i]!.data;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("v", "head", "binding", "key", "authenticatorData", "clientDataJSON", "signature"), fc.anything(), async (member, value) => {
        fc.pre(JSON.stringify(value) !== JSON.stringify(data[member]));
        const forged = chain.map((r, n) => (n === i ? { ...r, data: { ...data, [member]: value } } : r));
        expect((await check(forged, keyJson)).length).toBe(1);
      }),
      { numRuns: 300 },
    );
  });

  it("one flipped bit anywhere in the signed bytes breaks it", async () => {
    const { chain, keyJson } = await genuine();
    const i = chain.findIndex((r) => r.type === "audit_checkpoint_signed");
    const data = chain[i]!.data as Record<string, string>;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("authenticatorData", "clientDataJSON", "signature"), fc.nat(), fc.integer({ min: 0, max: 7 }), async (member, at, bit) => {
        const bytes = Buffer.from(data[member]!, "base64url");
        bytes[at % bytes.length] ^= 1 << bit;
        const forged = chain.map((r, n) => (n === i ? { ...r, data: { ...data, [member]: bytes.toString("base64url") } } : r));
        expect(await check(forged, keyJson)).toHaveLength(1);
      }),
      { numRuns: 200 },
    );
  });

  it("a garbage public key for the signer is a problem, not a crash", async () => {
    const { chain, keyJson } = await genuine();
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 120 }), async (bytes) => {
        const id = (JSON.parse(keyJson[0]!) as { id: string }).id;
        const swapped = chain.map((r) => (r.type === "key_enrolled" ? { ...r, data: { ...r.data, publicKey: Buffer.from(bytes).toString("base64url") } } : r));
        const problems = await check(swapped, []);
        expect(problems).toHaveLength(1);
        expect(problems[0]).toMatch(new RegExp(`unusable|does not verify|${id.slice(0, 16)}`));
      }),
      { numRuns: 200 },
    );
  });
});
