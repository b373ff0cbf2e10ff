// The production transport: real HID devices through node-hid (hidapi). Loaded lazily, so nothing
// else in haltkey needs the native binding or libusb. Byte rules (hardware-channel.md §4):
// every write carries a leading 0x00 report id (65 bytes); a zero-length read is a timeout;
// input reports arrive on a native reader thread ("data" events) and wait in a queue.
import { REPORT_SIZE, ReportQueue, TransportClosedError, type HidTransport } from "./transport.js";

/** FIDO keys: usage page 0xF1D0, usage 1 (CTAPHID). */
export const FIDO_USAGE_PAGE = 0xf1d0;
/** The APV1 approval display: vendor usage page 0xFF5A, usage 1 (hardware-channel.md §10.1). */
export const DISPLAY_USAGE_PAGE = 0xff5a;

export interface HidDeviceInfo {
  readonly vendorId: number;
  readonly productId: number;
  readonly path?: string;
  readonly serialNumber?: string;
  readonly manufacturer?: string;
  readonly product?: string;
  readonly usagePage?: number;
  readonly usage?: number;
}

/** The part of node-hid's HIDAsync this adapter uses. */
export interface HidAsyncDevice {
  write(data: number[] | Buffer): Promise<number>;
  on(event: "data", listener: (data: Buffer) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  close(): Promise<void>;
}

/** The part of the node-hid module this adapter uses. */
export interface NodeHidModule {
  devicesAsync(): Promise<HidDeviceInfo[]>;
  HIDAsync: { open(path: string): Promise<HidAsyncDevice> };
}

export class HidUnavailableError extends Error {}

/** Loads node-hid on first use; a missing libusb is reported with the package that provides it. */
export async function loadNodeHid(): Promise<NodeHidModule> {
  try {
    return (await import("node-hid")) as unknown as NodeHidModule;
  } catch (e) {
    throw explain(e as Error);
  }
}

function explain(e: Error): Error {
  if (/libusb-1\.0\.so/.test(e.message)) {
    return new HidUnavailableError(`node-hid cannot load libusb (${e.message}). Install the Debian package libusb-1.0-0: apt-get install libusb-1.0-0`);
  }
  if (/libudev\.so/.test(e.message)) return new HidUnavailableError(`node-hid cannot load libudev (${e.message}). Install the Debian package libudev1.`);
  return new HidUnavailableError(`node-hid is not usable: ${e.message}`);
}

export interface AttachedDevices {
  readonly securityKeys: HidDeviceInfo[];
  readonly displays: HidDeviceInfo[];
  /** Every HID collection seen, of any kind. */
  readonly hidCollections: number;
}

/** What is plugged in that haltkey could use. Enumeration re-scans USB: call it rarely. */
export async function listDevices(hid?: NodeHidModule): Promise<AttachedDevices> {
  const mod = hid ?? (await loadNodeHid());
  let all: HidDeviceInfo[];
  try {
    all = await mod.devicesAsync();
  } catch (e) {
    throw explain(e as Error);
  }
  return {
    securityKeys: all.filter((d) => d.usagePage === FIDO_USAGE_PAGE && d.usage === 0x01),
    displays: all.filter((d) => d.usagePage === DISPLAY_USAGE_PAGE && d.usage === 0x01),
    hidCollections: all.length,
  };
}

export class NodeHidTransport implements HidTransport {
  private readonly incoming = new ReportQueue();

  private constructor(private readonly device: HidAsyncDevice) {
    device.on("data", (data: Buffer) => {
      // A zero-length report is hidapi's timeout, never a packet.
      if (data.length === 0) return;
      const report = new Uint8Array(REPORT_SIZE);
      report.set(data.subarray(0, REPORT_SIZE));
      this.incoming.push(report);
    });
    // An unplugged device errors the reader: pending reads end in TransportClosedError.
    device.on("error", () => this.incoming.close());
  }

  static async open(path: string, hid?: NodeHidModule): Promise<NodeHidTransport> {
    const mod = hid ?? (await loadNodeHid());
    try {
      return new NodeHidTransport(await mod.HIDAsync.open(path));
    } catch (e) {
      throw explain(e as Error);
    }
  }

  async write(report: Uint8Array): Promise<void> {
    if (report.length !== REPORT_SIZE) throw new Error(`a report is ${REPORT_SIZE} bytes, got ${report.length}`);
    if (this.incoming.closed) throw new TransportClosedError();
    const framed = Buffer.alloc(REPORT_SIZE + 1);
    framed.set(report, 1); // leading 0x00: unnumbered report (hidapi)
    try {
      await this.device.write(framed);
    } catch {
      this.incoming.close();
      throw new TransportClosedError();
    }
  }

  read(timeoutMs: number): Promise<Uint8Array | null> {
    return this.incoming.pull(timeoutMs);
  }

  async close(): Promise<void> {
    this.incoming.close();
    await this.device.close().catch(() => undefined);
  }
}
