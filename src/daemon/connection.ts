// One connection to the daemon's socket: newline-delimited JSON frames, answers matched to requests
// by id, timeouts, and every pending request failed when the connection ends. It checks the frame
// (id, result or error) and nothing of what a method returns: the typed client (client.ts) checks
// results against protocol.ts, and the command hook, which must start without zod, checks the two
// answers it uses by hand (adapters/shape.ts).
import { connect, type Socket } from "node:net";
import { ErrorCode } from "../core/errors.js";
import { DaemonError } from "./daemon-error.js";
import { readLines } from "./framing.js";

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout | undefined;
}

type Frame = { id: number | string | null; result: unknown } | { id: number | string | null; error: { code: string; message: string; details?: Record<string, unknown> } };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The frame's shape or undefined; the error code is checked by the caller that knows ErrorCode. */
function parseFrame(v: unknown): Frame | undefined {
  if (!isRecord(v)) return undefined;
  const id = v.id;
  if (!(id === null || typeof id === "string" || (typeof id === "number" && Number.isSafeInteger(id)))) return undefined;
  const keys = Object.keys(v);
  if ("result" in v && keys.length === 2) return { id, result: v.result };
  if (!("error" in v) || keys.length !== 2 || !isRecord(v.error)) return undefined;
  const { code, message, details } = v.error;
  if (typeof code !== "string" || typeof message !== "string" || (details !== undefined && !isRecord(details))) return undefined;
  return { id, error: { code, message, ...(details !== undefined ? { details } : {}) } };
}

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(ErrorCode));

/** A session the daemon issued (hello), kept in memory to resume it after a reconnect: its credential is never shown. */
export interface SessionHandle {
  readonly sessionId: string;
  readonly credential: string;
}

export class DaemonConnection {
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

  static open(socketPath: string, timeoutMs = 2000): Promise<DaemonConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(socketPath);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new DaemonError(ErrorCode.daemonUnavailable, `timed out connecting to ${socketPath}`));
      }, timeoutMs);
      socket.once("connect", () => {
        clearTimeout(timer);
        resolve(new DaemonConnection(socket));
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

  /** Sends one request; resolves with the raw result or rejects with the daemon's DaemonError. */
  call(method: string, params: unknown, timeoutMs?: number): Promise<unknown> {
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
    let frame: Frame | undefined;
    try {
      frame = parseFrame(JSON.parse(line));
    } catch {
      frame = undefined;
    }
    if (!frame || ("error" in frame && !KNOWN_CODES.has(frame.error.code))) return this.failAll(new DaemonError(ErrorCode.internal, "the daemon sent a malformed message"));
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
