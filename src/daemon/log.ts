// Structured logs on stderr (stdout belongs to MCP in `haltkey mcp`). Nothing that could hold a
// verification code is ever passed to the logger: codes exist only inside the approval channel.
//
// One JSON object per line, pino's format (level number, ISO time, pid, name, the fields, msg), so
// any pino tool reads it. Not pino itself: the daemon logs a few lines at start-up and on errors,
// and importing pino cost ~30 ms of CPU on every daemon start (docs/performance.md). Each line is
// one synchronous write, so nothing logged before a crash is lost.
import { writeSync } from "node:fs";

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Number.POSITIVE_INFINITY } as const;
export type LevelName = keyof typeof LEVELS;

type LogFn = (fields: Record<string, unknown> | string, msg?: string) => void;

export interface Logger {
  readonly level: LevelName;
  readonly trace: LogFn;
  readonly debug: LogFn;
  readonly info: LogFn;
  readonly warn: LogFn;
  readonly error: LogFn;
  readonly fatal: LogFn;
  /** The same logger with `bindings` on every line. */
  child(bindings: Record<string, unknown>): Logger;
}

const isLevel = (v: string): v is LevelName => Object.hasOwn(LEVELS, v);

/** An Error as pino's serializer writes it; anything else as it is. */
const plain = (v: unknown): unknown => (v instanceof Error ? { type: v.name, message: v.message, stack: v.stack } : v);

function build(level: LevelName, bindings: Record<string, unknown>, write: (line: string) => void): Logger {
  const threshold = LEVELS[level];
  const at =
    (n: number): LogFn =>
    (fields, msg) => {
      if (n < threshold) return;
      const own = typeof fields === "string" ? { msg: fields } : { ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, plain(v)])), ...(msg !== undefined ? { msg } : {}) };
      let line: string;
      try {
        line = JSON.stringify({ level: n, time: new Date().toISOString(), ...bindings, ...own });
      } catch {
        line = JSON.stringify({ level: n, time: new Date().toISOString(), ...bindings, msg: typeof fields === "string" ? fields : (msg ?? ""), logError: "fields could not be serialised" });
      }
      write(`${line}\n`);
    };
  return {
    level,
    trace: at(LEVELS.trace),
    debug: at(LEVELS.debug),
    info: at(LEVELS.info),
    warn: at(LEVELS.warn),
    error: at(LEVELS.error),
    fatal: at(LEVELS.fatal),
    child: (more) => build(level, { ...bindings, ...more }, write),
  };
}

/** The whole line, retried while a non-blocking stderr is full; given up when stderr is gone (EPIPE). */
const toStderr = (line: string): void => {
  const buf = Buffer.from(line, "utf8");
  let off = 0;
  for (let tries = 0; off < buf.length && tries < 10_000; tries++) {
    try {
      off += writeSync(2, buf, off, buf.length - off);
    } catch (e) {
      // Logging must never take the daemon down.
      if ((e as NodeJS.ErrnoException).code !== "EAGAIN") return;
    }
  }
};

export function createLogger(name: string, level = process.env.HALTKEY_LOG_LEVEL ?? "info"): Logger {
  return build(isLevel(level) ? level : "info", { pid: process.pid, name }, toStderr);
}

/** For tests and the bench: a logger that drops everything. */
export function silentLogger(): Logger {
  return build("silent", {}, () => undefined);
}
