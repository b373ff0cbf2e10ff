// CTAPHID framing (FIDO CTAP 2.1 §11.2; ../shared/reference/hardware-channel.md §1), shared by the
// FIDO2 key (usage page 0xF1D0) and the APV1 approval display (vendor commands 0x40–0x7F).
// Three parts: packet encoding, a reassembler that validates every packet, and the host side
// (channel allocation, transactions with keepalives and cancel) plus the device side simulators
// build on. Nothing here trusts a byte it did not check.
import { randomBytes } from "node:crypto";
import { REPORT_SIZE, TransportClosedError, type HidTransport } from "./transport.js";

export const CMD = {
  PING: 0x01,
  MSG: 0x03,
  LOCK: 0x04,
  INIT: 0x06,
  WINK: 0x08,
  CBOR: 0x10,
  CANCEL: 0x11,
  KEEPALIVE: 0x3b,
  ERROR: 0x3f,
} as const;
export const VENDOR_FIRST = 0x40;
export const VENDOR_LAST = 0x7f;

export const ERR = {
  INVALID_CMD: 0x01,
  INVALID_PAR: 0x02,
  INVALID_LEN: 0x03,
  INVALID_SEQ: 0x04,
  MSG_TIMEOUT: 0x05,
  CHANNEL_BUSY: 0x06,
  LOCK_REQUIRED: 0x0a,
  INVALID_CHANNEL: 0x0b,
  OTHER: 0x7f,
} as const;

export const KEEPALIVE = { PROCESSING: 0x01, UPNEEDED: 0x02 } as const;
export const CAPABILITY = { WINK: 0x01, CBOR: 0x04, NMSG: 0x08 } as const;

export const BROADCAST_CID = 0xffffffff;
const INIT_DATA = REPORT_SIZE - 7;
const CONT_DATA = REPORT_SIZE - 5;
/** 57 + 128 × 59 bytes. */
export const MAX_MESSAGE = INIT_DATA + 128 * CONT_DATA;
/** A continuation must follow its predecessor within this (RIOT uses 500 ms). */
export const CONTINUATION_TIMEOUT_MS = 500;

export interface Message {
  readonly cid: number;
  /** The command without its 0x80 bit. */
  readonly cmd: number;
  readonly payload: Uint8Array;
}

export class CtapHidError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** The transport closed under a transaction: the device was unplugged or its link dropped. */
export class DeviceUnpluggedError extends CtapHidError {
  constructor() {
    super(ERR.OTHER, "the device was unplugged during the request");
  }
}

// ------------------------------------------------------------------------------ encoding

/** The reports that carry one message: an init packet, then continuations with SEQ 0, 1, … */
export function encodeMessage(cid: number, cmd: number, payload: Uint8Array): Uint8Array[] {
  if (payload.length > MAX_MESSAGE) throw new CtapHidError(ERR.INVALID_LEN, `message of ${payload.length} bytes exceeds ${MAX_MESSAGE}`);
  if (cmd < 0 || cmd > 0x7f) throw new CtapHidError(ERR.INVALID_CMD, `command 0x${cmd.toString(16)} out of range`);
  const packets: Uint8Array[] = [];
  const first = new Uint8Array(REPORT_SIZE);
  const view = new DataView(first.buffer);
  view.setUint32(0, cid >>> 0);
  first[4] = 0x80 | cmd;
  view.setUint16(5, payload.length);
  first.set(payload.subarray(0, INIT_DATA), 7);
  packets.push(first);
  for (let offset = INIT_DATA, seq = 0; offset < payload.length; offset += CONT_DATA, seq++) {
    const p = new Uint8Array(REPORT_SIZE);
    new DataView(p.buffer).setUint32(0, cid >>> 0);
    p[4] = seq;
    p.set(payload.subarray(offset, offset + CONT_DATA), 5);
    packets.push(p);
  }
  return packets;
}

// ------------------------------------------------------------------------------ reassembly

export type ReassemblyEvent =
  | { readonly kind: "message"; readonly message: Message }
  /** A protocol error to answer on `cid` with an ERROR packet (device side) or to fail on (host side). */
  | { readonly kind: "error"; readonly cid: number; readonly code: number; readonly reason: string }
  | { readonly kind: "none" };

/**
 * Turns reports into messages for one receiver. One message is assembled at a time (a CTAPHID
 * device serves one transaction at a time); an init packet from another channel meanwhile is
 * answered CHANNEL_BUSY; out-of-order continuations are INVALID_SEQ; a stalled message times out.
 * Time is passed in.
 */
export class Reassembler {
  private current: { cid: number; cmd: number; total: number; buffer: Uint8Array; filled: number; nextSeq: number; lastAt: number } | undefined;

  constructor(private readonly timeoutMs = CONTINUATION_TIMEOUT_MS) {}

  /** A message being assembled has stalled: report MSG_TIMEOUT and drop it. */
  expire(now: number): ReassemblyEvent {
    if (this.current && now - this.current.lastAt > this.timeoutMs) {
      const cid = this.current.cid;
      this.current = undefined;
      return { kind: "error", cid, code: ERR.MSG_TIMEOUT, reason: "continuation packet not received in time" };
    }
    return { kind: "none" };
  }

  push(report: Uint8Array, now: number): ReassemblyEvent {
    if (report.length < 5) return { kind: "error", cid: 0, code: ERR.INVALID_LEN, reason: `report of ${report.length} bytes` };
    const expired = this.expire(now);
    if (expired.kind === "error") return expired;
    const view = new DataView(report.buffer, report.byteOffset, report.byteLength);
    const cid = view.getUint32(0);
    const b4 = report[4]!;
    if (cid === 0) return { kind: "error", cid, code: ERR.INVALID_CHANNEL, reason: "channel 0 is reserved" };
    if (b4 & 0x80) {
      if (report.length < 7) return { kind: "error", cid, code: ERR.INVALID_LEN, reason: "truncated init packet" };
      const cmd = b4 & 0x7f;
      const total = view.getUint16(5);
      if (this.current && this.current.cid !== cid) {
        return { kind: "error", cid, code: ERR.CHANNEL_BUSY, reason: `channel 0x${this.current.cid.toString(16)} has a message in flight` };
      }
      // An init on the channel being assembled restarts it (resync); any earlier partial is dropped.
      if (total > MAX_MESSAGE) {
        this.current = undefined;
        return { kind: "error", cid, code: ERR.INVALID_LEN, reason: `declared length ${total} exceeds ${MAX_MESSAGE}` };
      }
      const buffer = new Uint8Array(total);
      const first = report.subarray(7, 7 + Math.min(total, INIT_DATA));
      buffer.set(first);
      if (first.length === total) {
        this.current = undefined;
        return { kind: "message", message: { cid, cmd, payload: buffer } };
      }
      this.current = { cid, cmd, total, buffer, filled: first.length, nextSeq: 0, lastAt: now };
      return { kind: "none" };
    }
    const cur = this.current;
    if (!cur || cur.cid !== cid) return { kind: "none" }; // a stray continuation: ignored
    if (b4 !== cur.nextSeq) {
      this.current = undefined;
      return { kind: "error", cid, code: ERR.INVALID_SEQ, reason: `expected SEQ ${cur.nextSeq}, got ${b4}` };
    }
    const chunk = report.subarray(5, 5 + Math.min(CONT_DATA, cur.total - cur.filled));
    cur.buffer.set(chunk, cur.filled);
    cur.filled += chunk.length;
    cur.nextSeq++;
    cur.lastAt = now;
    if (cur.filled < cur.total) return { kind: "none" };
    this.current = undefined;
    return { kind: "message", message: { cid, cmd: cur.cmd, payload: cur.buffer } };
  }
}

// ------------------------------------------------------------------------------ host side

export interface InitInfo {
  readonly cid: number;
  readonly protocolVersion: number;
  readonly deviceVersion: readonly [number, number, number];
  readonly capabilities: number;
}

export interface TransactOptions {
  /** Overall deadline for the answer (a touch may take a while). */
  readonly timeoutMs: number;
  /** Called when the device's keepalive status changes (UPNEEDED: "touch your key"). */
  readonly onKeepalive?: (status: number) => void;
  /** Aborting sends CANCEL; the transaction then ends with whatever the device answers, or fails. */
  readonly signal?: AbortSignal;
}

/** The host end of a CTAPHID device: allocates a channel and runs one transaction at a time. */
export class CtapHidClient {
  private cid = BROADCAST_CID;
  private busy = false;

  constructor(
    private readonly transport: HidTransport,
    private readonly random: (n: number) => Uint8Array = (n) => randomBytes(n),
    private readonly now: () => number = Date.now,
  ) {}

  get channel(): number {
    return this.cid;
  }

  /**
   * Allocates a channel on the broadcast CID, matching the answer by its nonce. A device busy
   * with another host's transaction answers CHANNEL_BUSY: back off and retry until the deadline.
   */
  async init(timeoutMs = 2000): Promise<InitInfo> {
    const deadline = this.now() + timeoutMs;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.initOnce(Math.max(1, deadline - this.now()));
      } catch (e) {
        if (!(e instanceof CtapHidError) || e.code !== ERR.CHANNEL_BUSY || this.now() + 100 * attempt >= deadline) throw e;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  }

  private async initOnce(timeoutMs: number): Promise<InitInfo> {
    const nonce = this.random(8);
    for (const p of encodeMessage(BROADCAST_CID, CMD.INIT, nonce)) await this.transport.write(p);
    const deadline = this.now() + timeoutMs;
    const reassembler = new Reassembler();
    for (;;) {
      const remaining = deadline - this.now();
      if (remaining <= 0) throw new CtapHidError(ERR.MSG_TIMEOUT, "no answer to INIT");
      const report = await this.transport.read(remaining);
      if (!report) continue;
      const ev = reassembler.push(report, this.now());
      if (ev.kind !== "message" || ev.message.cid !== BROADCAST_CID) continue;
      const { cmd, payload } = ev.message;
      if (cmd === CMD.ERROR) throw new CtapHidError(payload[0] ?? ERR.OTHER, `device refused INIT (error 0x${(payload[0] ?? 0).toString(16)})`);
      // Several hosts may INIT at once: only the answer carrying our nonce is ours.
      if (cmd !== CMD.INIT || payload.length < 17 || !nonce.every((b, i) => payload[i] === b)) continue;
      const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
      const cid = view.getUint32(8);
      if (cid === 0 || cid === BROADCAST_CID) throw new CtapHidError(ERR.INVALID_CHANNEL, `device allocated an invalid channel 0x${cid.toString(16)}`);
      this.cid = cid;
      return { cid, protocolVersion: payload[12]!, deviceVersion: [payload[13]!, payload[14]!, payload[15]!], capabilities: payload[16]! };
    }
  }

  /**
   * Sends one request and returns the answer's payload. Keepalives are reported and skipped,
   * other channels' packets ignored, ERROR answers thrown as CtapHidError.
   */
  async transact(cmd: number, payload: Uint8Array, opts: TransactOptions): Promise<Uint8Array> {
    if (this.cid === BROADCAST_CID) throw new CtapHidError(ERR.INVALID_CHANNEL, "no channel: call init() first");
    if (this.busy) throw new CtapHidError(ERR.CHANNEL_BUSY, "a transaction is already in flight on this client");
    this.busy = true;
    let cancelled = false;
    const onAbort = (): void => {
      if (cancelled) return;
      cancelled = true;
      void Promise.all(encodeMessage(this.cid, CMD.CANCEL, new Uint8Array(0)).map((p) => this.transport.write(p))).catch(() => undefined);
    };
    opts.signal?.addEventListener("abort", onAbort);
    try {
      for (const p of encodeMessage(this.cid, cmd, payload)) await this.transport.write(p);
      const deadline = this.now() + opts.timeoutMs;
      const reassembler = new Reassembler();
      let lastStatus = -1;
      for (;;) {
        if (opts.signal?.aborted) onAbort();
        const remaining = deadline - this.now();
        if (remaining <= 0) {
          onAbort();
          throw new CtapHidError(ERR.MSG_TIMEOUT, `no answer within ${opts.timeoutMs} ms`);
        }
        const report = await this.transport.read(Math.min(remaining, 100));
        if (!report) continue; // zero-length read: a timeout slice
        const ev = reassembler.push(report, this.now());
        if (ev.kind === "error") {
          if (ev.cid === this.cid) throw new CtapHidError(ev.code, `bad answer from the device: ${ev.reason}`);
          continue;
        }
        if (ev.kind !== "message" || ev.message.cid !== this.cid) continue;
        const m = ev.message;
        if (m.cmd === CMD.KEEPALIVE) {
          const status = m.payload[0] ?? 0;
          if (status !== lastStatus) opts.onKeepalive?.(status);
          lastStatus = status;
          continue;
        }
        if (m.cmd === CMD.ERROR) throw new CtapHidError(m.payload[0] ?? ERR.OTHER, `device error 0x${(m.payload[0] ?? 0).toString(16)}`);
        if (m.cmd !== cmd) throw new CtapHidError(ERR.INVALID_CMD, `answer to 0x${cmd.toString(16)} came as 0x${m.cmd.toString(16)}`);
        return m.payload;
      }
    } catch (e) {
      if (e instanceof TransportClosedError) throw new DeviceUnpluggedError();
      throw e;
    } finally {
      opts.signal?.removeEventListener("abort", onAbort);
      this.busy = false;
    }
  }

  async ping(data: Uint8Array, timeoutMs = 2000): Promise<Uint8Array> {
    return this.transact(CMD.PING, data, { timeoutMs });
  }
}

// ------------------------------------------------------------------------------ device side

/** What a simulated device does with a complete request on an allocated channel. */
export type RequestHandler = (
  request: Message,
  ctx: { readonly keepalive: (status: number) => Promise<void>; readonly cancelled: () => boolean },
) => Promise<Uint8Array>;

/**
 * The device end of CTAPHID, for simulators: channel allocation, PING, WINK, CANCEL, errors and
 * busy channels; CBOR, MSG and vendor commands go to `handle`. It serves one transaction at a
 * time and answers malformed packets with ERROR, never by throwing.
 */
export class CtapHidDevice {
  private nextCid = 1;
  private readonly channels = new Set<number>();
  private readonly reassembler = new Reassembler();
  private inFlight: { cid: number; cancelled: boolean } | undefined;
  private running = false;

  constructor(
    private readonly transport: HidTransport,
    private readonly handle: RequestHandler,
    private readonly info: { version: [number, number, number]; capabilities: number } = { version: [0, 1, 0], capabilities: CAPABILITY.WINK | CAPABILITY.CBOR },
    private readonly now: () => number = Date.now,
  ) {}

  private async send(cid: number, cmd: number, payload: Uint8Array): Promise<void> {
    for (const p of encodeMessage(cid, cmd, payload)) await this.transport.write(p);
  }

  private error(cid: number, code: number): Promise<void> {
    return this.send(cid, CMD.ERROR, Uint8Array.of(code));
  }

  /** Serves until the transport closes. */
  async run(): Promise<void> {
    this.running = true;
    try {
      while (this.running) {
        const report = await this.transport.read(100);
        if (!report) {
          const ev = this.reassembler.expire(this.now());
          if (ev.kind === "error") await this.error(ev.cid, ev.code);
          continue;
        }
        await this.accept(report);
      }
    } catch (e) {
      if (!(e instanceof TransportClosedError)) throw e;
    }
  }

  stop(): void {
    this.running = false;
  }

  /** One report from the host. Exposed for fuzzing the device without a transport loop. */
  async accept(report: Uint8Array): Promise<void> {
    // A stalled message is reported first, so the report that arrives after it (often a host's
    // INIT resync) is still read rather than dropped with the timeout.
    const stalled = this.reassembler.expire(this.now());
    if (stalled.kind === "error") await this.error(stalled.cid, stalled.code);
    const ev = this.reassembler.push(report, this.now());
    if (ev.kind === "error") return this.error(ev.cid === 0 ? BROADCAST_CID : ev.cid, ev.code);
    if (ev.kind !== "message") return;
    const m = ev.message;
    if (m.cmd === CMD.INIT) return this.onInit(m);
    if (m.cid === BROADCAST_CID || !this.channels.has(m.cid)) return this.error(m.cid, ERR.INVALID_CHANNEL);
    if (m.cmd === CMD.CANCEL) {
      if (this.inFlight?.cid === m.cid) this.inFlight.cancelled = true;
      return; // CANCEL has no answer of its own
    }
    if (this.inFlight) return this.error(m.cid, ERR.CHANNEL_BUSY);
    switch (m.cmd) {
      case CMD.PING:
        return this.send(m.cid, CMD.PING, m.payload);
      case CMD.WINK:
        return this.info.capabilities & CAPABILITY.WINK ? this.send(m.cid, CMD.WINK, new Uint8Array(0)) : this.error(m.cid, ERR.INVALID_CMD);
      case CMD.CBOR:
        // A device that does not announce CBOR (U2F-only) refuses it at the framing layer.
        return this.info.capabilities & CAPABILITY.CBOR ? this.dispatch(m) : this.error(m.cid, ERR.INVALID_CMD);
      case CMD.MSG:
        return this.info.capabilities & CAPABILITY.NMSG ? this.error(m.cid, ERR.INVALID_CMD) : this.dispatch(m);
      default:
        if (m.cmd >= VENDOR_FIRST && m.cmd <= VENDOR_LAST) return this.dispatch(m);
        return this.error(m.cid, ERR.INVALID_CMD);
    }
  }

  private async onInit(m: Message): Promise<void> {
    if (m.payload.length !== 8) return this.error(m.cid, ERR.INVALID_LEN);
    let cid = m.cid;
    if (m.cid === BROADCAST_CID) {
      cid = this.nextCid++;
      if (this.nextCid >= BROADCAST_CID) this.nextCid = 1;
      this.channels.add(cid);
    } else if (!this.channels.has(m.cid)) {
      return this.error(m.cid, ERR.INVALID_CHANNEL);
    } else if (this.inFlight?.cid === m.cid) {
      this.inFlight.cancelled = true; // resync aborts the channel's transaction
    }
    const answer = new Uint8Array(17);
    answer.set(m.payload, 0);
    new DataView(answer.buffer).setUint32(8, cid);
    answer[12] = 2;
    answer.set(this.info.version, 13);
    answer[16] = this.info.capabilities;
    return this.send(m.cid, CMD.INIT, answer);
  }

  private async dispatch(m: Message): Promise<void> {
    const flight = { cid: m.cid, cancelled: false };
    this.inFlight = flight;
    // The handler runs while the device keeps reading (for CANCEL and busy answers to others).
    // The transaction ends when its answer is ready: the channel is free before the answer goes
    // out, so a host's next request, sent as soon as it reads the answer, is not refused as busy.
    const done = (): void => {
      if (this.inFlight === flight) this.inFlight = undefined;
    };
    void this.handle(m, {
      keepalive: (status) => this.send(m.cid, CMD.KEEPALIVE, Uint8Array.of(status)),
      cancelled: () => flight.cancelled,
    })
      .then(
        (answer) => {
          done();
          return this.send(m.cid, m.cmd, answer);
        },
        () => {
          done();
          return this.error(m.cid, ERR.OTHER);
        },
      )
      .catch(() => undefined);
  }
}
