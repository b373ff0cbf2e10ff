// CTAPHID framing: encoding and reassembly limits, host and device over the in-memory transport,
// and fuzzed reports that must never crash either side.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { BROADCAST_CID, CMD, CtapHidClient, CtapHidDevice, CtapHidError, encodeMessage, ERR, KEEPALIVE, MAX_MESSAGE, Reassembler, type RequestHandler } from "../src/hw/ctaphid.js";
import { MemoryTransport, REPORT_SIZE } from "../src/hw/transport.js";

const bytes = (n: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) & 0xff);

describe("encoding and reassembly", () => {
  it.each([0, 1, 57, 58, 116, 117, 1000, MAX_MESSAGE])("round-trips %i bytes", (n) => {
    const packets = encodeMessage(0x01020304, CMD.CBOR, bytes(n));
    expect(packets.every((p) => p.length === REPORT_SIZE)).toBe(true);
    expect(packets.length).toBe(n <= 57 ? 1 : 1 + Math.ceil((n - 57) / 59));
    const r = new Reassembler();
    let got;
    for (const p of packets) got = r.push(p, 0);
    expect(got).toEqual({ kind: "message", message: { cid: 0x01020304, cmd: CMD.CBOR, payload: bytes(n) } });
  });

  it("refuses to encode more than 7609 bytes", () => {
    expect(MAX_MESSAGE).toBe(7609);
    expect(() => encodeMessage(1, CMD.CBOR, bytes(7610))).toThrow(CtapHidError);
  });

  it("answers bad packets with the right error", () => {
    const r = new Reassembler();
    const [init, c0, c1] = encodeMessage(5, CMD.PING, bytes(200));
    r.push(init!, 0);
    expect(r.push(c1!, 1)).toMatchObject({ kind: "error", code: ERR.INVALID_SEQ });
    r.push(init!, 2);
    expect(r.push(encodeMessage(6, CMD.PING, bytes(3))[0]!, 3)).toMatchObject({ kind: "error", cid: 6, code: ERR.CHANNEL_BUSY });
    expect(r.push(encodeMessage(9, CMD.PING, bytes(100))[1]!, 4)).toEqual({ kind: "none" }); // a stray continuation
    expect(r.expire(1000)).toMatchObject({ kind: "error", cid: 5, code: ERR.MSG_TIMEOUT });
    const big = new Uint8Array(REPORT_SIZE);
    big.set([0, 0, 0, 7, 0x90, 0xff, 0xff]);
    expect(r.push(big, 2000)).toMatchObject({ kind: "error", code: ERR.INVALID_LEN });
    expect(r.push(encodeMessage(0, CMD.PING, bytes(1))[0]!, 2001)).toMatchObject({ kind: "error", code: ERR.INVALID_CHANNEL });
    expect(r.push(new Uint8Array(3), 2002)).toMatchObject({ kind: "error", code: ERR.INVALID_LEN });
    // A resync on the same channel restarts the message.
    r.push(init!, 3000);
    const again = encodeMessage(5, CMD.PING, bytes(10));
    expect(r.push(again[0]!, 3001)).toMatchObject({ kind: "message" });
  });

  it("never throws on arbitrary reports (fuzz)", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ minLength: 0, maxLength: 80 }), { maxLength: 30 }), (reports) => {
        const r = new Reassembler();
        reports.forEach((rep, i) => r.push(rep, i * 10));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("host and device", () => {
  const open: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of open.splice(0)) await close();
  });

  function setup(handle: RequestHandler = async (m) => m.payload) {
    const [host, dev] = MemoryTransport.pair();
    const device = new CtapHidDevice(dev, handle);
    void device.run();
    open.push(async () => {
      device.stop();
      await host.close();
    });
    return { host, dev, device, client: new CtapHidClient(host) };
  }

  it("allocates a channel, pings 7,609 bytes, winks", async () => {
    const { client } = setup();
    const info = await client.init();
    expect(info.protocolVersion).toBe(2);
    expect(info.cid).not.toBe(BROADCAST_CID);
    expect(await client.ping(bytes(MAX_MESSAGE))).toEqual(bytes(MAX_MESSAGE));
    expect(await client.transact(CMD.WINK, new Uint8Array(0), { timeoutMs: 1000 })).toEqual(new Uint8Array(0));
  });

  it("reports keepalive changes once each and returns the answer", async () => {
    const { client } = setup(async (m, ctx) => {
      await ctx.keepalive(KEEPALIVE.PROCESSING);
      await ctx.keepalive(KEEPALIVE.UPNEEDED);
      await ctx.keepalive(KEEPALIVE.UPNEEDED);
      return Uint8Array.of(0x00, ...m.payload);
    });
    await client.init();
    const seen: number[] = [];
    const answer = await client.transact(CMD.CBOR, Uint8Array.of(0x04), { timeoutMs: 2000, onKeepalive: (s) => seen.push(s) });
    expect(answer).toEqual(Uint8Array.of(0x00, 0x04));
    expect(seen).toEqual([KEEPALIVE.PROCESSING, KEEPALIVE.UPNEEDED]);
  });

  it("unknown commands and unallocated channels are device errors", async () => {
    const { client, host } = setup();
    await client.init();
    await expect(client.transact(0x20, new Uint8Array(0), { timeoutMs: 1000 })).rejects.toMatchObject({ code: ERR.INVALID_CMD });
    const stranger = new CtapHidClient(host);
    (stranger as unknown as { cid: number }).cid = 0x7777;
    await expect(stranger.ping(bytes(4))).rejects.toMatchObject({ code: ERR.INVALID_CHANNEL });
  });

  it("a second channel gets CHANNEL_BUSY while a transaction is in flight; CANCEL ends the first", async () => {
    // Drive the device directly and read what it answers, as two hosts would see it.
    const [host, dev] = MemoryTransport.pair();
    open.push(() => host.close());
    let release!: () => void;
    const device = new CtapHidDevice(dev, async (_m, ctx) => {
      await new Promise<void>((r) => (release = r));
      return Uint8Array.of(ctx.cancelled() ? 0x2d : 0x00);
    });
    const answer = async (): Promise<{ cid: number; cmd: number; payload: Uint8Array }> => {
      const r = new Reassembler();
      for (;;) {
        const ev = r.push((await host.read(1000))!, 0);
        if (ev.kind === "message") return ev.message;
      }
    };
    const allocate = async (nonce: number): Promise<number> => {
      for (const p of encodeMessage(BROADCAST_CID, CMD.INIT, new Uint8Array(8).fill(nonce))) await device.accept(p);
      const m = await answer();
      return new DataView(m.payload.buffer, m.payload.byteOffset).getUint32(8);
    };
    const a = await allocate(1);
    const b = await allocate(2);
    expect(a).not.toBe(b);
    for (const p of encodeMessage(a, CMD.CBOR, Uint8Array.of(0x02))) await device.accept(p);
    for (const p of encodeMessage(b, CMD.PING, Uint8Array.of(9))) await device.accept(p);
    expect(await answer()).toEqual({ cid: b, cmd: CMD.ERROR, payload: Uint8Array.of(ERR.CHANNEL_BUSY) });
    for (const p of encodeMessage(a, CMD.CANCEL, new Uint8Array(0))) await device.accept(p);
    release();
    expect(await answer()).toEqual({ cid: a, cmd: CMD.CBOR, payload: Uint8Array.of(0x2d) });
    // Free again: the second channel is served.
    await new Promise((r) => setTimeout(r, 10));
    for (const p of encodeMessage(b, CMD.PING, Uint8Array.of(9))) await device.accept(p);
    expect(await answer()).toEqual({ cid: b, cmd: CMD.PING, payload: Uint8Array.of(9) });
  });

  it("a client aborted through its signal sends CANCEL and gets the device's cancelled answer", async () => {
    let release!: () => void;
    const { client } = setup(async (_m, ctx) => {
      await new Promise<void>((r) => (release = r));
      return Uint8Array.of(ctx.cancelled() ? 0x2d : 0x00);
    });
    await client.init();
    const controller = new AbortController();
    const pending = client.transact(CMD.CBOR, Uint8Array.of(0x02), { timeoutMs: 5000, signal: controller.signal });
    await new Promise((r) => setTimeout(r, 50));
    controller.abort();
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect(await pending).toEqual(Uint8Array.of(0x2d));
  });

  it("a device unplugged mid-request ends in an error, never an answer", async () => {
    const { client, host } = setup(async () => new Promise<Uint8Array>(() => undefined));
    await client.init();
    const pending = client.transact(CMD.CBOR, Uint8Array.of(0x02), { timeoutMs: 5000 });
    await new Promise((r) => setTimeout(r, 30));
    await host.close();
    await expect(pending).rejects.toThrow(/unplugged/);
  });

  it("times out, and sends CANCEL, when no answer comes", async () => {
    const seen: number[] = [];
    const [host, dev] = MemoryTransport.pair();
    open.push(() => host.close());
    const device = new CtapHidDevice(dev, async (_m, ctx) => {
      await new Promise((r) => setTimeout(r, 400));
      seen.push(ctx.cancelled() ? 1 : 0);
      return new Uint8Array(0);
    });
    void device.run();
    const client = new CtapHidClient(host);
    await client.init();
    await expect(client.transact(CMD.CBOR, Uint8Array.of(1), { timeoutMs: 150 })).rejects.toMatchObject({ code: ERR.MSG_TIMEOUT });
    await new Promise((r) => setTimeout(r, 400));
    expect(seen).toEqual([1]);
    device.stop();
  });

  it("the device answers fuzzed reports with errors and keeps serving", async () => {
    const [host, dev] = MemoryTransport.pair();
    open.push(() => host.close());
    const device = new CtapHidDevice(dev, async (m) => m.payload);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ minLength: 64, maxLength: 64 }), { maxLength: 10 }), async (reports) => {
        for (const r of reports) await device.accept(r);
      }),
      { numRuns: 500 },
    );
    // Drain what it answered, then prove it still works.
    while (await host.read(5)) {
      /* discard */
    }
    void device.run();
    const client = new CtapHidClient(host);
    await client.init();
    expect(await client.ping(bytes(100))).toEqual(bytes(100));
    device.stop();
  });
});
