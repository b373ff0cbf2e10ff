// A client of the daemon's socket API: the stdio MCP shim and the CLI use it.
import { connect, type Socket } from "node:net";
import { readLines } from "./framing.js";

export class DaemonError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout | undefined;
}

export class DaemonClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closed = false;

  private constructor(private readonly socket: Socket) {
    readLines(
      socket,
      (line) => this.onLine(line),
      (e) => this.failAll(new DaemonError(e.code, e.message)),
    );
    socket.on("close", () => this.failAll(new DaemonError("INTERNAL_DAEMON_UNAVAILABLE", "connection to the haltkey daemon closed")));
    socket.on("error", () => undefined);
  }

  static connect(socketPath: string, timeoutMs = 2000): Promise<DaemonClient> {
    return new Promise((resolve, reject) => {
      const socket = connect(socketPath);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new DaemonError("INTERNAL_DAEMON_UNAVAILABLE", `timed out connecting to ${socketPath}`));
      }, timeoutMs);
      socket.once("connect", () => {
        clearTimeout(timer);
        resolve(new DaemonClient(socket));
      });
      socket.once("error", (e: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(new DaemonError("INTERNAL_DAEMON_UNAVAILABLE", `cannot reach the haltkey daemon at ${socketPath} (${e.code ?? e.message})`));
      });
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  request<T = unknown>(method: string, params: unknown = {}, timeoutMs?: number): Promise<T> {
    if (this.closed) return Promise.reject(new DaemonError("INTERNAL_DAEMON_UNAVAILABLE", "connection to the haltkey daemon is closed"));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              this.pending.delete(id);
              reject(new DaemonError("INTERNAL_DAEMON_TIMEOUT", `the daemon did not answer ${method} within ${timeoutMs} ms`));
            }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      this.socket.write(`${JSON.stringify({ id, method, params })}\n`);
    });
  }

  private onLine(line: string): void {
    let msg: { id?: number; result?: unknown; error?: { code: string; message: string } };
    try {
      msg = JSON.parse(line);
    } catch {
      return this.failAll(new DaemonError("INTERNAL_ERROR", "the daemon sent a malformed message"));
    }
    const p = msg.id === undefined ? undefined : this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id!);
    if (p.timer) clearTimeout(p.timer);
    if (msg.error) p.reject(new DaemonError(msg.error.code, msg.error.message));
    else p.resolve(msg.result);
  }

  private failAll(e: Error): void {
    this.closed = true;
    for (const p of this.pending.values()) {
      if (p.timer) clearTimeout(p.timer);
      p.reject(e);
    }
    this.pending.clear();
    this.socket.destroy();
  }

  close(): void {
    this.closed = true;
    this.socket.end();
  }
}
