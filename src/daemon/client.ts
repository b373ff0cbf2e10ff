// A client of the daemon's socket API: the stdio MCP shim, the CLI, the hook and the proxy use it.
// Each request is checked against its method's parameter schema before it is sent, and each answer
// against the method's result schema (protocol.ts) before the caller sees it.
import { connect, type Socket } from "node:net";
import { ErrorCode } from "../core/errors.js";
import { readLines } from "./framing.js";
import { DaemonError, parseParams, parseResult, ResponseFrame, type Method, type Params, type Result } from "./protocol.js";

export { DaemonError } from "./protocol.js";

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
    socket.on("close", () => this.failAll(new DaemonError(ErrorCode.daemonUnavailable, "connection to the haltkey daemon closed")));
    socket.on("error", () => undefined);
  }

  static connect(socketPath: string, timeoutMs = 2000): Promise<DaemonClient> {
    return new Promise((resolve, reject) => {
      const socket = connect(socketPath);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new DaemonError(ErrorCode.daemonUnavailable, `timed out connecting to ${socketPath}`));
      }, timeoutMs);
      socket.once("connect", () => {
        clearTimeout(timer);
        resolve(new DaemonClient(socket));
      });
      socket.once("error", (e: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(new DaemonError(ErrorCode.daemonUnavailable, `cannot reach the haltkey daemon at ${socketPath} (${e.code ?? e.message})`));
      });
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Calls `method`; resolves with its result, checked, or rejects with a DaemonError. */
  async request<M extends Method>(method: M, params: Params<M>, timeoutMs?: number): Promise<Result<M>> {
    const checked = parseParams(method, params);
    if (!checked.ok) throw checked.error;
    const raw = await this.send(method, params, timeoutMs);
    const result = parseResult(method, raw);
    if (!result.ok) throw new DaemonError(ErrorCode.internal, `the daemon's answer to ${method} does not match the protocol (${result.problem})`);
    return result.value;
  }

  private send(method: Method, params: unknown, timeoutMs: number | undefined): Promise<unknown> {
    if (this.closed) return Promise.reject(new DaemonError(ErrorCode.daemonUnavailable, "connection to the haltkey daemon is closed"));
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              this.pending.delete(id);
              reject(new DaemonError(ErrorCode.daemonTimeout, `the daemon did not answer ${method} within ${timeoutMs} ms`));
            }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.socket.write(`${JSON.stringify({ id, method, params })}\n`);
    });
  }

  private onLine(line: string): void {
    let frame: ResponseFrame;
    try {
      frame = ResponseFrame.parse(JSON.parse(line));
    } catch {
      return this.failAll(new DaemonError(ErrorCode.internal, "the daemon sent a malformed message"));
    }
    if (typeof frame.id !== "number") {
      // An answer to no request: the daemon refused the connection's framing. Nothing more will come.
      if ("error" in frame) return this.failAll(new DaemonError(frame.error.code, frame.error.message, frame.error.details));
      return;
    }
    const p = this.pending.get(frame.id);
    if (!p) return;
    this.pending.delete(frame.id);
    if (p.timer) clearTimeout(p.timer);
    if ("error" in frame) p.reject(new DaemonError(frame.error.code, frame.error.message, frame.error.details));
    else p.resolve(frame.result);
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
