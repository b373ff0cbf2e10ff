// `haltkey serve`: the daemon's composition root. main.ts runs it without commander when the
// arguments are ones serveOptions reads exactly as commander would (what `haltkey mcp` passes when it
// starts a daemon, what the systemd unit passes); anything else, --help included, goes to program.ts,
// which declares the same options and calls the same runServe. Nothing here imports commander.
import { closeSync, fstatSync, writeSync } from "node:fs";
import { limitHeapGrowth } from "../daemon/heap.js";
import { VERSION } from "../daemon/version.js";
import { READY_LINE } from "../daemon/ready-line.js";
import { die, paths, selfCommand } from "./common.js";

export interface ServeOptions {
  readonly simulate: boolean;
  readonly policy?: string;
  readonly socketMode?: number;
  readonly singleTool: boolean;
  readonly http?: number;
  readonly console?: number;
  readonly hookHttp?: number;
  readonly readyFd?: number;
}

/** An option value that is not allowed; commander shows the message (program.ts). */
export class ServeOptionError extends Error {}

export function parseMode(v: string): number {
  if (v !== "600" && v !== "660") throw new ServeOptionError("socket mode must be 600 or 660");
  return Number.parseInt(v, 8);
}

export function parseHttpPort(v: string): number {
  if (!/^\d{1,5}$/.test(v) || Number(v) > 65535) throw new ServeOptionError("give a port number (0 picks a free one); haltkey serves HTTP on 127.0.0.1 only, so there is no host to choose");
  return Number(v);
}

/**
 * Only fd 3, and only when it is a pipe or socket the daemon was given: read while the options are
 * parsed, before the daemon opens anything. Any other descriptor may be the daemon's own (Node's
 * event loop is fd 3 when none was inherited, its internal pipes come next, then the store's files
 * and the sockets), and writing the ready line to it and closing it would damage the daemon.
 */
export function parseReadyFd(v: string): number {
  if (v !== "3") throw new ServeOptionError("it is for haltkey mcp starting its daemon: 3, a pipe it was given");
  let ok = false;
  try {
    const st = fstatSync(3);
    ok = st.isFIFO() || st.isSocket();
  } catch {
    // not open
  }
  if (!ok) throw new ServeOptionError("fd 3 is not a pipe or socket this process was given");
  return 3;
}

const VALUED: Record<string, (o: Record<string, unknown>, v: string) => void> = {
  "--policy": (o, v) => (o.policy = v),
  "--socket-mode": (o, v) => (o.socketMode = parseMode(v)),
  "--http": (o, v) => (o.http = parseHttpPort(v)),
  "--console": (o, v) => (o.console = parseHttpPort(v)),
  "--hook-http": (o, v) => (o.hookHttp = parseHttpPort(v)),
  "--ready-fd": (o, v) => (o.readyFd = parseReadyFd(v)),
};

/**
 * `serve`'s options (the arguments after `serve`) read without commander, or undefined for
 * anything this does not read exactly as commander does: an unknown or repeated option, a missing
 * or refused value, a value that starts with `-`, `--help`. program.ts then parses the same
 * arguments and refuses or explains them with commander's own messages.
 */
export function serveOptions(args: readonly string[]): ServeOptions | undefined {
  const o: Record<string, unknown> = { simulate: false, singleTool: false };
  const seen = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.indexOf("=");
    const name = a.startsWith("--") && eq > 0 ? a.slice(0, eq) : a;
    if (seen.has(name)) return undefined;
    seen.add(name);
    if (name === "--simulate" && eq < 0) o.simulate = true;
    else if (name === "--single-tool" && eq < 0) o.singleTool = true;
    else if (Object.hasOwn(VALUED, name)) {
      const value = eq > 0 && a.startsWith("--") ? a.slice(eq + 1) : args[++i];
      if (value === undefined || value.length === 0 || value.startsWith("-")) return undefined;
      try {
        VALUED[name]!(o, value);
      } catch (e) {
        if (e instanceof ServeOptionError) return undefined;
        throw e;
      }
    } else return undefined;
  }
  return o as unknown as ServeOptions;
}

/** Tells the shim that started this daemon that its sockets listen, and lets go of the pipe. */
function signalReady(fd: number): void {
  try {
    writeSync(fd, READY_LINE);
  } catch {
    // The shim is gone, or it polls the socket once the pipe closes.
  }
  try {
    closeSync(fd);
  } catch {
    // not open
  }
}

export async function runServe(o: ServeOptions): Promise<void> {
  // main.ts has done this before loading anything much; through program.ts (commander) this is the first chance.
  limitHeapGrowth();
  // Only what this start needs: the MCP HTTP front end (its SDK transport and session code,
  // ~75 ms of CPU at start-up, docs/performance.md) only with --http, the hook endpoint only with
  // --hook-http. The rest at once, in parallel: the MCP socket (what the native relay forwards a
  // client's stdio to) always.
  const [{ createLogger }, { DaemonStartError, startDaemon }, { startMcpSocket }, { StoreOpenError }, { PolicyError }, http, hookHttp] = await Promise.all([
    import("../daemon/log.js"),
    import("../daemon/server.js"),
    import("../mcp/socket-session.js"),
    import("../store/store.js"),
    import("../core/policy.js"),
    o.http !== undefined ? import("../mcp/http.js") : undefined,
    o.hookHttp !== undefined ? import("../adapters/http-hook.js") : undefined,
  ]);
  const log = createLogger("haltkey");
  try {
    const daemon = await startDaemon({
      paths,
      simulate: o.simulate,
      ...(o.policy ? { policyPath: o.policy } : {}),
      ...(o.socketMode ? { socketMode: o.socketMode } : {}),
      endpointMode: o.singleTool ? "single" : "semantic",
      frontEnds: [
        startMcpSocket,
        ...(o.http !== undefined && http ? [http.httpFrontEnd(o.http)] : []),
        ...(o.hookHttp !== undefined && hookHttp
          ? [
              async (core: import("../daemon/server.js").DaemonCore) =>
                hookHttp.startHookHttp({ port: o.hookHttp!, ...core }).catch((e: unknown) => {
                  throw e instanceof hookHttp.HookHttpStartError ? new DaemonStartError(e.message) : e;
                }),
            ]
          : []),
      ],
      ...(o.console !== undefined ? { console: { port: o.console } } : {}),
      log,
    });
    // Before anything says the daemon is up: a SIGTERM right after the banner must still close it cleanly.
    const stop = (): void => {
      void daemon.close().then(() => process.exit(0));
    };
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
    if (o.readyFd !== undefined) signalReady(o.readyFd);
    const status = daemon.service.status();
    const hk = selfCommand();
    const banner = o.simulate
      ? "SIMULATED HARDWARE: a simulated display and security key play the human; this offers NO security (tests and demos only)"
      : daemon.service.channelInfo.display === "none" && daemon.service.channelInfo.securityKey === "none"
        ? "no approval device attached: pauses and blocks cannot be lifted until one is"
        : "hardware approval channel attached";
    // Every command below works as printed, in another terminal in this directory (test/first-minutes.integration.test.ts).
    const next = [
      [`${hk} init claude-code --project <your-project-dir>`, "connect Claude Code in that project (hook and MCP server); other clients: init claude-desktop, init cursor"],
      o.console !== undefined ? [`${hk} console`, "print the operator console's address to open in a browser"] : [`${hk} serve --console 0`, "(instead of this daemon) serve the operator console too; then `console` prints its address"],
      [`${hk} status`, "what is paused or blocked, with request ids"],
      ...(o.simulate
        ? [
            [`${hk} sim touch <request-id>`, "play the human: approve a pending request with a simulated key touch"],
            [`${hk} sim press <request-id> deny`, "play the human: refuse it on the simulated display"],
          ]
        : [[`${hk} approve <request-id>`, "show a pending request and approve it with a key touch"]]),
    ];
    const width = Math.max(...next.map(([c]) => c!.length));
    process.stderr.write(
      `haltkey ${VERSION} serving on ${paths.socket}\n  mode: ${String(status.mode)}   policy: ${o.policy ?? "(defaults)"} ${String(status.policyDigest).slice(0, 12)}\n  approvals: ${banner}\n  home: ${paths.home}\nNext, in another terminal in ${process.cwd()}:\n${next.map(([c, what]) => `  ${c!.padEnd(width)}   ${what}`).join("\n")}\n`,
    );
  } catch (e) {
    if (e instanceof StoreOpenError || e instanceof DaemonStartError || e instanceof PolicyError) die(e.message, 2);
    throw e;
  }
}
