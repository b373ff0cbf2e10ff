// The enrolled security keys and the two ceremonies on them: enrolment (register a credential,
// touch required) and assertion (a touch bound to one challenge, verified against the stored
// credential, counter persisted). The key itself is reached through `KeyDevice` (CTAP2 or U2F over
// any HID transport, real or simulated); everything it answers is verified here by
// @simplewebauthn/server before anything is trusted or stored.
import { createHash } from "node:crypto";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { verifyApproval, verifyRegistration } from "../hw/webauthn.js";
import type { SecurityKeyRecord } from "../store/records.js";
import type { Store } from "../store/store.js";
import type { RandomBytes } from "../verify/code.js";

export type KeyStatus = "waiting-for-touch" | "processing";

export interface KeyCallOptions {
  readonly signal?: AbortSignal;
  readonly onStatus?: (s: KeyStatus) => void;
  readonly timeoutMs?: number;
}

/** One attached key, as the hardware layer offers it (src/hw/security-key.ts). */
export interface KeyDevice {
  readonly protocol: "ctap2" | "u2f";
  readonly info: { readonly aaguid?: string };
  enroll(o: KeyCallOptions & { challenge: Uint8Array; user: { id: Uint8Array; name: string; displayName: string }; excludeCredentialIds?: Uint8Array[] }): Promise<RegistrationResponseJSON>;
  approve(o: KeyCallOptions & { challenge: Uint8Array; allowCredentialIds: Uint8Array[] }): Promise<AuthenticationResponseJSON>;
  close(): Promise<void>;
}

export class KeyRefusedError extends Error {
  constructor(
    readonly code: "KEY_NOT_ENROLLED" | "KEY_VERIFICATION_FAILED" | "NO_KEYS_ENROLLED" | "KEY_LABEL_TAKEN" | "KEY_UNKNOWN" | "KEY_WRONG",
    message: string,
  ) {
    super(message);
  }
}

export const KEY_LABEL_MAX = 64;

export class KeyRing {
  private readonly keys = new Map<string, SecurityKeyRecord>();

  constructor(
    private readonly d: { readonly store: Store; readonly now: () => number; readonly randomBytes: RandomBytes },
    records: readonly SecurityKeyRecord[] = [],
  ) {
    for (const r of records) this.keys.set(r.id, r);
  }

  list(): SecurityKeyRecord[] {
    return [...this.keys.values()].sort((a, b) => a.enrolledAt - b.enrolledAt);
  }

  get size(): number {
    return this.keys.size;
  }

  /** Registers the key with a fresh challenge; the human's touch is what makes it answer. */
  async enroll(device: KeyDevice, label: string, opts: KeyCallOptions = {}): Promise<SecurityKeyRecord> {
    if (this.list().some((k) => k.label === label)) throw new KeyRefusedError("KEY_LABEL_TAKEN", `a key labelled "${label}" is already enrolled; choose another label`);
    const challenge = this.d.randomBytes(32);
    const response = await device.enroll({
      ...opts,
      challenge,
      user: { id: this.d.randomBytes(16), name: `haltkey:${label}`, displayName: label },
      // The same key twice would make "another key" for removal meaningless.
      excludeCredentialIds: this.list().map((k) => Buffer.from(k.id, "base64url")),
    });
    const verified = await verifyRegistration(response, challenge).catch((e: Error) => {
      throw new KeyRefusedError("KEY_VERIFICATION_FAILED", `the key's registration did not verify: ${e.message}`);
    });
    if (!verified.verified || !verified.registrationInfo) throw new KeyRefusedError("KEY_VERIFICATION_FAILED", "the key's registration did not verify");
    const info = verified.registrationInfo;
    if (this.keys.has(info.credential.id)) throw new KeyRefusedError("KEY_LABEL_TAKEN", "this credential is already enrolled");
    const now = this.d.now();
    const record: SecurityKeyRecord = {
      id: info.credential.id,
      label,
      publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
      counter: info.credential.counter,
      transport: "usb",
      protocol: device.protocol,
      ...(info.aaguid ? { aaguid: info.aaguid } : {}),
      enrolledAt: now,
    };
    await this.d.store.transition({ putKeys: [record] }, [{ type: "key_enrolled", data: { key: record.id, label, protocol: record.protocol, aaguid: record.aaguid } }], now);
    this.keys.set(record.id, record);
    return record;
  }

  /**
   * Asks the key to sign `challenge` with one of the allowed enrolled credentials (all of them by
   * default) and verifies the answer: known credential, this exact challenge, user presence, and a
   * signature counter above the stored one. Refusals are audited; only a verified touch returns.
   */
  async assert(device: KeyDevice, challenge: Uint8Array, purpose: Record<string, unknown>, opts: KeyCallOptions & { allow?: readonly string[] } = {}): Promise<SecurityKeyRecord> {
    const allowed = (opts.allow ?? [...this.keys.keys()]).filter((id) => this.keys.has(id));
    if (allowed.length === 0) throw new KeyRefusedError("NO_KEYS_ENROLLED", "no security key is enrolled that may answer this; enroll one with `haltkey enroll`");
    const response = await device.approve({ ...opts, challenge, allowCredentialIds: allowed.map((id) => Buffer.from(id, "base64url")) });
    const now = this.d.now();
    const refuse = async (code: KeyRefusedError["code"], why: string): Promise<never> => {
      await this.d.store.transition({}, [{ type: "key_assertion_refused", data: { ...purpose, credential: response.id, why } }], now);
      throw new KeyRefusedError(code, why);
    };
    const record = this.keys.get(response.id);
    if (!record) return refuse("KEY_NOT_ENROLLED", "the key answered with a credential that is not enrolled");
    if (!allowed.includes(record.id)) return refuse("KEY_WRONG", `key "${record.label}" may not answer this request`);
    let verified: Awaited<ReturnType<typeof verifyApproval>>;
    try {
      verified = await verifyApproval(response, challenge, { id: record.id, publicKey: Buffer.from(record.publicKey, "base64url"), counter: record.counter });
    } catch (e) {
      return refuse("KEY_VERIFICATION_FAILED", `the key's answer did not verify: ${(e as Error).message}`);
    }
    if (!verified.verified) return refuse("KEY_VERIFICATION_FAILED", "the key's answer did not verify");
    const updated: SecurityKeyRecord = { ...record, counter: verified.authenticationInfo.newCounter, lastUsedAt: now };
    // The counter is on disk before the touch counts: a replay after a crash still finds it.
    await this.d.store.transition({ putKeys: [updated] }, [{ type: "key_assertion_verified", data: { ...purpose, key: record.id, label: record.label, counter: updated.counter } }], now);
    this.keys.set(updated.id, updated);
    return updated;
  }

  /**
   * Removes a key. The touch must come from another enrolled key (whoever holds one key cannot
   * quietly remove the others), or from the key itself when it is the last one.
   */
  async remove(device: KeyDevice, idOrLabel: string, opts: KeyCallOptions = {}): Promise<SecurityKeyRecord> {
    const target = this.find(idOrLabel);
    const others = [...this.keys.keys()].filter((id) => id !== target.id);
    const allow = others.length > 0 ? others : [target.id];
    const nonce = this.d.randomBytes(16);
    const challenge = createHash("sha256").update("haltkey remove key\0").update(target.id).update(nonce).digest();
    const by = await this.assert(device, challenge, { purpose: "remove_key", target: target.id }, { ...opts, allow });
    const now = this.d.now();
    await this.d.store.transition({ delKeys: [target.id] }, [{ type: "key_removed", data: { key: target.id, label: target.label, approvedBy: by.id } }], now);
    this.keys.delete(target.id);
    return target;
  }

  /**
   * Drops a key with no touch. Only for what no human can touch any more: the simulated key of an
   * earlier daemon run. (A lost real key is removed offline: docs/hardware.md.)
   */
  async forget(id: string, why: string): Promise<void> {
    const k = this.keys.get(id);
    if (!k) return;
    await this.d.store.transition({ delKeys: [id] }, [{ type: "key_forgotten", data: { key: id, label: k.label, why } }], this.d.now());
    this.keys.delete(id);
  }

  find(idOrLabel: string): SecurityKeyRecord {
    const k = this.keys.get(idOrLabel) ?? this.list().find((r) => r.label === idOrLabel);
    if (!k) throw new KeyRefusedError("KEY_UNKNOWN", `no enrolled key has the id or label "${idOrLabel}"; see \`haltkey keys\``);
    return k;
  }
}
