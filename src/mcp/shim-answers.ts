// The daemon's answers to the shim's two requests (hello, aql), checked by hand against what
// daemon/protocol.ts says they are. The daemon is trusted and checks its own answers with those
// schemas before sending them; the shim checks them again because it relays them, but without zod,
// which alone would cost the shim more to load than all the rest of it (issue 14). An answer that
// does not match is the daemon's fault: it becomes a fail-closed refusal, never a relayed answer.
import { ErrorCode } from "../core/errors.js";
import type { OperationResult } from "../core/wire.js";
import type { SessionHandle } from "../daemon/connection.js";
import { DaemonError } from "../daemon/daemon-error.js";

export interface Hello {
  readonly sessionId: string;
  readonly credential?: string;
  readonly endpointMode: "semantic" | "single";
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

class Mismatch extends Error {}

function onlyKeys(o: Record<string, unknown>, allowed: readonly string[], where: string): void {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) throw new Mismatch(`${where}${k.slice(0, 64)}: not in the protocol`);
}

function want(ok: boolean, where: string, what: string): void {
  if (!ok) throw new Mismatch(`${where}: expected ${what}`);
}

const mismatch = (method: string, e: unknown): DaemonError => {
  if (!(e instanceof Mismatch)) throw e;
  return new DaemonError(ErrorCode.internal, `the daemon's answer to ${method} does not match the protocol (${e.message})`);
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CREDENTIAL = /^[0-9a-f]{64}$/;
/** ErrorDetail's code (core/wire.ts). */
const ERROR_CODE = /^[A-Z][A-Z0-9_]*$/;

/** A session as the relay hands it over (`{"sessionId","credential"}`, native/relay.c), checked as hello's are; undefined when it is not one. */
export function sessionOf(v: unknown): SessionHandle | undefined {
  const s = v as { sessionId?: unknown; credential?: unknown } | null;
  return typeof s === "object" && s !== null && typeof s.sessionId === "string" && UUID.test(s.sessionId) && typeof s.credential === "string" && CREDENTIAL.test(s.credential) ? { sessionId: s.sessionId, credential: s.credential } : undefined;
}

/** protocol.ts METHODS.hello.result; throws the DaemonError DaemonClient would. */
export function helloOf(v: unknown): Hello {
  try {
    want(isRecord(v), "hello", "an object");
    const h = v as Record<string, unknown>;
    onlyKeys(h, ["sessionId", "credential", "resumed", "keyed", "version", "simulated", "mode", "endpointMode"], "");
    want(typeof h.sessionId === "string" && UUID.test(h.sessionId), "sessionId", "a UUID");
    want(h.credential === undefined || (typeof h.credential === "string" && CREDENTIAL.test(h.credential)), "credential", "64 hex digits");
    for (const k of ["resumed", "keyed", "simulated"]) want(typeof h[k] === "boolean", k, "a boolean");
    for (const k of ["version", "mode"]) want(typeof h[k] === "string", k, "a string");
    want(h.endpointMode === "semantic" || h.endpointMode === "single", "endpointMode", "semantic or single");
    return { sessionId: h.sessionId as string, endpointMode: h.endpointMode as Hello["endpointMode"], ...(h.credential !== undefined ? { credential: h.credential as string } : {}) };
  } catch (e) {
    throw mismatch("hello", e);
  }
}

/**
 * core/wire.ts OperationResult, rebuilt the way its zod schema outputs it (members in the schema's
 * order, unknown members of `error` dropped), so the text relayed is the one DaemonClient relayed.
 */
export function operationResultOf(v: unknown): OperationResult {
  try {
    want(isRecord(v), "aql", "an object");
    const r = v as Record<string, unknown>;
    if (r.success === true) {
      onlyKeys(r, ["success", "data", "warnings"], "");
      const w = r.warnings;
      want(w === undefined || (Array.isArray(w) && w.every((x) => typeof x === "string")), "warnings", "an array of strings");
      return w === undefined ? { success: true, data: r.data } : { success: true, data: r.data, warnings: w as string[] };
    }
    want(r.success === false, "success", "a boolean");
    onlyKeys(r, ["success", "error"], "");
    want(isRecord(r.error), "error", "an object");
    const e = r.error as Record<string, unknown>;
    want(typeof e.code === "string" && ERROR_CODE.test(e.code), "error.code", "an error code");
    want(typeof e.message === "string", "error.message", "a string");
    want(e.details === undefined || isRecord(e.details), "error.details", "an object");
    const error = { code: e.code as string, message: e.message as string, ...(e.details !== undefined ? { details: e.details as Record<string, unknown> } : {}) };
    return { success: false, error };
  } catch (e) {
    throw mismatch("aql", e);
  }
}
