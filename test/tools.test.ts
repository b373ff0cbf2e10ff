// Tools a model can learn from tools/list alone: every operation's parameters in its tool's input
// schema and description, the reporting instruction in the descriptions and as an MCP prompt, and
// an id sent under the name the results give it accepted with a note instead of refused.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { describe, expect, it } from "vitest";
import { ErrorCode, ok } from "../src/core/errors.js";
import { ENDPOINT_TOOLS, isOperationResult, OPERATION_NAMES, OPERATIONS, operationsOf, parseToolCall, SINGLE_TOOL } from "../src/core/operations.js";
import type { OperationResult } from "../src/core/wire.js";
import { callTool, registerTools, REPORTING_INSTRUCTION, REPORTING_PROMPT, SERVER_CAPABILITIES, toolList } from "../src/mcp/tools.js";

const UUID = "00000000-0000-4000-8000-000000000001";
const OTHER = "00000000-0000-4000-8000-000000000002";

interface Branch {
  title: string;
  properties: Record<string, { description?: string }>;
  required?: string[];
}
const branches = (tool: { inputSchema: unknown }): Branch[] => (tool.inputSchema as { properties: { params: { anyOf: Branch[] } } }).properties.params.anyOf;

describe("tools/list", () => {
  for (const mode of ["semantic", "single"] as const) {
    it(`${mode}: every operation is on one tool, with every parameter, its meaning and what is required`, () => {
      const aql = toolList(mode).filter((t) => t.name.startsWith("mcp_aql"));
      const served = aql.flatMap((t) => branches(t).map((b) => b.title));
      expect(served.sort()).toEqual([...OPERATION_NAMES].sort());
      for (const t of aql) {
        expect((t.inputSchema as { required: string[] }).required).toEqual(["operation"]);
        expect((t.inputSchema as { properties: { operation: { enum: string[] } } }).properties.operation.enum).toEqual(branches(t).map((b) => b.title));
        for (const b of branches(t)) {
          const spec = OPERATIONS[b.title as keyof typeof OPERATIONS];
          expect(Object.keys(b.properties).sort()).toEqual(Object.keys(spec.schema.shape).sort());
          for (const [name, p] of Object.entries(b.properties)) expect(p.description, `${b.title}.${name}`).toBe(spec.params[name as keyof typeof spec.params]);
          const required = Object.entries(spec.schema.shape)
            .filter(([, s]) => !(s as { safeParse(v: unknown): { success: boolean } }).safeParse(undefined).success)
            .map(([k]) => k);
          expect((b.required ?? []).sort()).toEqual(required.sort());
          // The description names each parameter too, for clients that show only descriptions.
          for (const name of Object.keys(b.properties)) expect(t.description).toContain(name);
        }
      }
    });
  }

  it("semantic mode puts each operation on its endpoint's tool", () => {
    expect(operationsOf(ENDPOINT_TOOLS.create).sort()).toEqual(["record_execution_step", "report_findings", "verify_challenge"]);
    expect(operationsOf(ENDPOINT_TOOLS.read)).toEqual(["introspect"]);
    expect(operationsOf(SINGLE_TOOL)).toEqual(OPERATION_NAMES);
  });

  it("each tool says how to report and what to do with each directive", () => {
    for (const t of toolList("semantic").filter((x) => x.name.startsWith("mcp_aql"))) {
      expect(t.description).toContain(REPORTING_INSTRUCTION);
    }
    for (const phrase of ["BEFORE every action", "continue=true", "continue=false", "stopped=true", "confirm_operation", "confirmation_id = that id", "verify_challenge", "challenge_id = that id"]) {
      expect(REPORTING_INSTRUCTION).toContain(phrase);
    }
  });
});

describe("another spelling of an id", () => {
  const echo = async (tool: string, args: unknown): Promise<OperationResult> => {
    const p = parseToolCall(tool, args, "semantic");
    return isOperationResult(p) ? p : ok(p.params);
  };
  const body = (r: { content: unknown }) => JSON.parse((r.content as Array<{ text: string }>)[0]!.text);

  it("is accepted under the parameter's name, with a warning naming the parameter", async () => {
    const r = body(await callTool("mcp_aql_create", { operation: "verify_challenge", params: { verificationId: UUID, code: "AB12" } }, echo));
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ challenge_id: UUID, code: "AB12" });
    expect(r.data.verificationId).toBeUndefined();
    expect(r.warnings).toEqual(["Deprecated spelling: 'verificationId' was accepted as verify_challenge's parameter 'challenge_id'; send it as 'challenge_id'."]);
    const c = body(await callTool("mcp_aql_execute", { operation: "confirm_operation", confirmationId: UUID }, echo));
    expect(c.data).toMatchObject({ confirmation_id: UUID });
    expect(c.warnings[0]).toMatch(/'confirmationId'.*'confirmation_id'/);
  });

  it("is refused when it names a different id than the parameter", () => {
    const r = parseToolCall("mcp_aql_create", { operation: "verify_challenge", params: { challenge_id: UUID, verificationId: OTHER, code: "AB12" } }, "semantic");
    expect(r).toMatchObject({ success: false, error: { code: ErrorCode.invalidValue } });
  });

  it("is an unknown parameter on an operation it does not belong to", () => {
    const r = parseToolCall("mcp_aql_create", { operation: "record_execution_step", params: { element_name: "a", nextActionHint: "x", verificationId: UUID } }, "semantic");
    expect(r).toMatchObject({ success: false, error: { code: ErrorCode.unknownParam } });
  });

  it("leaves a call with the parameter's own names without warnings", async () => {
    const r = body(await callTool("mcp_aql_create", { operation: "verify_challenge", params: { challenge_id: UUID, code: "AB12" } }, echo));
    expect(r.warnings).toBeUndefined();
  });
});

describe("the reporting prompt", () => {
  it("is listed and served over MCP, and an unknown prompt is refused", async () => {
    const server = new Server({ name: "haltkey", version: "test" }, { capabilities: SERVER_CAPABILITIES });
    registerTools(server, { endpointMode: async () => "semantic", forward: async () => ok({}) });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: "t", version: "1" });
    await client.connect(b);
    expect((await client.listPrompts()).prompts).toEqual([REPORTING_PROMPT]);
    const p = await client.getPrompt({ name: REPORTING_PROMPT.name });
    expect(p.messages).toEqual([{ role: "user", content: { type: "text", text: REPORTING_INSTRUCTION } }]);
    await expect(client.getPrompt({ name: "nope" })).rejects.toThrow(/unknown prompt/);
    // The SDK client accepts the tool list as MCP tools (it checks their shape).
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("mcp_aql_create");
    await client.close();
  });
});
