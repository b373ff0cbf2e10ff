// `haltkey mcp`: the stdio MCP server every client config points at. It holds no state and decides
// nothing; it forwards each tool call to the daemon (starting one if none runs, stdio-daemon.ts)
// and returns the daemon's OperationResult as JSON text. If the daemon cannot be reached, the
// answer is a refusal. Tools, result shape and refusals are the HTTP front end's (tools.ts), taken
// from it at build time (shim-manifest.ts): the shim loads neither the MCP SDK nor zod. It speaks
// JSON-RPC itself (shim-rpc.ts, shim-server.ts) and talks to the daemon over the bare socket
// connection, checking the daemon's answers by hand (shim-answers.ts).
//
// The shim reaches the daemon as soon as it starts, before its first request: a daemon it starts
// comes up while the client initialises. When it cannot start, the shim says why on the first call.
// The shim itself exits when its client goes away, however it goes: stdin ends, stdout breaks, or
// the process that started it is gone.
import { ErrorCode } from "../core/errors.js";
import { DaemonConnection, type SessionHandle } from "../daemon/connection.js";
import { DaemonError } from "../daemon/daemon-error.js";
import { VERSION } from "../daemon/version.js";
import { helloOf, type Hello } from "./shim-answers.js";
import { ShimCalls } from "./shim-call.js";
import { loadManifest } from "./shim-manifest.js";
import { readLines } from "./shim-rpc.js";
import { ShimServer } from "./shim-server.js";
import { reachDaemon, type ShimOptions } from "./stdio-daemon.js";

export type { ShimOptions } from "./stdio-daemon.js";

const noop = (): void => undefined;
/** How the shim names itself in hello. */
const CLIENT = "haltkey-mcp-stdio";

/** Connects to the daemon, starting it first when allowed; resolves a client that has said hello. */
export class DaemonLink {
  private client: DaemonConnection | undefined;
  private connecting: Promise<DaemonConnection> | undefined;
  /** The attempt start() made, until a call waits on it: a failure nobody waited on is kept for the first call. */
  private unclaimed: Promise<DaemonConnection> | undefined;
  /** Why the daemon this shim started at once did not come up: the first call's answer. */
  private startFailure: Error | undefined;
  /** The session the daemon issued at the first hello; its credential lives only in this process. */
  private session: SessionHandle | undefined;
  endpointMode: "semantic" | "single";

  constructor(private readonly opts: ShimOptions) {
    this.endpointMode = opts.endpointMode;
    this.session = opts.session;
  }

  /**
   * Reaches the daemon now, before any call needs it, over `early` when that connection is already
   * on its way. If a daemon it starts does not come up, the first call is told why.
   */
  start(early?: Promise<DaemonConnection>): void {
    if (this.connecting) return;
    const attempt: Promise<DaemonConnection> = this.open(early).finally(() => {
      if (this.connecting === attempt) this.connecting = undefined;
    });
    this.connecting = this.unclaimed = attempt;
    attempt.catch((e: Error) => {
      if (this.unclaimed !== attempt) return;
      this.unclaimed = undefined;
      if (this.opts.autostart) this.startFailure = e;
    });
  }

  get(): Promise<DaemonConnection> {
    if (this.opts.handoverFailed !== undefined) return Promise.reject(new DaemonError(ErrorCode.daemonUnavailable, this.opts.handoverFailed));
    if (this.client && !this.client.isClosed) return Promise.resolve(this.client);
    if (this.startFailure) {
      const e = this.startFailure;
      this.startFailure = undefined;
      return Promise.reject(e);
    }
    if (this.connecting) {
      this.unclaimed = undefined;
      return this.connecting;
    }
    const attempt: Promise<DaemonConnection> = this.open().finally(() => {
      if (this.connecting === attempt) this.connecting = undefined;
    });
    this.connecting = attempt;
    return attempt;
  }

  /** Settles once the daemon is reached or found unreachable, leaving a failed start for the first call to report. */
  async settled(): Promise<void> {
    if (this.connecting) await this.connecting.then(noop, noop);
    else if (!this.startFailure) await this.get().then(noop, noop);
  }

  private async open(early?: Promise<DaemonConnection>): Promise<DaemonConnection> {
    const client = await (early ?? reachDaemon(this.opts));
    try {
      // The daemon issues the session and its credential once; the shim presents them again when it
      // reconnects (a restarted daemon), so the session and all bound to it survive the reconnect.
      const hello = await this.hello(client);
      // The daemon decides the endpoint mode; the shim only mirrors it.
      this.endpointMode = hello.endpointMode;
    } catch (e) {
      client.close();
      throw e;
    }
    this.client = client;
    return client;
  }

  private async hello(client: DaemonConnection): Promise<Hello> {
    const fresh = async (): Promise<Hello> => {
      const h = helloOf(await client.call("hello", { client: CLIENT }, 10_000));
      if (h.credential !== undefined) this.session = { sessionId: h.sessionId, credential: h.credential };
      return h;
    };
    if (!this.session) return fresh();
    try {
      return helloOf(await client.call("hello", { sessionId: this.session.sessionId, credential: this.session.credential, client: CLIENT }, 10_000));
    } catch (e) {
      // The daemon forgot the session: it keeps a credential as long as anything is kept for the
      // session, so nothing bound to it is shed by starting a new one.
      if (!(e instanceof DaemonError) || e.code !== ErrorCode.permissionDenied) throw e;
      process.stderr.write(`haltkey mcp: ${e.message}; starting a new session\n`);
      return fresh();
    }
  }

  close(): void {
    this.client?.close();
  }
}

/** Exits when the client is gone: stdin ends or breaks, stdout breaks, or the parent process changes. */
function exitWithClient(onExit: () => void): void {
  let done = false;
  const exit = (): void => {
    if (done) return;
    done = true;
    onExit();
    process.exit(0);
  };
  process.stdin.once("end", exit);
  process.stdin.once("close", exit);
  process.stdin.once("error", exit);
  process.stdout.once("error", exit);
  // A client killed while something else holds our stdin open: we are re-parented.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) exit();
  }, 1000).unref();
}

/** Serves MCP on stdio; `early` is the daemon connection cli/mcp-main.ts began before loading this module. */
export async function runMcpShim(opts: ShimOptions, early?: Promise<DaemonConnection>): Promise<void> {
  const link = new DaemonLink(opts);
  // A session handed over (--session-fd) is taken up at the first call, as after a lost connection.
  if (!opts.session && opts.handoverFailed === undefined) link.start(early);
  const manifest = loadManifest();
  const out = process.stdout;
  const server = new ShimServer({
    manifest,
    calls: new ShimCalls(manifest),
    serverInfo: { name: "haltkey", version: VERSION },
    endpointMode: async () => {
      await link.settled();
      return link.endpointMode;
    },
    // confirm_operation may wait up to 120 s for the human; nothing else should take long.
    ask: async (tool, args) => (await link.get()).call("aql", { tool, arguments: args }, 180_000),
    // A broken stdout is the client gone (exitWithClient); a write never throws into a request.
    write: (line) => {
      if (!out.destroyed) out.write(line);
    },
  });
  readLines(
    process.stdin,
    (line) => server.onLine(line),
    (code, message) => server.onBad(code, message),
  );
  exitWithClient(() => link.close());
}
