// The approval channel: where the human sees what is asked and answers. The daemon only ever hands
// a code to `show`; it never returns one anywhere else. The one implementation drives the APV1
// display and the security keys, real or simulated (daemon/hardware-channel.ts); the service tests use a
// scripted one (test/helpers/channel.ts).
import type { ApprovalChannelInfo } from "./introspect.js";

export type RequestKind = "confirmation" | "challenge" | "unblock" | "halt" | "config" | "enrol";

export interface ApprovalScreen {
  readonly requestId: string;
  readonly kind: RequestKind;
  readonly agent: string;
  /** The action exactly as the human is asked to judge it (already sanitised). */
  readonly text: string;
  /** Only for challenges: the code, grouped. Never leaves the channel. */
  readonly code?: string;
  /** Hex SHA-256 of the exact action approved (verify/digest.ts); a key's challenge commits to it. */
  readonly actionDigest?: string;
  readonly expiresAt: number;
}

export type Via = "display" | "security-key";

export interface HumanDecision {
  readonly requestId: string;
  readonly decision: "approve" | "deny";
  readonly via: Via;
}

export interface ApprovalChannel {
  readonly info: ApprovalChannelInfo;
  show(screen: ApprovalScreen): Promise<void>;
  clear(requestId: string): Promise<void>;
  /**
   * Registers the daemon's handler of human decisions. The handler's promise resolves once the
   * decision is applied and durable (it never rejects), so a channel, a simulator or a test can
   * wait on the event instead of sleeping.
   */
  onDecision(handler: (d: HumanDecision) => Promise<void>): void;
}
