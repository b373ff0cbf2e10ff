// The node-hid adapter: byte rules against a fake module, and the real binding through the CLI.
import { describe, expect, it } from "vitest";
import { HidUnavailableError, listDevices, NodeHidTransport, type HidAsyncDevice, type NodeHidModule } from "../src/hw/node-hid-transport.js";
import { CtapHidClient, CtapHidDevice } from "../src/hw/ctaphid.js";
import { MemoryTransport, TransportClosedError } from "../src/hw/transport.js";
import { cleanup, cli, startDaemon, tempHome } from "./helpers/daemon.js";

/** A fake HIDAsync device backed by a simulated CTAPHID device on a memory link. */
function fakeHid(): { mod: NodeHidModule; written: Buffer[]; emit: (event: "data" | "error", arg: Buffer | Error) => void } {
  const written: Buffer[] = [];
  const listeners: { data?: (b: Buffer) => void; error?: (e: Error) => void } = {};
  const [host, dev] = MemoryTransport.pair();
  void new CtapHidDevice(dev, async (m) => m.payload).run();
  const device: HidAsyncDevice = {
    async write(data) {
      const b = Buffer.from(data as Buffer);
      written.push(b);
      await host.write(new Uint8Array(b.subarray(1)));
      // Relay the simulator's answers as hidapi would: as "data" events.
      for (let r = await host.read(50); r; r = await host.read(5)) listeners.data?.(Buffer.from(r));
      return b.length;
    },
    on(event: "data" | "error", listener: ((b: Buffer) => void) | ((e: Error) => void)) {
      (listeners as Record<string, unknown>)[event] = listener;
      return device;
    },
    async close() {
      await host.close();
    },
  };
  const mod: NodeHidModule = {
    async devicesAsync() {
      return [
        { vendorId: 0x1050, productId: 0x0407, path: "/dev/hidraw3", usagePage: 0xf1d0, usage: 1, product: "YubiKey" },
        { vendorId: 0x046d, productId: 0xc52b, path: "/dev/hidraw0", usagePage: 0x0001, usage: 6, product: "Keyboard" },
        { vendorId: 0x1209, productId: 0x4824, path: "/dev/hidraw5", usagePage: 0xff5a, usage: 1, product: "haltkey display" },
      ];
    },
    HIDAsync: { open: async () => device },
  };
  return { mod, written, emit: (event, arg) => (listeners as Record<string, (a: unknown) => void>)[event]?.(arg) };
}

describe("NodeHidTransport byte rules", () => {
  it("writes 65 bytes with a leading 0x00 report id, and CTAPHID works through it", async () => {
    const { mod, written } = fakeHid();
    const t = await NodeHidTransport.open("/dev/hidraw3", mod);
    const client = new CtapHidClient(t);
    await client.init();
    expect(written.every((w) => w.length === 65 && w[0] === 0)).toBe(true);
    expect(await client.ping(Uint8Array.of(1, 2, 3))).toEqual(Uint8Array.of(1, 2, 3));
    await t.close();
  });

  it("treats a zero-length report as a timeout, and an unplug as the end", async () => {
    const { mod, emit } = fakeHid();
    const t = await NodeHidTransport.open("/dev/hidraw3", mod);
    emit("data", Buffer.alloc(0));
    expect(await t.read(20)).toBeNull();
    const pending = t.read(1000);
    emit("error", new Error("device disconnected"));
    await expect(pending).rejects.toBeInstanceOf(TransportClosedError);
  });

  it("lists security keys by usage page 0xF1D0 and displays by 0xFF5A", async () => {
    const d = await listDevices(fakeHid().mod);
    expect(d.securityKeys.map((k) => k.product)).toEqual(["YubiKey"]);
    expect(d.displays.map((k) => k.product)).toEqual(["haltkey display"]);
    expect(d.hidCollections).toBe(3);
  });

  it("names the Debian package when libusb is missing", async () => {
    const broken: NodeHidModule = {
      devicesAsync: async () => {
        throw new Error("libusb-1.0.so.0: cannot open shared object file: No such file or directory");
      },
      HIDAsync: { open: async () => Promise.reject(new Error("unused")) },
    };
    await expect(listDevices(broken)).rejects.toThrow(HidUnavailableError);
    await expect(listDevices(broken)).rejects.toThrow(/apt-get install libusb-1.0-0/);
  });
});

describe("haltkey devices (the real node-hid binding)", () => {
  it("says plainly that nothing is attached, and which channel a running daemon uses", async () => {
    const home = tempHome();
    try {
      const r = await cli(home, "devices", "--json");
      expect(r.code, r.stderr + r.stdout).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out.error).toBeUndefined();
      expect(out.securityKeys).toEqual([]);
      expect(out.daemon).toEqual({ running: false });
      const text = await cli(home, "devices");
      expect(text.stdout).toMatch(/No FIDO2 security key and no approval display attached/);
      const d = await startDaemon(home, ["--simulate"]);
      try {
        const withDaemon = JSON.parse((await cli(home, "devices", "--json")).stdout);
        expect(withDaemon.daemon.simulated).toBe(true);
        expect((await cli(home, "devices")).stdout).toMatch(/SIMULATED display and key/);
      } finally {
        await d.stop();
      }
    } finally {
      cleanup(home);
    }
  });
});
