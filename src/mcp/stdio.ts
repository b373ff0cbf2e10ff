// `haltkey mcp`: the stdio MCP server every client config points at. It holds no state and decides
// nothing; it forwards each tool call to the daemon (starting one if none runs) and returns the
// daemon's OperationResult as JSON text. If the daemon cannot be reached, the answer is a refusal.
// Tools, result shape and refusals are shared with the HTTP front end (tools.ts).
//
// A daemon this shim starts is its own: a new session and process group, its output in the
// daemon log, nothing tied to the shim, so it keeps serving other clients after the shim is gone.
// When it cannot start, the shim says why on the first call (the policy it would load is checked
// here first; anything else is read from the daemon's exit and its log), instead of waiting.
// The shim itself exits when its client goes away, however it goes: stdin ends, stdout breaks, or
// the process that started it is gone.
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ErrorCode } from "../core/errors.js";
import { DaemonClient, DaemonError } from "../daemon/client.js";
import type { HaltkeyPaths } from "../daemon/paths.js";
import type { Result } from "../daemon/protocol.js";
import { VERSION } from "../daemon/version.js";
import { registerTools, SERVER_CAPABILITIES } from "./tools.js";

export interface ShimOptions {
  readonly paths: HaltkeyPaths;
  readonly autostart: boolean;
  /** Passed to a daemon this shim starts; never implied. */
  readonly simulate: boolean;
  readonly policyPath?: string;
  readonly endpointMode: "semantic" | "single";
}

/** Connects to the daemon, starting it first when allowed; resolves a client that has said hello. */
export class DaemonLink {
  private client: DaemonClient | undefined;
  private connecting: Promise<DaemonClient> | undefined;
  /** The session the daemon issued at the first hello; its credential lives only in this process. */
  private session: { readonly sessionId: string; readonly credential: string } | undefined;
  endpointMode: "semantic" | "single";

  constructor(private readonly opts: ShimOptions) {
    this.endpointMode = opts.endpointMode;
  }

  get(): Promise<DaemonClient> {
    if (this.client && !this.client.isClosed) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<DaemonClient> {
    let client: DaemonClient;
    try {
      client = await DaemonClient.connect(this.opts.paths.socket);
    } catch (e) {
      if (!this.opts.autostart) throw e;
      await this.checkPolicy();
      const exited = this.spawnDaemon();
      client = await this.waitForDaemon(15_000, exited);
    }
    // The daemon issues the session and its credential once; the shim presents them again when it
    // reconnects (a restarted daemon), so the session and all bound to it survive the reconnect.
    const hello = await this.hello(client);
    // The daemon decides the endpoint mode; the shim only mirrors it.
    if (hello.endpointMode) this.endpointMode = hello.endpointMode;
    this.client = client;
    return client;
  }

  private async hello(client: DaemonClient): Promise<Result<"hello">> {
    const fresh = async (): Promise<Result<"hello">> => {
      const h = await client.request("hello", { client: "haltkey-mcp-stdio" }, 10_000);
      if (h.credential !== undefined) this.session = { sessionId: h.sessionId, credential: h.credential };
      return h;
    };
    if (!this.session) return fresh();
    try {
      return await client.request("hello", { sessionId: this.session.sessionId, credential: this.session.credential, client: "haltkey-mcp-stdio" }, 10_000);
    } catch (e) {
      // The daemon forgot the session: it keeps a credential as long as anything is kept for the
      // session, so nothing bound to it is shed by starting a new one.
      if (!(e instanceof DaemonError) || e.code !== ErrorCode.permissionDenied) throw e;
      process.stderr.write(`haltkey mcp: ${e.message}; starting a new session\n`);
      return fresh();
    }
  }

  /** The policy a started daemon would load, checked here so its problem is the answer, at once. */
  private async checkPolicy(): Promise<void> {
    if (this.opts.policyPath === undefined) return;
    const path = resolve(this.opts.policyPath);
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (e) {
      throw new DaemonError(ErrorCode.daemonUnavailable, `cannot start the haltkey daemon: cannot read policy file ${path} (--policy ${this.opts.policyPath}): ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    const { compilePolicy, parsePolicy } = await import("../core/policy.js");
    try {
      compilePolicy(parsePolicy(text, path));
    } catch (e) {
      throw new DaemonError(ErrorCode.daemonUnavailable, `cannot start the haltkey daemon: ${(e as Error).message.replace(/\s*\n\s*/g, "; ")}`);
    }
  }

  /** Starts a daemon detached from this shim; resolves with why it exited, if it does. */
  private spawnDaemon(): Promise<string> {
    const cli = fileURLToPath(new URL("../cli/main.js", import.meta.url));
    const args = [
      cli,
      "serve",
      ...(this.opts.simulate ? ["--simulate"] : []),
      ...(this.opts.policyPath ? ["--policy", resolve(this.opts.policyPath)] : []),
      ...(this.opts.endpointMode === "single" ? ["--single-tool"] : []),
    ];
    mkdirSync(this.opts.paths.home, { recursive: true, mode: 0o700 });
    const logPath = this.opts.paths.daemonLog;
    const log = openSync(logPath, "a", 0o600);
    const from = statSync(logPath).size;
    // detached: a new session and process group; stdio: the log only; cwd: not the client's.
    const child = spawn(process.execPath, args, { detached: true, stdio: ["ignore", log, log], env: process.env, cwd: this.opts.paths.home });
    closeSync(log);
    child.unref();
    return new Promise((res) => {
      child.once("error", (e) => res(`could not run ${process.execPath}: ${e.message}`));
      child.once("exit", (code, signal) => res(`it exited (${signal ?? `code ${code}`}): ${startupFailure(logPath, from)}`));
    });
  }

  private async waitForDaemon(ms: number, exited: Promise<string>): Promise<DaemonClient> {
    const deadline = Date.now() + ms;
    let last: unknown;
    let why: string | undefined;
    void exited.then((w) => (why = w));
    while (Date.now() < deadline) {
      try {
        return await DaemonClient.connect(this.opts.paths.socket, 1000);
      } catch (e) {
        last = e;
        if (why !== undefined) throw new DaemonError(ErrorCode.daemonUnavailable, `the haltkey daemon this shim started did not come up; ${why}`);
        await Promise.race([exited, new Promise((r) => setTimeout(r, 100))]);
      }
    }
    throw last instanceof Error ? last : new DaemonError(ErrorCode.daemonUnavailable, "daemon did not start");
  }

  close(): void {
    this.client?.close();
  }
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

export async function runMcpShim(opts: ShimOptions): Promise<void> {
  const link = new DaemonLink(opts);
  const server = new Server({ name: "haltkey", version: VERSION }, { capabilities: SERVER_CAPABILITIES });
  registerTools(server, {
    endpointMode: async () => {
      await link.get().catch(() => undefined);
      return link.endpointMode;
    },
    // confirm_operation may wait up to 120 s for the human; nothing else should take long.
    forward: async (tool, args) => (await link.get()).request("aql", { tool, arguments: args }, 180_000),
  });
  const transport = new StdioServerTransport();
  transport.onclose = () => link.close();
  await server.connect(transport);
  exitWithClient(() => link.close());
}
