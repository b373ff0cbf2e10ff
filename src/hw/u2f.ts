// CTAP1/U2F over CTAPHID_MSG (hardware-channel.md §3): the fallback for keys that do not speak
// CTAP2, and for CTAP2 keys whose PIN blocks makeCredential. Requests are ISO 7816-4 APDUs in
// extended-length form; answers end in a status word. U2F has no keepalive: a key that needs a
// touch answers CONDITIONS_NOT_SATISFIED and the host asks again until it is touched.
import { createPublicKey } from "node:crypto";
import { CMD, CtapHidError, ERR, type CtapHidClient } from "./ctaphid.js";

export const U2F_INS = { REGISTER: 0x01, AUTHENTICATE: 0x02, VERSION: 0x03 } as const;

/** AUTHENTICATE control byte (P1). */
export const U2F_AUTH = {
  ENFORCE_PRESENCE: 0x03,
  /** Is this key handle ours? CONDITIONS_NOT_SATISFIED if so, WRONG_DATA if not; never signs. */
  CHECK_ONLY: 0x07,
  DONT_ENFORCE_PRESENCE: 0x08,
} as const;

export const SW = {
  NO_ERROR: 0x9000,
  CONDITIONS_NOT_SATISFIED: 0x6985,
  WRONG_DATA: 0x6a80,
  WRONG_LENGTH: 0x6700,
  INS_NOT_SUPPORTED: 0x6d00,
  CLA_NOT_SUPPORTED: 0x6e00,
  NO_PRECISE_DIAGNOSIS: 0x6f00,
} as const;

export type SwName = keyof typeof SW;
const SW_NAMES = new Map<number, SwName>((Object.entries(SW) as Array<[SwName, number]>).map(([n, c]) => [c, n]));

export function swName(sw: number): string {
  return SW_NAMES.get(sw) ?? `SW_0x${sw.toString(16).padStart(4, "0")}`;
}

export type U2fErrorKind =
  /** The key answered a status word other than the one the step expects. */
  | "status"
  /** No touch before the deadline (U2F cannot tell "declined" from "not yet"). */
  | "timeout"
  | "aborted"
  /** The answer does not have the shape the U2F spec gives it. */
  | "malformed";

export class U2fError extends Error {
  constructor(
    readonly kind: U2fErrorKind,
    message: string,
    /** The status word, for kind "status". */
    readonly sw?: number,
  ) {
    super(message);
    this.name = "U2fError";
  }

  static status(sw: number, what: string): U2fError {
    return new U2fError("status", `U2F ${what}: ${swName(sw)} (0x${sw.toString(16).padStart(4, "0")})`, sw);
  }
}

// ------------------------------------------------------------------------------ APDU

const MAX_LC = 0xffff;

/**
 * An extended-length command APDU: `00 INS P1 P2 00 Lc(2) data Le(2)`, or `00 INS P1 P2 00 Le(2)`
 * without data (ISO 7816-4 case 2E). Le = 0000 asks for up to 65536 bytes, as python-fido2 does.
 */
export function encodeApdu(ins: number, p1: number, p2: number, data: Uint8Array = new Uint8Array(0)): Uint8Array {
  for (const [name, v] of [["INS", ins], ["P1", p1], ["P2", p2]] as const) {
    if (!Number.isInteger(v) || v < 0 || v > 0xff) throw new RangeError(`${name} must be a byte, got ${v}`);
  }
  if (data.length > MAX_LC) throw new RangeError(`APDU data of ${data.length} bytes exceeds ${MAX_LC}`);
  if (data.length === 0) return Uint8Array.of(0x00, ins, p1, p2, 0x00, 0x00, 0x00);
  const out = new Uint8Array(7 + data.length + 2);
  out.set([0x00, ins, p1, p2, 0x00, data.length >> 8, data.length & 0xff]);
  out.set(data, 7);
  return out; // the trailing Le bytes stay 00 00
}

export interface ApduResponse {
  readonly sw: number;
  readonly data: Uint8Array;
}

export function decodeApduResponse(bytes: Uint8Array): ApduResponse {
  if (bytes.length < 2) throw new U2fError("malformed", `U2F answer of ${bytes.length} bytes: expected at least a 2-byte status word`);
  const n = bytes.length - 2;
  return { sw: (bytes[n]! << 8) | bytes[n + 1]!, data: bytes.subarray(0, n) };
}

export interface ApduRequest {
  readonly ins: number;
  readonly p1: number;
  readonly p2: number;
  readonly data: Uint8Array;
}

/**
 * Device side: a command APDU in extended-length form, with or without Le, with or without data
 * (python-fido2 sends `Lc = 0000` for no data). Returns the status word to answer with when the
 * APDU is malformed.
 */
export function decodeApduRequest(apdu: Uint8Array): ApduRequest | { readonly sw: number } {
  if (apdu.length < 4) return { sw: SW.WRONG_LENGTH };
  if (apdu[0] !== 0x00) return { sw: SW.CLA_NOT_SUPPORTED };
  const head = { ins: apdu[1]!, p1: apdu[2]!, p2: apdu[3]! };
  if (apdu.length === 4) return { ...head, data: new Uint8Array(0) };
  if (apdu[4] !== 0x00 || apdu.length < 7) return { sw: SW.WRONG_LENGTH }; // extended length only
  if (apdu.length === 7) return { ...head, data: new Uint8Array(0) }; // Le only
  const lc = (apdu[5]! << 8) | apdu[6]!;
  if (apdu.length !== 7 + lc && apdu.length !== 7 + lc + 2) return { sw: SW.WRONG_LENGTH };
  return { ...head, data: apdu.subarray(7, 7 + lc) };
}

/** Device side: data ‖ SW1 SW2. */
export function encodeApduResponse(sw: number, data: Uint8Array = new Uint8Array(0)): Uint8Array {
  const out = new Uint8Array(data.length + 2);
  out.set(data, 0);
  out[data.length] = sw >> 8;
  out[data.length + 1] = sw & 0xff;
  return out;
}

// ------------------------------------------------------------------------------ answers

export interface U2fRegistration {
  /** Uncompressed P-256 point, 0x04 ‖ X ‖ Y; checked to lie on the curve. */
  readonly publicKey: Uint8Array;
  /** The key handle: the WebAuthn credential id. */
  readonly keyHandle: Uint8Array;
  /** X.509 attestation certificate, DER. */
  readonly certificate: Uint8Array;
  /** DER ECDSA over 0x00 ‖ appParam ‖ challengeParam ‖ keyHandle ‖ publicKey. */
  readonly signature: Uint8Array;
}

export interface U2fAuthentication {
  /** Bit 0: the user was present. */
  readonly userPresence: number;
  readonly counter: number;
  /** DER ECDSA over appParam ‖ userPresence ‖ counter ‖ challengeParam. */
  readonly signature: Uint8Array;
}

/** Length of the DER element starting at `offset` (header included), or undefined if it does not fit. */
function derElementLength(bytes: Uint8Array, offset: number): number | undefined {
  const first = bytes[offset + 1];
  if (first === undefined) return undefined;
  let header = 2;
  let len = first;
  if (first & 0x80) {
    const n = first & 0x7f;
    if (n === 0 || n > 3) return undefined; // indefinite or absurd lengths
    len = 0;
    for (let i = 0; i < n; i++) {
      const b = bytes[offset + 2 + i];
      if (b === undefined) return undefined;
      len = len * 256 + b;
    }
    header += n;
  }
  return offset + header + len <= bytes.length ? header + len : undefined;
}

function checkP256Point(point: Uint8Array, what: string): void {
  if (point.length !== 65 || point[0] !== 0x04) throw new U2fError("malformed", `${what}: expected an uncompressed P-256 point (65 bytes, 0x04 first)`);
  try {
    createPublicKey({
      key: { kty: "EC", crv: "P-256", x: Buffer.from(point.subarray(1, 33)).toString("base64url"), y: Buffer.from(point.subarray(33)).toString("base64url") },
      format: "jwk",
    });
  } catch {
    throw new U2fError("malformed", `${what}: the point is not on the P-256 curve`);
  }
}

function checkDerSignature(sig: Uint8Array, what: string): void {
  if (sig.length < 8 || sig.length > 72 || sig[0] !== 0x30 || derElementLength(sig, 0) !== sig.length) {
    throw new U2fError("malformed", `${what}: expected one DER ECDSA signature (SEQUENCE of 8–72 bytes)`);
  }
}

/** REGISTER answer: 0x05 ‖ publicKey(65) ‖ L ‖ keyHandle(L) ‖ certificate(DER) ‖ signature(DER). */
export function parseRegistration(data: Uint8Array): U2fRegistration {
  if (data[0] !== 0x05) throw new U2fError("malformed", "REGISTER answer: expected the reserved byte 0x05 first");
  if (data.length < 67) throw new U2fError("malformed", `REGISTER answer of ${data.length} bytes is too short`);
  const publicKey = data.slice(1, 66);
  checkP256Point(publicKey, "REGISTER public key");
  const khLen = data[66]!;
  if (khLen === 0) throw new U2fError("malformed", "REGISTER answer: empty key handle");
  const certAt = 67 + khLen;
  if (data[certAt] !== 0x30) throw new U2fError("malformed", "REGISTER answer: expected a DER certificate (SEQUENCE) after the key handle");
  const certLen = derElementLength(data, certAt);
  if (certLen === undefined) throw new U2fError("malformed", "REGISTER answer: the certificate's DER length does not fit the answer");
  const signature = data.slice(certAt + certLen);
  checkDerSignature(signature, "REGISTER signature");
  return { publicKey, keyHandle: data.slice(67, certAt), certificate: data.slice(certAt, certAt + certLen), signature };
}

/** AUTHENTICATE answer: userPresence(1) ‖ counter(4, big-endian) ‖ signature(DER). */
export function parseAuthentication(data: Uint8Array): U2fAuthentication {
  if (data.length < 5) throw new U2fError("malformed", `AUTHENTICATE answer of ${data.length} bytes is too short`);
  const signature = data.slice(5);
  checkDerSignature(signature, "AUTHENTICATE signature");
  return { userPresence: data[0]!, counter: new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(1), signature };
}

// ------------------------------------------------------------------------------ client

export interface U2fCallOptions {
  /** Deadline for the whole step, touch included. Default 30 s. */
  readonly timeoutMs?: number;
  /** Stops polling; the step then rejects with kind "aborted". */
  readonly signal?: AbortSignal;
  /** Called once, when the key first asks for a touch. */
  readonly onTouchNeeded?: () => void;
}

export interface U2fClientOptions {
  /** Wait between two polls of a key that wants a touch (python-fido2 uses 250 ms). */
  readonly pollIntervalMs?: number;
  /** Timeout of one APDU round trip; a U2F key answers at once. */
  readonly apduTimeoutMs?: number;
  readonly now?: () => number;
}

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done);
  });

function checkParam(p: Uint8Array, name: string): void {
  if (p.length !== 32) throw new RangeError(`${name} must be 32 bytes (SHA-256), got ${p.length}`);
}

function checkKeyHandle(kh: Uint8Array): void {
  if (kh.length === 0 || kh.length > 255) throw new RangeError(`a U2F key handle is 1–255 bytes, got ${kh.length}`);
}

export class U2fClient {
  private readonly pollIntervalMs: number;
  private readonly apduTimeoutMs: number;
  private readonly now: () => number;

  constructor(
    private readonly hid: CtapHidClient,
    opts: U2fClientOptions = {},
  ) {
    this.pollIntervalMs = opts.pollIntervalMs ?? 250;
    this.apduTimeoutMs = opts.apduTimeoutMs ?? 2000;
    this.now = opts.now ?? Date.now;
  }

  /**
   * One APDU round trip over CTAPHID_MSG. CHANNEL_BUSY (another host, or our own cancelled
   * request, still has a transaction on the key) means the key did not act on it: retried with a
   * short backoff until the timeout.
   */
  async apdu(ins: number, p1: number, p2: number, data?: Uint8Array, timeoutMs = this.apduTimeoutMs): Promise<ApduResponse> {
    const apdu = encodeApdu(ins, p1, p2, data);
    const deadline = this.now() + timeoutMs;
    for (let attempt = 1; ; attempt++) {
      try {
        return decodeApduResponse(await this.hid.transact(CMD.MSG, apdu, { timeoutMs: Math.max(1, deadline - this.now()) }));
      } catch (e) {
        const backoff = Math.min(5 * attempt, 50);
        if (!(e instanceof CtapHidError && e.code === ERR.CHANNEL_BUSY) || this.now() + backoff >= deadline) throw e;
        await sleep(backoff);
      }
    }
  }

  /** The U2F version string; "U2F_V2" for every key that implements the spec. */
  async version(timeoutMs = this.apduTimeoutMs): Promise<string> {
    const r = await this.apdu(U2F_INS.VERSION, 0, 0, undefined, timeoutMs);
    if (r.sw !== SW.NO_ERROR) throw U2fError.status(r.sw, "VERSION");
    if (r.data.length === 0 || r.data.length > 32 || !r.data.every((b) => b >= 0x20 && b < 0x7f)) {
      throw new U2fError("malformed", "VERSION answer: expected a short ASCII string");
    }
    return Buffer.from(r.data).toString("ascii");
  }

  /** Creates a key pair for appParam; waits for the touch. */
  async register(challengeParam: Uint8Array, appParam: Uint8Array, opts: U2fCallOptions = {}): Promise<U2fRegistration> {
    checkParam(challengeParam, "challengeParam");
    checkParam(appParam, "appParam");
    const data = new Uint8Array(64);
    data.set(challengeParam, 0);
    data.set(appParam, 32);
    return parseRegistration(await this.untilTouched(U2F_INS.REGISTER, 0, data, "REGISTER", opts));
  }

  /**
   * Whether `keyHandle` was made by this key for appParam, asked without signing or waiting for a
   * touch (check-only). Any status but the two the spec gives for check-only is an error.
   */
  async isOwnKeyHandle(appParam: Uint8Array, keyHandle: Uint8Array, timeoutMs = this.apduTimeoutMs): Promise<boolean> {
    checkParam(appParam, "appParam");
    checkKeyHandle(keyHandle);
    // The challenge is irrelevant to check-only: nothing is signed.
    const r = await this.apdu(U2F_INS.AUTHENTICATE, U2F_AUTH.CHECK_ONLY, 0, authenticateData(new Uint8Array(32), appParam, keyHandle), timeoutMs);
    if (r.sw === SW.CONDITIONS_NOT_SATISFIED) return true;
    if (r.sw === SW.WRONG_DATA) return false;
    throw U2fError.status(r.sw, "AUTHENTICATE (check-only)");
  }

  /** Signs challengeParam with keyHandle, enforcing user presence; waits for the touch. */
  async authenticate(challengeParam: Uint8Array, appParam: Uint8Array, keyHandle: Uint8Array, opts: U2fCallOptions = {}): Promise<U2fAuthentication> {
    checkParam(challengeParam, "challengeParam");
    checkParam(appParam, "appParam");
    checkKeyHandle(keyHandle);
    const data = authenticateData(challengeParam, appParam, keyHandle);
    return parseAuthentication(await this.untilTouched(U2F_INS.AUTHENTICATE, U2F_AUTH.ENFORCE_PRESENCE, data, "AUTHENTICATE", opts));
  }

  /**
   * Sends the APDU until the key stops answering CONDITIONS_NOT_SATISFIED ("touch me"), the
   * deadline passes or the signal aborts. An answer that arrives after an abort is dropped: the
   * caller no longer wants it.
   */
  private async untilTouched(ins: number, p1: number, data: Uint8Array, what: string, opts: U2fCallOptions): Promise<Uint8Array> {
    const timeoutMs = opts.timeoutMs ?? 30_000;
    const deadline = this.now() + timeoutMs;
    let asked = false;
    for (;;) {
      if (opts.signal?.aborted) throw new U2fError("aborted", `${what} aborted by the host`);
      const remaining = deadline - this.now();
      if (remaining <= 0) throw new U2fError("timeout", `${what}: no touch within ${timeoutMs} ms`);
      let r: ApduResponse;
      try {
        r = await this.apdu(ins, p1, 0, data, Math.min(remaining, this.apduTimeoutMs));
      } catch (e) {
        // The last poll was given only what was left of the deadline: its transaction running out is
        // the operation's own timeout, not a fault of the key's framing.
        if (e instanceof CtapHidError && e.code === ERR.MSG_TIMEOUT && this.now() >= deadline) throw new U2fError("timeout", `${what}: no touch within ${timeoutMs} ms`);
        throw e;
      }
      if (opts.signal?.aborted) throw new U2fError("aborted", `${what} aborted by the host`);
      if (r.sw === SW.NO_ERROR) return r.data;
      if (r.sw !== SW.CONDITIONS_NOT_SATISFIED) throw U2fError.status(r.sw, what);
      if (!asked) {
        asked = true;
        opts.onTouchNeeded?.();
      }
      await sleep(Math.min(this.pollIntervalMs, Math.max(0, deadline - this.now())), opts.signal);
    }
  }
}

function authenticateData(challengeParam: Uint8Array, appParam: Uint8Array, keyHandle: Uint8Array): Uint8Array {
  const data = new Uint8Array(65 + keyHandle.length);
  data.set(challengeParam, 0);
  data.set(appParam, 32);
  data[64] = keyHandle.length;
  data.set(keyHandle, 65);
  return data;
}
