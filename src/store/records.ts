// The records the store keeps. Plain data: the daemon owns their lifecycle, the store only writes
// them atomically with their audit records.
import type { RateLimitState } from "../verify/rate-limit.js";

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
}

export type RateLimitRecord = RateLimitState;
