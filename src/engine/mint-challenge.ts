// Minting a challenge: a fresh one-time code, stored only as its salted hash, and the one place
// the code leaves the daemon, the approval channel's screen.
import type { ChallengeSpec, MintedChallenge } from "../core/plan-step.js";
import type { ChallengeRecord } from "../core/records.js";
import { actionScreenText } from "../core/display-text.js";
import { formatCode, generateCode, hashCode } from "../verify/code.js";
import type { ServiceDeps } from "./context.js";

/**
 * A new challenge: `digest` binds it to the exact (raw) action; `hint` is the action with secrets
 * redacted, the only form that is displayed or stored. The code leaves only through `showChallenge`.
 */
export function mintChallenge(d: Pick<ServiceDeps, "randomBytes" | "uuid" | "policy">, spec: ChallengeSpec, now: number): MintedChallenge {
  const code = generateCode(d.randomBytes);
  const { salt, hash } = hashCode(code, d.randomBytes);
  const record: ChallengeRecord = {
    id: d.uuid(),
    agent: spec.agent,
    sessionId: spec.sessionId,
    tier: spec.tier,
    salt,
    hash,
    createdAt: now,
    expiresAt: now + d.policy.file.challengeTtlSeconds * 1000,
    actionDigest: spec.digest,
    text: actionScreenText(spec.agent, spec.hint),
  };
  return { record, code: formatCode(code) };
}

export function showChallenge(d: Pick<ServiceDeps, "channel">, { record: c, code }: MintedChallenge): Promise<void> {
  return d.channel.show({ requestId: c.id, kind: "challenge", agent: c.agent, text: c.text, code, actionDigest: c.actionDigest, expiresAt: c.expiresAt });
}
