// The agent API asked in the daemon's own process: the hello and aql handlers' work (handlers.ts)
// without a socket, framing or a protocol round trip, for the front ends the daemon serves itself
// (the Claude Code HTTP hook, adapters/http-hook.ts; the MCP socket, mcp/socket-session.ts). The
// parameters are checked by the socket's own schemas (protocol.ts), as the socket's handlers get them.
import { randomUUID } from "node:crypto";
import { ErrorCode } from "../core/errors.js";
import { DaemonError } from "./daemon-error.js";
import { parseParams } from "./protocol.js";
import type { DaemonCore } from "./server.js";

/** What a front end asks the daemon through: a socket connection's calls, in process. */
export interface ServiceLink {
  readonly isClosed: boolean;
  call(method: "hello" | "aql", params: Record<string, unknown>, timeoutMs?: number): Promise<unknown>;
  close(): void;
}

type Service = DaemonCore["service"];
type Caller = Parameters<Service["call"]>[0];

/**
 * The service asked as the agent socket's hello and aql handlers ask it (daemon/handlers.ts), in
 * the daemon's process: no socket, no framing, no protocol round trip; the parameters are checked
 * by the same schemas the socket checks them with. A request that takes longer than its
 * timeout fails as the socket's would (INTERNAL_DAEMON_TIMEOUT), so the front end refuses rather than
 * leaving its client to time out (a Claude Code hook that times out lets the call run).
 */
export function serviceLink(service: Service, endpointMode: "semantic" | "single"): ServiceLink {
  // Until hello, the link acts in a session of its own that nothing else can name, as a socket connection does.
  let caller: Caller = { sessionId: randomUUID() };
  let closed = false;
  // The parameters are checked by the socket's own schemas (protocol.ts), as the socket's handlers get them.
  const ask = async (method: "hello" | "aql", params: Record<string, unknown>): Promise<unknown> => {
    if (method === "aql") {
      const p = parseParams("aql", params);
      if (!p.ok) throw p.error;
      return service.call(caller, p.value.tool, p.value.arguments);
    }
    const p = parseParams("hello", params);
    if (!p.ok) throw p.error;
    const h = await service.hello(p.value);
    if (!h.ok) throw new DaemonError(ErrorCode.permissionDenied, h.reason);
    caller = h.caller;
    return { sessionId: h.caller.sessionId, ...(h.credential !== undefined ? { credential: h.credential } : {}), simulated: service.channelInfo.simulated, endpointMode };
  };
  return {
    get isClosed() {
      return closed;
    },
    async call(method, params, timeoutMs) {
      if (closed) throw new DaemonError(ErrorCode.daemonUnavailable, "the hook's link to the daemon is closed");
      if (timeoutMs === undefined) return ask(method, params);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DaemonError(ErrorCode.daemonTimeout, `the daemon did not answer ${method} within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        return await Promise.race([ask(method, params), late]);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      closed = true;
    },
  };
}
