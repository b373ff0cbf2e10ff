// What an approval is bound to. A human approves one action by one agent in one session; the digest
// of exactly that is what a grant, a confirmation and (in the hardware issue) a WebAuthn challenge
// commit to, so an approval for one action can never be spent on another.
import { createHash } from "node:crypto";
import { canonicalJson } from "../core/canonical-json.js";

export interface ApprovedAction {
  readonly agent: string;
  readonly sessionId: string;
  readonly hint: string;
  /**
   * What the step says will actually run, when it says it: the tool, its arguments and where. An
   * approval of a hint is not an approval of other arguments under the same hint.
   */
  readonly tool?: string;
  readonly server?: string;
  readonly arguments?: Readonly<Record<string, unknown>>;
  readonly environment?: string;
  readonly resources?: readonly string[];
  readonly access?: "read" | "write";
}

export function actionDigest(action: ApprovedAction): string {
  return createHash("sha256").update(canonicalJson({ v: 1, ...action })).digest("hex");
}
