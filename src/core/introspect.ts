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

const TYPES: Record<string, z.ZodType> = { SafetyTier, AutonomyDirective, AgentNotification };

function endpointTool(name: OperationName, ctx: IntrospectContext): string {
  if (ctx.endpointMode === "single") return SINGLE_TOOL;
  return ENDPOINT_TOOLS[OPERATIONS[name].endpoint as keyof typeof ENDPOINT_TOOLS];
}

function operationDetails(name: OperationName, ctx: IntrospectContext): Record<string, unknown> {
  const spec = OPERATIONS[name];
  const json = z.toJSONSchema(spec.schema, { io: "input" }) as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  const parameters = Object.entries(json.properties ?? {}).map(([param, s]) => {
    const info: Record<string, unknown> = {
      name: param,
      type: s.type ?? (s.enum ? "string" : "object"),
      required: (json.required ?? []).includes(param) && s.default === undefined,
      description: (spec.params as Record<string, string>)[param] ?? "",
    };
    for (const key of ["default", "enum", "minimum", "maximum", "minLength", "maxLength", "pattern", "format"]) {
      if (s[key] !== undefined) info[key] = s[key];
    }
    return info;
  });
  return {
    name,
    semantic_category: spec.endpoint.toUpperCase(),
    endpoint: spec.endpoint,
    mcpTool: endpointTool(name, ctx),
    description: spec.description,
    permissions: { readOnly: spec.endpoint === "read", destructive: spec.endpoint === "execute" },
    parameters,
    returns: { name: "OperationResult", kind: "object", description: spec.returns },
  };
}

export function introspect(params: IntrospectParams, ctx: IntrospectContext): unknown {
  const p = ctx.policy;
  const _protocol = {
    version: PROTOCOL_VERSION,
    conformance: "level-1",
    mode: ctx.endpointMode,
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
    if (params.name !== undefined) {
      const t = TYPES[params.name];
      return { type: t ? { name: params.name, schema: z.toJSONSchema(t) } : null };
    }
    return { _protocol, types: Object.entries(TYPES).map(([name, t]) => ({ name, schema: z.toJSONSchema(t) })) };
  }
  if (params.name !== undefined) {
    return { operation: Object.hasOwn(OPERATIONS, params.name) ? operationDetails(params.name as OperationName, ctx) : null };
  }
  return {
    _protocol,
    operations: OPERATION_NAMES.map((name) => ({
      name,
      semantic_category: OPERATIONS[name].endpoint.toUpperCase(),
      endpoint: OPERATIONS[name].endpoint,
      description: OPERATIONS[name].description,
    })),
  };
}
