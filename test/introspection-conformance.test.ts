// introspect against the constraints of the MCP-AQL introspection-response schema (restated here
// in zod; the schema itself is AGPL and not vendored): strict objects, upper-case endpoint
// categories, ParameterInfo's fixed keys, no _meta anywhere.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { compilePolicy, defaultPolicy } from "../src/core/policy.js";
import { silentLogger } from "../src/daemon/log.js";
import { SafetyService } from "../src/engine/engine.js";
import { Store } from "../src/store/store.js";
import { TEST_RULES } from "./helpers/packs.js";

const Category = z.enum(["CREATE", "READ", "UPDATE", "DELETE", "EXECUTE"]);
const ParameterInfo = z.strictObject({
  name: z.string(),
  type: z.string(),
  required: z.boolean(),
  description: z.string().optional(),
  default: z.unknown().optional(),
  enum: z.array(z.unknown()).optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  minLength: z.number().int().min(0).optional(),
  maxLength: z.number().int().min(0).optional(),
  pattern: z.string().optional(),
  format: z.string().optional(),
  items: z.record(z.string(), z.unknown()).optional(),
  sensitive: z.boolean().optional(),
});
const TypeInfo = z.strictObject({ name: z.string(), kind: z.enum(["enum", "object", "scalar", "union"]), description: z.string().optional() });
const ProtocolMetadata = z.looseObject({
  version: z.string().regex(/^\d+\.\d+\.\d+(-[a-zA-Z0-9.-]+)?$/),
  conformance: z.enum(["level-1", "level-2"]).optional(),
  mode: z.enum(["crude", "single", "all"]).optional(),
  capabilities: z.looseObject({ confirmation: z.boolean().optional(), dangerous_operations: z.boolean().optional() }).optional(),
});
const OperationsList = z.strictObject({
  _protocol: ProtocolMetadata.optional(),
  operations: z.array(z.strictObject({ name: z.string(), endpoint: Category, description: z.string() })),
});
const OperationDetail = z.strictObject({
  operation: z
    .strictObject({
      name: z.string(),
      endpoint: Category,
      mcpTool: z.string(),
      description: z.string(),
      permissions: z.strictObject({ readOnly: z.boolean(), destructive: z.boolean() }),
      parameters: z.array(ParameterInfo),
      returns: TypeInfo,
      examples: z.array(z.string()).optional(),
    })
    .nullable(),
});
const TypesList = z.strictObject({ types: z.array(TypeInfo) });
const TypeDetail = z.strictObject({
  type: z
    .union([
      z.strictObject({ name: z.string(), kind: z.literal("enum"), description: z.string().optional(), values: z.array(z.string()) }),
      z.strictObject({ name: z.string(), kind: z.literal("object"), description: z.string().optional(), fields: z.array(ParameterInfo) }),
    ])
    .nullable(),
});
const Success = <T extends z.ZodType>(data: T) => z.strictObject({ success: z.literal(true), data });

let service: SafetyService;
let store: Store;
const dir = mkdtempSync(join(tmpdir(), "hkc-"));
beforeAll(async () => {
  store = await Store.open(join(dir, "db"));
  service = await SafetyService.start({
    store,
    policy: compilePolicy(defaultPolicy()),
    rules: TEST_RULES,
    channel: { info: { simulated: true, display: "attached", securityKey: "attached" }, show: async () => {}, clear: async () => {}, onDecision: () => {} },
    now: Date.now,
    randomBytes,
    uuid: randomUUID,
    log: silentLogger(),
    endpointMode: "semantic",
  });
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const introspect = (params: Record<string, unknown>) => service.call({ sessionId: randomUUID() }, "mcp_aql_read", { operation: "introspect", params });

describe("introspect conforms to the MCP-AQL introspection-response schema", () => {
  it("operations list", async () => {
    const r = await introspect({ query: "operations" });
    Success(OperationsList).parse(r);
    expect(JSON.stringify(r)).not.toContain("_meta");
  });

  it("every operation's details, and null for an unknown one", async () => {
    for (const name of ["introspect", "execute_agent", "record_execution_step", "complete_execution", "abort_execution", "confirm_operation", "verify_challenge"]) {
      const r = await introspect({ query: "operations", name });
      const parsed = Success(OperationDetail).parse(r);
      expect(parsed.data.operation?.name).toBe(name);
    }
    expect(Success(OperationDetail).parse(await introspect({ name: "nope" })).data.operation).toBeNull();
  });

  it("types list and each type's details", async () => {
    const list = Success(TypesList).parse(await introspect({ query: "types" }));
    for (const t of list.data.types) {
      const d = Success(TypeDetail).parse(await introspect({ query: "types", name: t.name }));
      expect(d.data.type?.kind).toBe(t.kind);
    }
    const tier = Success(TypeDetail).parse(await introspect({ query: "types", name: "SafetyTier" }));
    expect(tier.data.type).toMatchObject({ kind: "enum", values: ["advisory", "confirm", "verify", "danger_zone"] });
    expect(Success(TypeDetail).parse(await introspect({ query: "types", name: "Nope" })).data.type).toBeNull();
  });
});
