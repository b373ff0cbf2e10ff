// The daemon's side of APV1 (docs/hid-protocol.md) over a CtapHidClient: HELLO authenticates the
// display with the stored K_pair, SHOW puts one request on it, WAIT returns the human's decision
// only after checking it end to end. Anything that does not verify is an Apv1Error with a code,
// so the caller can audit it and fail closed; nothing here ever turns an error into an approval.
//
// Use from an ApprovalChannel: `hello()` once (and again after UNPLUGGED or a re-plug);
// `show(screen)`, then `wait(requestId)` in the background and report its decision; when a
// request is answered elsewhere, `clear(requestId)` (it aborts the WAIT, which sends CTAPHID
// CANCEL, then clears the screen). One request is on the display at a time: while a WAIT runs,
// everything but `clear` is refused with BUSY.
//
// Pairing persists nothing here: `pairConfirm` returns K_pair and the device id for the caller
// to store (`pairingToRecord`), and a later Apv1Host is given them back.
import { z } from "zod";
import {
  APV1_CMD,
  APV1_MAX_MESSAGE,
  APV1_VERSION,
  Apv1DecodeError,
  bytesEqual,
  CLEAR_REASON,
  decisionName,
  LONG_PRESS_MS,
  PAIRING_MODE_MS,
  SHOW_FLAGS,
  STATUS,
  toHex,
  uuidToBytes,
  WAIT_GRACE_MS,
  type ClearReasonName,
  type DecisionName,
  type Random,
} from "./apv1.js";
import {
  confirmTagDevice,
  confirmTagHost,
  derivePairingKey,
  deriveSessionKeys,
  ecdhSharedSecret,
  generateEcdhKeyPair,
  pairingCommitment,
  seal,
  shortAuthString,
  shownDigest,
  tagVerifies,
  type SessionKeys,
} from "./apv1-crypto.js";
import {
  decodeCtrStatusResponse,
  decodeHelloResponse,
  decodePairBeginResponse,
  decodePairConfirmResponse,
  decodeShowResponse,
  decodeWaitResponse,
  encodeClearRequest,
  encodeHelloRequest,
  encodePairBeginRequest,
  encodePairConfirmRequest,
  encodeShowRequest,
  encodeUnpairRequest,
  encodeWaitRequest,
  isBareStatus,
  ZERO_REQUEST_ID,
  type Tagged,
} from "./apv1-messages.js";
import { isPrintableAscii, screenTextProblem } from "./apv1-text.js";
import { Apv1Error, statusError } from "./apv1-error.js";
import { parse, ShowInput, type Apv1Pairing } from "./apv1-inputs.js";
import { BROADCAST_CID, CtapHidError, DeviceUnpluggedError, ERR, type CtapHidClient } from "./ctaphid.js";
import { ascii } from "./bytes.js";
import { TransportClosedError } from "./transport.js";
import { randomBytes } from "node:crypto";

// ------------------------------------------------------------------------------ results

export interface Apv1DeviceSummary {
  readonly deviceId: string;
  readonly firmware: readonly [number, number, number];
  readonly caps: number;
  /** Body capacity: what `fitsDisplay(text, cols, rows)` must accept. */
  readonly cols: number;
  readonly rows: number;
}

export interface VerifiedDecision {
  readonly requestId: string;
  /** Only "approve" approves; every other value (and every error) fails closed. */
  readonly decision: DecisionName;
  readonly holdMs: number;
  /** Hex; equal to what this host computed from what it sent. */
  readonly shownDigest: string;
}

export interface WaitOptions {
  readonly signal?: AbortSignal;
  /** Keepalive status changes (0x02: waiting for the human). */
  readonly onKeepalive?: (status: number) => void;
}

export interface Apv1HostOptions {
  readonly pairing?: Apv1Pairing;
  readonly random?: Random;
  readonly now?: () => number;
  /** For short commands (everything but WAIT and PAIR_CONFIRM). Default 2000 ms. */
  readonly commandTimeoutMs?: number;
}

interface Session {
  readonly cid: number;
  readonly keys: SessionKeys;
  ctr: number;
  readonly info: Apv1DeviceSummary;
}

interface Shown {
  readonly requestId: Uint8Array;
  readonly digest: Uint8Array;
  readonly deadline: number;
  readonly longPress: boolean;
}

interface PendingPairing {
  readonly kPair: Uint8Array;
  readonly deviceId: Uint8Array;
  readonly hostPublicKey: Uint8Array;
  readonly hostNonce: Uint8Array;
}

const MAX_CTR = 0xffffffff;

export class Apv1Host {
  private pairing: Apv1Pairing | undefined;
  private session: Session | undefined;
  private readonly shown = new Map<string, Shown>();
  private pendingPairing: PendingPairing | undefined;
  private waiting: { readonly requestId: string; readonly controller: AbortController; settled: Promise<void> } | undefined;
  private tail: Promise<void> = Promise.resolve();
  private readonly random: Random;
  private readonly now: () => number;
  private readonly commandTimeoutMs: number;

  constructor(
    private readonly client: CtapHidClient,
    opts: Apv1HostOptions = {},
  ) {
    this.pairing = opts.pairing ? copyPairing(opts.pairing) : undefined;
    this.random = opts.random ?? ((n) => new Uint8Array(randomBytes(n)));
    this.now = opts.now ?? Date.now;
    this.commandTimeoutMs = opts.commandTimeoutMs ?? 2000;
  }

  get isPaired(): boolean {
    return this.pairing !== undefined;
  }

  /** The authenticated device, while a session is up. */
  get device(): Apv1DeviceSummary | undefined {
    return this.session?.info;
  }

  /**
   * Opens a session: a fresh nonce, the device's nonce, keys from K_pair, and the device's tag
   * over its answer checked. A device without our K_pair (a clone, a fake, a reset unit) fails
   * here with BAD_TAG or NOT_PAIRED and is never used. Drops whatever the previous session showed.
   */
  async hello(): Promise<Apv1DeviceSummary> {
    this.refuseWhileWaiting("HELLO");
    return this.exclusive(async () => {
      this.session = undefined;
      this.shown.clear();
      const pairing = this.pairing;
      if (!pairing) throw new Apv1Error("NOT_PAIRED", "host", "no display is paired: pair one first");
      const cid = await this.channel();
      const hostNonce = this.random(16);
      const answer = await this.transact(APV1_CMD.HELLO, encodeHelloRequest({ version: APV1_VERSION, hostNonce }), this.commandTimeoutMs);
      if (isBareStatus(answer)) throw statusError(answer[0]!, false, "HELLO");
      const hello = decodeOr(() => decodeHelloResponse(answer), "HELLO");
      if (hello.version !== APV1_VERSION) throw new Apv1Error("BAD_VERSION", "device", `the display speaks APV${hello.version}, this host APV${APV1_VERSION}`);
      if (!hello.tagged) throw new Apv1Error("NOT_PAIRED", "device", "the display says it is not paired (reset, or never paired): pair it again");
      if (!bytesEqual(hello.deviceId, pairing.deviceId)) throw new Apv1Error("WRONG_DEVICE", "host", `display ${toHex(hello.deviceId)} is not the paired one (${toHex(pairing.deviceId)})`);
      const keys = deriveSessionKeys(pairing.kPair, hostNonce, hello.deviceNonce, hello.deviceId);
      if (!tagVerifies(keys.d2h, APV1_CMD.HELLO, cid, hello.tagged.signed, hello.tagged.tag)) {
        throw new Apv1Error("BAD_TAG", "host", "the display's HELLO tag does not verify: it does not hold our K_pair (a fake or clone); refusing it");
      }
      const info: Apv1DeviceSummary = { deviceId: toHex(hello.deviceId), firmware: hello.firmware, caps: hello.caps, cols: hello.cols, rows: hello.rows };
      this.session = { cid, keys, ctr: 0, info };
      return info;
    });
  }

  /**
   * Starts pairing with a display in pairing mode: commits to a fresh key, learns the device's,
   * and returns the six-digit SAS to show the human (who compares it with the display's, which
   * appears once `pairConfirm` reveals our key).
   */
  async pairBegin(): Promise<{ readonly sas: string; readonly deviceId: string }> {
    this.refuseWhileWaiting("PAIR_BEGIN");
    return this.exclusive(async () => {
      this.pendingPairing = undefined;
      await this.channel();
      const own = generateEcdhKeyPair(this.random);
      const hostNonce = this.random(16);
      const answer = await this.transact(APV1_CMD.PAIR_BEGIN, encodePairBeginRequest(pairingCommitment(own.publicKey, hostNonce)), this.commandTimeoutMs);
      if (isBareStatus(answer)) throw statusError(answer[0]!, false, "PAIR_BEGIN");
      const device = decodeOr(() => decodePairBeginResponse(answer), "PAIR_BEGIN");
      const z = decodeOr(() => ecdhSharedSecret(own.privateKey, device.devicePublicKey), "PAIR_BEGIN");
      const kPair = derivePairingKey(z, { hostPublicKey: own.publicKey, devicePublicKey: device.devicePublicKey, hostNonce, deviceNonce: device.deviceNonce, deviceId: device.deviceId });
      this.pendingPairing = { kPair, deviceId: device.deviceId, hostPublicKey: own.publicKey, hostNonce };
      return { sas: shortAuthString(kPair), deviceId: toHex(device.deviceId) };
    });
  }

  /**
   * Reveals our key and waits for the human to approve on the display (long press). Returns
   * K_pair and the device id for the caller to persist; this host uses them from now on (call
   * `hello()` next). A denial is PAIRING_DENIED; a device that derived another key, BAD_TAG.
   */
  async pairConfirm(opts: WaitOptions & { readonly timeoutMs?: number } = {}): Promise<Apv1Pairing> {
    this.refuseWhileWaiting("PAIR_CONFIRM");
    return this.exclusive(async () => {
      const pending = this.pendingPairing;
      this.pendingPairing = undefined; // one attempt per PAIR_BEGIN
      if (!pending) throw new Apv1Error("NOT_PAIRING", "host", "no pairing started: call pairBegin() first");
      const request = encodePairConfirmRequest({ hostPublicKey: pending.hostPublicKey, hostNonce: pending.hostNonce, tagH: confirmTagHost(pending.kPair) });
      const answer = await this.transact(APV1_CMD.PAIR_CONFIRM, request, opts.timeoutMs ?? PAIRING_MODE_MS + WAIT_GRACE_MS, opts);
      if (isBareStatus(answer)) throw statusError(answer[0]!, false, "PAIR_CONFIRM");
      const { tagD } = decodeOr(() => decodePairConfirmResponse(answer), "PAIR_CONFIRM");
      if (!bytesEqual(tagD, confirmTagDevice(pending.kPair))) throw new Apv1Error("BAD_TAG", "host", "the display's confirmation tag does not verify: it derived a different key");
      this.pairing = { deviceId: pending.deviceId, kPair: pending.kPair };
      this.session = undefined;
      this.shown.clear();
      return copyPairing(this.pairing);
    });
  }

  /**
   * Puts one request on the display. The text is checked here first (printable ASCII, fits the
   * device's cols × rows whole) and again by the device; the device's shownDigest must equal
   * ours. Returns that digest (hex), which a security-key challenge can bind to.
   */
  async show(input: ShowInput): Promise<{ readonly requestId: string; readonly shownDigest: string }> {
    const req = parse(ShowInput, input, "SHOW request");
    this.refuseWhileWaiting("SHOW");
    return this.exclusive(async () => {
      const session = this.requireSession();
      const requestId = uuidToBytes(req.requestId);
      for (const [field, text] of [["title", req.title], ["body", req.body], ["code", req.code]] as const) {
        if (!isPrintableAscii(text)) throw new Apv1Error("TEXT_REJECTED", "host", `not shown: the ${field} holds a character outside printable ASCII (0x20-0x7E)`);
      }
      const screen = { title: ascii(req.title), body: ascii(req.body), code: ascii(req.code) };
      const problem = screenTextProblem(screen, session.info.cols, session.info.rows);
      if (problem) throw new Apv1Error("TEXT_REJECTED", "host", `not shown: ${problem}`);
      const flags = (req.longPress ? SHOW_FLAGS.LONG_PRESS : 0) | (req.denyHint ? SHOW_FLAGS.DENY_HINT : 0);
      const actionDigest = new Uint8Array(Buffer.from(req.actionDigest, "hex"));
      const ctr = this.nextCtr(session);
      const fields = { ctr, requestId, ttlSec: req.ttlSec, flags, actionDigest, ...screen };
      const payload = seal(session.keys.h2d, APV1_CMD.SHOW, session.cid, encodeShowRequest(fields));
      if (payload.length > APV1_MAX_MESSAGE) throw new Apv1Error("TOO_LONG", "host", `SHOW of ${payload.length} bytes exceeds ${APV1_MAX_MESSAGE}`);
      const expected = shownDigest(fields);
      const shownAt = this.now();
      const answer = await this.transact(APV1_CMD.SHOW, payload, this.commandTimeoutMs);
      const r = this.open(session, APV1_CMD.SHOW, answer, decodeShowResponse, "SHOW");
      this.matchCtr(r.ctr, ctr, "SHOW");
      if (!bytesEqual(r.requestId, requestId)) throw new Apv1Error("MISMATCH", "host", "the SHOW answer is about another request");
      if (r.status !== STATUS.OK) throw statusError(r.status, true, "SHOW");
      if (!bytesEqual(r.shownDigest, expected)) throw new Apv1Error("MISMATCH", "host", "the display's shownDigest is not what was sent: it shows something else");
      // Shown again (idempotent on the device): the device keeps its first deadline, so do we.
      const prior = this.shown.get(req.requestId.toLowerCase());
      const deadline = Math.min(prior?.deadline ?? Infinity, shownAt + req.ttlSec * 1000);
      this.shown.set(req.requestId.toLowerCase(), { requestId, digest: expected, deadline, longPress: req.longPress });
      return { requestId: req.requestId.toLowerCase(), shownDigest: toHex(expected) };
    });
  }

  /**
   * Waits for the human's answer to a request this host showed. The answer counts only if its
   * tag verifies with K_d2h, its ctr and requestId are the outstanding WAIT's, its shownDigest is
   * ours, an approval is within the TTL, and a long-press approval was long. Aborting the signal
   * sends CTAPHID CANCEL: the display drops the request and the answer is "cancelled".
   */
  async wait(requestId: string, opts: WaitOptions = {}): Promise<VerifiedDecision> {
    const id = parse(z.string().uuid(), requestId, "request id").toLowerCase();
    this.refuseWhileWaiting("WAIT");
    const controller = new AbortController();
    const forward = (): void => controller.abort();
    if (opts.signal?.aborted) controller.abort();
    opts.signal?.addEventListener("abort", forward);
    const run = this.exclusive(() => this.waitOnce(id, controller.signal, opts.onKeepalive));
    const entry: NonNullable<Apv1Host["waiting"]> = { requestId: id, controller, settled: Promise.resolve() };
    // Released as soon as the WAIT settles, before anyone awaiting `settled` resumes.
    entry.settled = run.then(noop, noop).then(() => {
      if (this.waiting === entry) this.waiting = undefined;
    });
    this.waiting = entry;
    try {
      return await run;
    } finally {
      opts.signal?.removeEventListener("abort", forward);
    }
  }

  private async waitOnce(id: string, signal: AbortSignal, onKeepalive: ((s: number) => void) | undefined): Promise<VerifiedDecision> {
    const session = this.requireSession();
    const shown = this.shown.get(id);
    if (!shown) throw new Apv1Error("UNKNOWN_REQUEST", "host", `request ${id} was not shown in this session`);
    const ctr = this.nextCtr(session);
    const payload = seal(session.keys.h2d, APV1_CMD.WAIT, session.cid, encodeWaitRequest({ ctr, requestId: shown.requestId }));
    const timeoutMs = Math.max(0, shown.deadline - this.now()) + WAIT_GRACE_MS;
    const answer = await this.transact(APV1_CMD.WAIT, payload, timeoutMs, { signal, ...(onKeepalive ? { onKeepalive } : {}) });
    const r = this.open(session, APV1_CMD.WAIT, answer, decodeWaitResponse, "WAIT");
    this.matchCtr(r.ctr, ctr, "WAIT");
    if (!bytesEqual(r.requestId, shown.requestId)) throw new Apv1Error("MISMATCH", "host", "the WAIT answer is about another request");
    if (r.status !== STATUS.OK) {
      if (r.status === STATUS.UNKNOWN_REQUEST) this.shown.delete(id);
      throw statusError(r.status, true, "WAIT");
    }
    if (!bytesEqual(r.shownDigest, shown.digest)) throw new Apv1Error("MISMATCH", "host", "the decision is for a screen other than the one sent");
    this.shown.delete(id); // the display is done with it
    const decision = decisionName(r.decision)!;
    if (decision === "approve") {
      if (this.now() > shown.deadline) throw new Apv1Error("EXPIRED", "host", "an approval arrived after the request expired");
      if (shown.longPress && r.holdMs < LONG_PRESS_MS) throw new Apv1Error("MISMATCH", "host", `approval held ${r.holdMs} ms where ${LONG_PRESS_MS} ms were required`);
    }
    return { requestId: id, decision, holdMs: r.holdMs, shownDigest: toHex(r.shownDigest) };
  }

  /**
   * Takes a request off the display (omit the id: whatever is shown). A WAIT on it is aborted
   * first. A display that no longer shows it is fine: clearing is idempotent.
   */
  async clear(requestId?: string, reason: ClearReasonName = "answered"): Promise<void> {
    const id = requestId === undefined ? undefined : parse(z.string().uuid(), requestId, "request id").toLowerCase();
    const w = this.waiting;
    if (w && (id === undefined || w.requestId === id)) {
      w.controller.abort();
      await w.settled;
    }
    this.refuseWhileWaiting("CLEAR");
    return this.exclusive(async () => {
      const session = this.requireSession();
      const target = id === undefined ? ZERO_REQUEST_ID : uuidToBytes(id);
      const ctr = this.nextCtr(session);
      const reasonByte = CLEAR_REASON[reason.toUpperCase() as keyof typeof CLEAR_REASON];
      const payload = seal(session.keys.h2d, APV1_CMD.CLEAR, session.cid, encodeClearRequest({ ctr, requestId: target, reason: reasonByte }));
      const answer = await this.transact(APV1_CMD.CLEAR, payload, this.commandTimeoutMs);
      const r = this.open(session, APV1_CMD.CLEAR, answer, (p) => decodeCtrStatusResponse(p, "CLEAR response"), "CLEAR");
      this.matchCtr(r.ctr, ctr, "CLEAR");
      if (r.status !== STATUS.OK && r.status !== STATUS.UNKNOWN_REQUEST) throw statusError(r.status, true, "CLEAR");
      if (id === undefined) this.shown.clear();
      else this.shown.delete(id);
    });
  }

  /** Makes the display forget K_pair (authenticated). The caller deletes its stored pairing. */
  async unpair(): Promise<void> {
    this.refuseWhileWaiting("UNPAIR");
    return this.exclusive(async () => {
      const session = this.requireSession();
      const ctr = this.nextCtr(session);
      const payload = seal(session.keys.h2d, APV1_CMD.UNPAIR, session.cid, encodeUnpairRequest(ctr));
      const answer = await this.transact(APV1_CMD.UNPAIR, payload, this.commandTimeoutMs);
      const r = this.open(session, APV1_CMD.UNPAIR, answer, (p) => decodeCtrStatusResponse(p, "UNPAIR response"), "UNPAIR");
      this.matchCtr(r.ctr, ctr, "UNPAIR");
      if (r.status !== STATUS.OK) throw statusError(r.status, true, "UNPAIR");
      this.pairing = undefined;
      this.session = undefined;
      this.shown.clear();
    });
  }

  // ---------------------------------------------------------------------------- plumbing

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn);
    this.tail = run.then(noop, noop);
    return run;
  }

  private refuseWhileWaiting(what: string): void {
    if (this.waiting) throw new Apv1Error("BUSY", "host", `${what} refused: a WAIT holds the display (clear() or abort it first)`);
  }

  private requireSession(): Session {
    if (!this.session) throw new Apv1Error("NO_SESSION", "host", "no session with the display: hello() first");
    return this.session;
  }

  private nextCtr(session: Session): number {
    if (session.ctr >= MAX_CTR) {
      this.session = undefined;
      throw new Apv1Error("NO_SESSION", "host", "the session counter is exhausted: hello() again");
    }
    return ++session.ctr;
  }

  private matchCtr(got: number, sent: number, what: string): void {
    if (got !== sent) throw new Apv1Error("REPLAY", "host", `${what} answer carries ctr ${got}, the outstanding request ${sent}: a stale or replayed message`);
  }

  private async channel(): Promise<number> {
    if (this.client.channel === BROADCAST_CID) {
      try {
        await this.client.init(this.commandTimeoutMs);
      } catch (e) {
        throw this.transportError(e);
      }
    }
    return this.client.channel;
  }

  /** A bare status is refused outright; a full answer is decoded, then its tag checked. */
  private open<T extends Tagged>(session: Session, cmd: number, answer: Uint8Array, decode: (p: Uint8Array) => T, what: string): T {
    if (isBareStatus(answer)) throw statusError(answer[0]!, false, what);
    const r = decodeOr(() => decode(answer), what);
    if (!tagVerifies(session.keys.d2h, cmd, session.cid, r.signed, r.tag)) {
      throw new Apv1Error("BAD_TAG", "host", `the ${what} answer's tag does not verify: forged, tampered with, or from another session`);
    }
    return r;
  }

  private async transact(cmd: number, payload: Uint8Array, timeoutMs: number, opts: WaitOptions = {}): Promise<Uint8Array> {
    try {
      return await this.client.transact(cmd, payload, { timeoutMs, ...(opts.signal ? { signal: opts.signal } : {}), ...(opts.onKeepalive ? { onKeepalive: opts.onKeepalive } : {}) });
    } catch (e) {
      throw this.transportError(e);
    }
  }

  private transportError(e: unknown): Apv1Error {
    if (e instanceof Apv1Error) return e;
    if (e instanceof DeviceUnpluggedError || e instanceof TransportClosedError) {
      this.session = undefined;
      this.shown.clear();
      return new Apv1Error("UNPLUGGED", "host", "the display was unplugged", false, { cause: e });
    }
    if (e instanceof CtapHidError) {
      if (e.code === ERR.MSG_TIMEOUT) return new Apv1Error("TIMEOUT", "host", `no answer from the display in time (${e.message})`, false, { cause: e });
      if (e.code === ERR.CHANNEL_BUSY) return new Apv1Error("BUSY", "device", "the display is serving another channel", false, { cause: e });
      return new Apv1Error("DEVICE_ERROR", "device", `CTAPHID error 0x${e.code.toString(16)}: ${e.message}`, false, { cause: e });
    }
    return new Apv1Error("DEVICE_ERROR", "host", `talking to the display failed: ${e instanceof Error ? e.message : String(e)}`, false, { cause: e });
  }
}

function decodeOr<T>(decode: () => T, what: string): T {
  try {
    return decode();
  } catch (e) {
    if (e instanceof Apv1DecodeError) throw new Apv1Error("MALFORMED", "host", `${what} answer: ${e.message}`, false, { cause: e });
    throw e;
  }
}

function copyPairing(p: Apv1Pairing): Apv1Pairing {
  if (p.deviceId.length !== 16 || p.kPair.length !== 32) throw new Apv1Error("INVALID_ARGUMENT", "host", "a pairing is a 16-byte device id and a 32-byte K_pair");
  return { deviceId: Uint8Array.from(p.deviceId), kPair: Uint8Array.from(p.kPair) };
}

/** Only after isPrintableAscii: one byte per character. */

const noop = (): void => undefined;
