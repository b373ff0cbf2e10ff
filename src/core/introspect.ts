// introspect (spec §7): the operations list, one operation's details, or the wire types.
// The response carries no _meta: the introspection-response schema forbids extra top-level keys.
import { z } from "zod";
import { ENDPOINT_TOOLS, OPERATIONS, OPERATION_NAMES, REQUEST_LIMITS, SINGLE_TOOL, type OperationName } from "./operations.js";
import type { PolicyFile } from "./policy.js";
import { TOLERANCE_THRESHOLDS } from "./policy.js";
import { AgentNotification, AutonomyDirective, SafetyTier, type IntrospectParams, type Mode } from "./wire.js";

export const PROTOCOL_VERSION = "1.0.0-draft";

export interface ApprovalChannelInfo {
  /** True when the display and key are simulators (--simulate): no security, tests and demos only. */
  readonly simulated: boolean;
  readonly display: "attached" | "none";
  readonly securityKey: "attached" | "none";
}

export interface IntrospectContext {
  readonly mode: Mode;
  readonly endpointMode: "semantic" | "single";
  readonly policy: PolicyFile;
  readonly channel: ApprovalChannelInfo;
}

/** The wire types introspection describes (spec §7 "types" queries). */
const TYPES = {
  SafetyTier: { schema: SafetyTier, description: "Risk tier of an evaluated action" },
  AutonomyDirective: { schema: AutonomyDirective, description: "The answer to record_execution_step: go, pause or hard stop, with reasons" },
  AgentNotification: { schema: AgentNotification, description: "An event riding on a directive (pauses, blocks, broadcasts)" },
} as const;
type TypeName = keyof typeof TYPES;

/** Endpoint categories are upper case in introspection ("CREATE"), tool names lower case. */
const category = (name: OperationName): string => OPERATIONS[name].endpoint.toUpperCase();

function endpointTool(name: OperationName, ctx: IntrospectContext): string {
  if (ctx.endpointMode === "single") return SINGLE_TOOL;
  return ENDPOINT_TOOLS[OPERATIONS[name].endpoint as keyof typeof ENDPOINT_TOOLS];
}

/** ParameterInfo entries (name, type, required, description and the JSON-Schema constraints) of an object schema. */
function parameterInfos(schema: z.ZodType, descriptions: Readonly<Record<string, string>> = {}): Array<Record<string, unknown>> {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([param, s]) => {
    const info: Record<string, unknown> = {
      name: param,
      type: typeof s.type === "string" ? s.type : s.enum ? "string" : s.anyOf ? "union" : "object",
      required: (json.required ?? []).includes(param) && s.default === undefined,
      description: descriptions[param] ?? (typeof s.description === "string" ? s.description : ""),
    };
    for (const key of ["default", "enum", "minimum", "maximum", "minLength", "maxLength", "pattern", "format"]) {
      if (s[key] !== undefined) info[key] = s[key];
    }
    return info;
  });
}

function operationDetails(name: OperationName, ctx: IntrospectContext): Record<string, unknown> {
  const spec = OPERATIONS[name];
  return {
    name,
    endpoint: category(name),
    mcpTool: endpointTool(name, ctx),
    description: spec.description,
    permissions: { readOnly: spec.endpoint === "read", destructive: spec.endpoint === "execute" },
    parameters: parameterInfos(spec.schema, spec.params),
    returns: { name: "OperationResult", kind: "object", description: spec.returns },
  };
}

function typeDetails(name: TypeName): Record<string, unknown> {
  const t = TYPES[name];
  if (t.schema instanceof z.ZodEnum) return { name, kind: "enum", description: t.description, values: [...t.schema.options] };
  return { name, kind: "object", description: t.description, fields: parameterInfos(t.schema) };
}

export function introspect(params: IntrospectParams, ctx: IntrospectContext): unknown {
  const p = ctx.policy;
  const _protocol = {
    version: PROTOCOL_VERSION,
    conformance: "level-1",
    mode: ctx.endpointMode === "single" ? "single" : "crude",
    capabilities: {
      execution_safety_loop: ctx.mode,
      confirmation: true,
      dangerous_operations: true,
      approval_channel: ctx.channel,
      safety_loop_defaults: {
        maxAutonomousSteps: p.maxAutonomousSteps,
        riskTolerance: p.riskTolerance,
        riskToleranceThresholds: TOLERANCE_THRESHOLDS,
        tiers: { advisory: "0-30", confirm: "31-60", verify: "61-85", danger_zone: "86-100" },
        deny: p.deny.length,
        requiresApproval: p.requiresApproval.length,
        autoApprove: p.autoApprove.length,
        challengeTtlSeconds: p.challengeTtlSeconds,
        confirmationTtlSeconds: p.confirmationTtlSeconds,
        verifyRateLimit: p.verifyRateLimit,
        outcomes: ["success", "failure", "skipped", "partial"],
        extraStepParams: ["riskScore (may only raise the score)", "confidence", "execution_id"],
      },
    },
    limits: REQUEST_LIMITS,
  };
  if (params.query === "types") {
    if (params.name !== undefined) return { type: Object.hasOwn(TYPES, params.name) ? typeDetails(params.name as TypeName) : null };
    return {
      types: (Object.keys(TYPES) as TypeName[]).map((name) => ({
        name,
        kind: TYPES[name].schema instanceof z.ZodEnum ? "enum" : "object",
        description: TYPES[name].description,
      })),
    };
  }
  if (params.name !== undefined) {
    return { operation: Object.hasOwn(OPERATIONS, params.name) ? operationDetails(params.name as OperationName, ctx) : null };
  }
  return {
    _protocol,
    operations: OPERATION_NAMES.map((name) => ({ name, endpoint: category(name), description: OPERATIONS[name].description })),
  };
}
