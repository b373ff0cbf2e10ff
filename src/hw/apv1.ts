// APV1, the approval display protocol (docs/hid-protocol.md; reference: hardware-channel.md §10):
// the pure part shared by the daemon (apv1-host.ts) and the simulator (src/sim/apv1-display.ts). Byte
// layouts with explicit length checks, the key schedule, message tags, shownDigest and the text
// rules. No I/O, no clock, no randomness of its own: callers pass them in.
//
// Every decoder throws Apv1DecodeError and nothing else on input it cannot accept, so a caller
// can treat any other exception as a bug rather than as hostile bytes.
import { createECDH, createHmac, hkdfSync } from "node:crypto";
import { ascii, bytesEqual, concatBytes, formatUuid, sha256, toHex, u32be, uuidBytes } from "./bytes.js";

export { bytesEqual, concatBytes, toHex };

export const APV1_VERSION = 1;
/** The display's HID usage page and usage (not 0xF1D0: nothing takes it for a FIDO key). */
export const APV1_USAGE_PAGE = 0xff5a;
export const APV1_USAGE = 0x01;

/** Vendor commands in the CTAPHID range 0x40–0x7F. */
export const APV1_CMD = {
  HELLO: 0x40,
  SHOW: 0x41,
  CLEAR: 0x42,
  WAIT: 0x43,
  PAIR_BEGIN: 0x44,
  PAIR_CONFIRM: 0x45,
  UNPAIR: 0x46,
} as const;

/** Application status. 0x00–0x08 as in the reference; 0x09–0x0E added (docs/hid-protocol.md). */
export const STATUS = {
  OK: 0x00,
  BUSY: 0x01,
  BAD_TAG: 0x02,
  REPLAY: 0x03,
  TOO_LONG: 0x04,
  NOT_PAIRED: 0x05,
  BAD_TEXT: 0x06,
  UNKNOWN_REQUEST: 0x07,
  BAD_VERSION: 0x08,
  MALFORMED: 0x09,
  DENIED: 0x0a,
  NOT_PAIRING: 0x0b,
  TIMEOUT: 0x0c,
  CANCELLED: 0x0d,
  UNKNOWN_COMMAND: 0x0e,
} as const;
export type StatusName = keyof typeof STATUS;
const STATUS_NAMES = new Map<number, StatusName>((Object.entries(STATUS) as Array<[StatusName, number]>).map(([k, v]) => [v, k]));
export function statusName(status: number): string {
  return STATUS_NAMES.get(status) ?? `UNKNOWN_0x${status.toString(16).padStart(2, "0")}`;
}

export const DECISION = { APPROVE: 0x01, DENY: 0x02, EXPIRED: 0x03, CANCELLED: 0x04, REPLACED: 0x05 } as const;
export type DecisionName = "approve" | "deny" | "expired" | "cancelled" | "replaced";
const DECISION_NAMES: Record<number, DecisionName> = { 1: "approve", 2: "deny", 3: "expired", 4: "cancelled", 5: "replaced" };
export function decisionName(decision: number): DecisionName | undefined {
  return DECISION_NAMES[decision];
}

/** HELLO `caps` bits. */
export const CAPS = { DISPLAY: 0x01, APPROVE_KEY: 0x02, DENY_KEY: 0x04, LONG_PRESS: 0x08, LED: 0x10, BUZZER: 0x20 } as const;
/** SHOW `flags` bits; any other bit set is MALFORMED (a device must not ignore a rule it does not know). */
export const SHOW_FLAGS = { LONG_PRESS: 0x01, DENY_HINT: 0x02 } as const;
const KNOWN_FLAGS = SHOW_FLAGS.LONG_PRESS | SHOW_FLAGS.DENY_HINT;

export const CLEAR_REASON = { NONE: 0x00, ANSWERED: 0x01, EXPIRED: 0x02, CANCELLED: 0x03, SHUTDOWN: 0x04 } as const;
export type ClearReasonName = "none" | "answered" | "expired" | "cancelled" | "shutdown";
const CLEAR_REASON_NAMES: ClearReasonName[] = ["none", "answered", "expired", "cancelled", "shutdown"];
export function clearReasonName(reason: number): ClearReasonName | undefined {
  return CLEAR_REASON_NAMES[reason];
}

/** v1 cap on any APV1 message, request or response. */
export const APV1_MAX_MESSAGE = 1024;
export const TAG_LEN = 16;
export const NONCE_LEN = 16;
export const DEVICE_ID_LEN = 16;
export const REQUEST_ID_LEN = 16;
export const DIGEST_LEN = 32;
export const PUBLIC_KEY_LEN = 65;
export const KEY_LEN = 32;
export const TTL_MAX_SEC = 600;
export const TTL_DEFAULT_SEC = 120;
export const CODE_MAX = 40;
export const LONG_PRESS_MS = 800;
/** Presses that begin this soon after a SHOW (or the SAS) are ignored: no pre-pressed approvals. */
export const IGNORE_AFTER_SHOW_MS = 500;
export const DEBOUNCE_MS = 20;
export const PAIRING_MODE_MS = 60_000;
/** A decision nobody collected is dropped after this. */
export const DECIDED_RETAIN_MS = 30_000;
/** The host waits this much beyond the TTL for the device's EXPIRED answer. */
export const WAIT_GRACE_MS = 2_000;

export type Random = (size: number) => Uint8Array;

export class Apv1DecodeError extends Error {
  override readonly name = "Apv1DecodeError";
  constructor(
    /** What was being decoded: "SHOW request", "public key", … */
    readonly what: string,
    detail: string,
  ) {
    super(`${what}: ${detail}`);
  }
}

// ------------------------------------------------------------------------------ bytes

const u8 = (n: number): Uint8Array => Uint8Array.of(n & 0xff);
const u16 = (n: number): Uint8Array => Uint8Array.of((n >>> 8) & 0xff, n & 0xff);
const u32 = u32be;

/** Bounds-checked reads; any overrun or leftover is an Apv1DecodeError naming the message. */
class Reader {
  private off = 0;
  private readonly view: DataView;
  constructor(
    private readonly bytes: Uint8Array,
    private readonly what: string,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(n: number, field: string): void {
    if (this.off + n > this.bytes.length) throw new Apv1DecodeError(this.what, `truncated at ${field} (needs ${n} bytes at offset ${this.off}, ${this.bytes.length} in all)`);
  }
  u8(field: string): number {
    this.need(1, field);
    return this.bytes[this.off++]!;
  }
  u16(field: string): number {
    this.need(2, field);
    const v = this.view.getUint16(this.off);
    this.off += 2;
    return v;
  }
  u32(field: string): number {
    this.need(4, field);
    const v = this.view.getUint32(this.off);
    this.off += 4;
    return v;
  }
  take(n: number, field: string): Uint8Array {
    this.need(n, field);
    const v = this.bytes.slice(this.off, this.off + n);
    this.off += n;
    return v;
  }
  end(): void {
    if (this.off !== this.bytes.length) throw new Apv1DecodeError(this.what, `${this.bytes.length - this.off} unexpected trailing bytes`);
  }
}

function exactLength(payload: Uint8Array, expected: number, what: string): void {
  if (payload.length !== expected) throw new Apv1DecodeError(what, `expected ${expected} bytes, got ${payload.length}`);
}

// ------------------------------------------------------------------------------ request ids


/** The 16 bytes of a UUID string (any version, any case). The daemon's request ids are UUIDs. */
export function uuidToBytes(uuid: string): Uint8Array {
  const bytes = uuidBytes(uuid);
  if (!bytes) throw new Apv1DecodeError("request id", `expected a UUID like 123e4567-e89b-12d3-a456-426614174000, got ${JSON.stringify(uuid.slice(0, 64))}`);
  return bytes;
}

/** The canonical lower-case UUID string of 16 bytes. */
export function bytesToUuid(bytes: Uint8Array): string {
  if (bytes.length !== REQUEST_ID_LEN) throw new Apv1DecodeError("request id", `expected ${REQUEST_ID_LEN} bytes, got ${bytes.length}`);
  return formatUuid(bytes);
}

const isZero = (b: Uint8Array): boolean => b.every((x) => x === 0);

// ------------------------------------------------------------------------------ text rules

/** Printable ASCII 0x20–0x7E: no controls, no bidi overrides, no look-alikes from other scripts. */
export function isPrintableAscii(text: string | Uint8Array): boolean {
  if (typeof text === "string") {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x20 || c > 0x7e) return false;
    }
    return true;
  }
  return text.every((c) => c >= 0x20 && c <= 0x7e);
}

/**
 * The lines a body occupies on a display `cols` wide: greedy word wrap at single spaces (the
 * space at a break is not drawn), words longer than a line split across lines. Nothing is ever
 * dropped, so the line count is the honest size of the text.
 */
export function wrapText(text: string, cols: number): string[] {
  if (!Number.isInteger(cols) || cols < 1) throw new RangeError(`cols must be a positive integer, got ${cols}`);
  const lines: string[] = [];
  let line: string | undefined;
  for (let word of text.split(" ")) {
    if (line !== undefined && line.length + 1 + word.length <= cols) {
      line += ` ${word}`;
      continue;
    }
    if (line !== undefined) lines.push(line);
    while (word.length > cols) {
      lines.push(word.slice(0, cols));
      word = word.slice(cols);
    }
    line = word;
  }
  if (line !== undefined) lines.push(line);
  return lines;
}

/** Whether a body can be shown whole on a `cols` × `rows` display (printable ASCII only in v1). */
export function fitsDisplay(text: string, cols: number, rows: number): boolean {
  return isPrintableAscii(text) && wrapText(text, cols).length <= rows;
}

export interface ScreenText {
  readonly title: Uint8Array;
  readonly body: Uint8Array;
  readonly code: Uint8Array;
}

/**
 * Why a screen cannot be shown on a `cols` × `rows` display, or undefined if it can. The title is
 * one line; the body must fit whole after wrapping; the code is printable ASCII without spaces.
 * The device answers BAD_TEXT for any of these: it never truncates.
 */
export function screenTextProblem(s: ScreenText, cols: number, rows: number): string | undefined {
  if (!isPrintableAscii(s.title)) return "the title holds a character outside printable ASCII (0x20-0x7E)";
  if (!isPrintableAscii(s.body)) return "the body holds a character outside printable ASCII (0x20-0x7E)";
  if (!isPrintableAscii(s.code) || s.code.includes(0x20)) return "the code must be printable ASCII without spaces";
  if (s.title.length > cols) return `the title has ${s.title.length} characters, the display line ${cols}`;
  if (s.code.length > CODE_MAX) return `the code has ${s.code.length} characters, at most ${CODE_MAX}`;
  const lines = wrapText(Buffer.from(s.body).toString("latin1"), cols).length;
  if (lines > rows) return `the body wraps to ${lines} lines, the display has ${rows} of ${cols} characters`;
  return undefined;
}

// ------------------------------------------------------------------------------ crypto

const hmac = (key: Uint8Array, ...parts: Uint8Array[]): Uint8Array => {
  const h = createHmac("sha256", key);
  for (const p of parts) h.update(p);
  return new Uint8Array(h.digest());
};
const label = (s: string): Uint8Array => ascii(s);

export interface EcdhKeyPair {
  readonly privateKey: Uint8Array;
  /** Uncompressed P-256 point, 65 bytes starting 0x04. */
  readonly publicKey: Uint8Array;
}

/** A P-256 key pair from the given randomness (a draw outside [1, n-1] is drawn again). */
export function generateEcdhKeyPair(random: Random): EcdhKeyPair {
  for (let attempt = 0; attempt < 64; attempt++) {
    const candidate = random(32);
    if (candidate.length !== 32) throw new RangeError(`random(32) returned ${candidate.length} bytes`);
    const ecdh = createECDH("prime256v1");
    try {
      ecdh.setPrivateKey(candidate);
    } catch {
      continue;
    }
    return { privateKey: new Uint8Array(ecdh.getPrivateKey()), publicKey: new Uint8Array(ecdh.getPublicKey()) };
  }
  throw new Error("the random source gave 64 invalid P-256 scalars in a row");
}

/** Z = ECDH(own private key, peer public key). An invalid peer point is an Apv1DecodeError. */
export function ecdhSharedSecret(privateKey: Uint8Array, peerPublicKey: Uint8Array): Uint8Array {
  if (peerPublicKey.length !== PUBLIC_KEY_LEN || peerPublicKey[0] !== 0x04) throw new Apv1DecodeError("public key", "expected an uncompressed P-256 point (65 bytes, 0x04 first)");
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(privateKey);
  try {
    return new Uint8Array(ecdh.computeSecret(peerPublicKey));
  } catch {
    throw new Apv1DecodeError("public key", "not a point on P-256");
  }
}

export interface PairingTranscript {
  readonly hostPublicKey: Uint8Array;
  readonly devicePublicKey: Uint8Array;
  readonly hostNonce: Uint8Array;
  readonly deviceNonce: Uint8Array;
  readonly deviceId: Uint8Array;
}

/** K_pair = HKDF-SHA256(Z, salt = hostNonce ‖ deviceNonce, info = "APV1 pair" ‖ hostPub ‖ devicePub ‖ deviceId, 32). */
export function derivePairingKey(z: Uint8Array, t: PairingTranscript): Uint8Array {
  const salt = concatBytes(t.hostNonce, t.deviceNonce);
  const info = concatBytes(label("APV1 pair"), t.hostPublicKey, t.devicePublicKey, t.deviceId);
  return new Uint8Array(hkdfSync("sha256", z, salt, info, KEY_LEN));
}

/** The six digits both sides show: uint32(HMAC(K_pair, "APV1 SAS")[:4]) mod 10^6. */
export function shortAuthString(kPair: Uint8Array): string {
  const h = hmac(kPair, label("APV1 SAS"));
  const n = new DataView(h.buffer, h.byteOffset).getUint32(0);
  return String(n % 1_000_000).padStart(6, "0");
}

/** The host's commitment to its pairing key before it sees the device's (stops SAS grinding). */
export function pairingCommitment(hostPublicKey: Uint8Array, hostNonce: Uint8Array): Uint8Array {
  return sha256(label("APV1 commit"), hostPublicKey, hostNonce);
}

export const confirmTagHost = (kPair: Uint8Array): Uint8Array => hmac(kPair, label("APV1 confirm-h")).slice(0, TAG_LEN);
export const confirmTagDevice = (kPair: Uint8Array): Uint8Array => hmac(kPair, label("APV1 confirm-d")).slice(0, TAG_LEN);

export interface SessionKeys {
  /** Host to device. */
  readonly h2d: Uint8Array;
  /** Device to host. Separate keys: a message cannot be reflected back to its sender. */
  readonly d2h: Uint8Array;
}

/** K_s = HMAC(K_pair, "APV1 session" ‖ hostNonce ‖ deviceNonce ‖ deviceId); K_h2d/K_d2h = HMAC(K_s, "h2d"/"d2h"). */
export function deriveSessionKeys(kPair: Uint8Array, hostNonce: Uint8Array, deviceNonce: Uint8Array, deviceId: Uint8Array): SessionKeys {
  const ks = hmac(kPair, label("APV1 session"), hostNonce, deviceNonce, deviceId);
  return { h2d: hmac(ks, label("h2d")), d2h: hmac(ks, label("d2h")) };
}

/** HMAC-SHA256(key, "APV1" ‖ cmd ‖ CID ‖ payload without tag)[:16]: cmd and CID stop splicing. */
export function messageTag(key: Uint8Array, cmd: number, cid: number, signed: Uint8Array): Uint8Array {
  return hmac(key, label("APV1"), u8(cmd), u32(cid), signed).slice(0, TAG_LEN);
}

/** Constant-time check of a message's tag. */
export function tagVerifies(key: Uint8Array, cmd: number, cid: number, signed: Uint8Array, tag: Uint8Array): boolean {
  return bytesEqual(messageTag(key, cmd, cid, signed), tag);
}

export const seal = (key: Uint8Array, cmd: number, cid: number, signed: Uint8Array): Uint8Array => concatBytes(signed, messageTag(key, cmd, cid, signed));

export interface ShownInput extends ScreenText {
  readonly requestId: Uint8Array;
  readonly actionDigest: Uint8Array;
  readonly flags: number;
}

/**
 * SHA-256("APV1 shown" ‖ requestId ‖ actionDigest ‖ flags ‖ titleLen ‖ title ‖ bodyLen ‖ body ‖
 * codeLen ‖ code): exactly what was rendered and how it may be answered. The lengths keep the
 * fields from sliding into each other ("ab"+"c" ≠ "a"+"bc").
 */
export function shownDigest(s: ShownInput): Uint8Array {
  return sha256(label("APV1 shown"), s.requestId, s.actionDigest, u8(s.flags), u8(s.title.length), s.title, u16(s.body.length), s.body, u8(s.code.length), s.code);
}

// ------------------------------------------------------------------------------ messages

/** A tagged message split into what the tag covers and the tag. */
export interface Tagged {
  readonly signed: Uint8Array;
  readonly tag: Uint8Array;
}

function splitTag(payload: Uint8Array): Tagged {
  return { signed: payload.subarray(0, payload.length - TAG_LEN), tag: payload.slice(payload.length - TAG_LEN) };
}

/** A response of one byte is a bare status: the device could not (or would not) authenticate an answer. */
export function isBareStatus(payload: Uint8Array): boolean {
  return payload.length === 1;
}
export const bareStatus = (status: number): Uint8Array => Uint8Array.of(status);

// HELLO ---------------------------------------------------------------------------------

export interface HelloRequest {
  readonly version: number;
  readonly hostNonce: Uint8Array;
}
export function encodeHelloRequest(r: HelloRequest): Uint8Array {
  return concatBytes(u8(r.version), fixed(r.hostNonce, NONCE_LEN, "hostNonce"));
}
export function decodeHelloRequest(p: Uint8Array): HelloRequest {
  exactLength(p, 1 + NONCE_LEN, "HELLO request");
  const r = new Reader(p, "HELLO request");
  return { version: r.u8("ver"), hostNonce: r.take(NONCE_LEN, "hostNonce") };
}

export interface DeviceInfo {
  readonly version: number;
  readonly firmware: readonly [number, number, number];
  readonly deviceId: Uint8Array;
  readonly caps: number;
  readonly cols: number;
  readonly rows: number;
  readonly paired: boolean;
  readonly deviceNonce: Uint8Array;
}
const HELLO_RESPONSE_LEN = 1 + 3 + DEVICE_ID_LEN + 2 + 1 + 1 + 1 + NONCE_LEN;

/** Without the tag; a paired device appends messageTag(K_d2h, HELLO, CID, this). */
export function encodeHelloResponse(i: DeviceInfo): Uint8Array {
  return concatBytes(u8(i.version), Uint8Array.from(i.firmware), fixed(i.deviceId, DEVICE_ID_LEN, "deviceId"), u16(i.caps), u8(i.cols), u8(i.rows), u8(i.paired ? 1 : 0), fixed(i.deviceNonce, NONCE_LEN, "deviceNonce"));
}
export function decodeHelloResponse(p: Uint8Array): DeviceInfo & { readonly tagged?: Tagged } {
  const what = "HELLO response";
  if (p.length !== HELLO_RESPONSE_LEN && p.length !== HELLO_RESPONSE_LEN + TAG_LEN) throw new Apv1DecodeError(what, `expected ${HELLO_RESPONSE_LEN} or ${HELLO_RESPONSE_LEN + TAG_LEN} bytes, got ${p.length}`);
  const r = new Reader(p.subarray(0, HELLO_RESPONSE_LEN), what);
  const version = r.u8("ver");
  const firmware = [r.u8("fw major"), r.u8("fw minor"), r.u8("fw patch")] as const;
  const deviceId = r.take(DEVICE_ID_LEN, "deviceId");
  const caps = r.u16("caps");
  const cols = r.u8("cols");
  const rows = r.u8("rows");
  const pairedByte = r.u8("paired");
  const deviceNonce = r.take(NONCE_LEN, "deviceNonce");
  r.end();
  if (pairedByte > 1) throw new Apv1DecodeError(what, `paired must be 0 or 1, got ${pairedByte}`);
  if (cols < 1 || rows < 1) throw new Apv1DecodeError(what, `a display of ${cols} × ${rows} characters cannot show anything`);
  const paired = pairedByte === 1;
  if (paired !== (p.length === HELLO_RESPONSE_LEN + TAG_LEN)) throw new Apv1DecodeError(what, paired ? "a paired device must tag its HELLO answer" : "an unpaired device cannot tag its HELLO answer");
  const info: DeviceInfo = { version, firmware: [...firmware], deviceId, caps, cols, rows, paired, deviceNonce };
  return paired ? { ...info, tagged: splitTag(p) } : info;
}

// SHOW ----------------------------------------------------------------------------------

export interface ShowRequest extends ShownInput {
  readonly ctr: number;
  readonly ttlSec: number;
}
const SHOW_FIXED = 4 + REQUEST_ID_LEN + 2 + 1 + DIGEST_LEN + 1 + 2 + 1 + TAG_LEN;

/** Without the tag. */
export function encodeShowRequest(r: ShowRequest): Uint8Array {
  if (r.title.length > 0xff || r.body.length > 0xffff || r.code.length > 0xff) throw new RangeError("title, body or code too long for its length field");
  return concatBytes(
    u32(r.ctr),
    fixed(r.requestId, REQUEST_ID_LEN, "requestId"),
    u16(r.ttlSec),
    u8(r.flags),
    fixed(r.actionDigest, DIGEST_LEN, "actionDigest"),
    u8(r.title.length),
    r.title,
    u16(r.body.length),
    r.body,
    u8(r.code.length),
    r.code,
  );
}
export function decodeShowRequest(p: Uint8Array): ShowRequest & Tagged {
  const what = "SHOW request";
  if (p.length < SHOW_FIXED) throw new Apv1DecodeError(what, `at least ${SHOW_FIXED} bytes, got ${p.length}`);
  const t = splitTag(p);
  const r = new Reader(t.signed, what);
  const ctr = r.u32("ctr");
  const requestId = r.take(REQUEST_ID_LEN, "requestId");
  const ttlSec = r.u16("ttlSec");
  const flags = r.u8("flags");
  const actionDigest = r.take(DIGEST_LEN, "actionDigest");
  const title = r.take(r.u8("titleLen"), "title");
  const body = r.take(r.u16("bodyLen"), "body");
  const code = r.take(r.u8("codeLen"), "code");
  r.end();
  checkCtr(ctr, what);
  checkRequestId(requestId, what);
  if (ttlSec < 1 || ttlSec > TTL_MAX_SEC) throw new Apv1DecodeError(what, `ttlSec must be 1-${TTL_MAX_SEC}, got ${ttlSec}`);
  if (flags & ~KNOWN_FLAGS) throw new Apv1DecodeError(what, `unknown flag bits 0x${(flags & ~KNOWN_FLAGS).toString(16)}`);
  return { ctr, requestId, ttlSec, flags, actionDigest, title, body, code, ...t };
}

export interface ShowResponse {
  readonly ctr: number;
  readonly requestId: Uint8Array;
  readonly status: number;
  /** All zero unless status is OK. */
  readonly shownDigest: Uint8Array;
}
const SHOW_RESPONSE_LEN = 4 + REQUEST_ID_LEN + 1 + DIGEST_LEN + TAG_LEN;
export function encodeShowResponse(r: ShowResponse): Uint8Array {
  return concatBytes(u32(r.ctr), fixed(r.requestId, REQUEST_ID_LEN, "requestId"), u8(r.status), fixed(r.shownDigest, DIGEST_LEN, "shownDigest"));
}
export function decodeShowResponse(p: Uint8Array): ShowResponse & Tagged {
  const what = "SHOW response";
  exactLength(p, SHOW_RESPONSE_LEN, what);
  const t = splitTag(p);
  const r = new Reader(t.signed, what);
  const out = { ctr: r.u32("ctr"), requestId: r.take(REQUEST_ID_LEN, "requestId"), status: r.u8("status"), shownDigest: r.take(DIGEST_LEN, "shownDigest") };
  r.end();
  checkStatus(out.status, what);
  return { ...out, ...t };
}

// CLEAR ---------------------------------------------------------------------------------

export interface ClearRequest {
  readonly ctr: number;
  /** All zero: whatever is shown. */
  readonly requestId: Uint8Array;
  readonly reason: number;
}
export function encodeClearRequest(r: ClearRequest): Uint8Array {
  return concatBytes(u32(r.ctr), fixed(r.requestId, REQUEST_ID_LEN, "requestId"), u8(r.reason));
}
export function decodeClearRequest(p: Uint8Array): ClearRequest & Tagged {
  const what = "CLEAR request";
  exactLength(p, 4 + REQUEST_ID_LEN + 1 + TAG_LEN, what);
  const t = splitTag(p);
  const r = new Reader(t.signed, what);
  const out = { ctr: r.u32("ctr"), requestId: r.take(REQUEST_ID_LEN, "requestId"), reason: r.u8("reason") };
  r.end();
  checkCtr(out.ctr, what);
  if (clearReasonName(out.reason) === undefined) throw new Apv1DecodeError(what, `unknown reason 0x${out.reason.toString(16)}`);
  return { ...out, ...t };
}

/** The answer to CLEAR and to UNPAIR: `ctr ‖ status ‖ tag`. */
export interface CtrStatusResponse {
  readonly ctr: number;
  readonly status: number;
}
export function encodeCtrStatusResponse(r: CtrStatusResponse): Uint8Array {
  return concatBytes(u32(r.ctr), u8(r.status));
}
export function decodeCtrStatusResponse(p: Uint8Array, what = "CLEAR/UNPAIR response"): CtrStatusResponse & Tagged {
  exactLength(p, 4 + 1 + TAG_LEN, what);
  const t = splitTag(p);
  const r = new Reader(t.signed, what);
  const out = { ctr: r.u32("ctr"), status: r.u8("status") };
  r.end();
  checkStatus(out.status, what);
  return { ...out, ...t };
}

// WAIT ----------------------------------------------------------------------------------

export interface WaitRequest {
  readonly ctr: number;
  readonly requestId: Uint8Array;
}
export function encodeWaitRequest(r: WaitRequest): Uint8Array {
  return concatBytes(u32(r.ctr), fixed(r.requestId, REQUEST_ID_LEN, "requestId"));
}
export function decodeWaitRequest(p: Uint8Array): WaitRequest & Tagged {
  const what = "WAIT request";
  exactLength(p, 4 + REQUEST_ID_LEN + TAG_LEN, what);
  const t = splitTag(p);
  const r = new Reader(t.signed, what);
  const out = { ctr: r.u32("ctr"), requestId: r.take(REQUEST_ID_LEN, "requestId") };
  r.end();
  checkCtr(out.ctr, what);
  checkRequestId(out.requestId, what);
  return { ...out, ...t };
}

export interface WaitResponse {
  readonly ctr: number;
  readonly requestId: Uint8Array;
  readonly status: number;
  /** 0 unless status is OK; then one of DECISION. */
  readonly decision: number;
  readonly shownDigest: Uint8Array;
  /** How long the accepted button was held (0 for decisions not made by a press). */
  readonly holdMs: number;
}
const WAIT_RESPONSE_LEN = 4 + REQUEST_ID_LEN + 1 + 1 + DIGEST_LEN + 2 + TAG_LEN;
export function encodeWaitResponse(r: WaitResponse): Uint8Array {
  return concatBytes(u32(r.ctr), fixed(r.requestId, REQUEST_ID_LEN, "requestId"), u8(r.status), u8(r.decision), fixed(r.shownDigest, DIGEST_LEN, "shownDigest"), u16(Math.min(r.holdMs, 0xffff)));
}
export function decodeWaitResponse(p: Uint8Array): WaitResponse & Tagged {
  const what = "WAIT response";
  exactLength(p, WAIT_RESPONSE_LEN, what);
  const t = splitTag(p);
  const r = new Reader(t.signed, what);
  const out = {
    ctr: r.u32("ctr"),
    requestId: r.take(REQUEST_ID_LEN, "requestId"),
    status: r.u8("status"),
    decision: r.u8("decision"),
    shownDigest: r.take(DIGEST_LEN, "shownDigest"),
    holdMs: r.u16("holdMs"),
  };
  r.end();
  checkStatus(out.status, what);
  if (out.status === STATUS.OK && decisionName(out.decision) === undefined) throw new Apv1DecodeError(what, `unknown decision 0x${out.decision.toString(16)}`);
  if (out.status !== STATUS.OK && out.decision !== 0) throw new Apv1DecodeError(what, "a decision came with an error status");
  return { ...out, ...t };
}

// UNPAIR --------------------------------------------------------------------------------

export function encodeUnpairRequest(ctr: number): Uint8Array {
  return u32(ctr);
}
export function decodeUnpairRequest(p: Uint8Array): { readonly ctr: number } & Tagged {
  const what = "UNPAIR request";
  exactLength(p, 4 + TAG_LEN, what);
  const t = splitTag(p);
  const r = new Reader(t.signed, what);
  const ctr = r.u32("ctr");
  r.end();
  checkCtr(ctr, what);
  return { ctr, ...t };
}

// PAIR_BEGIN / PAIR_CONFIRM -------------------------------------------------------------

export function encodePairBeginRequest(commitment: Uint8Array): Uint8Array {
  return fixed(commitment, DIGEST_LEN, "commitment");
}
export function decodePairBeginRequest(p: Uint8Array): { readonly commitment: Uint8Array } {
  exactLength(p, DIGEST_LEN, "PAIR_BEGIN request");
  return { commitment: p.slice() };
}

export interface PairBeginResponse {
  readonly devicePublicKey: Uint8Array;
  readonly deviceNonce: Uint8Array;
  readonly deviceId: Uint8Array;
}
/** `status(OK) ‖ devicePub ‖ deviceNonce ‖ deviceId`; any refusal is a bare status. */
export function encodePairBeginResponse(r: PairBeginResponse): Uint8Array {
  return concatBytes(u8(STATUS.OK), fixed(r.devicePublicKey, PUBLIC_KEY_LEN, "devicePub"), fixed(r.deviceNonce, NONCE_LEN, "deviceNonce"), fixed(r.deviceId, DEVICE_ID_LEN, "deviceId"));
}
export function decodePairBeginResponse(p: Uint8Array): PairBeginResponse {
  const what = "PAIR_BEGIN response";
  exactLength(p, 1 + PUBLIC_KEY_LEN + NONCE_LEN + DEVICE_ID_LEN, what);
  const r = new Reader(p, what);
  if (r.u8("status") !== STATUS.OK) throw new Apv1DecodeError(what, "a full answer must carry status OK");
  const out = { devicePublicKey: r.take(PUBLIC_KEY_LEN, "devicePub"), deviceNonce: r.take(NONCE_LEN, "deviceNonce"), deviceId: r.take(DEVICE_ID_LEN, "deviceId") };
  r.end();
  checkPoint(out.devicePublicKey, what);
  return out;
}

export interface PairConfirmRequest {
  readonly hostPublicKey: Uint8Array;
  readonly hostNonce: Uint8Array;
  /** confirmTagHost(K_pair). */
  readonly tagH: Uint8Array;
}
export function encodePairConfirmRequest(r: PairConfirmRequest): Uint8Array {
  return concatBytes(fixed(r.hostPublicKey, PUBLIC_KEY_LEN, "hostPub"), fixed(r.hostNonce, NONCE_LEN, "hostNonce"), fixed(r.tagH, TAG_LEN, "tagH"));
}
export function decodePairConfirmRequest(p: Uint8Array): PairConfirmRequest {
  const what = "PAIR_CONFIRM request";
  exactLength(p, PUBLIC_KEY_LEN + NONCE_LEN + TAG_LEN, what);
  const r = new Reader(p, what);
  const out = { hostPublicKey: r.take(PUBLIC_KEY_LEN, "hostPub"), hostNonce: r.take(NONCE_LEN, "hostNonce"), tagH: r.take(TAG_LEN, "tagH") };
  r.end();
  checkPoint(out.hostPublicKey, what);
  return out;
}

/** `status(OK) ‖ tagD`; a refusal (DENIED, TIMEOUT, …) is a bare status. */
export function encodePairConfirmResponse(tagD: Uint8Array): Uint8Array {
  return concatBytes(u8(STATUS.OK), fixed(tagD, TAG_LEN, "tagD"));
}
export function decodePairConfirmResponse(p: Uint8Array): { readonly tagD: Uint8Array } {
  const what = "PAIR_CONFIRM response";
  exactLength(p, 1 + TAG_LEN, what);
  if (p[0] !== STATUS.OK) throw new Apv1DecodeError(what, "a full answer must carry status OK");
  return { tagD: p.slice(1) };
}

// ------------------------------------------------------------------------------ checks

function fixed(b: Uint8Array, n: number, field: string): Uint8Array {
  if (b.length !== n) throw new RangeError(`${field} must be ${n} bytes, got ${b.length}`);
  return b;
}
function checkCtr(ctr: number, what: string): void {
  if (ctr === 0) throw new Apv1DecodeError(what, "ctr starts at 1; 0 is never valid");
}
function checkRequestId(id: Uint8Array, what: string): void {
  if (isZero(id)) throw new Apv1DecodeError(what, "the all-zero request id is reserved (CLEAR: any)");
}
function checkStatus(status: number, what: string): void {
  if (!STATUS_NAMES.has(status)) throw new Apv1DecodeError(what, `unknown status 0x${status.toString(16)}`);
}
function checkPoint(pub: Uint8Array, what: string): void {
  if (pub[0] !== 0x04) throw new Apv1DecodeError(what, "public key must be an uncompressed point (0x04 first)");
}

export const ZERO_REQUEST_ID: Uint8Array = new Uint8Array(REQUEST_ID_LEN);
export const ZERO_DIGEST: Uint8Array = new Uint8Array(DIGEST_LEN);
