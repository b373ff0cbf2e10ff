// Signed checkpoints of the audit chain. Every approval made by touching an enrolled security key
// (over CTAP) signs, besides the request, the audit head at the moment of the touch: the key's
// challenge is SHA-256("haltkey-checkpoint-v1" ‖ binding(32) ‖ seq(u64 BE) ‖ head hash(32)), where
// `binding` is the request's approval challenge (hw/webauthn.ts approvalChallenge). The assertion
// (authenticatorData, clientDataJSON, signature, credential id) is stored in an
// `audit_checkpoint_signed` record. A checkpoint holds when:
//   - its signature verifies with the public key of a credential whose `key_enrolled` record is
//     itself inside the history it covers (seq ≤ the checkpoint's head seq);
//   - clientDataJSON is a webauthn.get for the CTAP origin with exactly that challenge, and the
//     authenticator data is for the CTAP RP ID with user presence;
//   - the chain still has the head it names: the record at that seq has that hash.
// So a record at or before a checkpoint's head cannot be rewritten, even with every hash, the state
// digest and the anchor recomputed, without the private key inside the operator's security key.
// No secret is kept here: verification needs only public keys, which the chain itself records.
import { createHash, createPublicKey, verify, type KeyObject } from "node:crypto";
import { z } from "zod";
import type { AuditRecord, CheckpointSummary } from "./audit.js";

export const CHECKPOINT_EVENT = "audit_checkpoint_signed";
const DOMAIN = "haltkey-checkpoint-v1";
/** The CTAP relying party (hw/webauthn.ts RP_ID and ORIGIN; a test keeps them equal). */
export const CHECKPOINT_RP_ID = "approvals.haltkey.invalid";
export const CHECKPOINT_ORIGIN = "https://approvals.haltkey.invalid";

export interface Head {
  readonly seq: number;
  readonly hash: string;
}

const Hex32 = z.string().regex(/^[0-9a-f]{64}$/);
const B64url = z.string().regex(/^[A-Za-z0-9_-]*$/).max(8192);

/** What an `audit_checkpoint_signed` record's data holds (more members, like the request, pass). */
export const CheckpointData = z.looseObject({
  v: z.literal(1),
  head: z.strictObject({ seq: z.number().int().min(0), hash: Hex32 }),
  binding: Hex32,
  key: B64url.min(1),
  authenticatorData: B64url.min(1),
  clientDataJSON: B64url.min(1),
  signature: B64url.min(1),
});
export type CheckpointData = z.infer<typeof CheckpointData>;

export function checkpointChallenge(binding: Uint8Array, head: Head): Uint8Array {
  if (binding.length !== 32) throw new RangeError(`binding must be 32 bytes, got ${binding.length}`);
  if (!/^[0-9a-f]{64}$/.test(head.hash)) throw new RangeError("head hash must be 64 hex digits");
  const seq = Buffer.alloc(8);
  seq.writeBigUInt64BE(BigInt(head.seq));
  return createHash("sha256").update(DOMAIN).update(binding).update(seq).update(Buffer.from(head.hash, "hex")).digest();
}

// ----------------------------------------------------------------------------- COSE ES256 keys

/** Reads the small CBOR map of a COSE key: integer keys, integer or byte-string values. */
function readCoseMap(b: Uint8Array): Map<number, number | Uint8Array> {
  let i = 0;
  const head = (): { major: number; value: number } => {
    if (i >= b.length) throw new Error("truncated");
    const first = b[i++]!;
    const major = first >> 5;
    const info = first & 0x1f;
    let value: number;
    if (info < 24) value = info;
    else if (info === 24) value = b[i++]!;
    else if (info === 25) {
      value = (b[i]! << 8) | b[i + 1]!;
      i += 2;
    } else throw new Error("unsupported length");
    if (i > b.length) throw new Error("truncated");
    return { major, value };
  };
  const item = (): number | Uint8Array => {
    const { major, value } = head();
    if (major === 0) return value;
    if (major === 1) return -1 - value;
    if (major === 2 || major === 3) {
      if (i + value > b.length) throw new Error("truncated");
      const out = b.subarray(i, i + value);
      i += value;
      return out;
    }
    throw new Error(`unsupported CBOR major type ${major}`);
  };
  const m = head();
  if (m.major !== 5) throw new Error("not a CBOR map");
  const out = new Map<number, number | Uint8Array>();
  for (let n = 0; n < m.value; n++) {
    const k = item();
    if (typeof k !== "number") throw new Error("non-integer COSE key label");
    out.set(k, item());
  }
  if (i !== b.length) throw new Error("trailing bytes");
  return out;
}

/** An ES256 (P-256) COSE_Key as a Node public key; throws on anything else. */
export function es256PublicKey(cose: Uint8Array): KeyObject {
  const m = readCoseMap(cose);
  const x = m.get(-2);
  const y = m.get(-3);
  if (m.get(1) !== 2 || m.get(3) !== -7 || m.get(-1) !== 1 || !(x instanceof Uint8Array) || !(y instanceof Uint8Array) || x.length !== 32 || y.length !== 32) {
    throw new Error("not an ES256 P-256 COSE key");
  }
  return createPublicKey({ key: { kty: "EC", crv: "P-256", x: Buffer.from(x).toString("base64url"), y: Buffer.from(y).toString("base64url") }, format: "jwk" });
}

/** Why the checkpoint's assertion does not hold with `publicKey` (COSE), or undefined when it does. */
export function checkpointSignatureProblem(c: CheckpointData, publicKey: Uint8Array): string | undefined {
  const authData = Buffer.from(c.authenticatorData, "base64url");
  const clientDataJSON = Buffer.from(c.clientDataJSON, "base64url");
  let client: { type?: unknown; challenge?: unknown; origin?: unknown };
  try {
    client = JSON.parse(clientDataJSON.toString("utf8")) as typeof client;
  } catch {
    return "its clientDataJSON is not JSON";
  }
  const expected = Buffer.from(checkpointChallenge(Buffer.from(c.binding, "hex"), c.head)).toString("base64url");
  if (client.type !== "webauthn.get") return "its clientDataJSON is not an assertion (webauthn.get)";
  if (client.challenge !== expected) return `the key did not sign this head: its challenge is not the one for record ${c.head.seq}`;
  if (client.origin !== CHECKPOINT_ORIGIN) return `its origin is ${String(client.origin)}, not ${CHECKPOINT_ORIGIN}`;
  if (authData.length < 37) return "its authenticator data is too short";
  if (!authData.subarray(0, 32).equals(createHash("sha256").update(CHECKPOINT_RP_ID).digest())) return `its authenticator data is not for ${CHECKPOINT_RP_ID}`;
  if ((authData[32]! & 0x01) === 0) return "its authenticator data has no user presence (no touch)";
  let key: KeyObject;
  try {
    key = es256PublicKey(publicKey);
  } catch (e) {
    return `the signing key's public key is unusable: ${(e as Error).message}`;
  }
  const signed = Buffer.concat([authData, createHash("sha256").update(clientDataJSON).digest()]);
  let ok = false;
  try {
    ok = verify("sha256", signed, { key, dsaEncoding: "der" }, Buffer.from(c.signature, "base64url"));
  } catch {
    ok = false;
  }
  return ok ? undefined : "its signature does not verify with the enrolled key's public key";
}

// ---------------------------------------------------------------------------- over the chain


/**
 * Collects, during one walk of the chain, the checkpoints and what verifying them needs (the
 * enrolled keys' public keys, from `key_enrolled`, `key_removed` and `key_forgotten` records and
 * the keys sublevel), then checks them (`check`).
 */
export class CheckpointCollector {
  private readonly checkpoints: Array<{ record: AuditRecord; data: CheckpointData | undefined }> = [];
  /** Credential id → the seq of its first `key_enrolled` record. */
  private readonly enrolledAt = new Map<string, number>();
  /** Credential id → public keys (COSE, base64url) seen for it, in records or the keys sublevel. */
  private readonly publicKeys = new Map<string, Set<string>>();
  private readonly labels = new Map<string, string>();

  private notePublicKey(id: unknown, publicKey: unknown, label?: unknown): void {
    if (typeof id !== "string" || typeof publicKey !== "string") return;
    let set = this.publicKeys.get(id);
    if (!set) this.publicKeys.set(id, (set = new Set()));
    set.add(publicKey);
    if (typeof label === "string") this.labels.set(id, label);
  }

  /** Every audit record, in chain order. */
  addRecord(r: AuditRecord): void {
    const d = r.data ?? {};
    if (r.type === CHECKPOINT_EVENT) {
      const parsed = CheckpointData.safeParse(d);
      this.checkpoints.push({ record: r, data: parsed.success ? parsed.data : undefined });
    } else if (r.type === "key_enrolled") {
      if (typeof d.key === "string" && !this.enrolledAt.has(d.key)) this.enrolledAt.set(d.key, r.seq);
      this.notePublicKey(d.key, d.publicKey, d.label);
    } else if (r.type === "key_removed" || r.type === "key_forgotten") {
      this.notePublicKey(d.key, d.publicKey, d.label);
    }
  }

  /** An entry of the keys sublevel, as stored (JSON text). */
  addKeyEntry(json: string): void {
    try {
      const k = JSON.parse(json) as { id?: unknown; publicKey?: unknown; label?: unknown };
      this.notePublicKey(k.id, k.publicKey, k.label);
    } catch {
      // an unreadable entry is the state digest's to report
    }
  }

  /**
   * Checks every checkpoint. `hashAt(seq)` gives the hash of the chain's record `seq` (the chain
   * itself was walked and its links checked by ChainWalker). `lastSeq` is the chain's last record.
   */
  async check(hashAt: (seq: number) => Promise<string | undefined>, lastSeq: number): Promise<{ problems: string[]; summary: CheckpointSummary }> {
    const problems: string[] = [];
    let last: CheckpointSummary["last"];
    for (const { record, data } of this.checkpoints) {
      const where = `checkpoint record ${record.seq}`;
      if (!data) {
        problems.push(`${where} is malformed`);
        continue;
      }
      if (data.head.seq >= record.seq) {
        problems.push(`${where} names head ${data.head.seq}, which is not before it`);
        continue;
      }
      const enrolled = this.enrolledAt.get(data.key);
      if (enrolled === undefined || enrolled > data.head.seq) {
        problems.push(`${where} is signed by credential ${data.key.slice(0, 16)}…, which was not enrolled in the history it signs`);
        continue;
      }
      const keys = [...(this.publicKeys.get(data.key) ?? [])];
      if (keys.length !== 1) {
        problems.push(keys.length === 0 ? `${where}: no public key is recorded for credential ${data.key.slice(0, 16)}…` : `${where}: credential ${data.key.slice(0, 16)}… has ${keys.length} different public keys recorded`);
        continue;
      }
      const bad = checkpointSignatureProblem(data, Buffer.from(keys[0]!, "base64url"));
      if (bad) {
        problems.push(`${where} does not hold: ${bad}`);
        continue;
      }
      const actual = data.head.seq === 0 ? "0".repeat(64) : await hashAt(data.head.seq);
      if (actual !== data.head.hash) {
        problems.push(`${where} was signed over record ${data.head.seq} with hash ${data.head.hash.slice(0, 16)}…, but the chain's record ${data.head.seq} ${actual === undefined ? "is missing" : `has hash ${actual.slice(0, 16)}…`}: history the operator's key signed was rewritten`);
        continue;
      }
      if (!last || data.head.seq >= last.head.seq) {
        const label = this.labels.get(data.key);
        last = { seq: record.seq, head: data.head, key: data.key, ...(label !== undefined ? { label } : {}), at: record.ts };
      }
    }
    return { problems, summary: { count: this.checkpoints.length, ...(last ? { last } : {}), unsigned: lastSeq - (last?.head.seq ?? 0) } };
  }
}
