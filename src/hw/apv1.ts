// APV1, the approval display protocol (docs/hid-protocol.md; reference: hardware-channel.md §10):
// the pure part shared by the daemon (apv1-host.ts) and the simulator (src/sim/apv1-display.ts).
// This module holds the constants, status and decision names, the decode error and request ids;
// beside it: apv1-bytes.ts (bounds-checked reads), apv1-text.ts (the text rules), apv1-crypto.ts
// (pairing, the key schedule, message tags, shownDigest) and apv1-messages.ts (each message's
// byte layout). No I/O, no clock, no randomness of its own: callers pass them in.
//
// Every decoder throws Apv1DecodeError and nothing else on input it cannot accept, so a caller
// can treat any other exception as a bug rather than as hostile bytes.
import { bytesEqual, concatBytes, formatUuid, toHex, uuidBytes } from "./bytes.js";

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
/** Status byte to name, for the decoders' checks. */
export const STATUS_NAMES = new Map<number, StatusName>((Object.entries(STATUS) as Array<[StatusName, number]>).map(([k, v]) => [v, k]));
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

