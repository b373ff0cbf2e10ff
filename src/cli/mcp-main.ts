// `haltkey mcp`'s own entry (main.ts sends it here, as it sends the hook to hook-main.ts). The shim
// reaches its daemon, starting one if none runs, before it loads the rest of itself, so a daemon it
// starts comes up while the shim loads (the shim loads neither the MCP SDK nor zod: mcp/stdio.ts). The options are those
// program.ts declares for `mcp`; a command line with anything else goes to program.ts, which
// explains it.
import { setFlagsFromString } from "node:v8";
import { resolvePaths } from "../daemon/paths.js";
import { reachDaemon, type ShimOptions } from "../mcp/stdio-daemon.js";

/** The shim's options from `haltkey mcp`'s arguments, or undefined when program.ts should read them. */
export function mcpOptions(args: readonly string[]): Omit<ShimOptions, "paths"> | undefined {
  let simulate = false;
  let autostart = true;
  let singleTool = false;
  let policyPath: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--simulate") simulate = true;
    else if (a === "--no-autostart") autostart = false;
    else if (a === "--single-tool") singleTool = true;
    else if (a === "--policy" && i + 1 < args.length && !args[i + 1]!.startsWith("-") && args[i + 1]!.length > 0) policyPath = args[++i];
    else if (a.startsWith("--policy=") && a.length > "--policy=".length) policyPath = a.slice("--policy=".length);
    else return undefined;
  }
  return { simulate, autostart, endpointMode: singleTool ? "single" : "semantic", ...(policyPath !== undefined ? { policyPath } : {}) };
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

export async function mcpMain(options: Omit<ShimOptions, "paths">): Promise<void> {
  setFlagsFromString(SHIM_V8_FLAGS);
  const opts: ShimOptions = { ...options, paths: resolvePaths() };
  const early = reachDaemon(opts);
  // Its failure is the first call's answer (stdio.ts DaemonLink), not an unhandled rejection.
  early.catch(() => undefined);
  const { runMcpShim } = await import("../mcp/stdio.js");
  await runMcpShim(opts, early);
}
