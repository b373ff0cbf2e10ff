// Error codes. The spec's taxonomy (VALIDATION_, NOT_FOUND_, PERMISSION_, CONFLICT_, RATE_LIMIT_,
// TOKEN_, INTERNAL_) has none for blocks or failed verification; ours are listed in
// docs/decisions.md "Error codes".
import type { ErrorDetail, OperationResult } from "./wire.js";

export const ErrorCode = {
  unknownParam: "VALIDATION_UNKNOWN_PARAM",
  missingParam: "VALIDATION_MISSING_PARAM",
  invalidType: "VALIDATION_INVALID_TYPE",
  invalidValue: "VALIDATION_INVALID_VALUE",
  payloadTooLarge: "VALIDATION_PAYLOAD_TOO_LARGE",
  invalidEncoding: "VALIDATION_INVALID_ENCODING",
  unknownOperation: "NOT_FOUND_OPERATION",
  wrongEndpoint: "VALIDATION_WRONG_ENDPOINT",
  notFound: "NOT_FOUND_RESOURCE",
  agentBlocked: "PERMISSION_AGENT_BLOCKED",
  permissionDenied: "PERMISSION_DENIED",
  executionConflict: "CONFLICT_EXECUTION_ACTIVE",
  verificationFailed: "TOKEN_INVALID",
  verificationExpired: "TOKEN_EXPIRED",
  rateLimited: "RATE_LIMIT_EXCEEDED",
  noApprovalChannel: "PERMISSION_NO_APPROVAL_CHANNEL",
  storeFailure: "INTERNAL_STORE_FAILURE",
  daemonUnavailable: "INTERNAL_DAEMON_UNAVAILABLE",
  internal: "INTERNAL_ERROR",
  // What an approval device refused (the daemon socket passes these on under the device's name,
  // so the operator reads what the key or display said).
  keyNotEnrolled: "KEY_NOT_ENROLLED",
  keyVerificationFailed: "KEY_VERIFICATION_FAILED",
  noKeysEnrolled: "NO_KEYS_ENROLLED",
  keyLabelTaken: "KEY_LABEL_TAKEN",
  keyUnknown: "KEY_UNKNOWN",
  keyWrong: "KEY_WRONG",
  unknownRequest: "UNKNOWN_REQUEST",
  noKeyAttached: "NO_KEY_ATTACHED",
  staleChallenge: "STALE_CHALLENGE",
  needsUsbKey: "NEEDS_USB_KEY",
  noDisplay: "NO_DISPLAY",
  /** Any other device failure (a display protocol error, a transport error); the device's own code is in details. */
  deviceError: "DEVICE_ERROR",
  daemonTimeout: "INTERNAL_DAEMON_TIMEOUT",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Errors an agent can act on; the MCP result is not flagged isError (mcp-integration §4). */
const RECOVERABLE: ReadonlySet<string> = new Set<string>([
  ErrorCode.unknownParam,
  ErrorCode.missingParam,
  ErrorCode.invalidType,
  ErrorCode.invalidValue,
  ErrorCode.payloadTooLarge,
  ErrorCode.invalidEncoding,
  ErrorCode.wrongEndpoint,
  ErrorCode.notFound,
  ErrorCode.agentBlocked,
  ErrorCode.permissionDenied,
  ErrorCode.executionConflict,
  ErrorCode.verificationFailed,
  ErrorCode.verificationExpired,
  ErrorCode.rateLimited,
  ErrorCode.noApprovalChannel,
]);

export function isRecoverable(code: string): boolean {
  return RECOVERABLE.has(code);
}

export function fail(code: ErrorCode, message: string, details?: Record<string, unknown>): OperationResult {
  const error: ErrorDetail = details ? { code, message, details } : { code, message };
  return { success: false, error };
}

export function ok(data: unknown, warnings?: string[]): OperationResult {
  return warnings && warnings.length > 0 ? { success: true, data, warnings } : { success: true, data };
}

/**
 * record_execution_step MUST answer with a directive (§9.1), failures included: a refusal for it
 * carries `details.autonomy = { continue: false, … }`.
 */
export function withRefusalDirective(result: OperationResult, operation: unknown): OperationResult {
  if (result.success || operation !== "record_execution_step") return result;
  const why = `${result.error.code}: ${result.error.message}`;
  const autonomy = { continue: false, stopped: false, factors: [`Request refused (${why})`], reason: `The step was not evaluated: ${why}. Do not act.` };
  return { success: false, error: { ...result.error, details: { ...(result.error.details ?? {}), autonomy } } };
}

