// APV1's messages (docs/hid-protocol.md): the byte layout of each request and response (HELLO,
// SHOW, CLEAR, WAIT, UNPAIR, PAIR_BEGIN, PAIR_CONFIRM) with explicit length checks. Tags are
// split off here and checked by the caller with apv1-crypto.ts.
import {
  Apv1DecodeError,
  clearReasonName,
  decisionName,
  DEVICE_ID_LEN,
  DIGEST_LEN,
  NONCE_LEN,
  PUBLIC_KEY_LEN,
  REQUEST_ID_LEN,
  SHOW_FLAGS,
  STATUS,
  STATUS_NAMES,
  TAG_LEN,
  TTL_MAX_SEC,
} from "./apv1.js";
import { exactLength, Reader, u16, u32, u8 } from "./apv1-bytes.js";
import type { ShownInput } from "./apv1-crypto.js";
import { concatBytes } from "./bytes.js";

const KNOWN_FLAGS = SHOW_FLAGS.LONG_PRESS | SHOW_FLAGS.DENY_HINT;
const isZero = (b: Uint8Array): boolean => b.every((x) => x === 0);

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
