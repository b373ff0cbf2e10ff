// The enrolled security keys and the two ceremonies on them: enrolment (register a credential,
// touch required) and assertion (a touch bound to one challenge, verified against the stored
// credential, counter persisted). The key itself is reached through `KeyDevice` (CTAP2 or U2F over
// any HID transport, real or simulated); everything it answers is verified here by
// @simplewebauthn/server before anything is trusted or stored.
import { createHash } from "node:crypto";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { verifyApproval, verifyRegistration, type RelyingParty } from "../hw/webauthn.js";
import type { SecurityKeyRecord } from "../core/records.js";
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

export { KEY_LABEL_MAX, KeyLabel, SIMULATED_KEY_LABEL } from "../core/key-label.js";

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
    this.refuseTakenLabel(label);
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
    // Browser credentials are for the console's RP (localhost); a key reached over CTAP is asked for ours.
    const allowed = (opts.allow ?? this.list().filter((k) => k.transport !== "browser").map((k) => k.id)).filter((id) => this.keys.has(id));
    if (allowed.length === 0) throw new KeyRefusedError("NO_KEYS_ENROLLED", "no security key is enrolled that may answer this; enroll one with `haltkey enroll`");
    const { allow: _allow, ...call } = opts;
    const response = await device.approve({ ...call, challenge, allowCredentialIds: allowed.map((id) => Buffer.from(id, "base64url")) });
    return this.verifyAssertion(response, challenge, purpose, allowed);
  }

  /**
   * The rules of every assertion, whoever carried it: known credential, one of those allowed, this
   * exact challenge, user presence, a counter above the stored one, persisted before it counts.
   * Refusals are audited.
   */
  private async verifyAssertion(
    response: AuthenticationResponseJSON,
    challenge: Uint8Array,
    purpose: Record<string, unknown>,
    allowed: readonly string[],
    rp?: RelyingParty,
  ): Promise<SecurityKeyRecord> {
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
      verified = await verifyApproval(response, challenge, { id: record.id, publicKey: Buffer.from(record.publicKey, "base64url"), counter: record.counter }, rp);
    } catch (e) {
      return refuse("KEY_VERIFICATION_FAILED", `the key's answer did not verify: ${(e as Error).message}`);
    }
    if (!verified.verified) return refuse("KEY_VERIFICATION_FAILED", "the key's answer did not verify");
    // Two answers verified against the same stored counter: only the first one to get here counts.
    const current = this.keys.get(record.id);
    if (!current || current.counter !== record.counter) return refuse("KEY_VERIFICATION_FAILED", "another answer from this key was verified meanwhile; its counter moved on");
    const updated: SecurityKeyRecord = { ...record, counter: verified.authenticationInfo.newCounter, lastUsedAt: now };
    this.keys.set(updated.id, updated);
    // The counter is on disk before the touch counts: a replay after a crash still finds it.
    await this.d.store.transition({ putKeys: [updated] }, [{ type: "key_assertion_verified", data: { ...purpose, key: record.id, label: record.label, counter: updated.counter } }], now);
    return updated;
  }

  // ------------------------------------------------------------ browser credentials (the console)

  /**
   * Verifies a registration the operator console's browser made for `label`, against `challenge`
   * and the console's RP. Stores nothing: a browser credential is enrolled only once an enrolled
   * key approved it (`addBrowserKey`), because whoever can reach the console could have made it.
   */
  async verifyBrowserRegistration(response: RegistrationResponseJSON, challenge: Uint8Array, rp: RelyingParty, label: string): Promise<SecurityKeyRecord> {
    this.refuseTakenLabel(label);
    let verified: Awaited<ReturnType<typeof verifyRegistration>>;
    try {
      verified = await verifyRegistration(response, challenge, rp);
    } catch (e) {
      throw new KeyRefusedError("KEY_VERIFICATION_FAILED", `the browser's registration did not verify: ${(e as Error).message}`);
    }
    if (!verified.verified || !verified.registrationInfo) throw new KeyRefusedError("KEY_VERIFICATION_FAILED", "the browser's registration did not verify");
    const info = verified.registrationInfo;
    if (this.keys.has(info.credential.id)) throw new KeyRefusedError("KEY_LABEL_TAKEN", "this credential is already enrolled");
    return {
      id: info.credential.id,
      label,
      publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
      counter: info.credential.counter,
      transport: "browser",
      protocol: "webauthn",
      ...(info.aaguid ? { aaguid: info.aaguid } : {}),
      enrolledAt: this.d.now(),
    };
  }

  /** Enrolls a browser credential verified by `verifyBrowserRegistration`, once a human approved it. */
  async addBrowserKey(candidate: SecurityKeyRecord, approval: Record<string, unknown>): Promise<SecurityKeyRecord> {
    if (candidate.transport !== "browser" || candidate.protocol !== "webauthn") throw new KeyRefusedError("KEY_VERIFICATION_FAILED", "only browser credentials are enrolled this way");
    if (this.keys.has(candidate.id)) throw new KeyRefusedError("KEY_LABEL_TAKEN", "this credential is already enrolled");
    this.refuseTakenLabel(candidate.label);
    const now = this.d.now();
    const record: SecurityKeyRecord = { ...candidate, enrolledAt: now };
    this.keys.set(record.id, record);
    await this.d.store.transition(
      { putKeys: [record] },
      [{ type: "key_enrolled", data: { key: record.id, label: record.label, protocol: record.protocol, transport: record.transport, aaguid: record.aaguid, ...approval } }],
      now,
    );
    return record;
  }

  /**
   * Verifies an assertion the console's browser made over `challenge` with an enrolled browser
   * credential: the same rules as `assert`, against the console's RP.
   */
  async assertBrowser(response: AuthenticationResponseJSON, challenge: Uint8Array, purpose: Record<string, unknown>, rp: RelyingParty): Promise<SecurityKeyRecord> {
    const allowed = this.list().filter((k) => k.transport === "browser").map((k) => k.id);
    if (allowed.length === 0) throw new KeyRefusedError("NO_KEYS_ENROLLED", "no browser key is enrolled; enroll this browser from the console first");
    return this.verifyAssertion(response, challenge, purpose, allowed, rp);
  }

  /** Browser credentials, for the console's allowCredentials. */
  browserKeys(): SecurityKeyRecord[] {
    return this.list().filter((k) => k.transport === "browser");
  }

  /**
   * Removes a key. The touch must come from another enrolled key (whoever holds one key cannot
   * quietly remove the others), or from the key itself when it is the last one.
   */
  async remove(device: KeyDevice, idOrLabel: string, opts: KeyCallOptions = {}): Promise<SecurityKeyRecord> {
    const target = this.find(idOrLabel);
    // The touch comes over CTAP, so only keys reached that way can give it.
    const others = this.list().filter((k) => k.id !== target.id && k.transport !== "browser").map((k) => k.id);
    const allow = others.length > 0 ? others : target.transport === "browser" ? [] : [target.id];
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

  private refuseTakenLabel(label: string): void {
    if (this.list().some((k) => k.label === label)) throw new KeyRefusedError("KEY_LABEL_TAKEN", `a key labelled "${label}" is already enrolled; choose another label`);
  }

  find(idOrLabel: string): SecurityKeyRecord {
    const k = this.keys.get(idOrLabel) ?? this.list().find((r) => r.label === idOrLabel);
    if (!k) throw new KeyRefusedError("KEY_UNKNOWN", `no enrolled key has the id or label "${idOrLabel}"; see \`haltkey keys\``);
    return k;
  }
}
