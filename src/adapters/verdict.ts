// What the daemon's answer to a step means for a call an adapter holds: go, pause (a human must
// approve on the device) or stop (hard block). Pure. Anything that does not parse as a directive
// saying continue is a refusal: adapters fail closed.
import { boolean, isObject, object, optionalBoolean, optionalString, ShapeError, string, strings, type Obj } from "./shape.js";

export type Verdict =
  | { readonly kind: "continue"; readonly factors: readonly string[] }
  | {
      readonly kind: "pause";
      readonly reason: string;
      readonly factors: readonly string[];
      /** A confirmation: the display's approve button or a key touch answers it. */
      readonly confirmationId?: string;
      /** A verify-tier challenge: the code on the display, or a key touch. */
      readonly verificationId?: string;
    }
  | { readonly kind: "stop"; readonly reason: string; readonly factors: readonly string[]; readonly verificationId?: string }
  /** The daemon refused the step or could not be asked: nothing was evaluated. */
  | { readonly kind: "refused"; readonly reason: string; readonly code: string };

const MAX_TEXT = 64 * 1024;
const MAX_ID = 256;

/** The parts of an AutonomyDirective (core/wire.ts) a verdict needs, checked by hand (shape.ts says why). */
interface Directive {
  readonly continue: boolean;
  readonly stopped?: boolean;
  readonly reason?: string;
  readonly factors: string[];
  readonly ids: { confirmationId?: string; verificationId?: string };
}

function directive(v: unknown, path: string): Directive {
  const d = object(v, path);
  const notifications = d.notifications === undefined ? [] : d.notifications;
  if (!Array.isArray(notifications)) throw new ShapeError(`${path}notifications`, "expected an array");
  let ids: Directive["ids"] = {};
  // The notification ids, for pauses answered from a pending request rather than a new one.
  for (const n of notifications) {
    const meta = isObject(n) && isObject(n.metadata) ? n.metadata : undefined;
    if (!meta) continue;
    const verificationId = optionalString(meta, "verificationId", `${path}notifications.metadata.`, MAX_ID);
    const confirmationId = optionalString(meta, "confirmationId", `${path}notifications.metadata.`, MAX_ID);
    if (verificationId) {
      ids = { verificationId };
      break;
    }
    if (confirmationId) {
      ids = { confirmationId };
      break;
    }
  }
  const stopped = optionalBoolean(d, "stopped", path);
  const reason = optionalString(d, "reason", path, MAX_TEXT);
  return { continue: boolean(d, "continue", path), factors: strings(d, "factors", path), ids, ...(stopped !== undefined ? { stopped } : {}), ...(reason !== undefined ? { reason } : {}) };
}

const idOf = (o: Obj, key: string, idKey: string): string | undefined => (isObject(o[key]) ? optionalString(o[key] as Obj, idKey, `${key}.`, MAX_ID) : undefined);

export function verdictOf(answer: unknown): Verdict {
  try {
    const a = object(answer, "");
    const success = boolean(a, "success", "");
    if (!success) {
      const e = object(a.error, "error.");
      return { kind: "refused", code: string(e, "code", "error.", MAX_ID), reason: string(e, "message", "error.", MAX_TEXT) };
    }
    const data = object(a.data, "data.");
    const d = directive(data.autonomy, "data.autonomy.");
    if (d.continue && d.stopped !== true) return { kind: "continue", factors: d.factors };
    const reason = d.reason ?? d.factors[0] ?? "haltkey did not allow the action";
    const confirmationId = idOf(data, "confirmation", "confirmationId");
    const verificationId = idOf(data, "verification", "verificationId");
    const ids = { ...d.ids, ...(confirmationId ? { confirmationId } : {}), ...(verificationId ? { verificationId } : {}) };
    if (d.stopped === true) return { kind: "stop", reason, factors: d.factors, ...(ids.verificationId ? { verificationId: ids.verificationId } : {}) };
    if (ids.verificationId) return { kind: "pause", reason, factors: d.factors, verificationId: ids.verificationId };
    if (ids.confirmationId) return { kind: "pause", reason, factors: d.factors, confirmationId: ids.confirmationId };
    return { kind: "pause", reason, factors: d.factors };
  } catch {
    return { kind: "refused", code: "INTERNAL_ERROR", reason: "the haltkey daemon's answer was not a directive" };
  }
}


export interface Context {
  readonly agent: string;
  /** The daemon runs with simulated hardware: say which sim command plays the human. */
  readonly simulated: boolean;
}

/** How the human answers a pause or lifts a block, when the daemon named the request. */
function humanAnswer(v: Exclude<Verdict, { kind: "continue" | "refused" }>, ctx: Context): string | undefined {
  const sim = (cmd: string): string => (ctx.simulated ? ` (simulated hardware: \`${cmd}\`)` : "");
  if (v.kind === "pause" && v.confirmationId) {
    const id = v.confirmationId;
    return `A human must approve request ${id} on the haltkey approval display, or run \`haltkey approve ${id}\` and touch the security key${sim(`haltkey sim touch ${id}`)}`;
  }
  if (v.verificationId) {
    const id = v.verificationId;
    return `A human must enter the code shown on the haltkey approval display (verify_challenge ${id}), or run \`haltkey approve ${id}\` and touch the security key${sim(`haltkey sim touch ${id}`)}`;
  }
  return undefined;
}

/**
 * What happened and what the human must do, in words for the agent and its user. `subject` is
 * what was judged: the call about to be made, or the output of one that already ran.
 */
export function explain(v: Exclude<Verdict, { kind: "continue" }>, ctx: Context, subject: "call" | "output" = "call"): string {
  const reason = `${v.reason.replace(/[.\s]+$/, "")}${v.kind === "refused" ? "" : decidingRules(v.factors, v.reason)}`;
  if (v.kind === "refused") {
    return subject === "call" ? `haltkey refused this call (${v.code}): ${reason}. Failing closed: it was not allowed.` : `haltkey could not check this output (${v.code}): ${reason}. Failing closed.`;
  }
  const answer = humanAnswer(v, ctx);
  if (v.kind === "pause") {
    if (subject === "output") return `haltkey paused the session because of this output: ${reason}.${answer ? ` ${answer}; nothing else runs until then.` : ""}`;
    return `haltkey paused this call: ${reason}.${answer ? ` ${answer}; then retry the same call (an approval lets exactly the approved call through, once). Do not try another way meanwhile.` : ""}`;
  }
  const head = subject === "call" ? `haltkey stopped this call and hard-blocked agent '${ctx.agent}'` : `haltkey hard-blocked agent '${ctx.agent}' because of this output`;
  return `${head}: ${reason}. Cease all actions. ${answer ? `${answer}, or run` : "A human must run"} \`haltkey unblock ${ctx.agent}\` and touch the security key.`;
}

/** The rules behind a verdict (its `Rule <id> (<score>): <why>` factors), when the reason does not already name them. */
function decidingRules(factors: readonly string[], reason: string): string {
  const rules = factors.filter((f) => f.startsWith("Rule ") && !reason.includes(f)).map((f) => f.replace(/^Rule /, "").replace(/[.\s]+$/, ""));
  return rules.length === 0 ? "" : ` (${rules.slice(0, 3).join("; ")}${rules.length > 3 ? `; and ${rules.length - 3} more` : ""})`;
}

/** The refusal when the daemon cannot be reached. */
export function daemonDown(why: string): Extract<Verdict, { kind: "refused" }> {
  return {
    kind: "refused",
    code: "INTERNAL_DAEMON_UNAVAILABLE",
    reason: `the haltkey daemon is unavailable (${why}). Start it with \`haltkey serve\` (add --simulate for simulated hardware) and check it with \`haltkey status\``,
  };
}
