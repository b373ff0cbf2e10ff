// `haltkey mcp`: the stdio MCP server every client config points at. It holds no state and decides
// nothing; it forwards each tool call to the daemon (starting one if none runs) and returns the
// daemon's OperationResult as JSON text. If the daemon cannot be reached, the answer is a refusal.
// Tools, result shape and refusals are shared with the HTTP front end (tools.ts).
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, openSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ErrorCode } from "../core/errors.js";
import { DaemonClient, DaemonError } from "../daemon/client.js";
import type { HaltkeyPaths } from "../daemon/paths.js";
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
  readonly sessionId = randomUUID();
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
      this.spawnDaemon();
      client = await this.waitForDaemon(15_000);
    }
    // The session id is the shim's, kept across reconnects, so a block bound to it survives them.
    const hello = await client.request("hello", { sessionId: this.sessionId, client: "haltkey-mcp-stdio" }, 10_000);
    // The daemon decides the endpoint mode; the shim only mirrors it.
    if (hello.endpointMode) this.endpointMode = hello.endpointMode;
    this.client = client;
    return client;
  }

  private spawnDaemon(): void {
    const cli = fileURLToPath(new URL("../cli/main.js", import.meta.url));
    const args = [
      cli,
      "serve",
      ...(this.opts.simulate ? ["--simulate"] : []),
      ...(this.opts.policyPath ? ["--policy", this.opts.policyPath] : []),
      ...(this.opts.endpointMode === "single" ? ["--single-tool"] : []),
    ];
    mkdirSync(this.opts.paths.home, { recursive: true, mode: 0o700 });
    const log = openSync(this.opts.paths.daemonLog, "a", 0o600);
    const child = spawn(process.execPath, args, { detached: true, stdio: ["ignore", log, log], env: process.env });
    child.unref();
  }

  private async waitForDaemon(ms: number): Promise<DaemonClient> {
    const deadline = Date.now() + ms;
    let last: unknown;
    while (Date.now() < deadline) {
      try {
        return await DaemonClient.connect(this.opts.paths.socket, 1000);
      } catch (e) {
        last = e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw last instanceof Error ? last : new DaemonError(ErrorCode.daemonUnavailable, "daemon did not start");
  }

  close(): void {
    this.client?.close();
  }
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
}
