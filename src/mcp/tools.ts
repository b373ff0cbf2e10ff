// What every MCP front end (stdio shim, Streamable HTTP) exposes, and how a tool call becomes an
// answer: one tool list, one result shape, one set of fail-closed refusals. A front end supplies
// only `forward`, the way it reaches the service; whatever goes wrong on that way, the answer is
// never "continue".
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, GetPromptRequestSchema, ListPromptsRequestSchema, ListToolsRequestSchema, McpError, ErrorCode as McpErrorCode, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { ErrorCode, isRecoverable, withRefusalDirective } from "../core/errors.js";
import { HALT_TOOLS } from "../core/halt.js";
import { ENDPOINT_TOOLS, operationSignature, operationsOf, SINGLE_TOOL, spellingNotes, toolInputSchema } from "../core/operations.js";
import type { OperationResult } from "../core/wire.js";
import { DaemonError, parseParams } from "../daemon/protocol.js";

export type EndpointMode = "semantic" | "single";

/** Reaches the service with one tool call. May throw; a DaemonError's VALIDATION_ code is the caller's fault. */
export type Forward = (tool: string, args: unknown) => Promise<OperationResult>;

/** How to report and what to do with each answer: in the tool descriptions and the prompt. */
export const REPORTING_INSTRUCTION = [
  "haltkey is the safety dongle for your actions. Report every action before you take it, and obey the answer.",
  "1. Once, at the start: execute_agent (mcp_aql_execute) with element_name (your name) and goal.",
  "2. BEFORE every action: record_execution_step (mcp_aql_create) with element_name and nextActionHint naming the tool, target and arguments exactly (add tool, arguments, outcome and findings of the previous step when you have them).",
  "3. Read data.autonomy in the answer:",
  "- continue=true: take that one action, then report the next one.",
  "- continue=false: do NOT take it. If a notification carries metadata.confirmationId, call confirm_operation (mcp_aql_execute) with confirmation_id = that id to wait for the human's answer on the device; once approved, report the same action again (it is allowed once). If it carries metadata.verificationId, ask the human for the code shown on the haltkey display and call verify_challenge (mcp_aql_create) with challenge_id = that id and the code; then report the same action again. Otherwise do not act, and tell the human data.autonomy.reason.",
  "- stopped=true (danger_zone): cease all actions now. Only the human lifts it, with the code from the display: verify_challenge with challenge_id = the danger_zone notification's metadata.verificationId.",
  "4. At the end: complete_execution, or abort_execution if you give up.",
  "Never guess or invent a code; the code is only ever on the human's display.",
].join("\n");

/** The halt-conditions tools, with the spec's input shapes as JSON Schema. */
const HALT_TOOL_LIST = Object.entries(HALT_TOOLS).map(([name, t]) => ({
  name,
  description: t.description,
  inputSchema: z.toJSONSchema(t.input, { io: "input" }) as { type: "object"; [k: string]: unknown },
  annotations: { readOnlyHint: name === "guardrail_get_session_halts", destructiveHint: false },
}));

const TOOL_LISTS = new Map<EndpointMode, ReturnType<typeof buildToolList>>();

export function toolList(endpointMode: EndpointMode) {
  let list = TOOL_LISTS.get(endpointMode);
  if (!list) TOOL_LISTS.set(endpointMode, (list = buildToolList(endpointMode)));
  return list;
}

function buildToolList(endpointMode: EndpointMode) {
  return [...aqlTools(endpointMode), ...HALT_TOOL_LIST];
}

/** An MCP-AQL tool: its operations with their parameters, the loop, and the schema a model reads. */
function aqlTool(name: string, summary: string, annotations: { readOnlyHint: boolean; destructiveHint: boolean }) {
  const operations = operationsOf(name);
  const signatures = operations.map(operationSignature).join("; ");
  return {
    name,
    description: `${summary} Operations and their params (* required), passed as {operation, params}: ${signatures}. Call introspect (mcp_aql_read) with {query:"operations", name} for each parameter's meaning.\n${REPORTING_INSTRUCTION}`,
    inputSchema: toolInputSchema(operations) as { type: "object"; [k: string]: unknown },
    annotations,
  };
}

function aqlTools(endpointMode: EndpointMode) {
  if (endpointMode === "single") {
    return [aqlTool(SINGLE_TOOL, "haltkey safety dongle (MCP-AQL single mode).", { readOnlyHint: false, destructiveHint: true })];
  }
  return [
    aqlTool(ENDPOINT_TOOLS.read, "haltkey safety dongle, READ: discover operations and the safety loop's configuration.", { readOnlyHint: true, destructiveHint: false }),
    aqlTool(ENDPOINT_TOOLS.create, "haltkey safety dongle, CREATE: report the next action; submit the human's code.", { readOnlyHint: false, destructiveHint: false }),
    aqlTool(ENDPOINT_TOOLS.execute, "haltkey safety dongle, EXECUTE: start and end the loop; wait for the human's approval of a paused action.", { readOnlyHint: false, destructiveHint: true }),
  ];
}

/** The prompt an MCP client may put in front of its model: how to report, and what each answer means. */
export const REPORTING_PROMPT = {
  name: "haltkey_safety_loop",
  description: "How to report every action to haltkey before taking it, and what to do with each answer (continue, pause, stop)",
} as const;

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

/** A call that used another spelling of an id (OTHER_SPELLINGS) is told the parameter's name. */
function withSpellingNotes(result: OperationResult, args: unknown): OperationResult {
  if (!result.success) return result;
  const notes = spellingNotes(args);
  return notes.length === 0 ? result : { ...result, warnings: [...(result.warnings ?? []), ...notes] };
}

/** One tool call through `forward`, answered as MCP; every failure is a fail-closed answer. */
export async function callTool(tool: string, rawArgs: unknown, forward: Forward): Promise<CallToolResult> {
  const args: unknown = rawArgs ?? {};
  const operation = (args as { operation?: unknown }).operation;
  try {
    return toCallToolResult(withSpellingNotes(await forward(tool, args), args), tool);
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

/** What an MCP server built for these tools must declare. */
export const SERVER_CAPABILITIES = { tools: {}, prompts: {} } as const;

/** Installs the tool list, the tool-call handler and the reporting prompt on an MCP server (SERVER_CAPABILITIES). */
export function registerTools(server: Server, opts: { readonly endpointMode: () => Promise<EndpointMode>; readonly forward: Forward }): void {
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolList(await opts.endpointMode()) }));
  server.setRequestHandler(CallToolRequestSchema, (req) => callTool(req.params.name, req.params.arguments, opts.forward));
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: [REPORTING_PROMPT] }));
  server.setRequestHandler(GetPromptRequestSchema, async (req) => {
    if (req.params.name !== REPORTING_PROMPT.name) throw new McpError(McpErrorCode.InvalidParams, `unknown prompt ${req.params.name.slice(0, 64)}; the one prompt is ${REPORTING_PROMPT.name}`);
    return { description: REPORTING_PROMPT.description, messages: [{ role: "user", content: { type: "text", text: REPORTING_INSTRUCTION } }] };
  });
}
