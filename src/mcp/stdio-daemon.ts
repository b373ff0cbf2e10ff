// How `haltkey mcp` reaches its daemon: the agent socket of a running one, or a daemon it starts.
// This module loads nothing heavy (no MCP SDK, no zod), so the shim starts the daemon before it
// loads its own code and the two starts overlap (cli/mcp-main.ts). child_process is imported up
// front although only a start needs it: importing it then would delay the start by 4 ms, and a
// shim whose daemon runs pays 0.2 MB for it.
//
// A daemon this shim starts is its own: a new session and process group, its output in the
// daemon log, nothing tied to the shim, so it keeps serving other clients after the shim is gone.
// It says it is listening by writing one line on a pipe (fd 3, `serve --ready-fd 3`) and then
// closes that pipe, so the shim connects at once instead of polling for the socket. When it
// cannot start, the shim says why (the policy it was given is checked here; anything else is read
// from the daemon's exit and its log).
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { ErrorCode } from "../core/errors.js";
import { DaemonConnection, type SessionHandle } from "../daemon/connection.js";
import { DaemonError } from "../daemon/daemon-error.js";
import type { HaltkeyPaths } from "../daemon/paths.js";
import { READY_LINE } from "../daemon/ready-line.js";

export interface ShimOptions {
  readonly paths: HaltkeyPaths;
  readonly autostart: boolean;
  /** Passed to a daemon this shim starts; never implied. */
  readonly simulate: boolean;
  readonly policyPath?: string;
  readonly endpointMode: "semantic" | "single";
  /** A session to resume (the native relay's, handed over with --session-fd), instead of a fresh one. */
  readonly session?: SessionHandle;
  /**
   * Why the session handed over with --session-fd could not be read: every call is refused with
   * it, since a fresh session in its place would shed what is bound to the old one (a block).
   */
  readonly handoverFailed?: string;
}


/** How long a daemon this shim started may take to listen. */
const START_TIMEOUT_MS = 15_000;

/** A connection to the daemon's agent socket, starting the daemon first when none runs and that is allowed. */
export async function reachDaemon(opts: ShimOptions): Promise<DaemonConnection> {
  try {
    return await DaemonConnection.open(opts.paths.socket);
  } catch (e) {
    if (!opts.autostart) throw e;
  }
  const started = startDaemon(opts);
  const deadline = Date.now() + START_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<"late">((r) => (timer = setTimeout(() => r("late"), START_TIMEOUT_MS)));
  const first = await Promise.race([started.said, started.exited.then((why) => ({ why })), timeUp]);
  clearTimeout(timer);
  if (first === "late") throw new DaemonError(ErrorCode.daemonUnavailable, `the haltkey daemon this shim started did not start listening within ${START_TIMEOUT_MS / 1000} s (see ${opts.paths.daemonLog})`);
  if (typeof first === "object") return failedStart(opts, first.why);
  if (first) {
    try {
      return await DaemonConnection.open(opts.paths.socket);
    } catch {
      // It died since it said ready: its exit says why.
    }
  }
  return waitForSocket(opts, started.exited, deadline);
}

/** The daemon exited at start: another one may have won the race to start; otherwise why it exited. */
async function failedStart(opts: ShimOptions, why: string): Promise<DaemonConnection> {
  try {
    return await DaemonConnection.open(opts.paths.socket);
  } catch {
    // A bad policy is said the way the operator wrote it, not as the daemon's log line.
    await checkPolicy(opts);
    throw new DaemonError(ErrorCode.daemonUnavailable, `the haltkey daemon this shim started did not come up; ${why}`);
  }
}

/** The daemon closed its ready pipe without the line: connect with backoff until it listens, exits or the time is up. */
async function waitForSocket(opts: ShimOptions, exited: Promise<string>, deadline: number): Promise<DaemonConnection> {
  let why: string | undefined;
  void exited.then((w) => (why = w));
  let last: unknown;
  for (let wait = 5; Date.now() < deadline; wait = Math.min(wait * 2, 200)) {
    try {
      return await DaemonConnection.open(opts.paths.socket, 1000);
    } catch (e) {
      last = e;
      if (why !== undefined) return failedStart(opts, why);
      await Promise.race([exited, new Promise((r) => setTimeout(r, wait))]);
    }
  }
  throw last instanceof Error ? last : new DaemonError(ErrorCode.daemonUnavailable, "daemon did not start");
}

/** The policy a started daemon would load, checked here so its problem is the answer in the operator's terms. */
async function checkPolicy(opts: ShimOptions): Promise<void> {
  if (opts.policyPath === undefined) return;
  const path = resolve(opts.policyPath);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new DaemonError(ErrorCode.daemonUnavailable, `cannot start the haltkey daemon: cannot read policy file ${path} (--policy ${opts.policyPath}): ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const { compilePolicy, parsePolicy } = await import("../core/policy.js");
  try {
    compilePolicy(parsePolicy(text, path));
  } catch (e) {
    throw new DaemonError(ErrorCode.daemonUnavailable, `cannot start the haltkey daemon: ${(e as Error).message.replace(/\s*\n\s*/g, "; ")}`);
  }
}

/**
 * Starts a daemon detached from this shim. `said` resolves true when the daemon says its sockets
 * listen, false when it closed the pipe without saying so; `exited` with why it exited.
 */
function startDaemon(opts: ShimOptions): { said: Promise<boolean>; exited: Promise<string> } {
  const cli = fileURLToPath(new URL("../cli/main.js", import.meta.url));
  const args = [
    cli,
    "serve",
    "--ready-fd",
    "3",
    ...(opts.simulate ? ["--simulate"] : []),
    ...(opts.policyPath ? ["--policy", resolve(opts.policyPath)] : []),
    ...(opts.endpointMode === "single" ? ["--single-tool"] : []),
  ];
  mkdirSync(opts.paths.home, { recursive: true, mode: 0o700 });
  const logPath = opts.paths.daemonLog;
  const log = openSync(logPath, "a", 0o600);
  const from = statSync(logPath).size;
  // detached: a new session and process group; stdio: the log, and the ready pipe the daemon
  // closes once it listens; cwd: not the client's.
  // Two malloc arenas instead of one per thread: about 5 MB less for a daemon that is one thread of JavaScript (unless the user set it).
  const env = { MALLOC_ARENA_MAX: "2", ...process.env };
  const child = spawn(process.execPath, args, { detached: true, stdio: ["ignore", log, log, "pipe"], env, cwd: opts.paths.home });
  closeSync(log);
  child.unref();
  const exited = new Promise<string>((res) => {
    child.once("error", (e) => res(`could not run ${process.execPath}: ${e.message}`));
    child.once("exit", (code, signal) => res(`it exited (${signal ?? `code ${code}`}): ${startupFailure(logPath, from)}`));
  });
  const pipe = child.stdio[3] as (Readable & { unref?: () => void }) | null;
  const said = new Promise<boolean>((res) => {
    if (!pipe) return res(false);
    let text = "";
    pipe.setEncoding("utf8");
    pipe.on("data", (d: string) => {
      text += d;
      if (text.includes(READY_LINE)) {
        pipe.destroy();
        res(true);
      }
    });
    pipe.once("close", () => res(text.includes(READY_LINE)));
    pipe.once("error", () => undefined);
    pipe.unref?.();
  });
  return { said, exited };
}

/** What a daemon that exited at start-up said: its `haltkey: …` lines in the log since `from`. */
function startupFailure(logPath: string, from: number): string {
  try {
    const fd = openSync(logPath, "r");
    try {
      const size = Math.min(statSync(logPath).size - from, 64 * 1024);
      const buf = Buffer.alloc(Math.max(size, 0));
      readSync(fd, buf, 0, buf.length, from);
      const lines = buf.toString("utf8").split("\n").map((l) => l.trim()).filter((l) => l.length > 0);
      const said = lines.filter((l) => l.startsWith("haltkey: ")).map((l) => l.slice("haltkey: ".length));
      const text = (said.length > 0 ? said : lines.slice(-3)).join("; ");
      return text.length > 0 ? text.slice(0, 2000) : `no message (see ${logPath})`;
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    return `its log ${logPath} could not be read (${(e as Error).message})`;
  }
}
