// Structured logs on stderr (stdout belongs to MCP in `haltkey mcp`). Nothing that could hold a
// verification code is ever passed to the logger: codes exist only inside the approval channel.
import { pino, type Logger } from "pino";

export type { Logger };

export function createLogger(name: string, level = process.env.HALTKEY_LOG_LEVEL ?? "info"): Logger {
  return pino({ name, level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, pino.destination(2));
}

/** For tests and the bench: a logger that drops everything. */
export function silentLogger(): Logger {
  return pino({ level: "silent" });
}
