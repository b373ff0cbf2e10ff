// APV1, the approval display protocol: the pure codecs and key schedule, then the daemon's host
// side against the simulated display over the in-memory HID pair (and once over a unix socket),
// with a wire in the middle that can record, replay, tamper with and drop messages. The device's
// clock is a manual one: TTLs and press timing are driven by the test, not by sleeping.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import type { Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { Apv1Host } from "../src/hw/apv1-host.js";
import { Apv1DisplayLink } from "../src/hw/apv1-display-link.js";
import { Apv1Error } from "../src/hw/apv1-error.js";
import { pairingFromRecord, pairingToRecord, type Apv1Pairing, type ShowInput } from "../src/hw/apv1-inputs.js";
import { APV1_CMD, APV1_MAX_MESSAGE, Apv1DecodeError, bytesToUuid, DECISION, STATUS, toHex, uuidToBytes } from "../src/hw/apv1.js";
import {
  confirmTagHost,
  derivePairingKey,
  deriveSessionKeys,
  ecdhSharedSecret,
  generateEcdhKeyPair,
  messageTag,
  pairingCommitment,
  seal,
  shortAuthString,
  shownDigest,
  tagVerifies,
  type SessionKeys,
} from "../src/hw/apv1-crypto.js";
import {
  decodeClearRequest,
  decodeCtrStatusResponse,
  decodeHelloRequest,
  decodeHelloResponse,
  decodePairBeginRequest,
  decodePairBeginResponse,
  decodePairConfirmRequest,
  decodePairConfirmResponse,
  decodeShowRequest,
  decodeShowResponse,
  decodeUnpairRequest,
  decodeWaitRequest,
  decodeWaitResponse,
  encodeClearRequest,
  encodeCtrStatusResponse,
  encodeHelloRequest,
  encodeHelloResponse,
  encodePairBeginRequest,
  encodePairBeginResponse,
  encodePairConfirmRequest,
  encodePairConfirmResponse,
  encodeShowRequest,
  encodeShowResponse,
  encodeUnpairRequest,
  encodeWaitRequest,
  encodeWaitResponse,
  type ShowRequest,
} from "../src/hw/apv1-messages.js";
import { fitsDisplay, wrapText } from "../src/hw/apv1-text.js";
import { CMD, CtapHidClient, CtapHidDevice, encodeMessage, ERR, Reassembler, type Message } from "../src/hw/ctaphid.js";
import { SimApprovalDisplay } from "../src/sim/apv1-display.js";
import type { SimDisplayOptions } from "../src/sim/apv1-display-model.js";
import { jsonlDisplaySink, type DisplayEvent } from "../src/sim/apv1-display-sink.js";
import { serveHidOnSocket, SocketTransport } from "../src/hw/socket-transport.js";
import { MemoryTransport, type HidTransport } from "../src/hw/transport.js";

const ascii = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, "latin1"));
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const digestHex = (): string => toHex(randomBytes(32));

class ManualClock {
  t = Date.parse("2030-01-01T00:00:00.000Z");
  readonly now = (): number => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
}

/**
 * The wire between host and display. Messages are reassembled in both directions so a test can
 * record them and swap, alter or drop one before it is re-framed and delivered.
 */
class Wire implements HidTransport {
  readonly toHostLog: Message[] = [];
  readonly toDeviceLog: Message[] = [];
  toHost: ((m: Message) => Message | null) | undefined;
  toDevice: ((m: Message) => Message | null) | undefined;
  private readonly inbound: Uint8Array[] = [];
  private readonly fromDevice = new Reassembler();
  private readonly fromHost = new Reassembler();

  constructor(readonly inner: HidTransport) {}

  async write(report: Uint8Array): Promise<void> {
    const ev = this.fromHost.push(report, 0);
    if (ev.kind !== "message") return;
    this.toDeviceLog.push(ev.message);
    const m = this.toDevice ? this.toDevice(ev.message) : ev.message;
    if (m) for (const p of encodeMessage(m.cid, m.cmd, m.payload)) await this.inner.write(p);
  }

  async read(timeoutMs: number): Promise<Uint8Array | null> {
    for (;;) {
      const queued = this.inbound.shift();
      if (queued) return queued;
      const report = await this.inner.read(timeoutMs);
      if (!report) return null;
      const ev = this.fromDevice.push(report, 0);
      if (ev.kind !== "message") continue;
      this.toHostLog.push(ev.message);
      const m = this.toHost ? this.toHost(ev.message) : ev.message;
      if (m) this.inbound.push(...encodeMessage(m.cid, m.cmd, m.payload));
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** Sends a message straight to the device, as another process with the hidraw node could. */
  async inject(m: Message): Promise<void> {
    for (const p of encodeMessage(m.cid, m.cmd, m.payload)) await this.inner.write(p);
  }

  /** The device's next answer on `cid` (keepalives skipped), read while the host is idle. */
  async answer(cid: number): Promise<Message> {
    const r = new Reassembler();
    for (;;) {
      const report = await this.read(2000);
      if (!report) throw new Error("the display did not answer");
      const ev = r.push(report, 0);
      if (ev.kind === "message" && ev.message.cid === cid && ev.message.cmd !== CMD.KEEPALIVE) return ev.message;
    }
  }

  lastToHost(cmd: number): Message {
    const m = [...this.toHostLog].reverse().find((x) => x.cmd === cmd);
    if (!m) throw new Error(`no 0x${cmd.toString(16)} answer seen`);
    return m;
  }

  lastToDevice(cmd: number): Message {
    const m = [...this.toDeviceLog].reverse().find((x) => x.cmd === cmd);
    if (!m) throw new Error(`no 0x${cmd.toString(16)} request seen`);
    return m;
  }
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Rig {
  readonly clock: ManualClock;
  readonly display: SimApprovalDisplay;
  readonly device: CtapHidDevice;
  readonly wire: Wire;
  readonly client: CtapHidClient;
  readonly events: DisplayEvent[];
  /** What the simulated human does when the display shows the pairing SAS. */
  onSas: (sas: string) => void;
}

function rig(options: Partial<SimDisplayOptions> = {}): Rig {
  const clock = new ManualClock();
  const events: DisplayEvent[] = [];
  const r = {} as { -readonly [K in keyof Rig]: Rig[K] };
  r.onSas = () => undefined;
  const display = new SimApprovalDisplay({ now: clock.now, sink: (e) => events.push(e), keepaliveIntervalMs: 5, onSas: (sas) => r.onSas(sas), ...options });
  const [hostEnd, deviceEnd] = MemoryTransport.pair();
  const wire = new Wire(hostEnd);
  const device = display.attach(deviceEnd);
  cleanups.push(async () => {
    device.stop();
    await hostEnd.close();
  });
  Object.assign(r, { clock, display, device, wire, client: new CtapHidClient(wire), events });
  return r as Rig;
}

/** A display already paired with the daemon (K_pair in its flash) and a host holding the same. */
async function pairedRig(options: Partial<SimDisplayOptions> = {}, hostNow?: () => number): Promise<Rig & { host: Apv1Host; pairing: Apv1Pairing }> {
  const pairing = { deviceId: new Uint8Array(randomBytes(16)), kPair: new Uint8Array(randomBytes(32)) };
  const r = rig({ deviceId: pairing.deviceId, kPair: pairing.kPair, ...options });
  const host = new Apv1Host(r.client, { pairing, ...(hostNow ? { now: hostNow } : {}) });
  await host.hello();
  return Object.assign(r, { host, pairing });
}

function screen(overrides: Partial<ShowInput> = {}): ShowInput {
  return { requestId: randomUUID(), actionDigest: digestHex(), title: "haltkey: confirm", body: 'agent "builder" wants to: git push origin main', code: "", ...overrides };
}

/** A HELLO done by hand with the apv1 primitives, for sending requests the host would refuse to. */
async function rawSession(r: Rig, pairing: Apv1Pairing): Promise<{ client: CtapHidClient; cid: number; keys: SessionKeys; ctr: number }> {
  const client = new CtapHidClient(r.wire);
  await client.init();
  const hostNonce = new Uint8Array(randomBytes(16));
  const answer = await client.transact(APV1_CMD.HELLO, encodeHelloRequest({ version: 1, hostNonce }), { timeoutMs: 2000 });
  const hello = decodeHelloResponse(answer);
  const keys = deriveSessionKeys(pairing.kPair, hostNonce, hello.deviceNonce, hello.deviceId);
  expect(tagVerifies(keys.d2h, APV1_CMD.HELLO, client.channel, hello.tagged!.signed, hello.tagged!.tag)).toBe(true);
  return { client, cid: client.channel, keys, ctr: 0 };
}

function showFields(overrides: Partial<ShowRequest> = {}): ShowRequest {
  return {
    ctr: 1,
    requestId: uuidToBytes(randomUUID()),
    ttlSec: 120,
    flags: 0,
    actionDigest: new Uint8Array(randomBytes(32)),
    title: ascii("title"),
    body: ascii("body"),
    code: ascii("ABCD-EFGH"),
    ...overrides,
  };
}

// ================================================================================ pure layer

describe("codecs", () => {
  it("request ids are UUIDs on the outside and 16 bytes on the wire", () => {
    const id = randomUUID();
    expect(bytesToUuid(uuidToBytes(id.toUpperCase()))).toBe(id);
    expect(() => uuidToBytes("not-a-uuid")).toThrow(Apv1DecodeError);
    expect(() => bytesToUuid(new Uint8Array(15))).toThrow(Apv1DecodeError);
  });

  it("every message round-trips, and one byte short or long is refused with a typed error", () => {
    const id = uuidToBytes(randomUUID());
    const d = new Uint8Array(32).fill(7);
    const tag = new Uint8Array(16).fill(9);
    const pub = generateEcdhKeyPair((n) => new Uint8Array(randomBytes(n))).publicKey;
    const info = { version: 1, firmware: [1, 2, 3] as const, deviceId: id, caps: 0x0f, cols: 21, rows: 6, paired: true, deviceNonce: d.subarray(0, 16) };
    const cases: Array<[Uint8Array, (p: Uint8Array) => unknown]> = [
      [encodeHelloRequest({ version: 1, hostNonce: d.subarray(0, 16) }), decodeHelloRequest],
      [new Uint8Array([...encodeHelloResponse(info), ...tag]), decodeHelloResponse],
      [new Uint8Array([...encodeShowRequest(showFields()), ...tag]), decodeShowRequest],
      [new Uint8Array([...encodeShowResponse({ ctr: 3, requestId: id, status: 0, shownDigest: d }), ...tag]), decodeShowResponse],
      [new Uint8Array([...encodeClearRequest({ ctr: 3, requestId: id, reason: 1 }), ...tag]), decodeClearRequest],
      [new Uint8Array([...encodeCtrStatusResponse({ ctr: 3, status: 0 }), ...tag]), (p) => decodeCtrStatusResponse(p)],
      [new Uint8Array([...encodeWaitRequest({ ctr: 3, requestId: id }), ...tag]), decodeWaitRequest],
      [new Uint8Array([...encodeWaitResponse({ ctr: 3, requestId: id, status: 0, decision: 1, shownDigest: d, holdMs: 900 }), ...tag]), decodeWaitResponse],
      [new Uint8Array([...encodeUnpairRequest(3), ...tag]), decodeUnpairRequest],
      [encodePairBeginRequest(d), decodePairBeginRequest],
      [encodePairBeginResponse({ devicePublicKey: pub, deviceNonce: d.subarray(0, 16), deviceId: id }), decodePairBeginResponse],
      [encodePairConfirmRequest({ hostPublicKey: pub, hostNonce: d.subarray(0, 16), tagH: tag }), decodePairConfirmRequest],
      [encodePairConfirmResponse(tag), decodePairConfirmResponse],
    ];
    for (const [bytes, decode] of cases) {
      expect(() => decode(bytes)).not.toThrow();
      expect(() => decode(bytes.subarray(0, bytes.length - 1))).toThrow(Apv1DecodeError);
      expect(() => decode(new Uint8Array([...bytes, 0]))).toThrow(Apv1DecodeError);
    }
    const show = decodeShowRequest(new Uint8Array([...encodeShowRequest(showFields({ ctr: 42, flags: 3, ttlSec: 600 })), ...tag]));
    expect({ ctr: show.ctr, flags: show.flags, ttlSec: show.ttlSec, code: Buffer.from(show.code).toString() }).toEqual({ ctr: 42, flags: 3, ttlSec: 600, code: "ABCD-EFGH" });
    const wait = decodeWaitResponse(cases[7]![0]);
    expect({ decision: wait.decision, holdMs: wait.holdMs }).toEqual({ decision: DECISION.APPROVE, holdMs: 900 });
  });

  it("rejects values a well-formed message cannot hold", () => {
    const tag = new Uint8Array(16);
    const show = (f: Partial<ShowRequest>) => new Uint8Array([...encodeShowRequest(showFields(f)), ...tag]);
    expect(() => decodeShowRequest(show({ ctr: 0 }))).toThrow(/ctr/);
    expect(() => decodeShowRequest(show({ ttlSec: 0 }))).toThrow(/ttlSec/);
    expect(() => decodeShowRequest(show({ ttlSec: 601 }))).toThrow(/ttlSec/);
    expect(() => decodeShowRequest(show({ flags: 0x04 }))).toThrow(/flag/);
    expect(() => decodeShowRequest(show({ requestId: new Uint8Array(16) }))).toThrow(/reserved/);
    const lying = show({});
    lying[4 + 16 + 2 + 1 + 32] = 200; // titleLen past the end
    expect(() => decodeShowRequest(lying)).toThrow(Apv1DecodeError);
    const id = uuidToBytes(randomUUID());
    const d = new Uint8Array(32);
    expect(() => decodeWaitResponse(new Uint8Array([...encodeWaitResponse({ ctr: 1, requestId: id, status: 0, decision: 9, shownDigest: d, holdMs: 0 }), ...tag]))).toThrow(/decision/);
    expect(() => decodeWaitResponse(new Uint8Array([...encodeWaitResponse({ ctr: 1, requestId: id, status: 7, decision: 1, shownDigest: d, holdMs: 0 }), ...tag]))).toThrow(/error status/);
    expect(() => decodeShowResponse(new Uint8Array([...encodeShowResponse({ ctr: 1, requestId: id, status: 0x77, shownDigest: d }), ...tag]))).toThrow(/status/);
    expect(() => decodeClearRequest(new Uint8Array([...encodeClearRequest({ ctr: 1, requestId: id, reason: 9 }), ...tag]))).toThrow(/reason/);
    const helloUnpairedButTagged = new Uint8Array([...encodeHelloResponse({ version: 1, firmware: [0, 1, 0], deviceId: id, caps: 0, cols: 40, rows: 12, paired: false, deviceNonce: id }), ...tag]);
    expect(() => decodeHelloResponse(helloUnpairedButTagged)).toThrow(/unpaired/);
    const noRows = encodeHelloResponse({ version: 1, firmware: [0, 1, 0], deviceId: id, caps: 0, cols: 40, rows: 0, paired: false, deviceNonce: id });
    expect(() => decodeHelloResponse(noRows)).toThrow(/cannot show/);
  });

  it("decoders throw Apv1DecodeError and nothing else on any input (fuzz)", () => {
    const decoders: Array<(p: Uint8Array) => unknown> = [
      decodeHelloRequest,
      decodeHelloResponse,
      decodeShowRequest,
      decodeShowResponse,
      decodeClearRequest,
      (p) => decodeCtrStatusResponse(p),
      decodeWaitRequest,
      decodeWaitResponse,
      decodeUnpairRequest,
      decodePairBeginRequest,
      decodePairBeginResponse,
      decodePairConfirmRequest,
      decodePairConfirmResponse,
    ];
    // Exact message lengths too, where random bytes reach the field checks.
    const lengths = [17, 41, 57, 75, 69, 37, 21, 36, 72, 20, 32, 98, 97, 17, 100, 300];
    const input = fc.oneof(
      fc.uint8Array({ maxLength: 400 }),
      fc.constantFrom(...lengths).chain((n) => fc.uint8Array({ minLength: n, maxLength: n })),
    );
    fc.assert(
      fc.property(input, (bytes) => {
        for (const decode of decoders) {
          try {
            decode(bytes);
          } catch (e) {
            if (!(e instanceof Apv1DecodeError)) throw e;
          }
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe("text rules", () => {
  it("wraps at spaces, splits words longer than a line, and never drops text", () => {
    expect(wrapText("the quick brown fox", 9)).toEqual(["the quick", "brown fox"]);
    expect(wrapText("rm -rf /var/lib/something/deep", 10)).toEqual(["rm -rf", "/var/lib/s", "omething/d", "eep"]);
    expect(wrapText("", 5)).toEqual([""]);
    const text = "x".repeat(37) + " tail";
    expect(wrapText(text, 10).join("").replace(/ /g, "")).toBe(text.replace(/ /g, ""));
  });

  it("fitsDisplay: printable ASCII that wraps into cols × rows", () => {
    expect(fitsDisplay("a".repeat(40 * 12), 40, 12)).toBe(true);
    expect(fitsDisplay("a".repeat(40 * 12 + 1), 40, 12)).toBe(false);
    expect(fitsDisplay("word ".repeat(24).trim(), 21, 6)).toBe(true); // four to a line
    expect(fitsDisplay("word ".repeat(25).trim(), 21, 6)).toBe(false);
    expect(fitsDisplay("caf\u00e9", 40, 12)).toBe(false);
    expect(fitsDisplay("rm \u202e-rf", 40, 12)).toBe(false);
    expect(fitsDisplay("tab\there", 40, 12)).toBe(false);
  });
});

describe("key schedule and tags", () => {
  const rnd = (n: number) => new Uint8Array(randomBytes(n));

  it("host and device derive the same K_pair and SAS from the exchange; the commitment binds the key", () => {
    const host = generateEcdhKeyPair(rnd);
    const device = generateEcdhKeyPair(rnd);
    const t = { hostPublicKey: host.publicKey, devicePublicKey: device.publicKey, hostNonce: rnd(16), deviceNonce: rnd(16), deviceId: rnd(16) };
    const kHost = derivePairingKey(ecdhSharedSecret(host.privateKey, device.publicKey), t);
    const kDevice = derivePairingKey(ecdhSharedSecret(device.privateKey, host.publicKey), t);
    expect(toHex(kHost)).toBe(toHex(kDevice));
    expect(shortAuthString(kHost)).toMatch(/^\d{6}$/);
    expect(derivePairingKey(ecdhSharedSecret(host.privateKey, device.publicKey), { ...t, deviceId: rnd(16) })).not.toEqual(kHost);
    expect(pairingCommitment(host.publicKey, t.hostNonce)).not.toEqual(pairingCommitment(device.publicKey, t.hostNonce));
    expect(() => ecdhSharedSecret(host.privateKey, new Uint8Array(65).fill(4))).toThrow(Apv1DecodeError);
    expect(() => ecdhSharedSecret(host.privateKey, new Uint8Array(33).fill(2))).toThrow(Apv1DecodeError);
  });

  it("a key pair comes only from the randomness given, redrawing invalid scalars", () => {
    const draws = [new Uint8Array(32), new Uint8Array(32).fill(0xff), new Uint8Array(32).fill(0x11)];
    const pair = generateEcdhKeyPair(() => draws.shift()!);
    expect(toHex(pair.privateKey)).toBe("11".repeat(32));
    expect(pair.publicKey[0]).toBe(4);
  });

  it("session keys differ per direction and per HELLO; a tag covers command, channel and every byte", () => {
    const kPair = rnd(32);
    const id = rnd(16);
    const a = deriveSessionKeys(kPair, rnd(16), rnd(16), id);
    const b = deriveSessionKeys(kPair, rnd(16), rnd(16), id);
    expect(a.h2d).not.toEqual(a.d2h);
    expect(a.h2d).not.toEqual(b.h2d);
    const body = rnd(40);
    const tag = messageTag(a.h2d, APV1_CMD.SHOW, 5, body);
    expect(tag.length).toBe(16);
    expect(tagVerifies(a.h2d, APV1_CMD.SHOW, 5, body, tag)).toBe(true);
    expect(tagVerifies(a.h2d, APV1_CMD.WAIT, 5, body, tag)).toBe(false);
    expect(tagVerifies(a.h2d, APV1_CMD.SHOW, 6, body, tag)).toBe(false);
    expect(tagVerifies(a.d2h, APV1_CMD.SHOW, 5, body, tag)).toBe(false);
    expect(tagVerifies(b.h2d, APV1_CMD.SHOW, 5, body, tag)).toBe(false);
    const flipped = Uint8Array.from(body);
    flipped[17]! ^= 1;
    expect(tagVerifies(a.h2d, APV1_CMD.SHOW, 5, flipped, tag)).toBe(false);
    expect(tagVerifies(a.h2d, APV1_CMD.SHOW, 5, body, tag.subarray(0, 15))).toBe(false);
  });

  it("shownDigest keeps title, body and code apart, and covers the flags", () => {
    const base = { requestId: rnd(16), actionDigest: rnd(32), flags: 0, code: ascii("") };
    expect(shownDigest({ ...base, title: ascii("ab"), body: ascii("c") })).not.toEqual(shownDigest({ ...base, title: ascii("a"), body: ascii("bc") }));
    expect(shownDigest({ ...base, title: ascii("t"), body: ascii("b") })).not.toEqual(shownDigest({ ...base, flags: 1, title: ascii("t"), body: ascii("b") }));
  });
});

// ================================================================================ host and simulator

describe("HELLO", () => {
  it("a paired display is authenticated and reports its capacity", async () => {
    const r = await pairedRig();
    expect(r.host.device).toMatchObject({ deviceId: toHex(r.pairing.deviceId), cols: 40, rows: 12, firmware: [0, 1, 0] });
  });

  it("a host with no pairing, or a display that holds none, is refused", async () => {
    const r = rig();
    await expect(new Apv1Host(r.client).hello()).rejects.toMatchObject({ code: "NOT_PAIRED", origin: "host" });
    const pairing = { deviceId: r.display.deviceId, kPair: new Uint8Array(randomBytes(32)) };
    const host = new Apv1Host(r.client, { pairing });
    await expect(host.hello()).rejects.toMatchObject({ code: "NOT_PAIRED", origin: "device" });
    await expect(host.show(screen())).rejects.toMatchObject({ code: "NO_SESSION" });
  });

  it("a fake display without K_pair, even one cloning the paired unit's identity, is refused", async () => {
    const pairing = { deviceId: new Uint8Array(randomBytes(16)), kPair: new Uint8Array(randomBytes(32)) };
    const r = rig({ fake: true, deviceId: pairing.deviceId });
    expect(r.display.paired).toBe(true); // it claims to be
    const host = new Apv1Host(r.client, { pairing });
    await expect(host.hello()).rejects.toMatchObject({ code: "BAD_TAG", origin: "host" });
    expect(host.device).toBeUndefined();
    await expect(host.show(screen())).rejects.toMatchObject({ code: "NO_SESSION" });
  });

  it("another display, paired with someone else, is not ours", async () => {
    const r = rig({ kPair: new Uint8Array(randomBytes(32)) });
    const host = new Apv1Host(r.client, { pairing: { deviceId: new Uint8Array(randomBytes(16)), kPair: new Uint8Array(randomBytes(32)) } });
    await expect(host.hello()).rejects.toMatchObject({ code: "WRONG_DEVICE" });
  });

  it("a host speaking another version is refused by the display", async () => {
    const r = rig();
    await r.client.init();
    const answer = await r.client.transact(APV1_CMD.HELLO, Uint8Array.of(2, ...randomBytes(16)), { timeoutMs: 2000 });
    expect([...answer]).toEqual([STATUS.BAD_VERSION]);
  });
});

describe("pairing", () => {
  it("both sides show the same SAS; after a long press on APPROVE the pairing authenticates", async () => {
    const r = rig();
    r.display.enterPairingMode();
    const host = new Apv1Host(r.client);
    const begun = await host.pairBegin();
    expect(begun.sas).toMatch(/^\d{6}$/);
    const presses: string[] = [];
    let deviceSas = "";
    r.onSas = (sas) => {
      deviceSas = sas;
      r.clock.advance(1000);
      presses.push(r.display.press("approve", 300)); // pairing needs a long press
      r.clock.advance(1000);
      presses.push(r.display.press("approve", 900));
    };
    const pairing = await host.pairConfirm();
    expect(deviceSas).toBe(begun.sas);
    expect(presses).toEqual(["ignored-too-short", "accepted"]);
    expect(r.events.filter((e) => e.event === "pairing")).toMatchObject([{ sas: begun.sas, simulated: true }]);
    expect(toHex(pairing.deviceId)).toBe(begun.deviceId);
    expect(r.display.paired).toBe(true);
    await expect(host.hello()).resolves.toMatchObject({ deviceId: begun.deviceId });
    // What the caller stores brings a later daemon back to the same display.
    const stored = JSON.parse(JSON.stringify(pairingToRecord(pairing))) as unknown;
    const later = new Apv1Host(r.client, { pairing: pairingFromRecord(stored) });
    await expect(later.hello()).resolves.toMatchObject({ deviceId: begun.deviceId });
    expect(() => pairingFromRecord({ ...(stored as object), extra: 1 })).toThrow(Apv1Error);
  });

  it("a human who denies on the display leaves both sides unpaired", async () => {
    const r = rig();
    r.display.enterPairingMode();
    const host = new Apv1Host(r.client);
    await host.pairBegin();
    r.onSas = () => {
      r.clock.advance(1000);
      r.display.press("deny", 100);
    };
    await expect(host.pairConfirm()).rejects.toMatchObject({ code: "PAIRING_DENIED", origin: "device" });
    expect(r.display.paired).toBe(false);
    expect(host.isPaired).toBe(false);
    await expect(host.pairConfirm()).rejects.toMatchObject({ code: "NOT_PAIRING", origin: "host" });
  });

  it("needs the physical pairing mode, which ends after 60 s", async () => {
    const r = rig();
    const host = new Apv1Host(r.client);
    await expect(host.pairBegin()).rejects.toMatchObject({ code: "NOT_PAIRING", origin: "device" });
    r.display.enterPairingMode();
    r.clock.advance(60_000);
    await expect(host.pairBegin()).rejects.toMatchObject({ code: "NOT_PAIRING" });
  });

  it("a revealed key that does not match the commitment is refused (no SAS grinding)", async () => {
    const r = rig();
    r.display.enterPairingMode();
    await r.client.init();
    const rnd = (n: number) => new Uint8Array(randomBytes(n));
    const committed = generateEcdhKeyPair(rnd);
    const swapped = generateEcdhKeyPair(rnd);
    const nonce = rnd(16);
    const begin = decodePairBeginResponse(await r.client.transact(APV1_CMD.PAIR_BEGIN, encodePairBeginRequest(pairingCommitment(committed.publicKey, nonce)), { timeoutMs: 2000 }));
    const kPair = derivePairingKey(ecdhSharedSecret(swapped.privateKey, begin.devicePublicKey), { hostPublicKey: swapped.publicKey, devicePublicKey: begin.devicePublicKey, hostNonce: nonce, deviceNonce: begin.deviceNonce, deviceId: begin.deviceId });
    const answer = await r.client.transact(APV1_CMD.PAIR_CONFIRM, encodePairConfirmRequest({ hostPublicKey: swapped.publicKey, hostNonce: nonce, tagH: confirmTagHost(kPair) }), { timeoutMs: 2000 });
    expect([...answer]).toEqual([STATUS.BAD_TAG]);
    expect(r.events.some((e) => e.event === "pairing")).toBe(false);
  });
});

describe("SHOW and WAIT", () => {
  it("shows one request and returns the human's approval, verified", async () => {
    const r = await pairedRig();
    const s = screen({ code: "ABCDE-FGHJK-MNPQR-STVWX-YZ012-3" });
    const shown = await r.host.show(s);
    const rendered = r.events.find((e) => e.event === "show");
    expect(rendered).toEqual({ event: "show", ts: new Date(r.clock.t).toISOString(), requestId: s.requestId, title: s.title, body: s.body, code: s.code, shownDigest: shown.shownDigest, ttlSec: 120, simulated: true });
    r.clock.advance(1000);
    expect(r.display.press("approve", 100)).toBe("accepted");
    const d = await r.host.wait(s.requestId);
    expect(d).toEqual({ requestId: s.requestId, decision: "approve", holdMs: 100, shownDigest: shown.shownDigest });
    expect(r.events.at(-1)).toMatchObject({ event: "decision", requestId: s.requestId, decision: "approve" });
    expect(r.display.showing).toBeUndefined();
  });

  it("a press while the host waits ends the WAIT (keepalives announce the wait)", async () => {
    const r = await pairedRig();
    const s = screen();
    await r.host.show(s);
    const statuses: number[] = [];
    const d = await r.host.wait(s.requestId, {
      onKeepalive: (status) => {
        statuses.push(status);
        r.clock.advance(1000);
        r.display.press("deny", 60);
      },
    });
    expect(statuses).toEqual([0x02]);
    expect(d.decision).toBe("deny");
  });

  it("deny is a decision, never an approval", async () => {
    const r = await pairedRig();
    const s = screen();
    await r.host.show(s);
    r.clock.advance(800);
    r.display.press("deny", 50);
    await expect(r.host.wait(s.requestId)).resolves.toMatchObject({ decision: "deny" });
    await expect(r.host.wait(s.requestId)).rejects.toMatchObject({ code: "UNKNOWN_REQUEST", origin: "host" });
  });

  it("one request at a time: another is BUSY, the same one again is idempotent", async () => {
    const r = await pairedRig();
    const a = screen();
    const first = await r.host.show(a);
    await expect(r.host.show(a)).resolves.toEqual(first);
    await expect(r.host.show(screen())).rejects.toMatchObject({ code: "BUSY", origin: "device", authenticated: true });
    await expect(r.host.show({ ...a, body: "something else entirely" })).rejects.toMatchObject({ code: "BUSY" });
    expect(r.events.filter((e) => e.event === "show")).toHaveLength(1);
  });

  it("a request nobody answers expires on the display's clock", async () => {
    const r = await pairedRig();
    const s = screen({ ttlSec: 5 });
    await r.host.show(s);
    r.clock.advance(5000);
    r.display.tick();
    expect(r.display.press("approve", 100)).toBe("ignored-idle");
    await expect(r.host.wait(s.requestId)).resolves.toMatchObject({ decision: "expired" });
    expect(r.events.at(-1)).toMatchObject({ event: "clear", requestId: s.requestId, reason: "expired" });
  });

  it("an approval that reaches the host after the request expired is refused", async () => {
    const hostClock = new ManualClock();
    const r = await pairedRig({}, hostClock.now);
    const s = screen({ ttlSec: 5 });
    await r.host.show(s);
    r.clock.advance(1000);
    r.display.press("approve", 100);
    hostClock.advance(5001);
    await expect(r.host.wait(s.requestId)).rejects.toMatchObject({ code: "EXPIRED", origin: "host" });
  });

  it("aborting the WAIT sends CANCEL: the display drops the request", async () => {
    const r = await pairedRig();
    const s = screen();
    await r.host.show(s);
    const abort = new AbortController();
    const d = await r.host.wait(s.requestId, { signal: abort.signal, onKeepalive: () => abort.abort() });
    expect(d.decision).toBe("cancelled");
    expect(r.events.at(-1)).toMatchObject({ event: "clear", requestId: s.requestId, reason: "cancelled" });
    expect(r.display.showing).toBeUndefined();
  });

  it("clear() during a WAIT ends it as cancelled and leaves the display free", async () => {
    const r = await pairedRig();
    const s = screen();
    await r.host.show(s);
    let clearing: Promise<void> | undefined;
    const d = await r.host.wait(s.requestId, { onKeepalive: () => (clearing = r.host.clear(s.requestId)) });
    expect(d.decision).toBe("cancelled");
    await clearing;
    await expect(r.host.show(screen())).resolves.toMatchObject({});
  });

  it("a new session drops the old one's screen; CLEAR takes a request off; while a WAIT runs, SHOW is BUSY", async () => {
    const r = await pairedRig();
    const s = screen();
    await r.host.show(s);
    await rawSession(r, r.pairing); // a second session replaces the first
    expect(r.events.at(-1)).toMatchObject({ event: "clear", requestId: s.requestId, reason: "replaced" });
    await expect(r.host.wait(s.requestId)).rejects.toMatchObject({ code: "BAD_TAG", origin: "device" });
    await r.host.hello();
    await r.host.show(s);
    await r.host.clear(s.requestId, "cancelled");
    expect(r.events.at(-1)).toMatchObject({ event: "clear", requestId: s.requestId, reason: "cancelled" });
    await expect(r.host.wait(s.requestId)).rejects.toMatchObject({ code: "UNKNOWN_REQUEST", origin: "host" });
    const t = screen();
    await r.host.show(t);
    let busy: unknown;
    const d = await r.host.wait(t.requestId, {
      onKeepalive: () => {
        void r.host.show(screen()).catch((e: unknown) => (busy = e));
        r.clock.advance(1000);
        r.display.press("deny", 50);
      },
    });
    expect(d.decision).toBe("deny");
    expect(busy).toMatchObject({ code: "BUSY", origin: "host" });
  });
});

describe("text", () => {
  it("the host refuses text the display could not show whole, before sending it", async () => {
    const r = await pairedRig();
    const bad: Array<Partial<ShowInput>> = [
      { body: "delete caf\u00e9 records" },
      { body: "rm -rf \u202e/ tsil" },
      { body: "line\nbreak" },
      { body: "word ".repeat(120).trim() },
      { title: "t".repeat(41) },
      { code: "ABC DEF" },
    ];
    for (const b of bad) await expect(r.host.show(screen(b))).rejects.toMatchObject({ code: "TEXT_REJECTED", origin: "host" });
    await expect(r.host.show(screen({ unknown: 1 } as unknown as Partial<ShowInput>))).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    await expect(r.host.show(screen({ ttlSec: 601 }))).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    expect(r.events.filter((e) => e.event === "show")).toHaveLength(0);
  });

  it("the display itself rejects non-ASCII, bidi overrides, text that does not fit, and oversize messages", async () => {
    const r = await pairedRig();
    const s = await rawSession(r, r.pairing);
    const send = async (f: Partial<ShowRequest>) => {
      const fields = showFields({ ctr: ++s.ctr, ...f });
      const answer = await s.client.transact(APV1_CMD.SHOW, seal(s.keys.h2d, APV1_CMD.SHOW, s.cid, encodeShowRequest(fields)), { timeoutMs: 2000 });
      if (answer.length === 1) return { status: answer[0], refusal: r.display.lastRefusal };
      const resp = decodeShowResponse(answer);
      expect(tagVerifies(s.keys.d2h, APV1_CMD.SHOW, s.cid, resp.signed, resp.tag)).toBe(true);
      return { status: resp.status, refusal: r.display.lastRefusal };
    };
    expect(await send({ body: utf8("delete caf\u00e9 records") })).toMatchObject({ status: STATUS.BAD_TEXT, refusal: expect.stringMatching(/ASCII/) });
    expect(await send({ body: utf8("rm -rf \u202e/ tsil") })).toMatchObject({ status: STATUS.BAD_TEXT });
    expect(await send({ title: ascii("bell\x07") })).toMatchObject({ status: STATUS.BAD_TEXT });
    expect(await send({ body: ascii("word ".repeat(120).trim()) })).toMatchObject({ status: STATUS.BAD_TEXT, refusal: expect.stringMatching(/wraps to/) });
    expect(await send({ code: ascii("X".repeat(41)) })).toMatchObject({ status: STATUS.BAD_TEXT });
    expect(await send({ body: ascii("a".repeat(APV1_MAX_MESSAGE)) })).toMatchObject({ status: STATUS.TOO_LONG });
    expect(r.events.filter((e) => e.event === "show")).toHaveLength(0);
    expect(await send({})).toMatchObject({ status: STATUS.OK });
  });
});

describe("buttons", () => {
  it("a button pressed before the screen appeared, or within 500 ms of it, is ignored", async () => {
    const r = await pairedRig();
    const s = screen();
    await r.host.show(s);
    r.clock.advance(300);
    expect(r.display.press("approve", 100)).toBe("ignored-too-early");
    r.clock.advance(1500);
    expect(r.display.press("approve", 2000)).toBe("ignored-too-early"); // held down since before SHOW
    expect(r.display.press("approve", 5)).toBe("ignored-bounce");
    r.clock.advance(100);
    expect(r.display.press("approve", 100)).toBe("accepted");
    await expect(r.host.wait(s.requestId)).resolves.toMatchObject({ decision: "approve" });
  });

  it("with the long-press flag, a short approve is ignored and a long one accepted", async () => {
    const r = await pairedRig();
    const s = screen({ longPress: true });
    await r.host.show(s);
    r.clock.advance(2000);
    expect(r.display.press("approve", 300)).toBe("ignored-too-short");
    r.clock.advance(1000);
    expect(r.display.press("approve", 900)).toBe("accepted");
    await expect(r.host.wait(s.requestId)).resolves.toMatchObject({ decision: "approve", holdMs: 900 });
  });
});

describe("integrity", () => {
  it("a request with a bad tag is refused by the display (and its refusal is not authenticated)", async () => {
    const r = await pairedRig();
    r.wire.toDevice = (m) => {
      if (m.cmd !== APV1_CMD.SHOW) return m;
      const payload = Uint8Array.from(m.payload);
      payload[60]! ^= 0x01;
      return { ...m, payload };
    };
    await expect(r.host.show(screen())).rejects.toMatchObject({ code: "BAD_TAG", origin: "device", authenticated: false });
    expect(r.display.showing).toBeUndefined();
  });

  it("the display refuses a replayed request (old ctr)", async () => {
    const r = await pairedRig();
    const s = screen();
    await r.host.show(s);
    await r.host.clear(s.requestId);
    const captured = r.wire.lastToDevice(APV1_CMD.SHOW);
    await r.wire.inject(captured);
    expect([...(await r.wire.answer(captured.cid)).payload]).toEqual([STATUS.REPLAY]);
    expect(r.display.showing).toBeUndefined();
  });

  it("the host refuses a replayed answer (its ctr is not the outstanding request's)", async () => {
    const r = await pairedRig();
    const a = screen();
    await r.host.show(a);
    const oldAnswer = r.wire.lastToHost(APV1_CMD.SHOW);
    await r.host.clear(a.requestId);
    r.wire.toHost = (m) => (m.cmd === APV1_CMD.SHOW ? oldAnswer : m);
    await expect(r.host.show(screen())).rejects.toMatchObject({ code: "REPLAY", origin: "host" });
  });

  it("messages from an earlier session are refused both ways", async () => {
    const r = await pairedRig();
    const s = screen();
    await r.host.show(s);
    const oldRequest = r.wire.lastToDevice(APV1_CMD.SHOW);
    r.clock.advance(1000);
    r.display.press("approve", 100);
    await expect(r.host.wait(s.requestId)).resolves.toMatchObject({ decision: "approve" });
    const oldApproval = r.wire.lastToHost(APV1_CMD.WAIT);

    await r.host.hello(); // new nonces, new keys
    await r.wire.inject(oldRequest);
    expect([...(await r.wire.answer(oldRequest.cid)).payload]).toEqual([STATUS.BAD_TAG]);

    await r.host.show(s);
    r.clock.advance(1000);
    r.display.press("deny", 50);
    r.wire.toHost = (m) => (m.cmd === APV1_CMD.WAIT ? oldApproval : m);
    await expect(r.host.wait(s.requestId)).rejects.toMatchObject({ code: "BAD_TAG", origin: "host" });
  });

  it("an answer altered in transit (deny flipped to approve) is refused", async () => {
    const r = await pairedRig();
    const s = screen();
    await r.host.show(s);
    r.clock.advance(1000);
    r.display.press("deny", 50);
    r.wire.toHost = (m) => {
      if (m.cmd !== APV1_CMD.WAIT) return m;
      const payload = Uint8Array.from(m.payload);
      expect(payload[21]).toBe(DECISION.DENY);
      payload[21] = DECISION.APPROVE;
      return { ...m, payload };
    };
    await expect(r.host.wait(s.requestId)).rejects.toMatchObject({ code: "BAD_TAG", origin: "host" });
  });

  it("unplugging the display mid-WAIT ends in an error, never an approval", async () => {
    const r = await pairedRig();
    const s = screen();
    await r.host.show(s);
    const outcome = r.host.wait(s.requestId, {
      onKeepalive: () => {
        r.clock.advance(1000);
        r.display.press("approve", 100); // too late: the cable is already out
        void r.wire.close();
      },
    });
    await expect(outcome).rejects.toMatchObject({ code: "UNPLUGGED" });
    await expect(r.host.show(screen())).rejects.toMatchObject({ code: "NO_SESSION" });
    await expect(r.host.hello()).rejects.toBeInstanceOf(Apv1Error);
  });

  it("UNPAIR and a factory reset both leave a display the host can no longer use", async () => {
    const r = await pairedRig();
    await r.host.unpair();
    expect(r.display.paired).toBe(false);
    expect(r.host.isPaired).toBe(false);
    await expect(r.host.hello()).rejects.toMatchObject({ code: "NOT_PAIRED", origin: "host" });

    const q = await pairedRig();
    q.display.factoryReset();
    await expect(q.host.show(screen())).rejects.toMatchObject({ code: "NOT_PAIRED", origin: "device", authenticated: false });
    await expect(q.host.hello()).rejects.toMatchObject({ code: "NOT_PAIRED" });
  });
});

describe("robustness", () => {
  it("malformed frames never crash the display, which keeps serving (fuzz)", async () => {
    const pairing = { deviceId: new Uint8Array(randomBytes(16)), kPair: new Uint8Array(randomBytes(32)) };
    const clock = new ManualClock();
    const display = new SimApprovalDisplay({ now: clock.now, deviceId: pairing.deviceId, kPair: pairing.kPair, keepaliveIntervalMs: 1 });
    const [hostEnd, deviceEnd] = MemoryTransport.pair();
    cleanups.push(() => hostEnd.close());
    const device = new CtapHidDevice(deviceEnd, display.handler, { version: [0, 1, 0], capabilities: 1 }, clock.now);
    const vendorMessage = fc.record({
      cid: fc.constantFrom(1, 2, 0xffffffff, 0x12345678),
      cmd: fc.integer({ min: 0x00, max: 0x7f }),
      payload: fc.uint8Array({ maxLength: 1200 }),
    });
    const step = fc.oneof(
      fc.uint8Array({ minLength: 0, maxLength: 70 }).map((r) => [r]),
      vendorMessage.map((m) => encodeMessage(m.cid, m.cmd, m.payload)),
    );
    const errors: number[] = [];
    const drain = async (): Promise<void> => {
      const r = new Reassembler();
      for (let report = await hostEnd.read(1); report; report = await hostEnd.read(1)) {
        const ev = r.push(report, 0);
        if (ev.kind === "message" && ev.message.cmd === CMD.ERROR) errors.push(ev.message.payload[0]!);
      }
    };
    // Channels 1 and 2 exist, so vendor commands reach the APV1 handler.
    for (const nonce of [1, 2]) for (const p of encodeMessage(0xffffffff, CMD.INIT, new Uint8Array(8).fill(nonce))) await device.accept(p);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
        for (const reports of steps) for (const rep of reports) await device.accept(rep);
        await drain();
      }),
      { numRuns: 300 },
    );
    await new Promise((r) => setTimeout(r, 20));
    await drain();
    expect(errors).not.toContain(ERR.OTHER); // the handler never threw
    // A message the fuzz left half-sent times out on the next report after 500 ms (a stray
    // continuation here, which is otherwise ignored).
    clock.advance(1000);
    await device.accept(Uint8Array.of(0, 0, 0, 0x99, 0x00, ...new Uint8Array(59)));
    await drain();
    void device.run();
    const host = new Apv1Host(new CtapHidClient(hostEnd), { pairing });
    await host.hello();
    const s = screen();
    await host.show(s);
    clock.advance(1000);
    display.press("approve", 100);
    await expect(host.wait(s.requestId)).resolves.toMatchObject({ decision: "approve" });
    device.stop();
  });

  it("authentic but arbitrary requests always get an answer, never an exception (fuzz)", async () => {
    const clock = new ManualClock();
    // The handler driven directly; CANCEL is always set, so a WAIT ends at once instead of waiting.
    const ctx = { keepalive: async () => undefined, cancelled: () => true };
    const cid = 7;
    const session = async () => {
      const pairing = { deviceId: new Uint8Array(randomBytes(16)), kPair: new Uint8Array(randomBytes(32)) };
      const display = new SimApprovalDisplay({ now: clock.now, deviceId: pairing.deviceId, kPair: pairing.kPair, keepaliveIntervalMs: 1 });
      const hostNonce = new Uint8Array(randomBytes(16));
      const hello = decodeHelloResponse(await display.handler({ cid, cmd: APV1_CMD.HELLO, payload: encodeHelloRequest({ version: 1, hostNonce }) }, ctx));
      return { display, keys: deriveSessionKeys(pairing.kPair, hostNonce, hello.deviceNonce, pairing.deviceId) };
    };
    let { display, keys } = await session();
    let ctr = 0;
    const anyCommand = fc.record({ cmd: fc.integer({ min: 0x41, max: 0x7f }), body: fc.uint8Array({ maxLength: 1100 }), sealed: fc.boolean() });
    const anyShow = fc.record({
      ttlSec: fc.integer({ min: 1, max: 600 }),
      flags: fc.integer({ min: 0, max: 3 }),
      title: fc.uint8Array({ maxLength: 60 }),
      body: fc.uint8Array({ maxLength: 900 }),
      code: fc.uint8Array({ maxLength: 50 }),
      sameId: fc.boolean(),
      thenWait: fc.boolean(),
      press: fc.constantFrom("approve", "deny", "none"),
    });
    const fixedId = uuidToBytes(randomUUID());
    await fc.assert(
      fc.asyncProperty(anyCommand, async ({ cmd, body, sealed }) => {
        const answer = await display.handler({ cid, cmd, payload: sealed ? seal(keys.h2d, cmd, cid, body) : body }, ctx);
        expect(answer.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
    ({ display, keys } = await session()); // random counters (or an UNPAIR) above may have used up the first
    await fc.assert(
      fc.asyncProperty(anyShow, async (f) => {
        const requestId = f.sameId ? fixedId : uuidToBytes(randomUUID());
        const fields = { ...showFields(f), ctr: ++ctr, requestId };
        const answer = await display.handler({ cid, cmd: APV1_CMD.SHOW, payload: seal(keys.h2d, APV1_CMD.SHOW, cid, encodeShowRequest(fields)) }, ctx);
        expect(answer.length).toBeGreaterThan(0);
        clock.advance(2000);
        if (f.press !== "none") display.press(f.press, 900);
        if (f.thenWait) {
          const w = await display.handler({ cid, cmd: APV1_CMD.WAIT, payload: seal(keys.h2d, APV1_CMD.WAIT, cid, encodeWaitRequest({ ctr: ++ctr, requestId })) }, ctx);
          const resp = decodeWaitResponse(w);
          expect(tagVerifies(keys.d2h, APV1_CMD.WAIT, cid, resp.signed, resp.tag)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("the daemon's display link", () => {
  it("opens the session, shows, returns the verified decision, and clears", async () => {
    const pairing = { deviceId: new Uint8Array(randomBytes(16)), kPair: new Uint8Array(randomBytes(32)) };
    const r = rig({ deviceId: pairing.deviceId, kPair: pairing.kPair, cols: 21, rows: 6 });
    const link = await Apv1DisplayLink.open(new Apv1Host(r.client, { pairing }), { simulated: true });
    expect({ cols: link.cols, rows: link.rows, simulated: link.simulated }).toEqual({ cols: 21, rows: 6, simulated: true });
    const requestId = randomUUID();
    const actionDigest = new Uint8Array(randomBytes(32));
    const req = { requestId, title: "APPROVE ACTION?", body: "git push origin main", code: "", actionDigest, ttlSeconds: 60 };
    const { shownDigest } = await link.show(req);
    expect(toHex(shownDigest)).toBe(toHex(shownDigest_(req)));
    r.clock.advance(1000);
    r.display.press("approve", 100);
    await expect(link.wait(requestId, new AbortController().signal)).resolves.toBe("approve");
    const next = { ...req, requestId: randomUUID() };
    await link.show(next);
    const abort = new AbortController();
    const waiting = link.wait(next.requestId, abort.signal);
    abort.abort();
    await expect(waiting).resolves.toBe("cancelled");
    await link.clear(next.requestId);
    expect(r.display.showing).toBeUndefined();
  });
});

/** What the link's show must return, computed independently of the host. */
function shownDigest_(r: { requestId: string; title: string; body: string; code: string; actionDigest: Uint8Array }): Uint8Array {
  return shownDigest({ requestId: uuidToBytes(r.requestId), actionDigest: r.actionDigest, flags: 0, title: ascii(r.title), body: ascii(r.body), code: ascii(r.code) });
}

describe("outside the process", () => {
  let dir = "";
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = "";
  });

  it("the display log is JSON lines in a 0600 file, request ids as canonical UUIDs", async () => {
    dir = mkdtempSync(join(tmpdir(), "hk-apv1-"));
    const path = join(dir, "sim", "display.jsonl");
    const log = jsonlDisplaySink(path);
    const r = await pairedRig({ sink: log.sink });
    const s = screen({ requestId: randomUUID().toUpperCase(), code: "ABCDE-FGHJK" });
    await r.host.show(s);
    r.clock.advance(1000);
    r.display.press("approve", 100);
    await r.host.wait(s.requestId);
    await log.flush();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "sim")).mode & 0o777).toBe(0o700);
    const lines = readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.event)).toEqual(["show", "decision"]);
    expect(lines[0]).toMatchObject({ requestId: s.requestId.toLowerCase(), code: "ABCDE-FGHJK", ttlSec: 120, simulated: true });
    expect(lines[1]).toMatchObject({ requestId: s.requestId.toLowerCase(), decision: "approve", simulated: true });
  });

  it("the display serves over a unix socket like a real device", async () => {
    dir = mkdtempSync(join(tmpdir(), "hk-apv1-"));
    const pairing = { deviceId: new Uint8Array(randomBytes(16)), kPair: new Uint8Array(randomBytes(32)) };
    const clock = new ManualClock();
    const display = new SimApprovalDisplay({ now: clock.now, deviceId: pairing.deviceId, kPair: pairing.kPair, keepaliveIntervalMs: 5 });
    const devices: CtapHidDevice[] = [];
    const server: Server = await serveHidOnSocket(join(dir, "display.sock"), (t) => devices.push(display.attach(t)));
    const transport = await SocketTransport.connect(join(dir, "display.sock"));
    cleanups.push(async () => {
      await transport.close();
      for (const d of devices) d.stop();
      await new Promise((r) => server.close(r));
    });
    const host = new Apv1Host(new CtapHidClient(transport), { pairing });
    await host.hello();
    const s = screen();
    await host.show(s);
    const d = await host.wait(s.requestId, {
      onKeepalive: () => {
        clock.advance(1000);
        display.press("approve", 100);
      },
    });
    expect(d.decision).toBe("approve");
  });
});
