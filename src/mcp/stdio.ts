// `haltkey mcp`: the stdio MCP server every client config points at. It holds no state and decides
// nothing; it forwards each tool call to the daemon (starting one if none runs) and returns the
// daemon's OperationResult as JSON text. If the daemon cannot be reached, the answer is a refusal.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, openSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ErrorCode, isRecoverable, withRefusalDirective } from "../core/errors.js";
import { HALT_TOOLS } from "../core/halt.js";
import { ENDPOINT_TOOLS, SINGLE_TOOL } from "../core/operations.js";
import { z } from "zod";
import { TOOL_INPUT_JSON_SCHEMA, type OperationResult } from "../core/wire.js";
import { DaemonClient, DaemonError } from "../daemon/client.js";
import type { HaltkeyPaths } from "../daemon/paths.js";
import { VERSION } from "../daemon/server.js";

export interface ShimOptions {
  readonly paths: HaltkeyPaths;
  readonly autostart: boolean;
  /** Passed to a daemon this shim starts; never implied. */
  readonly simulate: boolean;
  readonly policyPath?: string;
  readonly endpointMode: "semantic" | "single";
}

const LOOP =
  "The execution safety loop: execute_agent once (mcp_aql_execute), then BEFORE every action record_execution_step (mcp_aql_create) with a specific nextActionHint, and act only if data.autonomy.continue is true. If continue is false, do not act: a human must approve on the haltkey device (confirm_operation waits for it) or give you the code from the display (verify_challenge). If stopped is true, cease all actions. End with complete_execution or abort_execution.";

/** The halt-conditions tools, with the spec's input shapes as JSON Schema. */
const HALT_TOOL_LIST = Object.entries(HALT_TOOLS).map(([name, t]) => ({
  name,
  description: t.description,
  inputSchema: z.toJSONSchema(t.input, { io: "input" }) as { type: "object"; [k: string]: unknown },
  annotations: { readOnlyHint: name === "guardrail_get_session_halts", destructiveHint: false },
}));

function toolList(endpointMode: "semantic" | "single") {
  return [...aqlTools(endpointMode), ...HALT_TOOL_LIST];
}

function aqlTools(endpointMode: "semantic" | "single") {
  if (endpointMode === "single") {
    return [
      {
        name: SINGLE_TOOL,
        description: `haltkey safety dongle (MCP-AQL single mode). Call {operation:"introspect"} to list operations. ${LOOP}`,
        inputSchema: TOOL_INPUT_JSON_SCHEMA,
        annotations: { readOnlyHint: false, destructiveHint: true },
      },
    ];
  }
  return [
    {
      name: ENDPOINT_TOOLS.read,
      description: `haltkey safety dongle, READ: introspect. Call {operation:"introspect", params:{query:"operations"}} to discover operations and the safety loop's configuration.`,
      inputSchema: TOOL_INPUT_JSON_SCHEMA,
      annotations: { readOnlyHint: true, destructiveHint: false },
    },
    {
      name: ENDPOINT_TOOLS.create,
      description: `haltkey safety dongle, CREATE: record_execution_step, verify_challenge. ${LOOP} Use introspect (mcp_aql_read) for parameters.`,
      inputSchema: TOOL_INPUT_JSON_SCHEMA,
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    {
      name: ENDPOINT_TOOLS.execute,
      description: `haltkey safety dongle, EXECUTE: execute_agent, complete_execution, abort_execution, confirm_operation. ${LOOP} Use introspect (mcp_aql_read) for parameters.`,
      inputSchema: TOOL_INPUT_JSON_SCHEMA,
      annotations: { readOnlyHint: false, destructiveHint: true },
    },
  ];
}

export function toCallToolResult(result: OperationResult, tool = ""): CallToolResult {
  // The halt tools answer with the spec's output objects; MCP-AQL tools with {success, data|error}.
  const halt = Object.hasOwn(HALT_TOOLS, tool);
  const body = halt ? (result.success ? result.data : { error: result.error }) : result;
  return {
    content: [{ type: "text", text: JSON.stringify(body) }],
    isError: halt ? !result.success : !result.success && !isRecoverable(result.error.code),
  };
}

/** The refusal when the daemon cannot be reached; record_execution_step still gets a directive. */
export function unavailableResult(operation: unknown, why: string): OperationResult {
  const message = `haltkey daemon unavailable (${why}). Failing closed: do not act. Start it with 'haltkey serve' (or check ${"`haltkey status`"}).`;
  const details: Record<string, unknown> = {};
  if (operation === "record_execution_step") details.autonomy = { continue: false, stopped: false, factors: [message], reason: message };
  return { success: false, error: { code: ErrorCode.daemonUnavailable, message, details } };
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
    const hello = await client.request<{ endpointMode?: "semantic" | "single" }>("hello", { sessionId: this.sessionId, client: "haltkey-mcp-stdio" }, 10_000);
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
  const server = new Server({ name: "haltkey", version: VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    await link.get().catch(() => undefined);
    return { tools: toolList(link.endpointMode) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const args: unknown = req.params.arguments ?? {};
    const operation = (args as { operation?: unknown }).operation;
    try {
      const client = await link.get();
      // confirm_operation may wait up to 120 s for the human; nothing else should take long.
      const result = await client.request<OperationResult>("aql", { tool: req.params.name, arguments: args }, 180_000);
      return toCallToolResult(result, req.params.name);
    } catch (e) {
      if (e instanceof DaemonError && e.code.startsWith("VALIDATION_")) {
        return toCallToolResult(withRefusalDirective({ success: false, error: { code: e.code, message: e.message } }, operation));
      }
      if (req.params.name === "guardrail_check_halt_conditions") {
        // Fail safe (halt-conditions spec): no check, no go.
        const why = `haltkey daemon unavailable (${(e as Error).message})`;
        return toCallToolResult(
          {
            success: true,
            data: {
              should_halt: true,
              halt_reasons: [{ halt_type: "execution", condition_name: "check_failed", severity: "critical", description: `Halt check failed: ${why}`, auto_recorded: false }],
              highest_severity: "critical",
              recommended_action: "HALT: the halt check could not be completed; do not proceed until it succeeds.",
            },
          },
          req.params.name,
        );
      }
      return toCallToolResult(unavailableResult(operation, (e as Error).message), req.params.name);
    }
  });
  const transport = new StdioServerTransport();
  transport.onclose = () => link.close();
  await server.connect(transport);
}
