// The errors of the daemon's side of APV1 (apv1-host.ts): every failure is an Apv1Error with a
// code and a side, so the caller can audit it and fail closed.
import { STATUS, statusName } from "./apv1.js";

export type Apv1ErrorCode =
  /** No K_pair on this side, or the device says it holds none. */
  | "NOT_PAIRED"
  /** HELLO has not succeeded on this channel (or the device was unplugged since). */
  | "NO_SESSION"
  /** A different paired device answered HELLO. */
  | "WRONG_DEVICE"
  /** A tag did not verify: a fake device, a forged or tampered message, or an old session's. */
  | "BAD_TAG"
  /** A message with an old counter (a replayed response, or the device refused ours). */
  | "REPLAY"
  /** A verified answer about another request, or whose shownDigest is not what we sent. */
  | "MISMATCH"
  | "UNKNOWN_REQUEST"
  | "BUSY"
  | "TEXT_REJECTED"
  | "TOO_LONG"
  | "BAD_VERSION"
  | "MALFORMED"
  | "PAIRING_DENIED"
  | "NOT_PAIRING"
  /** A decision (or a pairing) that came too late. */
  | "EXPIRED"
  | "TIMEOUT"
  | "CANCELLED"
  | "UNPLUGGED"
  | "DEVICE_ERROR"
  | "INVALID_ARGUMENT";

export class Apv1Error extends Error {
  override readonly name = "Apv1Error";
  constructor(
    readonly code: Apv1ErrorCode,
    /** Who detected it: this host, or the device (its status byte). */
    readonly origin: "host" | "device",
    message: string,
    /** For device statuses: whether the answer carrying it was tagged and verified. */
    readonly authenticated = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const STATUS_CODES: Record<number, Apv1ErrorCode> = {
  [STATUS.BUSY]: "BUSY",
  [STATUS.BAD_TAG]: "BAD_TAG",
  [STATUS.REPLAY]: "REPLAY",
  [STATUS.TOO_LONG]: "TOO_LONG",
  [STATUS.NOT_PAIRED]: "NOT_PAIRED",
  [STATUS.BAD_TEXT]: "TEXT_REJECTED",
  [STATUS.UNKNOWN_REQUEST]: "UNKNOWN_REQUEST",
  [STATUS.BAD_VERSION]: "BAD_VERSION",
  [STATUS.MALFORMED]: "MALFORMED",
  [STATUS.DENIED]: "PAIRING_DENIED",
  [STATUS.NOT_PAIRING]: "NOT_PAIRING",
  [STATUS.TIMEOUT]: "TIMEOUT",
  [STATUS.CANCELLED]: "CANCELLED",
  [STATUS.UNKNOWN_COMMAND]: "BAD_VERSION",
};

export function statusError(status: number, authenticated: boolean, what: string): Apv1Error {
  const how = authenticated ? "" : " (unauthenticated answer)";
  return new Apv1Error(STATUS_CODES[status] ?? "MALFORMED", "device", `${what}: the display answered ${statusName(status)}${how}`, authenticated);
}
