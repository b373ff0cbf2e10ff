// The operator console's WebAuthn ceremonies (console.ts): enrolling a browser key, which waits
// for an enrolled security key's approval, and approving (or denying) a pending request with one.
// Each ceremony's challenge is used once and expires.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { z } from "zod";
import { BROWSER_NONCE_BYTES } from "../devices/hardware-channel.js";
import type { RelyingParty } from "../hw/webauthn.js";
import type { ConsoleDeps } from "./console-deps.js";
import { ConsoleError } from "./console-http.js";
import type { ApproveBegin, ApproveFinish, Deny, EnrolBegin, EnrolFinish } from "./console-inputs.js";

/** Browser ceremonies (enrol or approve) waiting for the browser's answer. */
const CEREMONY_TTL_MS = 120_000;
const CEREMONIES_MAX = 32;
/** How long a browser enrolment waits for the enrolled key's approval. */
const ENROL_TTL_MS = 5 * 60_000;
/** Finished enrolments stay listed this long, so the page can say how they ended. */
const ENROL_KEEP_MS = 10 * 60_000;
const ENROLMENTS_MAX = 16;

export interface Ceremony {
  readonly kind: "enrol" | "approve";
  readonly challenge: Uint8Array;
  readonly expiresAt: number;
  readonly label?: string;
  readonly requestId?: string;
}

export interface Enrolment {
  readonly requestId: string;
  readonly label: string;
  readonly credential: string;
  readonly expiresAt: number;
  /** Once known: the service forgets answered requests after they would have expired. */
  status?: "enrolled" | "failed" | "denied" | "expired";
  endedAt?: number;
  error?: string;
}

const toB64url = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("base64url");
/** What the display and the page both show of a credential id, for the human to compare. */
export const shortCredential = (id: string): string => id.slice(0, 12);

/** The ceremonies of one console; `rp` is read when used (the port is known only once it listens). */
export function consoleCeremonies(deps: ConsoleDeps, rp: () => RelyingParty) {
  const { log, service, channel, keyring } = deps;
  const ceremonies = new Map<string, Ceremony>();
  const enrolments = new Map<string, Enrolment>();
  let enrolling = false;

  const sweep = (): void => {
    const now = deps.now();
    for (const [id, c] of ceremonies) if (c.expiresAt <= now) ceremonies.delete(id);
    for (const [id, e] of enrolments) if ((e.endedAt ?? e.expiresAt) + ENROL_KEEP_MS <= now) enrolments.delete(id);
  };

  const newCeremony = (c: Ceremony): string => {
    sweep();
    // Oldest first out: an unfinished ceremony is only a challenge nobody answered.
    while (ceremonies.size >= CEREMONIES_MAX) ceremonies.delete(ceremonies.keys().next().value!);
    const id = deps.uuid();
    ceremonies.set(id, c);
    return id;
  };

  /** Single use: taken out before anything is verified, so a second answer finds nothing. */
  const takeCeremony = (id: string, kind: Ceremony["kind"]): Ceremony => {
    const c = ceremonies.get(id);
    ceremonies.delete(id);
    if (!c || c.kind !== kind) throw new ConsoleError(404, "NOT_FOUND_CEREMONY", `no ${kind} ceremony ${id} is waiting (each is used once; start again)`);
    if (c.expiresAt <= deps.now()) throw new ConsoleError(410, "CEREMONY_EXPIRED", `the ${kind} ceremony expired after ${CEREMONY_TTL_MS / 1000} s; start again`);
    return c;
  };

  /** pending, approved (being enrolled), enrolled, failed, denied or expired. */
  const enrolmentStatus = async (e: Enrolment): Promise<string> => {
    if (e.status) return e.status;
    const s = await service.waitForHuman(e.requestId, 0);
    if (s === "pending" || s === "approved") return s;
    e.status = s === "denied" ? "denied" : "expired";
    e.endedAt = deps.now();
    return e.status;
  };

  const pendingEnrolment = async (): Promise<Enrolment | undefined> => {
    for (const e of enrolments.values()) if ((await enrolmentStatus(e)) === "pending") return e;
    return undefined;
  };

  const enrolBegin = async (input: z.infer<typeof EnrolBegin>): Promise<unknown> => {
    if (keyring.list().some((k) => k.label === input.label)) throw new ConsoleError(409, "KEY_LABEL_TAKEN", `a key labelled "${input.label}" is already enrolled; choose another label`);
    const waiting = await pendingEnrolment();
    if (waiting) throw new ConsoleError(409, "ENROLMENT_PENDING", `enrolment request ${waiting.requestId} (credential ${waiting.credential}) is still waiting for a key's approval; answer or let it expire first`);
    const challenge = new Uint8Array(deps.randomBytes(32));
    const ceremonyId = newCeremony({ kind: "enrol", challenge, label: input.label, expiresAt: deps.now() + CEREMONY_TTL_MS });
    const options: PublicKeyCredentialCreationOptionsJSON = {
      rp: { id: rp().rpId, name: "haltkey operator console" },
      user: { id: toB64url(deps.randomBytes(16)), name: `haltkey:${input.label}`, displayName: input.label },
      challenge: toB64url(challenge),
      pubKeyCredParams: [{ type: "public-key", alg: -7 }],
      timeout: CEREMONY_TTL_MS,
      excludeCredentials: keyring.browserKeys().map((k) => ({ id: k.id, type: "public-key" as const })),
      authenticatorSelection: { residentKey: "discouraged", requireResidentKey: false, userVerification: "discouraged" },
      attestation: "none",
    };
    return { ceremonyId, options };
  };

  const enrolFinish = async (input: z.infer<typeof EnrolFinish>): Promise<unknown> => {
    const c = takeCeremony(input.ceremonyId, "enrol");
    const label = c.label!;
    // One enrolment waits for the human at a time, so nobody can bury the operator's own request
    // under look-alikes on the display.
    if (enrolling) throw new ConsoleError(409, "ENROLMENT_PENDING", "another enrolment is being submitted; try again");
    enrolling = true;
    try {
      return await submitEnrolment(input, c.challenge, label);
    } finally {
      enrolling = false;
    }
  };

  const submitEnrolment = async (input: z.infer<typeof EnrolFinish>, challenge: Uint8Array, label: string): Promise<unknown> => {
    const waiting = await pendingEnrolment();
    if (waiting) throw new ConsoleError(409, "ENROLMENT_PENDING", `enrolment request ${waiting.requestId} is still waiting for a key's approval`);
    const candidate = await keyring.verifyBrowserRegistration(input.response as RegistrationResponseJSON, challenge, rp(), label);
    const credential = shortCredential(candidate.id);
    let enrolment: Enrolment | undefined;
    const requestId = await service.askHuman({
      kind: "enrol",
      agent: "operator console",
      sessionId: "console",
      text: `ENROLL browser key "${label}" (credential ${credential}) for approvals from the operator console`,
      ttlMs: ENROL_TTL_MS,
      // Only a key touch: enrolling is what the console token must not be enough for.
      accepts: ["security-key"],
      onApprove: async (via) => {
        try {
          await keyring.addBrowserKey(candidate, { approvedVia: via, request: enrolment?.requestId });
          if (enrolment) enrolment.status = "enrolled";
        } catch (e) {
          if (enrolment) Object.assign(enrolment, { status: "failed", error: (e as Error).message });
          log.warn({ err: (e as Error).message, label }, "approved browser key not enrolled");
        }
        if (enrolment) enrolment.endedAt = deps.now();
      },
    });
    enrolment = { requestId, label, credential, expiresAt: deps.now() + ENROL_TTL_MS };
    enrolments.set(requestId, enrolment);
    while (enrolments.size > ENROLMENTS_MAX) enrolments.delete(enrolments.keys().next().value!);
    log.info({ request: requestId, label, credential }, "browser key enrolment waiting for an enrolled key");
    return {
      requestId,
      label,
      credential,
      message: `Approve request ${requestId} with an enrolled security key: haltkey approve ${requestId} (simulator: haltkey sim touch ${requestId}). The display must show credential ${credential}.`,
    };
  };

  const approveBegin = async (input: z.infer<typeof ApproveBegin>): Promise<unknown> => {
    const request = service.pendingRequest(input.requestId);
    if (request?.kind === "enrol") {
      throw new ConsoleError(403, "PERMISSION_DENIED", `request ${input.requestId} enrols a browser key; only a key over CTAP may approve it: haltkey approve ${input.requestId}`);
    }
    const binding = request ? channel.approvalChallengeFor(input.requestId) : undefined;
    if (!request || !binding) throw new ConsoleError(404, "NOT_FOUND_RESOURCE", `no pending request ${input.requestId} (answered, expired, or never existed)`);
    const keys = keyring.browserKeys();
    if (keys.length === 0) throw new ConsoleError(409, "NO_BROWSER_KEY", "no browser key is enrolled; enroll this browser first (an enrolled security key approves it)");
    const challenge = new Uint8Array(Buffer.concat([binding, deps.randomBytes(BROWSER_NONCE_BYTES)]));
    const ceremonyId = newCeremony({ kind: "approve", challenge, requestId: input.requestId, expiresAt: deps.now() + CEREMONY_TTL_MS });
    const options: PublicKeyCredentialRequestOptionsJSON = {
      challenge: toB64url(challenge),
      rpId: rp().rpId,
      allowCredentials: keys.map((k) => ({ id: k.id, type: "public-key" as const })),
      userVerification: "discouraged",
      timeout: CEREMONY_TTL_MS,
    };
    return { ceremonyId, options, request };
  };

  const approveFinish = async (input: z.infer<typeof ApproveFinish>): Promise<unknown> => {
    const c = takeCeremony(input.ceremonyId, "approve");
    const requestId = c.requestId!;
    const by = await channel.approveWithBrowserKey(requestId, c.challenge, input.response as AuthenticationResponseJSON, rp());
    log.info({ request: requestId, key: by.key, label: by.label }, "approved from the console with a browser key");
    return { requestId, approved: true, key: by.key, label: by.label };
  };

  /** Refusing needs no key: it only ever stops the agent (docs/console.md). */
  const deny = async (input: z.infer<typeof Deny>): Promise<unknown> => {
    if (!(await service.denyAsOperator(input.requestId, "console"))) {
      throw new ConsoleError(404, "NOT_FOUND_RESOURCE", `no pending request ${input.requestId} (answered, expired, or never existed)`);
    }
    log.info({ request: input.requestId }, "denied from the console");
    return { requestId: input.requestId, denied: true };
  };

  return { sweep, enrolments, enrolmentStatus, enrolBegin, enrolFinish, approveBegin, approveFinish, deny };
}
