// The shim's MCP server core (src/mcp/shim-server.ts) with dependencies that fail: whatever fails,
// the request gets an answer and nothing throws out of it. The answers to valid requests are held
// equal to the MCP SDK server's in test/shim-stdio.integration.test.ts.
import { describe, expect, it } from "vitest";
import { ShimCalls } from "../src/mcp/shim-call.js";
import { buildManifest } from "../src/mcp/shim-manifest-build.js";
import { ShimServer, type ShimServerDeps } from "../src/mcp/shim-server.js";

const manifest = await buildManifest();

function server(over: Partial<ShimServerDeps>): { server: ShimServer; out: string[]; next: () => Promise<unknown> } {
  const out: string[] = [];
  let wake: (() => void) | undefined;
  const s = new ShimServer({
    manifest,
    calls: new ShimCalls(manifest),
    serverInfo: { name: "haltkey", version: "0" },
    endpointMode: async () => "semantic",
    ask: async () => ({ success: true, data: {} }),
    write: (l) => {
      out.push(l);
      wake?.();
    },
    ...over,
  });
  const next = async (): Promise<unknown> => {
    const n = out.length;
    while (out.length === n) await new Promise<void>((r) => (wake = r));
    return JSON.parse(out[out.length - 1]!) as unknown;
  };
  return { server: s, out, next };
}

const rpc = (id: number, method: string, params?: unknown): string => JSON.stringify({ jsonrpc: "2.0", id, method, ...(params !== undefined ? { params } : {}) });

describe("the shim's server when what it depends on fails", () => {
  it("the endpoint mode cannot be had: tools/list is an internal error, to its id", async () => {
    const { server: s, next } = server({ endpointMode: () => Promise.reject(new Error("no mode")) });
    s.onLine(rpc(1, "tools/list"));
    expect(await next()).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "Internal error: no mode" } });
  });

  it("asking the daemon throws before it returns a promise: the step is refused, not allowed", async () => {
    const { server: s, next } = server({
      ask: () => {
        throw new Error("socket gone");
      },
    });
    s.onLine(rpc(2, "tools/call", { name: "mcp_aql_create", arguments: { operation: "record_execution_step", params: {} } }));
    const r = (await next()) as { id: number; result: { content: Array<{ text: string }>; isError: boolean } };
    expect(r.id).toBe(2);
    expect(r.result.isError).toBe(true);
    const body = JSON.parse(r.result.content[0]!.text) as { success: boolean; error: { code: string; message: string; details: { autonomy: { continue: boolean } } } };
    expect(body.success).toBe(false);
    expect(body.error.code).toBe("INTERNAL_DAEMON_UNAVAILABLE");
    expect(body.error.message).toContain("socket gone");
    expect(body.error.details.autonomy.continue).toBe(false);
  });

  it("the daemon answers a step with a directive that says continue, but off the protocol: refused", async () => {
    const { server: s, next } = server({ ask: async () => ({ success: true, data: { autonomy: { continue: true } }, injected: 1 }) });
    s.onLine(rpc(3, "tools/call", { name: "mcp_aql_create", arguments: { operation: "record_execution_step", params: {} } }));
    const r = (await next()) as { result: { content: Array<{ text: string }> } };
    expect(r.result.content[0]!.text).not.toContain('"continue":true');
    expect(r.result.content[0]!.text).toContain("injected: not in the protocol");
  });

  it("cancelling a request that is not pending, or with an id of the wrong type, changes nothing", async () => {
    const { server: s, out, next } = server({});
    s.onLine(JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 99 } }));
    s.onLine(JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: { a: 1 } } }));
    s.onLine(JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: 5 }));
    expect(out).toEqual([]);
    s.onLine(rpc(4, "tools/call", { name: "mcp_aql_read", arguments: { operation: "introspect" } }));
    expect(((await next()) as { id: number }).id).toBe(4);
  });

  it("a writer that throws does not throw out of the server", () => {
    const { server: s } = server({
      write: () => {
        throw new Error("EPIPE");
      },
    });
    expect(() => s.onLine("garbage")).not.toThrow();
  });
});
