// `haltkey serve --console <port>`: the operator console, a page the daemon serves on 127.0.0.1
// that shows what is going on live (executions, pending requests, blocks, open halts, the audit
// trail and its chain status) and lets the operator approve a pending request with a WebAuthn
// credential of this browser, bound to the request exactly like a key touch over CTAP.
//
// Who may call it: the page the daemon served, holding the console token. `haltkey console`
// prints the URL with the token in the fragment (never sent to the server, never in a log or a
// Referer); the page keeps it in memory and sends it as a header. Every API call is a POST with a
// JSON body, an exact Origin, a loopback Host and, when the browser says, Sec-Fetch-Site
// same-origin; no CORS is ever granted. The token does not enrol a credential: whoever can read
// it (an agent running as the same user can) could make one, so a browser credential is enrolled
// only once an already enrolled key approved it on the hardware (docs/console.md).
import { existsSync, readFileSync } from "node:fs";
import { unlink } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { ChainReport } from "../store/audit.js";
import type { RelyingParty } from "../hw/webauthn.js";
import { ApprovalRefusedError, BROWSER_NONCE_BYTES, type HardwareChannel } from "../devices/hardware-channel.js";
import { bearerMatches, headerValue, hostAllowed, listenOnLoopback, loadOrCreateToken, writeEndpointFile } from "./loopback.js";
import { KeyLabel, KeyRefusedError, type KeyRing } from "../devices/keyring.js";
import type { Logger } from "./log.js";
import type { SafetyService } from "../engine/engine.js";

export { HTTP_HOST as CONSOLE_HOST } from "./loopback.js";
/** API bodies: a WebAuthn registration with "none" attestation is well under 2 KiB. */
export const CONSOLE_BODY_MAX = 64 * 1024;
/** Browser ceremonies (enrol or approve) waiting for the browser's answer. */
const CEREMONY_TTL_MS = 120_000;
const CEREMONIES_MAX = 32;
/** How long a browser enrolment waits for the enrolled key's approval. */
const ENROL_TTL_MS = 5 * 60_000;
/** Finished enrolments stay listed this long, so the page can say how they ended. */
const ENROL_KEEP_MS = 10 * 60_000;
const ENROLMENTS_MAX = 16;
/** The audit walk (chain check and latest records) runs at most this often. */
const AUDIT_REFRESH_MS = 1000;
const AUDIT_LIMIT_DEFAULT = 50;
const AUDIT_LIMIT_MAX = 200;
const MAX_CONNECTIONS = 64;
const SWEEP_INTERVAL_MS = 30_000;

export class ConsoleStartError extends Error {}

export interface ConsoleFiles {
  /** 32 random bytes as 64 hex digits, mode 0600: what the page sends as `Authorization: Bearer`. */
  readonly token: string;
  /** `{ url, origin, port, pid, tokenFile }` of the running console, mode 0600. */
  readonly endpoint: string;
}

export function consoleFiles(home: string): ConsoleFiles {
  return { token: join(home, "console-token"), endpoint: join(home, "console.json") };
}

/** The console's origin: browsers accept `localhost` as an RP ID, never an IP address. */
export const consoleOrigin = (port: number): string => `http://localhost:${port}`;

/** What the console reads from and asks of the daemon. */
export type ConsoleService = Pick<
  SafetyService,
  "status" | "pendingRequest" | "denyAsOperator" | "askHuman" | "waitForHuman" | "unacknowledgedHalts" | "recentAudit" | "verifyAudit" | "auditHead"
>;

export interface ConsoleDeps {
  /** 0 picks a free port. */
  readonly port: number;
  readonly home: string;
  readonly service: ConsoleService;
  readonly channel: Pick<HardwareChannel, "approvalChallengeFor" | "approveWithBrowserKey" | "where">;
  readonly keyring: Pick<KeyRing, "list" | "browserKeys" | "verifyBrowserRegistration" | "addBrowserKey">;
  readonly simulated: boolean;
  readonly version: string;
  readonly log: Logger;
  readonly now: () => number;
  readonly randomBytes: (n: number) => Buffer;
  readonly uuid: () => string;
}

export interface ConsoleFrontEnd {
  /** `http://localhost:<port>/`, without the token. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

// ------------------------------------------------------------------------------ inputs

const b64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/, "base64url");
const Label = KeyLabel;
const Id = z.string().uuid();
const ClientExtensionResults = z.record(z.string().max(64), z.unknown()).refine((r) => Object.keys(r).length <= 16, "at most 16 extension results");
const Attachment = z.enum(["platform", "cross-platform"]).optional();

/** What every credential a browser hands back carries, registration or assertion. */
const Credential = {
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal("public-key"),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ClientExtensionResults,
};

const RegistrationResponse = z.strictObject({
  ...Credential,
  response: z.strictObject({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(32 * 1024),
    authenticatorData: b64url(16 * 1024).optional(),
    transports: z.array(z.string().max(32)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
});

const AuthenticationResponse = z.strictObject({
  ...Credential,
  response: z.strictObject({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(16 * 1024),
    signature: b64url(1024),
    userHandle: b64url(1024).optional(),
  }),
});

const StateInput = z.strictObject({ auditLimit: z.number().int().min(0).max(AUDIT_LIMIT_MAX).default(AUDIT_LIMIT_DEFAULT) });
const EnrolBegin = z.strictObject({ label: Label });
const EnrolFinish = z.strictObject({ ceremonyId: Id, response: RegistrationResponse });
const ApproveBegin = z.strictObject({ requestId: Id });
const Deny = z.strictObject({ requestId: Id });
const ApproveFinish = z.strictObject({ ceremonyId: Id, response: AuthenticationResponse });

// ------------------------------------------------------------------------------ errors and headers

class ConsoleError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly expected?: string,
  ) {
    super(message);
  }
}

/** Every response, page or API: nothing may frame, cache, refer to or sniff anything here. */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
};

function send(res: ServerResponse, status: number, body: string | Buffer, type: string, extra: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { ...SECURITY_HEADERS, "Content-Type": type, "Content-Length": Buffer.byteLength(body), ...extra });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown, extra: Record<string, string> = {}): void {
  send(res, status, JSON.stringify(value), "application/json; charset=utf-8", extra);
}

function sendError(res: ServerResponse, e: ConsoleError, extra: Record<string, string> = {}): void {
  sendJson(res, e.status, { error: { code: e.code, message: e.message, ...(e.expected !== undefined ? { expected: e.expected } : {}) } }, extra);
}


/** Reads at most `max` bytes; a larger body is refused without reading the rest. */
function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > max) return Promise.reject(new ConsoleError(413, "PAYLOAD_TOO_LARGE", `the request body must be at most ${max} bytes`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > max) {
        reject(new ConsoleError(413, "PAYLOAD_TOO_LARGE", `the request body must be at most ${max} bytes`));
        req.destroy();
      } else chunks.push(c);
    });
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", (e) => reject(new ConsoleError(400, "BAD_REQUEST", `the body could not be read: ${e.message}`)));
  });
}

function parse<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const where = issue.path.map(String).join(".") || "(body)";
  const code = issue.code === "unrecognized_keys" ? "VALIDATION_UNKNOWN_PARAM" : "VALIDATION_INVALID_VALUE";
  throw new ConsoleError(400, code, `${what}: ${where}: ${issue.message}`);
}

// ------------------------------------------------------------------------------ static assets

interface Asset {
  readonly body: Buffer;
  readonly type: string;
}

/**
 * The page's files: src/console in the source tree, found from here whether this runs from src
 * (tests) or from dist/src/daemon (the built CLI; package.json ships src/console).
 */
function loadAssets(): Map<string, Asset> {
  const here = dirname(fileURLToPath(import.meta.url));
  const dir = [join(here, "..", "console"), join(here, "..", "..", "..", "src", "console")].find((d) => existsSync(join(d, "index.html")));
  if (!dir) throw new ConsoleStartError(`the console's page is missing (looked for src/console/index.html next to ${here})`);
  let bundle: string;
  try {
    // The package exports only its entry points; the UMD bundle sits beside them.
    const entry = createRequire(import.meta.url).resolve("@simplewebauthn/browser");
    bundle = join(dirname(entry), "..", "dist", "bundle", "index.umd.min.js");
    if (!existsSync(bundle)) throw new Error(`${bundle} does not exist`);
  } catch (e) {
    throw new ConsoleStartError(`@simplewebauthn/browser's UMD bundle is missing (npm ci installs it): ${(e as Error).message}`);
  }
  return new Map<string, Asset>([
    ["/", { body: readFileSync(join(dir, "index.html")), type: "text/html; charset=utf-8" }],
    ["/app.js", { body: readFileSync(join(dir, "app.js")), type: "text/javascript; charset=utf-8" }],
    ["/style.css", { body: readFileSync(join(dir, "style.css")), type: "text/css; charset=utf-8" }],
    ["/vendor/simplewebauthn-browser.umd.min.js", { body: readFileSync(bundle), type: "text/javascript; charset=utf-8" }],
  ]);
}

// ------------------------------------------------------------------------------ the console

interface Ceremony {
  readonly kind: "enrol" | "approve";
  readonly challenge: Uint8Array;
  readonly expiresAt: number;
  readonly label?: string;
  readonly requestId?: string;
}

interface Enrolment {
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

export async function startConsole(deps: ConsoleDeps): Promise<ConsoleFrontEnd> {
  const { log, service, channel, keyring } = deps;
  const files = consoleFiles(deps.home);
  const assets = loadAssets();
  let token: string;
  try {
    token = await loadOrCreateToken(files.token, deps.randomBytes);
  } catch (e) {
    throw new ConsoleStartError((e as Error).message);
  }
  let port = deps.port;
  let origin = "";
  let rp: RelyingParty = { rpId: "localhost", origin };
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

  // The audit walk is linear in the log: shared by concurrent polls, redone only when the head
  // moved, and at most every AUDIT_REFRESH_MS or four times as long as the last walk took, so a
  // long log never keeps the daemon walking.
  // The console's own writes (a deny, an approval, an enrolment) are shown at once: after one, no
  // view older than the head it left is served, cached or in flight (before, a deny made from the
  // console could be missing from its audit view for a second or more).
  let audit: { seq: number; at: number; next: number; limit: number; chain: ChainReport; records: unknown[] } | undefined;
  let auditRun: Promise<NonNullable<typeof audit>> | undefined;
  let freshFrom = 0;
  const ownWrite = (): void => {
    freshFrom = Math.max(freshFrom, service.auditHead.seq);
  };
  const auditView = async (limit: number): Promise<NonNullable<typeof audit>> => {
    const head = service.auditHead;
    if (audit && audit.limit >= limit && audit.seq >= freshFrom && (audit.seq === head.seq || deps.now() < audit.next)) return audit;
    // A walk started before the console's last write: let it finish, then walk again.
    if (auditRun) {
      const run = await auditRun;
      if (run.seq >= freshFrom && run.limit >= limit) return run;
      return auditView(limit);
    }
    auditRun ??= (async () => {
      try {
        const started = deps.now();
        let chain = await service.verifyAudit();
        // A transition committed between reading the head and walking the chain looks like an
        // added record; a real break is there again the next time.
        if (!chain.ok) chain = await service.verifyAudit();
        const wanted = Math.max(limit, AUDIT_LIMIT_DEFAULT);
        const records = await service.recentAudit(wanted);
        const at = deps.now();
        audit = { seq: head.seq, at, next: at + Math.max(AUDIT_REFRESH_MS, 4 * (at - started)), limit: wanted, chain, records };
        return audit;
      } finally {
        auditRun = undefined;
      }
    })();
    return auditRun;
  };

  const state = async (input: z.infer<typeof StateInput>): Promise<unknown> => {
    sweep();
    const st = service.status() as {
      mode: string;
      approvalChannel: unknown;
      blocks: Array<{ agent: string; reason: string; since: string; verificationId?: string }>;
      executions: unknown[];
      pending: Array<{ id: string; kind: string; agent: string; text: string; expiresAt: string }>;
      storeFailed: boolean;
    };
    const browserKeys = keyring.browserKeys().length;
    const halts = await service.unacknowledgedHalts();
    const a = await auditView(input.auditLimit);
    const enrolList = [];
    for (const e of enrolments.values()) {
      enrolList.push({ requestId: e.requestId, label: e.label, credential: e.credential, status: await enrolmentStatus(e), ...(e.error ? { error: e.error } : {}) });
    }
    return {
      version: deps.version,
      simulated: deps.simulated,
      mode: st.mode,
      approvalChannel: st.approvalChannel,
      storeFailed: st.storeFailed,
      executions: st.executions,
      pending: st.pending.map((p) => ({
        ...p,
        onDisplay: channel.where(p.id).onDisplay,
        enrolment: p.kind === "enrol",
        browserApprovable: p.kind !== "enrol" && browserKeys > 0 && channel.approvalChallengeFor(p.id) !== undefined,
      })),
      blocks: st.blocks.map((b) => {
        const challenge = b.verificationId ? service.pendingRequest(b.verificationId) : undefined;
        return {
          ...b,
          ...(challenge ? { text: challenge.text, expiresAt: challenge.expiresAt } : {}),
          browserApprovable: challenge !== undefined && browserKeys > 0 && channel.approvalChallengeFor(b.verificationId!) !== undefined,
        };
      }),
      halts: halts.map(({ halt, escalation }) => ({
        id: halt.id,
        sessionToken: halt.session_token,
        severity: halt.severity,
        type: halt.halt_type,
        ...(halt.condition_name !== undefined ? { condition: halt.condition_name } : {}),
        description: halt.description,
        triggeredAt: halt.triggered_at,
        ...(escalation ? { escalated: escalation.resolution } : {}),
      })),
      audit: {
        // What was checked: the walk runs at most every AUDIT_REFRESH_MS, so it may trail the live head.
        head: a.chain.head,
        chain: { ok: a.chain.ok, records: a.chain.records, problems: a.chain.problems.slice(0, 5), checkedAt: new Date(a.at).toISOString(), ...(a.chain.checkpoints ? { checkpoints: a.chain.checkpoints } : {}) },
        records: input.auditLimit === 0 ? [] : a.records.slice(-input.auditLimit),
      },
      keys: keyring.list().map((k) => ({
        id: k.id,
        short: shortCredential(k.id),
        label: k.label,
        transport: k.transport,
        protocol: k.protocol,
        counter: k.counter,
        enrolledAt: new Date(k.enrolledAt).toISOString(),
        ...(k.lastUsedAt ? { lastUsedAt: new Date(k.lastUsedAt).toISOString() } : {}),
      })),
      enrolments: enrolList,
    };
  };

  const enrolBegin = async (input: z.infer<typeof EnrolBegin>): Promise<unknown> => {
    if (keyring.list().some((k) => k.label === input.label)) throw new ConsoleError(409, "KEY_LABEL_TAKEN", `a key labelled "${input.label}" is already enrolled; choose another label`);
    const waiting = await pendingEnrolment();
    if (waiting) throw new ConsoleError(409, "ENROLMENT_PENDING", `enrolment request ${waiting.requestId} (credential ${waiting.credential}) is still waiting for a key's approval; answer or let it expire first`);
    const challenge = new Uint8Array(deps.randomBytes(32));
    const ceremonyId = newCeremony({ kind: "enrol", challenge, label: input.label, expiresAt: deps.now() + CEREMONY_TTL_MS });
    const options: PublicKeyCredentialCreationOptionsJSON = {
      rp: { id: rp.rpId, name: "haltkey operator console" },
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
    const candidate = await keyring.verifyBrowserRegistration(input.response as RegistrationResponseJSON, challenge, rp, label);
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
      rpId: rp.rpId,
      allowCredentials: keys.map((k) => ({ id: k.id, type: "public-key" as const })),
      userVerification: "discouraged",
      timeout: CEREMONY_TTL_MS,
    };
    return { ceremonyId, options, request };
  };

  const approveFinish = async (input: z.infer<typeof ApproveFinish>): Promise<unknown> => {
    const c = takeCeremony(input.ceremonyId, "approve");
    const requestId = c.requestId!;
    const by = await channel.approveWithBrowserKey(requestId, c.challenge, input.response as AuthenticationResponseJSON, rp);
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

  const API: Record<string, (body: unknown) => Promise<unknown>> = {
    "/api/state": (b) => state(parse(StateInput, b, "state")),
    "/api/enroll/begin": (b) => enrolBegin(parse(EnrolBegin, b, "enroll/begin")),
    "/api/enroll/finish": (b) => enrolFinish(parse(EnrolFinish, b, "enroll/finish")),
    "/api/approve/begin": (b) => approveBegin(parse(ApproveBegin, b, "approve/begin")),
    "/api/approve/finish": (b) => approveFinish(parse(ApproveFinish, b, "approve/finish")),
    "/api/deny": (b) => deny(parse(Deny, b, "deny")),
  };

  /** The checks every API call passes before anything is read: who sends it, from where, how. */
  const checkApiRequest = (req: IncomingMessage): void => {
    const o = headerValue(req, "origin");
    if (o !== origin) throw new ConsoleError(403, "FORBIDDEN_ORIGIN", `the Origin header must be exactly ${origin}`, origin);
    const site = headerValue(req, "sec-fetch-site");
    if (site !== undefined && site !== "same-origin") throw new ConsoleError(403, "FORBIDDEN_SITE", `Sec-Fetch-Site must be same-origin, got ${site.slice(0, 32)}`, "same-origin");
    if (!bearerMatches(headerValue(req, "authorization"), token)) {
      throw new ConsoleError(401, "UNAUTHORIZED", "send 'Authorization: Bearer <console token>'; open the console with the URL `haltkey console` prints", "Bearer token");
    }
    if (req.method !== "POST") throw new ConsoleError(405, "METHOD_NOT_ALLOWED", "API calls are POST", "POST");
    const type = (headerValue(req, "content-type") ?? "").toLowerCase();
    if (!/^application\/json\s*(;\s*charset=utf-8\s*)?$/.test(type)) {
      throw new ConsoleError(415, "UNSUPPORTED_MEDIA_TYPE", `the body must be JSON (Content-Type: application/json), got ${type.slice(0, 64) || "none"}`, "application/json");
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // DNS rebinding: a page can reach 127.0.0.1 only under its own host name.
    if (!hostAllowed(req.headers.host, port)) {
      throw new ConsoleError(403, "FORBIDDEN_HOST", `the Host header must be localhost:${port}`, `localhost:${port}`);
    }
    const path = new URL(req.url ?? "/", origin).pathname;
    const api = API[path];
    if (api) {
      checkApiRequest(req);
      const bytes = await readBody(req, CONSOLE_BODY_MAX);
      let body: unknown;
      try {
        body = bytes.length === 0 ? {} : JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
      } catch {
        throw new ConsoleError(400, "VALIDATION_INVALID_JSON", "the body must be one JSON object in UTF-8");
      }
      const answer = await api(body).finally(() => {
        if (path !== "/api/state") ownWrite();
      });
      return sendJson(res, 200, answer);
    }
    const asset = assets.get(path);
    if (!asset) throw new ConsoleError(404, "NOT_FOUND", `nothing at ${path.slice(0, 100)}`);
    if (req.method !== "GET" && req.method !== "HEAD") throw new ConsoleError(405, "METHOD_NOT_ALLOWED", "pages are GET", "GET");
    // WebAuthn needs the page on localhost (an IP address is no RP ID); the fragment survives the redirect.
    if (req.headers.host !== `localhost:${port}`) return send(res, 302, "", "text/plain", { Location: `${origin}${path}` });
    return send(res, 200, req.method === "HEAD" ? "" : asset.body, asset.type);
  };

  const server: Server = createServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (e instanceof ConsoleError) {
        if (e.status === 401 || e.status === 403) log.warn({ code: e.code, path: (req.url ?? "").slice(0, 100), origin: headerValue(req, "origin")?.slice(0, 100) }, "console request refused");
        return sendError(res, e, e.status === 401 ? { "WWW-Authenticate": 'Bearer realm="haltkey console"' } : {});
      }
      if (e instanceof KeyRefusedError || e instanceof ApprovalRefusedError) {
        const status = e.code === "UNKNOWN_REQUEST" ? 404 : e.code === "KEY_LABEL_TAKEN" || e.code === "STALE_CHALLENGE" ? 409 : 403;
        return sendError(res, new ConsoleError(status, e.code, e.message));
      }
      log.error({ err: (e as Error).message }, "console request failed");
      return sendError(res, new ConsoleError(500, "INTERNAL_ERROR", "internal error; nothing was approved"));
    });
  });
  server.maxConnections = MAX_CONNECTIONS;
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;

  try {
    port = await listenOnLoopback(server, deps.port);
  } catch (e) {
    throw new ConsoleStartError(`the console ${(e as Error).message}`);
  }
  server.on("error", (e) => log.error({ err: e.message }, "console server error"));
  origin = consoleOrigin(port);
  rp = { rpId: "localhost", origin };
  const url = `${origin}/`;
  const sweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
  sweeper.unref();

  try {
    await writeEndpointFile(files.endpoint, { url, origin, port, pid: process.pid, tokenFile: files.token });
  } catch (e) {
    clearInterval(sweeper);
    server.close();
    throw new ConsoleStartError(`cannot write ${files.endpoint}: ${(e as Error).message}`);
  }
  log.info({ url, tokenFile: files.token }, "serving the operator console (open it with `haltkey console`)");

  return {
    url,
    port,
    async close(): Promise<void> {
      clearInterval(sweeper);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await unlink(files.endpoint).catch(() => undefined);
    },
  };
}
