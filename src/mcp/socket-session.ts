// The daemon's MCP socket (paths.mcpSocket): each connection is one MCP session, spoken exactly as
// `haltkey mcp` speaks it on stdio (shim-rpc.ts reads the lines, shim-server.ts answers them,
// shim-call.ts turns each tool call's answer or failure into the tool result), with one difference:
// a tool call is answered in this process (daemon/service-link.ts, the agent socket's checks)
// instead of over the agent socket. The native relay (native/relay.c) connects an MCP client's
// stdio here, so the client's messages cross one process hop instead of two.
//
// The socket serves what the agent socket serves (hello and aql, nothing of the operator's) and has
// its mode. Each connection says hello once, at connect, for a fresh session of its own that no
// other connection can name, and the first line the daemon sends is that session (its id and
// credential): the relay keeps it and, when the daemon goes away, hands it to
// `haltkey mcp --session-fd`, which resumes the session on the daemon that comes back, as the Node
// shim resumes its own. Nothing the client sends is read before that line is written.
//
// After it, the daemon's lines are MCP, and two kinds of line for the relay alone, which it takes
// out of the stream (a JSON-RPC message starts with "{", these with "#"):
//   #+<id>   a request with this JSON-RPC id (as JSON) waits on the daemon;
//   #-<id>   it is answered (sent just after its answer, so an answer cut off by the daemon's end
//            is still followed by the relay's error) or withdrawn.
// If the daemon goes away while a request waits, the relay answers it with a JSON-RPC error, so
// the client is told at once and does not act, as `haltkey mcp` refuses a call its daemon dropped.
import { createServer, type Server, type Socket } from "node:net";
import { unlink } from "node:fs/promises";
import { ErrorCode } from "../core/errors.js";
import type { SessionHandle } from "../daemon/connection.js";
import { DaemonError } from "../daemon/daemon-error.js";
import { listenOn, MAX_CONNECTIONS, MAX_IN_FLIGHT, type DaemonCore, type FrontEnd } from "../daemon/server.js";
import { serviceLink } from "../daemon/service-link.js";
import { VERSION } from "../daemon/version.js";
import { ShimCalls } from "./shim-call.js";
import { loadManifest, type ShimManifest } from "./shim-manifest.js";
import { readLines } from "./shim-rpc.js";
import { ShimServer } from "./shim-server.js";

/** How a relayed session names itself in hello (the Node shim says "haltkey-mcp-stdio"). */
export const RELAY_CLIENT = "haltkey-mcp-relay";
/** As the Node shim waits on the daemon: confirm_operation may wait up to 120 s for the human. */
const CALL_TIMEOUT_MS = 180_000;

/** Serves one MCP session on a connection until it closes: the session line first, then MCP. */
export async function serveMcpSession(socket: Socket, core: Pick<DaemonCore, "service" | "endpointMode" | "log">, manifest: ShimManifest): Promise<void> {
  const link = serviceLink(core.service, core.endpointMode);
  socket.once("close", () => link.close());
  let session: SessionHandle;
  try {
    const h = (await link.call("hello", { client: RELAY_CLIENT }, CALL_TIMEOUT_MS)) as { sessionId: string; credential?: string };
    if (h.credential === undefined) throw new Error("hello issued no credential");
    session = { sessionId: h.sessionId, credential: h.credential };
  } catch (e) {
    // No session, no MCP: the relay hands the client to `haltkey mcp`, which says hello itself and says why it fails.
    core.log.error({ err: (e as Error).message }, "MCP socket: no session for a connection");
    socket.destroy();
    return;
  }
  if (socket.destroyed) return;
  socket.write(`${JSON.stringify(session)}\n`);
  let inFlight = 0;
  const server = new ShimServer({
    manifest,
    calls: new ShimCalls(manifest),
    serverInfo: { name: "haltkey", version: VERSION },
    endpointMode: () => Promise.resolve(core.endpointMode),
    ask: async (tool, args) => {
      // As on the agent socket: beyond this many, a call is refused, not queued.
      if (inFlight >= MAX_IN_FLIGHT) throw new DaemonError(ErrorCode.rateLimited, `more than ${MAX_IN_FLIGHT} requests in flight on one connection`);
      inFlight++;
      try {
        return await link.call("aql", { tool, arguments: args as Record<string, unknown> }, CALL_TIMEOUT_MS);
      } finally {
        inFlight--;
      }
    },
    // A write after the relay has gone is nothing to answer. (Corked to the end of the tick: an
    // answer and its #-id line, written one after the other, leave in one write.)
    write: (line) => {
      if (socket.destroyed) return;
      socket.cork();
      socket.write(line);
      process.nextTick(() => socket.uncork());
    },
    watch: {
      waiting: (id) => {
        if (!socket.destroyed) socket.write(`#+${JSON.stringify(id)}\n`);
      },
      done: (id) => {
        if (!socket.destroyed) socket.write(`#-${JSON.stringify(id)}\n`);
      },
    },
  });
  readLines(
    socket,
    (line) => server.onLine(line),
    (code, message) => server.onBad(code, message),
  );
}

/** The MCP socket as a front end the daemon starts (cli/serve-command.ts). */
export async function startMcpSocket(core: DaemonCore): Promise<FrontEnd> {
  // Read now, so a build without the manifest fails the daemon's start rather than every session.
  const manifest = loadManifest();
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    void serveMcpSession(socket, core, manifest);
  });
  server.maxConnections = MAX_CONNECTIONS;
  server.on("error", (e) => core.log.error({ err: e.message }, "MCP socket server error"));
  await listenOn(server, core.paths.mcpSocket, core.agentSocketMode);
  return {
    async close(): Promise<void> {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      await unlink(core.paths.mcpSocket).catch(() => undefined);
    },
  };
}
