// What every MCP front end (stdio shim, Streamable HTTP) exposes, and how a tool call becomes an
// answer: one tool list, one result shape, one set of fail-closed refusals. A front end supplies
// only `forward`, the way it reaches the service; whatever goes wrong on that way, the answer is
// never "continue".
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { ErrorCode, isRecoverable, withRefusalDirective } from "../core/errors.js";
import { HALT_TOOLS } from "../core/halt.js";
import { ENDPOINT_TOOLS, SINGLE_TOOL } from "../core/operations.js";
import { TOOL_INPUT_JSON_SCHEMA, type OperationResult } from "../core/wire.js";
import { DaemonError, parseParams } from "../daemon/protocol.js";

export type EndpointMode = "semantic" | "single";

/** Reaches the service with one tool call. May throw; a DaemonError's VALIDATION_ code is the caller's fault. */
export type Forward = (tool: string, args: unknown) => Promise<OperationResult>;

const LOOP =
  "The execution safety loop: execute_agent once (mcp_aql_execute), then BEFORE every action record_execution_step (mcp_aql_create) with a specific nextActionHint, and act only if data.autonomy.continue is true. If continue is false, do not act: a human must approve on the haltkey device (confirm_operation waits for it) or give you the code from the display (verify_challenge). If stopped is true, cease all actions. End with complete_execution or abort_execution.";

/** The halt-conditions tools, with the spec's input shapes as JSON Schema. */
const HALT_TOOL_LIST = Object.entries(HALT_TOOLS).map(([name, t]) => ({
  name,
  description: t.description,
  inputSchema: z.toJSONSchema(t.input, { io: "input" }) as { type: "object"; [k: string]: unknown },
  annotations: { readOnlyHint: name === "guardrail_get_session_halts", destructiveHint: false },
}));

export function toolList(endpointMode: EndpointMode) {
  return [...aqlTools(endpointMode), ...HALT_TOOL_LIST];
}

function aqlTools(endpointMode: EndpointMode) {
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

/** Rejects what the daemon's `aql` method would reject (protocol.ts), with the error it would give. */
export function checkAqlCall(tool: string, args: unknown): void {
  const r = parseParams("aql", { tool, arguments: args });
  if (!r.ok) throw r.error;
}

/** One tool call through `forward`, answered as MCP; every failure is a fail-closed answer. */
export async function callTool(tool: string, rawArgs: unknown, forward: Forward): Promise<CallToolResult> {
  const args: unknown = rawArgs ?? {};
  const operation = (args as { operation?: unknown }).operation;
  try {
    return toCallToolResult(await forward(tool, args), tool);
  } catch (e) {
    if (e instanceof DaemonError && e.code.startsWith("VALIDATION_")) {
      return toCallToolResult(withRefusalDirective({ success: false, error: { code: e.code, message: e.message } }, operation));
    }
    if (tool === "guardrail_check_halt_conditions") {
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
        tool,
      );
    }
    return toCallToolResult(unavailableResult(operation, (e as Error).message), tool);
  }
}

/** Installs the tool list and the tool-call handler on an MCP server. */
export function registerTools(server: Server, opts: { readonly endpointMode: () => Promise<EndpointMode>; readonly forward: Forward }): void {
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolList(await opts.endpointMode()) }));
  server.setRequestHandler(CallToolRequestSchema, (req) => callTool(req.params.name, req.params.arguments, opts.forward));
}
