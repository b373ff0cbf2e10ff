// The lowest layer: 64-byte HID reports in and out. Everything above (CTAPHID framing, CTAP2,
// the approval display protocol) talks to a device through this and nothing else, so the
// simulators and a real device are driven by the same code, byte for byte.

export const REPORT_SIZE = 64;

export interface HidTransport {
  /** Sends one report (exactly REPORT_SIZE bytes). */
  write(report: Uint8Array): Promise<void>;
  /** The next report, or null when none arrived within timeoutMs. */
  read(timeoutMs: number): Promise<Uint8Array | null>;
  close(): Promise<void>;
}

export class TransportClosedError extends Error {
  constructor() {
    super("the device was closed or unplugged");
  }
}

/** Reports waiting to be read, and the readers waiting for them; shared by the transports. */
export class ReportQueue {
  private readonly reports: Uint8Array[] = [];
  private readonly waiting: Array<(r: Uint8Array | null) => void> = [];
  closed = false;

  push(report: Uint8Array): void {
    const waiter = this.waiting.shift();
    if (waiter) waiter(report);
    else this.reports.push(report);
  }

  pull(timeoutMs: number): Promise<Uint8Array | null> {
    const next = this.reports.shift();
    if (next) return Promise.resolve(next);
    if (this.closed) return Promise.reject(new TransportClosedError());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(done);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve(null);
      }, timeoutMs);
      const done = (r: Uint8Array | null): void => {
        clearTimeout(timer);
        if (r === null) reject(new TransportClosedError());
        else resolve(r);
      };
      this.waiting.push(done);
    });
  }

  close(): void {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w(null);
  }
}

/** One end of an in-memory link; `MemoryTransport.pair()` makes the host and device ends. */
export class MemoryTransport implements HidTransport {
  private constructor(
    private readonly incoming: ReportQueue,
    private readonly outgoing: ReportQueue,
  ) {}

  /** Two connected ends: what one writes, the other reads. Closing either unplugs both. */
  static pair(): [host: MemoryTransport, device: MemoryTransport] {
    const toDevice = new ReportQueue();
    const toHost = new ReportQueue();
    return [new MemoryTransport(toHost, toDevice), new MemoryTransport(toDevice, toHost)];
  }

  async write(report: Uint8Array): Promise<void> {
    if (this.outgoing.closed) throw new TransportClosedError();
    if (report.length !== REPORT_SIZE) throw new Error(`a report is ${REPORT_SIZE} bytes, got ${report.length}`);
    this.outgoing.push(Uint8Array.from(report));
  }

  read(timeoutMs: number): Promise<Uint8Array | null> {
    return this.incoming.pull(timeoutMs);
  }

  async close(): Promise<void> {
    this.incoming.close();
    this.outgoing.close();
  }
}
