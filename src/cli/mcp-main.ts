// `haltkey mcp`'s own entry (main.ts sends it here, as it sends the hook to hook-main.ts). The shim
// reaches its daemon, starting one if none runs, before it loads the rest of itself, so a daemon it
// starts comes up while the shim loads (the shim loads neither the MCP SDK nor zod: mcp/stdio.ts). The options are those
// program.ts declares for `mcp`; a command line with anything else goes to program.ts, which
// explains it.
import { closeSync, readFileSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { resolvePaths } from "../daemon/paths.js";
import type { SessionHandle } from "../daemon/connection.js";
import { sessionOf } from "../mcp/shim-answers.js";
import { reachDaemon, type ShimOptions } from "../mcp/stdio-daemon.js";

/** `haltkey mcp`'s arguments: the shim's options, and --start-only. */
export type McpOptions = Omit<ShimOptions, "paths"> & {
  /** Start the daemon (or find it running) and exit, serving nothing: what the native relay runs when no daemon listens. */
  readonly startOnly?: boolean;
};

/** The shim's options from `haltkey mcp`'s arguments, or undefined when program.ts should read them. */
export function mcpOptions(args: readonly string[]): McpOptions | undefined {
  let simulate = false;
  let autostart = true;
  let singleTool = false;
  let policyPath: string | undefined;
  let session: SessionHandle | string | undefined;
  let startOnly = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--session-fd" && i + 1 < args.length && /^\d{1,9}$/.test(args[i + 1]!)) session = sessionFrom(Number(args[++i]));
    else if (a === "--start-only") startOnly = true;
    else if (a === "--simulate") simulate = true;
    else if (a === "--no-autostart") autostart = false;
    else if (a === "--single-tool") singleTool = true;
    else if (a === "--policy" && i + 1 < args.length && !args[i + 1]!.startsWith("-") && args[i + 1]!.length > 0) policyPath = args[++i];
    else if (a.startsWith("--policy=") && a.length > "--policy=".length) policyPath = a.slice("--policy=".length);
    else return undefined;
  }
  return { simulate, autostart, endpointMode: singleTool ? "single" : "semantic", ...(policyPath !== undefined ? { policyPath } : {}), ...(typeof session === "object" ? { session } : typeof session === "string" ? { handoverFailed: session } : {}), ...(startOnly ? { startOnly } : {}) };
}

/**
 * The session the native relay hands over when its daemon went away (native/relay.c): one line on
 * a socket, `{"sessionId","credential"}` as the daemon's MCP socket first sent it. Read once and
 * closed. Anything else is a hand-over that failed (it was read by someone else, or is not the
 * relay's): the reason, as a string, and the shim refuses every call with it rather than start a
 * fresh session in the old one's place.
 */
export function sessionFrom(fd: number): SessionHandle | string {
  let text: string;
  try {
    text = readFileSync(fd, "utf8");
  } catch (e) {
    return handoverFailed(fd, `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  } finally {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
  }
  let session: SessionHandle | undefined;
  try {
    session = sessionOf(JSON.parse(text));
  } catch {
    // not JSON: said below
  }
  return session ?? handoverFailed(fd, `is not {"sessionId","credential"}`);
}

function handoverFailed(fd: number, what: string): string {
  const why = `the session the relay handed over on fd ${fd} ${what}: every call is refused rather than a new session started in its place; restart this MCP server`;
  process.stderr.write(`haltkey mcp: ${why}\n`);
  return why;
}

/**
 * The shim's young generation stays at its first size (1 MB a semi-space) instead of growing to
 * 16 MB: it holds one message at a time, and the grown space is 30 MB of RSS it never gives back.
 * And its code is never optimised beyond the baseline compiler (--max-opt=1): the shim's own work
 * per message is a few small functions around JSON.parse and JSON.stringify (native either way),
 * and the optimising compilers cost 5 MB of resident memory (their code paged in, their output)
 * for no measurable gain (issue 14: shim RSS after 1,000 steps 51 MB with them, 46 MB without;
 * its CPU per step the same). Set before the shim allocates or runs anything much; V8 reads both
 * whenever it would grow the space or tier a function up.
 */
export const SHIM_V8_FLAGS = "--semi-space-growth-factor=1 --max-opt=1";

/**
 * `haltkey mcp --start-only`: reaches the daemon as the shim does at start (starting it when none
 * runs and autostart is allowed), then exits 0; or says why not on stderr and exits 1. It writes
 * nothing on stdout and reads nothing from stdin.
 */
export async function startOnly(opts: ShimOptions): Promise<never> {
  try {
    (await reachDaemon(opts)).close();
    process.exit(0);
  } catch (e) {
    process.stderr.write(`haltkey mcp --start-only: ${(e as Error).message}\n`);
    process.exit(1);
  }
}

export async function mcpMain(options: McpOptions): Promise<void> {
  const { startOnly: only, ...rest } = options;
  const opts: ShimOptions = { ...rest, paths: resolvePaths() };
  if (only) return startOnly(opts);
  setFlagsFromString(SHIM_V8_FLAGS);
  // A session handed over by the relay (its daemon just went away) reaches the daemon at the next
  // call, as a shim that lost its daemon does: whoever restarts the daemon has that long to do it.
  const early = opts.session ? undefined : reachDaemon(opts);
  // Its failure is the first call's answer (stdio.ts DaemonLink), not an unhandled rejection.
  early?.catch(() => undefined);
  const { runMcpShim } = await import("../mcp/stdio.js");
  await runMcpShim(opts, early);
}
