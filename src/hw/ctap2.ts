// CTAP2 client over CTAPHID_CBOR (hardware-channel.md §2): request = command byte ‖ canonical CBOR
// map with integer keys; response = status byte ‖ optional CBOR map. Only what the approval path
// needs: getInfo, makeCredential (non-resident ES256) and getAssertion with a user-presence touch.
import { asArray, asBytes, asInt, asMap, asText, CborError, decode, encodeCanonical, type CborMap } from "./cbor.js";
import { bytesEqual } from "./bytes.js";
import { CMD, CtapHidError, ERR, type CtapHidClient } from "./ctaphid.js";

export const CTAP2_CMD = {
  MAKE_CREDENTIAL: 0x01,
  GET_ASSERTION: 0x02,
  GET_INFO: 0x04,
} as const;

/** CTAP2 status codes (§2.6), the first byte of every CBOR answer. */
export const CTAP2_STATUS = {
  OK: 0x00,
  INVALID_COMMAND: 0x01,
  INVALID_PARAMETER: 0x02,
  INVALID_LENGTH: 0x03,
  CBOR_UNEXPECTED_TYPE: 0x11,
  INVALID_CBOR: 0x12,
  MISSING_PARAMETER: 0x14,
  LIMIT_EXCEEDED: 0x15,
  UNSUPPORTED_EXTENSION: 0x16,
  CREDENTIAL_EXCLUDED: 0x19,
  PROCESSING: 0x21,
  INVALID_CREDENTIAL: 0x22,
  UNSUPPORTED_ALGORITHM: 0x26,
  OPERATION_DENIED: 0x27,
  KEY_STORE_FULL: 0x28,
  UNSUPPORTED_OPTION: 0x2b,
  INVALID_OPTION: 0x2c,
  KEEPALIVE_CANCEL: 0x2d,
  NO_CREDENTIALS: 0x2e,
  USER_ACTION_TIMEOUT: 0x2f,
  NOT_ALLOWED: 0x30,
  PIN_INVALID: 0x31,
  PIN_BLOCKED: 0x32,
  PIN_AUTH_INVALID: 0x33,
  PIN_AUTH_BLOCKED: 0x34,
  PIN_NOT_SET: 0x35,
  PIN_REQUIRED: 0x36,
  PIN_POLICY_VIOLATION: 0x37,
  REQUEST_TOO_LARGE: 0x39,
  ACTION_TIMEOUT: 0x3a,
  UP_REQUIRED: 0x3b,
  UV_BLOCKED: 0x3c,
  INTEGRITY_FAILURE: 0x3d,
  INVALID_SUBCOMMAND: 0x3e,
  UV_INVALID: 0x3f,
  UNAUTHORIZED_PERMISSION: 0x40,
  OTHER: 0x7f,
} as const;

export type Ctap2StatusName = keyof typeof CTAP2_STATUS;

const STATUS_NAMES = new Map<number, Ctap2StatusName>(
  (Object.entries(CTAP2_STATUS) as Array<[Ctap2StatusName, number]>).map(([name, code]) => [code, name]),
);

export function ctap2StatusName(status: number): string {
  return STATUS_NAMES.get(status) ?? `UNKNOWN_0x${status.toString(16).padStart(2, "0")}`;
}

/** A non-zero CTAP2 status from the authenticator, or an answer we could not make sense of. */
export class Ctap2Error extends Error {
  readonly statusName: string;
  constructor(
    readonly status: number,
    detail?: string,
  ) {
    const statusName = ctap2StatusName(status);
    super(`CTAP2 ${statusName} (0x${status.toString(16).padStart(2, "0")})${detail ? `: ${detail}` : ""}`);
    this.name = "Ctap2Error";
    this.statusName = statusName;
  }
}

export const ES256 = -7;

export interface PublicKeyCredentialDescriptor {
  readonly type: "public-key";
  readonly id: Uint8Array;
}

export interface MakeCredentialParams {
  readonly clientDataHash: Uint8Array;
  readonly rp: { readonly id: string; readonly name?: string };
  readonly user: { readonly id: Uint8Array; readonly name?: string; readonly displayName?: string };
  readonly pubKeyCredParams: ReadonlyArray<{ readonly type: "public-key"; readonly alg: number }>;
  readonly excludeList?: readonly PublicKeyCredentialDescriptor[];
}

export interface GetAssertionParams {
  readonly rpId: string;
  readonly clientDataHash: Uint8Array;
  /** Required: our credentials are non-discoverable, so the key cannot find them by itself. */
  readonly allowList: readonly PublicKeyCredentialDescriptor[];
}

export interface Ctap2CallOptions {
  /** Deadline for the whole request including the touch (default 30 s, like real keys). */
  readonly timeoutMs?: number;
  readonly onKeepalive?: (status: number) => void;
  readonly signal?: AbortSignal;
}

export interface AuthenticatorInfo {
  readonly versions: string[];
  readonly extensions: string[];
  readonly aaguid: Uint8Array;
  readonly options: Record<string, boolean>;
  readonly maxMsgSize?: number;
  /** The whole decoded map, unknown keys included (callers must ignore what they don't know). */
  readonly raw: CborMap;
}

export interface AttestationResult {
  readonly fmt: string;
  readonly authData: Uint8Array;
  /** attStmt with its text keys, ready to be re-encoded into a WebAuthn attestationObject. */
  readonly attStmt: CborMap;
}

export interface AssertionResult {
  readonly credentialId: Uint8Array;
  readonly authData: Uint8Array;
  /** ES256: ASN.1 DER. */
  readonly signature: Uint8Array;
  readonly userHandle?: Uint8Array;
}

const DEFAULT_TIMEOUT_MS = 30_000;

function descriptorMap(d: PublicKeyCredentialDescriptor): CborMap {
  return new Map<unknown, unknown>([["id", d.id], ["type", d.type]]);
}

export class Ctap2Client {
  constructor(
    private readonly hid: CtapHidClient,
    private readonly defaults: { readonly timeoutMs: number } = { timeoutMs: DEFAULT_TIMEOUT_MS },
  ) {}

  async getInfo(opts: Ctap2CallOptions = {}): Promise<AuthenticatorInfo> {
    const m = await this.call(CTAP2_CMD.GET_INFO, undefined, { timeoutMs: 2000, ...opts });
    return parseInfo(m);
  }

  async makeCredential(params: MakeCredentialParams, opts: Ctap2CallOptions = {}): Promise<AttestationResult> {
    if (params.clientDataHash.length !== 32) throw new RangeError(`clientDataHash must be 32 bytes, got ${params.clientDataHash.length}`);
    const req = new Map<number, unknown>([
      [1, params.clientDataHash],
      [2, new Map<string, unknown>(Object.entries(params.rp).filter(([, v]) => v !== undefined))],
      [3, new Map<string, unknown>(Object.entries(params.user).filter(([, v]) => v !== undefined))],
      [4, params.pubKeyCredParams.map((p) => new Map<string, unknown>([["alg", p.alg], ["type", p.type]]))],
    ]);
    if (params.excludeList?.length) req.set(5, params.excludeList.map(descriptorMap));
    const m = await this.call(CTAP2_CMD.MAKE_CREDENTIAL, req, opts);
    return parseAttestation(m);
  }

  async getAssertion(params: GetAssertionParams, opts: Ctap2CallOptions = {}): Promise<AssertionResult> {
    if (params.clientDataHash.length !== 32) throw new RangeError(`clientDataHash must be 32 bytes, got ${params.clientDataHash.length}`);
    if (params.allowList.length === 0) throw new RangeError("allowList must name at least one credential (credentials are non-discoverable)");
    const req = new Map<number, unknown>([
      [1, params.rpId],
      [2, params.clientDataHash],
      [3, params.allowList.map(descriptorMap)],
    ]);
    const m = await this.call(CTAP2_CMD.GET_ASSERTION, req, opts);
    return parseAssertion(m, params.allowList);
  }

  /**
   * Sends raw CTAPHID_CBOR bytes (command byte ‖ CBOR) and returns the raw answer (status ‖ CBOR).
   * CHANNEL_BUSY means the device refused the request without acting on it (another channel is
   * mid-transaction, or the device has not yet released our previous one), so it is retried with
   * a short backoff until the deadline; every other error is passed through.
   */
  async transactRaw(request: Uint8Array, opts: Ctap2CallOptions = {}): Promise<Uint8Array> {
    const timeoutMs = opts.timeoutMs ?? this.defaults.timeoutMs;
    const deadline = Date.now() + timeoutMs;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.hid.transact(CMD.CBOR, request, {
          timeoutMs: Math.max(1, deadline - Date.now()),
          ...(opts.onKeepalive ? { onKeepalive: opts.onKeepalive } : {}),
          ...(opts.signal ? { signal: opts.signal } : {}),
        });
      } catch (e) {
        const busy = e instanceof CtapHidError && e.code === ERR.CHANNEL_BUSY;
        const backoff = Math.min(5 * attempt, 50);
        if (!busy || opts.signal?.aborted || Date.now() + backoff >= deadline) throw e;
        await new Promise((r) => setTimeout(r, backoff));
      }
    }
  }

  /** One CTAP2 round trip: a non-zero status becomes a Ctap2Error, the body a decoded map. */
  private async call(cmd: number, params: CborMap | undefined, opts: Ctap2CallOptions): Promise<CborMap> {
    const body = params ? encodeCanonical(params) : new Uint8Array(0);
    const request = new Uint8Array(1 + body.length);
    request[0] = cmd;
    request.set(body, 1);
    const answer = await this.transactRaw(request, opts);
    if (answer.length === 0) throw new Ctap2Error(CTAP2_STATUS.INVALID_LENGTH, "empty answer: expected a status byte");
    const status = answer[0]!;
    if (status !== CTAP2_STATUS.OK) throw new Ctap2Error(status);
    if (answer.length === 1) return new Map();
    try {
      return asMap(decode(answer.subarray(1)), "CTAP2 response");
    } catch (e) {
      if (e instanceof CborError) throw new Ctap2Error(CTAP2_STATUS.INVALID_CBOR, `authenticator answer: ${e.message}`);
      throw e;
    }
  }
}

// ------------------------------------------------------------------------------ response parsing
// Parse errors are reported as Ctap2Error so callers have one error type for "the key said no or
// said nonsense"; neither is ever an approval.

function parsing<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof CborError) throw new Ctap2Error(CTAP2_STATUS.CBOR_UNEXPECTED_TYPE, `${what}: ${e.message}`);
    throw e;
  }
}

function parseInfo(m: CborMap): AuthenticatorInfo {
  return parsing("getInfo", () => {
    const options: Record<string, boolean> = {};
    const rawOptions = m.get(4);
    if (rawOptions !== undefined) {
      for (const [k, v] of asMap(rawOptions, "options")) {
        if (typeof k === "string" && typeof v === "boolean") options[k] = v;
      }
    }
    const maxMsgSize = m.get(5);
    return {
      versions: asArray(m.get(1), "versions (0x01)").map((v) => asText(v, "versions entry")),
      extensions: m.has(2) ? asArray(m.get(2), "extensions (0x02)").map((v) => asText(v, "extensions entry")) : [],
      aaguid: asBytes(m.get(3), "aaguid (0x03)"),
      options,
      ...(maxMsgSize !== undefined ? { maxMsgSize: asInt(maxMsgSize, "maxMsgSize (0x05)") } : {}),
      raw: m,
    };
  });
}

function parseAttestation(m: CborMap): AttestationResult {
  return parsing("makeCredential", () => ({
    fmt: asText(m.get(1), "fmt (0x01)"),
    authData: asBytes(m.get(2), "authData (0x02)"),
    attStmt: asMap(m.get(3), "attStmt (0x03)"),
  }));
}

function parseAssertion(m: CborMap, allowList: readonly PublicKeyCredentialDescriptor[]): AssertionResult {
  return parsing("getAssertion", () => {
    // CTAP 2.0 keys may omit the credential when the allowList had exactly one entry.
    let credentialId: Uint8Array;
    if (m.has(1)) credentialId = asBytes(asMap(m.get(1), "credential (0x01)").get("id"), "credential.id");
    else if (allowList.length === 1) credentialId = allowList[0]!.id;
    else throw new CborError("credential (0x01) missing although the allowList had several entries");
    // Never accept an assertion for a credential we did not ask for.
    if (!allowList.some((d) => bytesEqual(d.id, credentialId))) {
      throw new Ctap2Error(CTAP2_STATUS.INVALID_CREDENTIAL, "the key answered with a credential that was not in the allowList");
    }
    const user = m.get(4);
    const userHandle = user === undefined ? undefined : asMap(user, "user (0x04)").get("id");
    return {
      credentialId,
      authData: asBytes(m.get(2), "authData (0x02)"),
      signature: asBytes(m.get(3), "signature (0x03)"),
      ...(userHandle !== undefined ? { userHandle: asBytes(userHandle, "user.id") } : {}),
    };
  });
}
