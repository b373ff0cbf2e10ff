// A simulated APV1 approval display (docs/hid-protocol.md): the device half of the protocol,
// plugged into CtapHidDevice as its vendor-command handler, so it speaks the same bytes a real
// display would over any HidTransport (the in-memory pair, or a unix socket). The human is
// scripted: `press` plays a button, `enterPairingMode` and `factoryReset` the physical gestures.
// Time comes from an injected clock; what the screen shows goes to a caller-supplied sink.
//
// It is a test and demo device: it offers no security (its K_pair sits in memory) and every event
// it renders says `simulated: true`.
import { randomBytes } from "node:crypto";
import {
  APV1_CMD,
  APV1_MAX_MESSAGE,
  APV1_VERSION,
  Apv1DecodeError,
  bytesEqual,
  bytesToUuid,
  CAPS,
  clearReasonName,
  DEBOUNCE_MS,
  DECIDED_RETAIN_MS,
  DECISION,
  IGNORE_AFTER_SHOW_MS,
  LONG_PRESS_MS,
  PAIRING_MODE_MS,
  SHOW_FLAGS,
  STATUS,
  toHex,
  type Random,
} from "../hw/apv1.js";
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
} from "../hw/apv1-crypto.js";
import {
  bareStatus,
  decodeClearRequest,
  decodeHelloRequest,
  decodePairBeginRequest,
  decodePairConfirmRequest,
  decodeShowRequest,
  decodeUnpairRequest,
  decodeWaitRequest,
  encodeCtrStatusResponse,
  encodeHelloResponse,
  encodePairBeginResponse,
  encodePairConfirmResponse,
  encodeShowResponse,
  encodeWaitResponse,
  ZERO_DIGEST,
  type Tagged,
} from "../hw/apv1-messages.js";
import { screenTextProblem } from "../hw/apv1-text.js";
import { CAPABILITY, CtapHidDevice, KEEPALIVE, type Message, type RequestHandler } from "../hw/ctaphid.js";
import type { HidTransport } from "../hw/transport.js";
import type { ClearEventReason, DisplayEvent, DisplaySink } from "./apv1-display-sink.js";
import type { Pairing, PressOutcome, Screen, Session, SimDisplayOptions } from "./apv1-display-model.js";

type HandlerContext = Parameters<RequestHandler>[1];

const IDLE: Screen = { kind: "idle" };
const latin1 = (b: Uint8Array): string => Buffer.from(b).toString("latin1");

export class SimApprovalDisplay {
  readonly cols: number;
  readonly rows: number;
  readonly firmware: readonly [number, number, number];
  readonly caps = CAPS.DISPLAY | CAPS.APPROVE_KEY | CAPS.DENY_KEY | CAPS.LONG_PRESS;
  private readonly now: () => number;
  private readonly random: Random;
  private readonly sink: DisplaySink;
  private readonly keepaliveMs: number;
  private id: Uint8Array;
  /** "Flash": survives everything but UNPAIR and a factory reset. */
  private kPair: Uint8Array | undefined;
  private session: Session | undefined;
  private screen: Screen = IDLE;
  private pairing: Pairing | undefined;
  private readonly wakers = new Set<() => void>();
  /** Why the last request was refused, for tests and the demo log (never sent to the host). */
  lastRefusal: string | undefined;

  constructor(private readonly opts: SimDisplayOptions = {}) {
    this.cols = opts.cols ?? 40;
    this.rows = opts.rows ?? 12;
    if (!Number.isInteger(this.cols) || this.cols < 1 || this.cols > 255 || !Number.isInteger(this.rows) || this.rows < 1 || this.rows > 255) {
      throw new RangeError(`cols and rows must be 1-255, got ${this.cols} × ${this.rows}`);
    }
    this.firmware = opts.firmware ?? [0, 1, 0];
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? ((n) => new Uint8Array(randomBytes(n)));
    this.sink = opts.sink ?? (() => undefined);
    this.keepaliveMs = Math.min(100, Math.max(1, opts.keepaliveIntervalMs ?? 50));
    this.id = opts.deviceId ? Uint8Array.from(opts.deviceId) : this.random(16);
    this.kPair = opts.fake ? this.random(32) : opts.kPair ? Uint8Array.from(opts.kPair) : undefined;
  }

  get deviceId(): Uint8Array {
    return Uint8Array.from(this.id);
  }

  get paired(): boolean {
    return this.kPair !== undefined;
  }

  /** The request on screen (canonical UUID), if any. */
  get showing(): string | undefined {
    return this.screen.kind === "showing" ? bytesToUuid(this.screen.requestId) : undefined;
  }

  /** Serves the display on a transport until it closes; returns the CTAPHID device end. */
  attach(transport: HidTransport): CtapHidDevice {
    const device = new CtapHidDevice(transport, this.handler, { version: [...this.firmware] as [number, number, number], capabilities: CAPABILITY.WINK }, this.now);
    void device.run();
    return device;
  }

  // ---------------------------------------------------------------------------- the human

  /**
   * A button released now after being held `holdMs`. Ignored when nothing asks for an answer,
   * when it bounced (< 20 ms), when it began less than 500 ms after the screen appeared (so a
   * button held down beforehand never approves), or when approve needs a long press (≥ 800 ms)
   * and this was shorter. Pairing always needs a long press to approve.
   */
  press(button: "approve" | "deny", holdMs: number): PressOutcome {
    const now = this.now();
    this.expire(now);
    if (!(holdMs >= DEBOUNCE_MS)) return "ignored-bounce";
    const pressedAt = now - holdMs;
    const confirming = this.pairing?.confirming;
    if (confirming && confirming.answer === undefined) {
      if (pressedAt < confirming.shownAt + IGNORE_AFTER_SHOW_MS) return "ignored-too-early";
      if (button === "approve" && holdMs < LONG_PRESS_MS) return "ignored-too-short";
      confirming.answer = button;
      this.wake();
      return "accepted";
    }
    const s = this.screen;
    if (s.kind !== "showing") return "ignored-idle";
    if (pressedAt < s.shownAt + IGNORE_AFTER_SHOW_MS) return "ignored-too-early";
    if (button === "approve" && s.flags & SHOW_FLAGS.LONG_PRESS && holdMs < LONG_PRESS_MS) return "ignored-too-short";
    this.decide(button === "approve" ? DECISION.APPROVE : DECISION.DENY, Math.round(holdMs), now);
    this.emit({ event: "decision", ts: this.ts(now), requestId: bytesToUuid(s.requestId), decision: button, simulated: true });
    this.wake();
    return "accepted";
  }

  /** Hold DENY while plugging in: a power cycle (session and screen lost), then 60 s of pairing mode. */
  enterPairingMode(): void {
    this.powerCycle("reset");
    this.pairing = { until: this.now() + PAIRING_MODE_MS };
  }

  /** Hold both keys 10 s: K_pair erased, a new identity, as on first boot. */
  factoryReset(): void {
    this.powerCycle("reset");
    this.kPair = undefined;
    this.pairing = undefined;
    this.id = this.random(16);
  }

  /** Re-reads the clock: a TTL or the pairing window that ran out takes effect now. */
  tick(): void {
    this.expire(this.now());
    this.wake();
  }

  // ---------------------------------------------------------------------------- protocol

  /**
   * The CtapHidDevice handler for vendor commands. Malformed or unauthenticated requests get a
   * bare status byte; a response is tagged only when the request was authentic, so the device
   * never MACs bytes an unauthenticated sender chose. It rejects only when the transport fails.
   */
  readonly handler: RequestHandler = async (m, ctx) => {
    this.lastRefusal = undefined;
    try {
      return await this.dispatch(m, ctx);
    } catch (e) {
      if (e instanceof Apv1DecodeError) return this.refuse(STATUS.MALFORMED, e.message);
      throw e;
    }
  };

  private async dispatch(m: Message, ctx: HandlerContext): Promise<Uint8Array> {
    this.expire(this.now());
    if (m.payload.length > APV1_MAX_MESSAGE) return this.refuse(STATUS.TOO_LONG, `a ${m.payload.length}-byte message exceeds ${APV1_MAX_MESSAGE}`);
    switch (m.cmd) {
      case APV1_CMD.HELLO:
        return this.hello(m);
      case APV1_CMD.SHOW:
        return this.show(m);
      case APV1_CMD.CLEAR:
        return this.clear(m);
      case APV1_CMD.WAIT:
        return this.wait(m, ctx);
      case APV1_CMD.UNPAIR:
        return this.unpair(m);
      case APV1_CMD.PAIR_BEGIN:
        return this.pairBegin(m);
      case APV1_CMD.PAIR_CONFIRM:
        return this.pairConfirm(m, ctx);
      default:
        return this.refuse(STATUS.UNKNOWN_COMMAND, `command 0x${m.cmd.toString(16)} is not APV1`);
    }
  }

  private hello(m: Message): Uint8Array {
    if (m.payload.length > 0 && m.payload[0] !== APV1_VERSION) return this.refuse(STATUS.BAD_VERSION, `host speaks APV${m.payload[0]}`);
    const req = decodeHelloRequest(m.payload);
    const deviceNonce = this.random(16);
    // A new session: whatever the previous one had on screen is stale.
    this.endScreen("replaced");
    const body = encodeHelloResponse({
      version: APV1_VERSION,
      firmware: this.firmware,
      deviceId: this.id,
      caps: this.caps,
      cols: this.cols,
      rows: this.rows,
      paired: this.kPair !== undefined,
      deviceNonce,
    });
    if (!this.kPair) {
      this.session = undefined;
      return body;
    }
    const keys = deriveSessionKeys(this.kPair, req.hostNonce, deviceNonce, this.id);
    this.session = { keys, lastCtr: 0 };
    return seal(keys.d2h, APV1_CMD.HELLO, m.cid, body);
  }

  /** Tag, then counter. Returns the refusal to send, or the session keys. */
  private authenticate(m: Message, req: Tagged & { readonly ctr: number }): Uint8Array | SessionKeys {
    const s = this.session;
    if (!s) return this.refuse(STATUS.NOT_PAIRED, "no session: HELLO first (and the device must be paired)");
    if (!tagVerifies(s.keys.h2d, m.cmd, m.cid, req.signed, req.tag)) return this.refuse(STATUS.BAD_TAG, "request tag does not verify");
    if (req.ctr <= s.lastCtr) return this.refuse(STATUS.REPLAY, `ctr ${req.ctr} is not above ${s.lastCtr}`);
    s.lastCtr = req.ctr;
    return s.keys;
  }

  private show(m: Message): Uint8Array {
    const req = decodeShowRequest(m.payload);
    const keys = this.authenticate(m, req);
    if (keys instanceof Uint8Array) return keys;
    const respond = (status: number, digest = ZERO_DIGEST): Uint8Array =>
      seal(keys.d2h, APV1_CMD.SHOW, m.cid, encodeShowResponse({ ctr: req.ctr, requestId: req.requestId, status, shownDigest: digest }));
    const problem = screenTextProblem(req, this.cols, this.rows);
    if (problem) {
      this.lastRefusal = problem;
      return respond(STATUS.BAD_TEXT);
    }
    const digest = shownDigest(req);
    const s = this.screen;
    if (s.kind !== "idle" && bytesEqual(s.requestId, req.requestId) && bytesEqual(s.digest, digest)) return respond(STATUS.OK, digest); // idempotent
    if (s.kind === "showing") {
      this.lastRefusal = "another request is on screen";
      return respond(STATUS.BUSY);
    }
    // Idle, or an uncollected decision: that decision is dropped (it can only fail closed).
    const now = this.now();
    this.screen = { kind: "showing", requestId: req.requestId, digest, flags: req.flags, shownAt: now, deadline: now + req.ttlSec * 1000 };
    this.emit({
      event: "show",
      ts: this.ts(now),
      requestId: bytesToUuid(req.requestId),
      title: latin1(req.title),
      body: latin1(req.body),
      code: latin1(req.code),
      shownDigest: toHex(digest),
      ttlSec: req.ttlSec,
      simulated: true,
    });
    return respond(STATUS.OK, digest);
  }

  private clear(m: Message): Uint8Array {
    const req = decodeClearRequest(m.payload);
    const keys = this.authenticate(m, req);
    if (keys instanceof Uint8Array) return keys;
    const respond = (status: number): Uint8Array => seal(keys.d2h, APV1_CMD.CLEAR, m.cid, encodeCtrStatusResponse({ ctr: req.ctr, status }));
    const s = this.screen;
    const any = req.requestId.every((b) => b === 0); // all zero: whatever is on screen
    if (s.kind === "idle" || (!any && !bytesEqual(s.requestId, req.requestId))) return respond(any ? STATUS.OK : STATUS.UNKNOWN_REQUEST);
    if (s.kind === "showing") {
      this.decide(DECISION.CANCELLED, 0, this.now());
      this.emit({ event: "clear", ts: this.ts(this.now()), requestId: bytesToUuid(s.requestId), reason: clearReasonName(req.reason)!, simulated: true });
    } else {
      this.screen = IDLE; // a decision nobody will collect now
    }
    this.wake();
    return respond(STATUS.OK);
  }

  private async wait(m: Message, ctx: HandlerContext): Promise<Uint8Array> {
    const req = decodeWaitRequest(m.payload);
    const keys = this.authenticate(m, req);
    if (keys instanceof Uint8Array) return keys;
    const respond = (status: number, decision = 0, digest = ZERO_DIGEST, holdMs = 0): Uint8Array =>
      seal(keys.d2h, APV1_CMD.WAIT, m.cid, encodeWaitResponse({ ctr: req.ctr, requestId: req.requestId, status, decision, shownDigest: digest, holdMs }));
    const first = this.screen;
    if (first.kind === "idle" || !bytesEqual(first.requestId, req.requestId)) return respond(STATUS.UNKNOWN_REQUEST);
    const digest = first.digest;
    for (;;) {
      this.expire(this.now());
      const s = this.screen;
      // Gone from under the wait (a factory reset, a replug): nothing was approved.
      if (s.kind === "idle" || !bytesEqual(s.requestId, req.requestId)) return respond(STATUS.OK, DECISION.REPLACED, digest);
      if (s.kind === "decided") {
        this.screen = IDLE;
        return respond(STATUS.OK, s.decision, s.digest, s.holdMs);
      }
      if (ctx.cancelled()) {
        this.decide(DECISION.CANCELLED, 0, this.now());
        this.emit({ event: "clear", ts: this.ts(this.now()), requestId: bytesToUuid(s.requestId), reason: "cancelled", simulated: true });
        continue;
      }
      await ctx.keepalive(KEEPALIVE.UPNEEDED);
      await this.sleep();
    }
  }

  private unpair(m: Message): Uint8Array {
    const req = decodeUnpairRequest(m.payload);
    const keys = this.authenticate(m, req);
    if (keys instanceof Uint8Array) return keys;
    const answer = seal(keys.d2h, APV1_CMD.UNPAIR, m.cid, encodeCtrStatusResponse({ ctr: req.ctr, status: STATUS.OK }));
    this.kPair = undefined;
    this.session = undefined;
    this.endScreen("unpaired");
    return answer;
  }

  private pairBegin(m: Message): Uint8Array {
    const req = decodePairBeginRequest(m.payload);
    const p = this.pairing;
    if (!p || this.now() >= p.until) return this.refuse(STATUS.NOT_PAIRING, "not in pairing mode (hold DENY while plugging in)");
    if (p.confirming) return this.refuse(STATUS.BUSY, "a pairing is waiting for the human");
    const keys = generateEcdhKeyPair(this.random);
    const deviceNonce = this.random(16);
    p.begun = { commitment: req.commitment, keys, deviceNonce };
    return encodePairBeginResponse({ devicePublicKey: keys.publicKey, deviceNonce, deviceId: this.id });
  }

  private async pairConfirm(m: Message, ctx: HandlerContext): Promise<Uint8Array> {
    const req = decodePairConfirmRequest(m.payload);
    const p = this.pairing;
    const begun = p?.begun;
    if (!p || !begun || this.now() >= p.until) return this.refuse(STATUS.NOT_PAIRING, "no PAIR_BEGIN in this pairing mode");
    p.begun = undefined; // one reveal per PAIR_BEGIN
    if (!bytesEqual(pairingCommitment(req.hostPublicKey, req.hostNonce), begun.commitment)) return this.refuse(STATUS.BAD_TAG, "the revealed key does not match the commitment");
    const z = ecdhSharedSecret(begun.keys.privateKey, req.hostPublicKey);
    const kPair = derivePairingKey(z, { hostPublicKey: req.hostPublicKey, devicePublicKey: begun.keys.publicKey, hostNonce: req.hostNonce, deviceNonce: begun.deviceNonce, deviceId: this.id });
    if (!bytesEqual(confirmTagHost(kPair), req.tagH)) return this.refuse(STATUS.BAD_TAG, "tagH does not verify");
    const sas = shortAuthString(kPair);
    const confirming: NonNullable<Pairing["confirming"]> = { shownAt: this.now() };
    p.confirming = confirming;
    this.emit({ event: "pairing", ts: this.ts(this.now()), sas, simulated: true });
    this.opts.onSas?.(sas);
    try {
      for (;;) {
        if (confirming.answer === "approve") {
          this.kPair = kPair;
          this.session = undefined;
          this.pairing = undefined;
          return encodePairConfirmResponse(confirmTagDevice(kPair));
        }
        if (confirming.answer === "deny") {
          this.pairing = undefined;
          return this.refuse(STATUS.DENIED, "the human denied the pairing");
        }
        if (ctx.cancelled()) return this.refuse(STATUS.CANCELLED, "the host cancelled the pairing");
        if (this.now() >= p.until) {
          this.pairing = undefined;
          return this.refuse(STATUS.TIMEOUT, "pairing mode ended before a press");
        }
        await ctx.keepalive(KEEPALIVE.UPNEEDED);
        await this.sleep();
      }
    } finally {
      if (p.confirming === confirming) p.confirming = undefined;
    }
  }

  // ---------------------------------------------------------------------------- state

  private refuse(status: number, why: string): Uint8Array {
    this.lastRefusal = why;
    return bareStatus(status);
  }

  private decide(decision: number, holdMs: number, now: number): void {
    const s = this.screen;
    if (s.kind !== "showing") return;
    this.screen = { kind: "decided", requestId: s.requestId, digest: s.digest, decision, holdMs, decidedAt: now };
  }

  private expire(now: number): void {
    const s = this.screen;
    if (s.kind === "showing" && now >= s.deadline) {
      this.decide(DECISION.EXPIRED, 0, now);
      this.emit({ event: "clear", ts: this.ts(now), requestId: bytesToUuid(s.requestId), reason: "expired", simulated: true });
    } else if (s.kind === "decided" && now >= s.decidedAt + DECIDED_RETAIN_MS) {
      this.screen = IDLE;
    }
    if (this.pairing && !this.pairing.confirming && now >= this.pairing.until) this.pairing = undefined;
  }

  private endScreen(reason: ClearEventReason): void {
    const s = this.screen;
    if (s.kind === "showing") this.emit({ event: "clear", ts: this.ts(this.now()), requestId: bytesToUuid(s.requestId), reason, simulated: true });
    this.screen = IDLE;
    this.wake();
  }

  private powerCycle(reason: ClearEventReason): void {
    this.session = undefined;
    this.endScreen(reason);
  }

  private emit(event: DisplayEvent): void {
    try {
      this.sink(event);
    } catch {
      // A broken sink must not take the device down; the host sees the protocol, not the sink.
    }
  }

  private ts(now: number): string {
    return new Date(now).toISOString();
  }

  private wake(): void {
    for (const w of [...this.wakers]) w();
  }

  /** Until the next keepalive is due, or sooner if a press, CLEAR or tick wakes the device. */
  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.keepaliveMs);
      this.wakers.add(done);
    });
  }
}
