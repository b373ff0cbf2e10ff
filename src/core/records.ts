// The records the store keeps. Plain data: the daemon owns their lifecycle, the store only writes
// them atomically with their audit records.
import type { BreakerState, BudgetConfig } from "../core/breakers.js";

export interface RateLimitState {
  /** Failure times (ms) inside the current window. */
  readonly failures: readonly number[];
  readonly lockoutUntil: number;
  /** How many lockouts so far; the next one lasts window × 2^lockouts. */
  readonly lockouts: number;
}

export interface ChallengeRecord {
  /** UUID v4, the verificationId the agent sees. */
  readonly id: string;
  readonly agent: string;
  readonly sessionId: string;
  readonly tier: "verify" | "danger_zone";
  /** HMAC-SHA256 of the code under `salt`; the code itself is never stored. */
  readonly salt: string;
  readonly hash: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly actionDigest: string;
  /** The action as the display showed it. */
  readonly text: string;
}

/** A hard block: persisted, agent-level and session-bound (spec §8.8.3). */
export interface BlockRecord {
  readonly id: string;
  readonly agent: string;
  readonly sessionId: string;
  readonly reason: string;
  /** The blocked action with secrets redacted. */
  readonly hint: string;
  /** Digest of the exact blocked action (agent, session, raw hint): what a lifting approval grants. */
  readonly actionDigest: string;
  readonly createdAt: number;
  /** The current challenge; replaced by a fresh one when it expires or a wrong code burns it. */
  readonly challenge: ChallengeRecord | undefined;
}

export interface ExecutionRecord {
  readonly id: string;
  readonly agent: string;
  readonly sessionId: string;
  readonly goal?: string;
  readonly startedAt: number;
  readonly lastStepAt: number;
  readonly steps: number;
  /** Steps since the start or since a human last approved one; what the step limit counts. */
  readonly autonomousSteps: number;
  readonly maxAutonomousSteps: number;
  /** Circuit-breaker state and the budgets this execution runs under. */
  readonly breakers?: BreakerState;
  readonly budgets?: BudgetConfig;
  /**
   * Only on a session's credential record (engine/sessions.ts): SHA-256 of the credential the
   * daemon issued at hello. The credential itself is never stored.
   */
  readonly credentialHash?: string;
}

export type RateLimitRecord = RateLimitState;

/** A halt event (halt-conditions spec): immutable once recorded. */
export interface HaltEventRecord {
  readonly id: string;
  /** The MCP session (connection) that recorded it: what binds the halt to the agent. */
  readonly session: string;
  /** The agent's own session label (the spec's session_token). */
  readonly session_token: string;
  readonly task_id?: string;
  readonly halt_type: string;
  readonly condition_name?: string;
  readonly severity: "low" | "medium" | "high" | "critical";
  /** At most 4,000 characters, secrets and personal data redacted. */
  readonly description: string;
  readonly context?: string;
  readonly triggered_at: string;
  readonly attempt_count?: number;
  readonly previous_error?: string;
  readonly auto_recorded: boolean;
  readonly auto_escalate: boolean;
  /** When an unacknowledged halt escalates as "timeout" (ms), if its condition says so. */
  readonly escalate_at?: number;
}

/** Written once, when the halt is acknowledged. */
export interface HaltAckRecord {
  readonly halt_id: string;
  readonly acknowledged_at: string;
  /** "agent" (low and medium only) or "human:display" / "human:security-key". */
  readonly acknowledged_by: string;
  readonly resolution: "resolved" | "dismissed";
  readonly resolution_notes?: string;
  readonly continue_with_caution?: boolean;
}

/** Written once, when a halt is escalated (by the agent, or by its timeout). It stays unacknowledged. */
export interface HaltEscalationRecord {
  readonly halt_id: string;
  readonly at: string;
  readonly resolution: "escalated" | "timeout";
}

/** An enrolled security key: a WebAuthn credential for the approvals RP, as verified at enrolment. */
export interface SecurityKeyRecord {
  /** Credential id, base64url. */
  readonly id: string;
  readonly label: string;
  /** COSE public key, base64url. */
  readonly publicKey: string;
  /** Last signature counter seen; an assertion must exceed it (unless the key reports 0 always). */
  readonly counter: number;
  readonly transport: "usb" | "browser";
  readonly protocol: "ctap2" | "u2f" | "webauthn";
  readonly aaguid?: string;
  readonly enrolledAt: number;
  readonly lastUsedAt?: number;
}

/** A paired APV1 approval display. K_pair authenticates the device at every HELLO. */
export interface DisplayPairingRecord {
  /** The device's 16-byte id, hex. */
  readonly deviceId: string;
  /** K_pair, hex. Anyone who reads the store can impersonate the display (threat-model.md). */
  readonly kPair: string;
  readonly pairedAt: number;
  readonly label?: string;
}
