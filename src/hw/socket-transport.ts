// Raw 64-byte HID reports over a stream socket (a unix socket): how an external simulator or a
// cross-check (Debian's python3-fido2) reaches our code, and how our simulators are reached from
// outside. The same HidTransport interface as a real device, so the bytes are the same.
import { connect, createServer, type Server, type Socket } from "node:net";
import { REPORT_SIZE, ReportQueue, TransportClosedError, type HidTransport } from "./transport.js";

export class SocketTransport implements HidTransport {
  private readonly incoming = new ReportQueue();
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly socket: Socket) {
    socket.on("data", (data: Buffer) => {
      this.pending = this.pending.length === 0 ? data : Buffer.concat([this.pending, data]);
      while (this.pending.length >= REPORT_SIZE) {
        this.incoming.push(new Uint8Array(this.pending.subarray(0, REPORT_SIZE)));
        this.pending = this.pending.subarray(REPORT_SIZE);
      }
    });
    socket.on("close", () => this.incoming.close());
    socket.on("error", () => this.incoming.close());
  }

  static connect(path: string, timeoutMs = 2000): Promise<SocketTransport> {
    return new Promise((resolve, reject) => {
      const socket = connect(path);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`timed out connecting to ${path}`));
      }, timeoutMs);
      socket.once("connect", () => {
        clearTimeout(timer);
        resolve(new SocketTransport(socket));
      });
      socket.once("error", (e) => {
        clearTimeout(timer);
        reject(e);
      });
    });
  }

  write(report: Uint8Array): Promise<void> {
    if (report.length !== REPORT_SIZE) return Promise.reject(new Error(`a report is ${REPORT_SIZE} bytes, got ${report.length}`));
    if (this.socket.destroyed) return Promise.reject(new TransportClosedError());
    return new Promise((resolve, reject) => this.socket.write(report, (e) => (e ? reject(new TransportClosedError()) : resolve())));
  }

  read(timeoutMs: number): Promise<Uint8Array | null> {
    return this.incoming.pull(timeoutMs);
  }

  async close(): Promise<void> {
    this.socket.destroy();
    this.incoming.close();
  }
}

/** Serves a device on a unix socket: each connection gets its own transport (device end). */
export function serveHidOnSocket(path: string, onConnection: (transport: SocketTransport) => void): Promise<Server> {
  const server = createServer((socket) => onConnection(new SocketTransport(socket)));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => resolve(server));
  });
}
