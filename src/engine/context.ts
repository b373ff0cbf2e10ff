// What every engine owner is built from: the daemon's dependencies, the caller, and the small
// helpers they share. No state lives here.
import type { RuleSet } from "../core/pipeline.js";
import type { CompiledPolicy } from "../core/policy.js";
import { redact } from "../core/detector.js";
import type { Store } from "../store/store.js";
import type { RandomBytes } from "../verify/code.js";
import type { ApprovalChannel } from "../core/approval-channel.js";
import type { Logger } from "../daemon/log.js";

export interface Caller {
  /**
   * The session the connection acts in, set by the daemon at hello (engine/sessions.ts): a fresh
   * one, one resumed with its credential, or a keyed one (the Claude Code hook).
   */
  readonly sessionId: string;
}

export interface ServiceDeps {
  readonly store: Store;
  readonly policy: CompiledPolicy;
  readonly rules: RuleSet;
  readonly channel: ApprovalChannel;
  readonly now: () => number;
  readonly randomBytes: RandomBytes;
  readonly uuid: () => string;
  readonly log: Logger;
  readonly endpointMode: "semantic" | "single";
}

/** Where an operator refused a request from: the console page or the `haltkey deny` command. */
export type OperatorRefusal = "console" | "cli";

export const AUDIT_TEXT_MAX = 4096;
/** Executions (and session counters) idle this long are forgotten. */
export const STALE_EXECUTION_MS = 24 * 60 * 60 * 1000;

export const clip = (s: string, max = AUDIT_TEXT_MAX): string => (s.length > max ? `${s.slice(0, max)}…[${s.length - max} more]` : s);
export const sessionAgentKey = (sessionId: string, agent: string): string => `${sessionId}\u0000${agent}`;

/** Free text the agent sent, with secrets and personal data redacted and clipped, for storage. */
export function safeText(rules: RuleSet, text: string): string {
  const scan = rules.content.scan(text);
  return clip(scan.detections.length > 0 ? redact(scan) : text);
}

/** The channel failing to show leaves the agent paused or stopped: logged, never thrown. */
export function showFailed(log: Logger): (e: Error) => void {
  return (e) => log.error({ err: e.message }, "approval channel failed to show a request");
}
