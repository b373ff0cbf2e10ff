// Signed checkpoints (store/checkpoint.ts): an approval by a security-key touch also signs the audit
// head, so rewriting history before it needs the operator's key. The daemon runs with --simulate,
// whose key is the byte-level FIDO2 simulator behind the real CTAPHID/CTAP2/CBOR path. The
// attacker kills it with -9 and edits LevelDB with `level` directly, recomputing everything that
// holds no secret (every hash, the head, the state digest, the anchor), as threat-model.md says
// they can.
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Level } from "level";
import { afterEach, describe, expect, it } from "vitest";
import { chainRecord, type AuditRecord } from "../src/store/audit.js";
import { CHECKPOINT_ORIGIN, CHECKPOINT_RP_ID, checkpointChallenge } from "../src/store/checkpoint.js";
import { isGuarded, StateDigest } from "../src/store/state-digest.js";
import { auditKey } from "../src/store/store.js";
import { ORIGIN, RP_ID } from "../src/hw/webauthn.js";
import { cleanup, cli, connectAgent, startDaemon, tempHome, writePolicy, type Daemon } from "./helpers/daemon.js";

const homes: string[] = [];
const daemons: Daemon[] = [];
afterEach(async () => {
  for (const d of daemons.splice(0)) await d.stop("SIGKILL");
  for (const h of homes.splice(0)) cleanup(h);
});

/** Touches the simulated key once something makes it blink (the CLI call racing it). */
async function touchWhenBlinking(home: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const r = await cli(home, "sim", "touch");
    if (r.code === 0) return;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error("the simulated key never blinked");
}

/**
 * A home where an agent was blocked on `drop_database`, then an action needing approval was
 * approved with a key touch (one signed checkpoint), then a few more steps were recorded after it.
 */
async function checkpointedHome(): Promise<{ home: string; policy: string; daemon: Daemon }> {
  const home = tempHome();
  homes.push(home);
  const policy = writePolicy(home, { requiresApproval: ["deploy_*"], deny: ["drop_*"] });
  const daemon = await startDaemon(home, ["--simulate", "--policy", policy]);
  daemons.push(daemon);
  const a = await connectAgent(home);
  await a.call("mcp_aql_execute", "execute_agent", { element_name: "victim" });
  const step = (hint: string) => a.call("mcp_aql_create", "record_execution_step", { element_name: "victim", nextActionHint: hint });
  for (let i = 0; i < 3; i++) await step(`ls ${i}`);
  const first = await step("deploy_web to staging");
  expect(first.data.autonomy.continue).toBe(false);
  const id = first.data.autonomy.notifications.find((n: { type: string }) => n.type === "permission_pending").metadata.confirmationId as string;
  const approve = cli(home, "approve", id, "--wait", "20");
  await touchWhenBlinking(home);
  expect((await approve).code).toBe(0);
  expect((await step("deploy_web to staging")).data.autonomy.continue).toBe(true);
  await a.close();
  const b = await connectAgent(home);
  await b.call("mcp_aql_execute", "execute_agent", { element_name: "other" });
  expect((await b.call("mcp_aql_create", "record_execution_step", { element_name: "other", nextActionHint: "drop_database prod" })).data.autonomy.stopped).toBe(true);
  await b.close();
  return { home, policy, daemon };
}

type Sub = ReturnType<Level<string, unknown>["sublevel"]>;

/** Opens the stopped daemon's LevelDB as an attacker would, with `level` itself. */
async function asAttacker(home: string, edit: (db: Level<string, unknown>, sub: (name: string) => Sub) => Promise<void>): Promise<void> {
  const db = new Level<string, unknown>(join(home, "db"), { valueEncoding: "json" });
  await edit(db, (name) => db.sublevel(name, { valueEncoding: "json" }) as Sub);
  await db.close();
  // The journal holds the daemon's own copy of its last records, which a rewrite would differ from
  // (test/store-journal.test.ts): this attacker, who recomputes everything, removes it too.
  rmSync(join(home, "db.journal"), { force: true });
}

async function readChain(sub: (name: string) => Sub): Promise<AuditRecord[]> {
  const out: AuditRecord[] = [];
  for await (const v of sub("audit").values()) out.push(v as AuditRecord);
  return out;
}

/** The guarded state's digest as stored now, computed the way the store does (no secret in it). */
async function stateNow(db: Level<string, unknown>): Promise<StateDigest> {
  const d = new StateDigest();
  for await (const [k, v] of db.iterator({ keyEncoding: "utf8", valueEncoding: "utf8" }) as unknown as AsyncIterable<[string, string]>) {
    const sep = k.indexOf("!", 1);
    const sub = k.slice(1, sep);
    if (k[0] === "!" && sep > 0 && isGuarded(sub)) d.set(sub, k.slice(sep + 1), v);
  }
  return d;
}

/**
 * Rewrites the chain from `records` (already edited) consistently: every record from `from` on is
 * re-linked and re-hashed and sealed with the state digest as it is now, the head and the anchor
 * name the new last record. What `audit verify` checked before checkpoints then passes.
 */
async function recompute(home: string, db: Level<string, unknown>, sub: (name: string) => Sub, records: AuditRecord[], from: number): Promise<AuditRecord[]> {
  const state = await stateNow(db);
  const out = records.slice(0, from - 1);
  for (const r of records.slice(from - 1)) {
    const prev = out.at(-1) ?? { seq: 0, hash: "0".repeat(64) };
    const { seq: _s, hash: _h, prev: _p, state: _st, ts, ...event } = r;
    out.push(chainRecord(prev, event, ts, state.digest()));
  }
  for await (const k of sub("audit").keys()) await sub("audit").del(k as string);
  for (const r of out) await sub("audit").put(auditKey(r.seq), r);
  const last = out.at(-1)!;
  await sub("meta").put("audit_head", { seq: last.seq, hash: last.hash, state: state.summary() });
  writeFileSync(join(home, "db.anchor"), JSON.stringify({ seq: last.seq, hash: last.hash }).padEnd(127, " ") + "\n");
  return out;
}

async function verifyJson(home: string): Promise<{ code: number; report: { ok: boolean; problems: string[]; head: { seq: number }; checkpoints: { count: number; unsigned: number; last?: { seq: number; head: { seq: number; hash: string }; key: string } } } }> {
  const v = await cli(home, "audit", "verify", "--json");
  return { code: v.code, report: JSON.parse(v.stdout) };
}

describe("an approval by key touch signs a checkpoint of the audit head", () => {
  it("stores the CTAP assertion over the head; audit verify checks it and counts the records after it", async () => {
    const { home, daemon } = await checkpointedHome();
    // With the daemon running (over the operator socket) and without it (the store opened read-only).
    for (const running of [true, false]) {
      if (!running) await daemon.stop("SIGKILL");
      const { code, report } = await verifyJson(home);
      expect(code).toBe(0);
      expect(report.ok).toBe(true);
      expect(report.checkpoints.count).toBe(1);
      const last = report.checkpoints.last!;
      expect(last.head.seq).toBeLessThan(last.seq);
      expect(report.checkpoints.unsigned).toBe(report.head.seq - last.head.seq);
      expect(report.checkpoints.unsigned).toBeGreaterThan(3);
    }
    const text = await cli(home, "audit", "verify");
    expect(text.stdout).toMatch(/last signed checkpoint: record #\d+ .* signs the chain up to #\d+; \d+ records after it are unsigned/);
    await asAttacker(home, async (_db, sub) => {
      const records = await readChain(sub);
      const cp = records.find((r) => r.type === "audit_checkpoint_signed")!;
      const d = cp.data as { head: { seq: number; hash: string }; binding: string; key: string; authenticatorData: string; clientDataJSON: string };
      // It signs the head the chain had when the key was touched.
      expect(records[d.head.seq - 1]!.hash).toBe(d.head.hash);
      // The simulator answered through the CTAP2 path: authenticator data for our RP with the
      // user-presence flag, clientDataJSON built by the daemon around the checkpoint challenge.
      const authData = Buffer.from(d.authenticatorData, "base64url");
      expect(authData.subarray(0, 32).equals(createHash("sha256").update(RP_ID).digest())).toBe(true);
      expect(authData[32]! & 0x01).toBe(1);
      const client = JSON.parse(Buffer.from(d.clientDataJSON, "base64url").toString("utf8"));
      expect(client).toMatchObject({ type: "webauthn.get", origin: ORIGIN, challenge: Buffer.from(checkpointChallenge(Buffer.from(d.binding, "hex"), d.head)).toString("base64url") });
      const enrolled = records.find((r) => r.type === "key_enrolled" && r.data.key === d.key)!;
      expect(enrolled.data.publicKey).toEqual(expect.any(String));
    });
  });

  it("a checkpoint signed by a key removed since still verifies (its public key is kept in the chain)", async () => {
    const { home, policy, daemon } = await checkpointedHome();
    const signer = (await verifyJson(home)).report.checkpoints.last!.key;
    await daemon.stop();
    // A restart forgets the simulated key of the earlier run (key_forgotten) and enrolls a new one.
    const again = await startDaemon(home, ["--simulate", "--policy", policy]);
    daemons.push(again);
    const keys = JSON.parse((await cli(home, "keys", "--json")).stdout) as Array<{ id: string }>;
    expect(keys).toHaveLength(1);
    expect(keys.map((k) => k.id)).not.toContain(signer);
    const { code, report } = await verifyJson(home);
    expect(code).toBe(0);
    expect(report.checkpoints.last!.key).toBe(signer);
    await again.stop("SIGKILL");
    // And an attacker who changes the removed key's recorded public key (recomputing the rest) is caught.
    await asAttacker(home, async (db, sub) => {
      const records = await readChain(sub);
      const i = records.findIndex((r) => r.type === "key_forgotten" && r.data.key === signer);
      const { publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const jwk = publicKey.export({ format: "jwk" });
      const cose = Buffer.concat([Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]), Buffer.from(jwk.x!, "base64url"), Buffer.from([0x22, 0x58, 0x20]), Buffer.from(jwk.y!, "base64url")]);
      records[i] = { ...records[i]!, data: { ...records[i]!.data, publicKey: cose.toString("base64url") } };
      await recompute(home, db, sub, records, i + 1);
    });
    expect((await verifyJson(home)).report.problems).toEqual([expect.stringMatching(/^checkpoint record \d+: credential .* has 2 different public keys recorded$/)]);
  });

  it("the store's relying party is the CTAP one", () => {
    expect(CHECKPOINT_RP_ID).toBe(RP_ID);
    expect(CHECKPOINT_ORIGIN).toBe(ORIGIN);
  });

  it("a record before the checkpoint rewritten, with every hash, the state digest and the anchor recomputed, is found by audit verify and refused by serve", async () => {
    const { home, policy, daemon } = await checkpointedHome();
    await daemon.stop("SIGKILL");
    let target = 0;
    await asAttacker(home, async (db, sub) => {
      const records = await readChain(sub);
      const cp = records.find((r) => r.type === "audit_checkpoint_signed")!;
      const headSeq = (cp.data as { head: { seq: number } }).head.seq;
      // The attacker lifts the later block as well, and seals the state without it.
      for await (const k of sub("blocks").keys()) await sub("blocks").del(k as string);
      target = 3;
      expect(target).toBeLessThan(headSeq);
      records[target - 1] = { ...records[target - 1]!, data: { ...records[target - 1]!.data, hint: "nothing happened here" } };
      await recompute(home, db, sub, records, target);
    });
    const { code, report } = await verifyJson(home);
    expect(code).toBe(1);
    // Everything an attacker can recompute checks out: the checkpoint is the only thing that fails.
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]).toMatch(/^checkpoint record \d+ was signed over record \d+ with hash [0-9a-f]{16}…, but the chain's record \d+ has hash [0-9a-f]{16}…: history the operator's key signed was rewritten$/);
    expect(report.checkpoints.last).toBeUndefined();
    const s = await cli(home, "serve", "--simulate", "--policy", policy);
    expect(s.code).toBe(2);
    expect(s.stderr).toMatch(/history the operator's key signed was rewritten/);
  });

  it("moving the checkpoint's head to the rewritten chain breaks its signature; dropping the checkpoint leaves it unsigned (and says so)", async () => {
    const { home, policy, daemon } = await checkpointedHome();
    await daemon.stop("SIGKILL");
    await asAttacker(home, async (db, sub) => {
      let records = await readChain(sub);
      records[1] = { ...records[1]!, data: { ...records[1]!.data, forged: true } };
      records = await recompute(home, db, sub, records, 2);
      const i = records.findIndex((r) => r.type === "audit_checkpoint_signed");
      const d = records[i]!.data as { head: { seq: number; hash: string } };
      records[i] = { ...records[i]!, data: { ...records[i]!.data, head: { seq: d.head.seq, hash: records[d.head.seq - 1]!.hash } } };
      await recompute(home, db, sub, records, i + 1);
    });
    const { report } = await verifyJson(home);
    expect(report.problems).toEqual([expect.stringMatching(/^checkpoint record \d+ does not hold: the key did not sign this head/)]);
    expect((await cli(home, "serve", "--simulate", "--policy", policy)).code).toBe(2);
    // Dropping the checkpoint altogether: nothing left to check, which verify reports plainly.
    await asAttacker(home, async (db, sub) => {
      const records = await readChain(sub);
      const i = records.findIndex((r) => r.type === "audit_checkpoint_signed");
      records.splice(i, 1);
      await recompute(home, db, sub, records.map((r, n) => ({ ...r, seq: n + 1 })), i + 1);
    });
    const after = await verifyJson(home);
    expect(after.report.ok).toBe(true);
    expect(after.report.checkpoints).toEqual({ count: 0, unsigned: after.report.head.seq });
    expect((await cli(home, "audit", "verify")).stdout).toMatch(/no signed checkpoint yet: all \d+ records are unsigned/);
  });

  it("a forged checkpoint signed by a key that is not enrolled is rejected, as is one naming the enrolled key but signed by another", async () => {
    const { home, policy, daemon } = await checkpointedHome();
    await daemon.stop("SIGKILL");
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    /** A well-formed assertion over the current head, signed with the attacker's own key. */
    const forge = (records: AuditRecord[], key: string): Record<string, unknown> => {
      const last = records.at(-1)!;
      const head = { seq: last.seq, hash: last.hash };
      const binding = createHash("sha256").update("any request").digest();
      const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: Buffer.from(checkpointChallenge(binding, head)).toString("base64url"), origin: CHECKPOINT_ORIGIN, crossOrigin: false }));
      const authData = Buffer.concat([createHash("sha256").update(CHECKPOINT_RP_ID).digest(), Buffer.from([0x01, 0, 0, 0, 9])]);
      const signature = sign("sha256", Buffer.concat([authData, createHash("sha256").update(clientDataJSON).digest()]), { key: privateKey, dsaEncoding: "der" });
      return { v: 1, head, binding: binding.toString("hex"), key, authenticatorData: authData.toString("base64url"), clientDataJSON: clientDataJSON.toString("base64url"), signature: signature.toString("base64url") };
    };
    const append = async (data: (records: AuditRecord[]) => Record<string, unknown>): Promise<void> =>
      asAttacker(home, async (db, sub) => {
        const records = await readChain(sub);
        const last = records.at(-1)!;
        records.push({ ...last, seq: last.seq + 1, type: "audit_checkpoint_signed", data: data(records) });
        await recompute(home, db, sub, records, records.length);
      });
    await append((records) => forge(records, Buffer.from("attacker credential").toString("base64url")));
    let v = await verifyJson(home);
    expect(v.report.problems).toEqual([expect.stringMatching(/^checkpoint record \d+ is signed by credential .*, which was not enrolled in the history it signs$/)]);
    expect((await cli(home, "serve", "--simulate", "--policy", policy)).stderr).toMatch(/which was not enrolled in the history it signs/);
    // Now naming the enrolled simulated key (first drop the forgery above).
    await asAttacker(home, async (db, sub) => {
      const records = (await readChain(sub)).slice(0, -1);
      await recompute(home, db, sub, records, records.length);
    });
    await append((records) => forge(records, records.find((r) => r.type === "key_enrolled")!.data.key as string));
    v = await verifyJson(home);
    expect(v.report.problems).toEqual([expect.stringMatching(/^checkpoint record \d+ does not hold: its signature does not verify with the enrolled key's public key$/)]);
    expect((await cli(home, "serve", "--simulate", "--policy", policy)).code).toBe(2);
  });
});
