// Wire shapes of the MCP-AQL safety loop (spec §8.6–8.8) and of haltkey's own operations.
// Every request that crosses a trust boundary is parsed with these schemas; nothing else
// decides what a valid request looks like.
import { z } from "zod";
import { BudgetConfig } from "./budgets.js";
import { FIELD_LIMITS } from "./limits.js";

export const SAFETY_TIERS = ["advisory", "confirm", "verify", "danger_zone"] as const;
export const SafetyTier = z.enum(SAFETY_TIERS);
export type SafetyTier = z.infer<typeof SafetyTier>;

export const NotificationType = z.enum(["permission_pending", "autonomy_pause", "danger_zone", "status", "error"]);
export type NotificationType = z.infer<typeof NotificationType>;

export const AgentNotification = z.object({
  type: NotificationType,
  message: z.string(),
  metadata: z
    .object({
      operation: z.string().optional(),
      reason: z.string().optional(),
      level: z.string().optional(),
      verificationId: z.string().optional(),
      // haltkey extensions: the approval a pause waits for, and whose block a broadcast is about.
      confirmationId: z.string().optional(),
      agent: z.string().optional(),
      eventId: z.string().optional(),
    })
    .optional(),
  timestamp: z.string(),
});
export type AgentNotification = z.infer<typeof AgentNotification>;

export const AutonomyDirective = z.object({
  continue: z.boolean(),
  factors: z.array(z.string()),
  stopped: z.boolean().optional(),
  reason: z.string().optional(),
  stepsRemaining: z.number().int().min(0).optional(),
  nextStepRisk: SafetyTier.optional(),
  notifications: z.array(AgentNotification).optional(),
});
export type AutonomyDirective = z.infer<typeof AutonomyDirective>;

export const ErrorDetail = z.object({
  code: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

export const OperationResult = z.union([
  z.strictObject({ success: z.literal(true), data: z.unknown(), warnings: z.array(z.string()).optional() }),
  z.strictObject({ success: z.literal(false), error: ErrorDetail }),
]);
export type OperationResult = { success: true; data: unknown; warnings?: string[] } | { success: false; error: ErrorDetail };

export const MODES = ["enforcing", "monitoring", "logging", "disabled"] as const;
export const Mode = z.enum(MODES);
export type Mode = z.infer<typeof Mode>;

export const RISK_TOLERANCES = ["conservative", "moderate", "aggressive"] as const;
export const RiskTolerance = z.enum(RISK_TOLERANCES);
export type RiskTolerance = z.infer<typeof RiskTolerance>;

/** Caps on single fields. Larger values are refused with VALIDATION_PAYLOAD_TOO_LARGE, never truncated. */

export { FIELD_LIMITS };

// Agent names are chosen by the agent, so they are identifiers only, never security identity
// on their own (blocks are also bound to the session; docs/decisions.md "Agent identity").
export const ElementName = z
  .string()
  .min(1)
  .max(FIELD_LIMITS.elementName)
  .regex(/^[\p{L}\p{N}_.:@/ -]+$/u, "letters, digits, space and _ . : @ / - only");

const Uuid = z.string().uuid();

export const OUTCOMES = ["success", "failure", "skipped", "partial"] as const;

export const IntrospectParams = z.object({
  query: z.enum(["operations", "types"]).default("operations"),
  name: z.string().max(128).optional(),
});

export const ExecuteAgentParams = z.object({
  element_name: ElementName,
  goal: z.string().max(FIELD_LIMITS.goal).optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
  // An agent may ask for a lower step limit than policy, never a higher one.
  maxAutonomousSteps: z.number().int().min(0).max(100_000).optional(),
  // Likewise budgets: each can only lower the policy's.
  budgets: BudgetConfig.optional(),
});

export const RecordExecutionStepParams = z.object({
  element_name: ElementName,
  nextActionHint: z.string().min(1).max(FIELD_LIMITS.hint),
  stepDescription: z.string().max(FIELD_LIMITS.stepDescription).optional(),
  outcome: z.enum(OUTCOMES).optional(),
  findings: z.string().max(FIELD_LIMITS.findings).optional(),
  // Untrusted: may only raise the server-side score (docs/decisions.md "LLM riskScore").
  riskScore: z.number().min(0).max(100).optional(),
  confidence: z.number().min(0).max(1).optional(),
  execution_id: Uuid.optional(),
  // Structured signals for the circuit breakers (all optional; see introspect).
  tool: z.string().min(1).max(256).optional(),
  server: z.string().min(1).max(256).optional(),
  arguments: z.record(z.string(), z.unknown()).optional(),
  access: z.enum(["read", "write"]).optional(),
  environment: z.string().min(1).max(64).optional(),
  resources: z.array(z.string().min(1).max(1024)).max(1000).optional(),
  tokens: z.number().int().min(0).max(1e9).optional(),
  spend: z.number().min(0).max(1e9).optional(),
  parallel_calls: z.number().int().min(1).max(10_000).optional(),
  justification: z.string().max(FIELD_LIMITS.reason).optional(),
  // The tool's MCP annotations as its server declares them (the proxy reads them from tools/list):
  // they may only raise the risk of a call, never lower it (docs/decisions.md).
  annotations: z
    .strictObject({ destructiveHint: z.boolean().optional(), readOnlyHint: z.boolean().optional(), openWorldHint: z.boolean().optional(), idempotentHint: z.boolean().optional() })
    .optional(),
});

/**
 * What a tool returned, reported after the call (the hook's PostToolUse, the proxy's result check):
 * scanned for injection markers and secrets, counted into the breakers' state, never a step.
 */
export const ReportFindingsParams = z.object({
  element_name: ElementName,
  findings: z.string().min(1).max(FIELD_LIMITS.findings),
  execution_id: Uuid.optional(),
  tool: z.string().min(1).max(256).optional(),
  server: z.string().min(1).max(256).optional(),
});

export const CompleteExecutionParams = z.object({
  element_name: ElementName,
  execution_id: Uuid.optional(),
  outcome: z.enum(["success", "failure", "partial"]).optional(),
  summary: z.string().max(FIELD_LIMITS.summary).optional(),
});

export const AbortExecutionParams = z.object({
  element_name: ElementName,
  execution_id: Uuid.optional(),
  reason: z.string().max(FIELD_LIMITS.reason).optional(),
});

export const ConfirmOperationParams = z.object({
  confirmation_id: Uuid,
  element_name: ElementName.optional(),
  // How long to wait for the human's answer on the approval channel before returning "pending".
  wait_seconds: z.number().int().min(0).max(120).default(30),
});

export const VerifyChallengeParams = z.object({
  challenge_id: Uuid,
  code: z.string().min(1).max(FIELD_LIMITS.code),
  element_name: ElementName.optional(),
});

export type IntrospectParams = z.infer<typeof IntrospectParams>;
export type ExecuteAgentParams = z.infer<typeof ExecuteAgentParams>;
export type RecordExecutionStepParams = z.infer<typeof RecordExecutionStepParams>;
export type ReportFindingsParams = z.infer<typeof ReportFindingsParams>;
export type CompleteExecutionParams = z.infer<typeof CompleteExecutionParams>;
export type AbortExecutionParams = z.infer<typeof AbortExecutionParams>;
export type ConfirmOperationParams = z.infer<typeof ConfirmOperationParams>;
export type VerifyChallengeParams = z.infer<typeof VerifyChallengeParams>;
