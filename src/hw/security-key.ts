// The one security-key API the daemon uses, whatever the key speaks: CTAP2 when the key answers
// getInfo, CTAP1/U2F otherwise (hardware-channel.md §3, as python-fido2 does). Either way enroll()
// and approve() return the WebAuthn JSON that verifyRegistration / verifyApproval check, and every
// failure is a SecurityKeyError with a code saying what happened; nothing here ever resolves
// without the key's signed answer.
import { z } from "zod";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { CTAP2_STATUS, Ctap2Client, Ctap2Error, ES256, type AuthenticatorInfo, type PublicKeyCredentialDescriptor } from "./ctap2.js";
import { CAPABILITY, CMD, CtapHidClient, CtapHidError, ERR, KEEPALIVE, type InitInfo } from "./ctaphid.js";
import { formatUuid } from "./bytes.js";
import { TransportClosedError, type HidTransport } from "./transport.js";
import { SW, U2fClient, U2fError } from "./u2f.js";
import {
  buildClientDataJSON,
  clientDataHash,
  RP_ID,
  RP_NAME,
  rpIdHash,
  toAuthenticationResponseJSON,
  toRegistrationResponseJSON,
  u2fAuthenticationToAssertion,
  u2fRegistrationToAttestation,
} from "./webauthn.js";

export type SecurityKeyProtocol = "ctap2" | "u2f";
export type SecurityKeyStatus = "waiting-for-touch" | "processing";

export type SecurityKeyErrorCode =
  /** No touch before the deadline (or the key gave up waiting). */
  | "timeout"
  /** The caller's AbortSignal fired. */
  | "aborted"
  /** The human refused on the key (CTAP2 OPERATION_DENIED). */
  | "denied"
  /** None of the allowed credentials is on this key. */
  | "no-credential"
  /** The key already holds one of excludeCredentialIds. */
  | "excluded"
  /** A PIN is set and the key will not make a credential without it, and it has no U2F. */
  | "pin-required"
  /** The device went away mid-request. */
  | "unplugged"
  /** close() was called. */
  | "closed"
  /** Another request is in flight on this key. */
  | "busy"
  /** The key speaks neither CTAP2 nor U2F, or lacks the feature asked for. */
  | "unsupported"
  /** The options were refused before anything was sent. */
  | "invalid-request"
  /** Anything else the key said or did not say. */
  | "device-error";

export class SecurityKeyError extends Error {
  constructor(
    readonly code: SecurityKeyErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "SecurityKeyError";
  }
}

export interface SecurityKeyInfo {
  readonly protocol: SecurityKeyProtocol;
  /** getInfo versions for CTAP2 keys, ["U2F_V2"] for U2F-only keys. */
  readonly versions: string[];
  /** CTAP2 only, as a UUID string. */
  readonly aaguid?: string;
  /** CTAP2 getInfo options (rk, up, clientPin, …); empty for U2F. */
  readonly options: Readonly<Record<string, boolean>>;
  readonly deviceVersion: readonly [number, number, number];
  readonly canWink: boolean;
  /**
   * How enroll() makes credentials: "u2f" on a CTAP 2.0 key with a PIN set, which refuses
   * makeCredential without PIN auth but still registers over U2F (its credential then signs over
   * CTAP2 too, since appParam = SHA-256(RP ID)).
   */
  readonly enrollsWith: SecurityKeyProtocol;
}

export interface CeremonyOptions {
  readonly signal?: AbortSignal;
  readonly onStatus?: (status: SecurityKeyStatus) => void;
  /** Deadline for the whole ceremony, touch included. Default 30 s. */
  readonly timeoutMs?: number;
}

export interface EnrollOptions extends CeremonyOptions {
  readonly challenge: Uint8Array;
  readonly user: { readonly id: Uint8Array; readonly name: string; readonly displayName: string };
  readonly excludeCredentialIds?: readonly Uint8Array[];
}

export interface ApproveOptions extends CeremonyOptions {
  readonly challenge: Uint8Array;
  /** Every enrolled credential id: the key signs with whichever of them it holds. */
  readonly allowCredentialIds: readonly Uint8Array[];
}

export interface SecurityKey {
  readonly protocol: SecurityKeyProtocol;
  readonly info: SecurityKeyInfo;
  enroll(o: EnrollOptions): Promise<RegistrationResponseJSON>;
  approve(o: ApproveOptions): Promise<AuthenticationResponseJSON>;
  /** Blinks the key so the human can tell which one it is. Rejects "unsupported" if it cannot. */
  wink(): Promise<void>;
  /** Stops any request in flight (it rejects "closed") and closes the transport. */
  close(): Promise<void>;
}

export interface OpenSecurityKeyOptions {
  /** For the CTAPHID INIT nonce. */
  readonly random: (n: number) => Uint8Array;
  readonly now?: () => number;
  /** U2F: wait between polls of a key that wants a touch. Default 250 ms, like python-fido2. */
  readonly pollIntervalMs?: number;
  /** INIT and getInfo/VERSION deadline. Default 2 s. */
  readonly probeTimeoutMs?: number;
}

// ------------------------------------------------------------------------------ request validation

const DEFAULT_TIMEOUT_MS = 30_000;
/** One quick question to the key (INIT, getInfo, VERSION, a U2F check-only). */
const PROBE_MS = 2000;

const bytes = (what: string, min: number, max: number) =>
  z.instanceof(Uint8Array, { message: `${what}: expected bytes (Uint8Array)` }).refine((b) => b.length >= min && b.length <= max, {
    message: `${what}: expected ${min}–${max} bytes`,
  });

const ceremony = {
  signal: z.instanceof(AbortSignal, { message: "signal: expected an AbortSignal" }).optional(),
  onStatus: z.custom<(s: SecurityKeyStatus) => void>((v) => typeof v === "function", { message: "onStatus: expected a function" }).optional(),
  timeoutMs: z.number().int().min(1).max(600_000).optional(),
};

/** Credential ids: CTAP2 allows up to 1023 bytes; lists are capped well above any real enrolment. */
const credentialIds = z.array(bytes("credential id", 1, 1023)).max(64);

const EnrollSchema = z.strictObject({
  challenge: bytes("challenge", 16, 64),
  user: z.strictObject({
    id: bytes("user.id", 1, 64),
    name: z.string().min(1).max(256),
    displayName: z.string().min(1).max(256),
  }),
  excludeCredentialIds: credentialIds.optional(),
  ...ceremony,
});

const ApproveSchema = z.strictObject({
  challenge: bytes("challenge", 16, 64),
  allowCredentialIds: credentialIds.min(1, { message: "allowCredentialIds: expected at least one enrolled credential id" }),
  ...ceremony,
});

function parseOptions<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new SecurityKeyError("invalid-request", `${what} options refused: ${r.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`);
  return r.data;
}

// ------------------------------------------------------------------------------ plumbing

/** Remembers that the device went away, so any later error is reported as an unplug. */
class TrackedTransport implements HidTransport {
  unplugged = false;
  constructor(private readonly inner: HidTransport) {}

  private track<T>(p: Promise<T>): Promise<T> {
    return p.catch((e: unknown) => {
      if (e instanceof TransportClosedError) this.unplugged = true;
      throw e;
    });
  }

  write(report: Uint8Array): Promise<void> {
    return this.track(this.inner.write(report));
  }
  read(timeoutMs: number): Promise<Uint8Array | null> {
    return this.track(this.inner.read(timeoutMs));
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

const CTAP2_CODES = new Map<number, SecurityKeyErrorCode>([
  [CTAP2_STATUS.KEEPALIVE_CANCEL, "aborted"],
  [CTAP2_STATUS.OPERATION_DENIED, "denied"],
  [CTAP2_STATUS.USER_ACTION_TIMEOUT, "timeout"],
  [CTAP2_STATUS.ACTION_TIMEOUT, "timeout"],
  [CTAP2_STATUS.NO_CREDENTIALS, "no-credential"],
  [CTAP2_STATUS.CREDENTIAL_EXCLUDED, "excluded"],
  [CTAP2_STATUS.PIN_REQUIRED, "pin-required"],
  [CTAP2_STATUS.PIN_INVALID, "pin-required"],
  [CTAP2_STATUS.PIN_BLOCKED, "pin-required"],
  [CTAP2_STATUS.PIN_AUTH_INVALID, "pin-required"],
  [CTAP2_STATUS.PIN_AUTH_BLOCKED, "pin-required"],
  [CTAP2_STATUS.PIN_NOT_SET, "pin-required"],
]);

/**
 * At most `max` UTF-8 bytes, cut at a character boundary: CTAP 2.0 keys may refuse longer user
 * names, and a non-discoverable credential never shows them anyway (WebAuthn lets clients truncate).
 */
function truncateUtf8(s: string, max: number): string {
  let out = "";
  let size = 0;
  for (const ch of s) {
    size += Buffer.byteLength(ch, "utf8");
    if (size > max) break;
    out += ch;
  }
  return out;
}

function maxFromInfo(info: AuthenticatorInfo, key: number): number | undefined {
  const v = info.raw.get(key);
  return typeof v === "number" && Number.isSafeInteger(v) && v > 0 ? v : undefined;
}

// ------------------------------------------------------------------------------ opening

/**
 * Opens a security key on `transport` (which it then owns: closed on failure and by close()).
 * CTAP2 if INIT announces CBOR and getInfo answers; otherwise U2F if VERSION says U2F_V2.
 */
export async function openSecurityKey(transport: HidTransport, opts: OpenSecurityKeyOptions): Promise<SecurityKey> {
  const tracked = new TrackedTransport(transport);
  const now = opts.now ?? Date.now;
  const probeMs = opts.probeTimeoutMs ?? PROBE_MS;
  const hid = new CtapHidClient(tracked, opts.random, now);
  try {
    const init = await hid.init(probeMs);
    const ctap2 = new Ctap2Client(hid, { timeoutMs: DEFAULT_TIMEOUT_MS });
    const u2f = new U2fClient(hid, { now, ...(opts.pollIntervalMs !== undefined ? { pollIntervalMs: opts.pollIntervalMs } : {}) });
    const hasMsg = (init.capabilities & CAPABILITY.NMSG) === 0;
    if (init.capabilities & CAPABILITY.CBOR) {
      try {
        const info = await ctap2.getInfo({ timeoutMs: probeMs });
        return new OpenedKey(tracked, hid, init, now, { kind: "ctap2", ctap2, u2f: hasMsg && info.versions.includes("U2F_V2") ? u2f : undefined, info });
      } catch (e) {
        // Only a key that answered "no" is taken for a U2F key (python-fido2 falls back the same
        // way); a busy or silent one is an error, not a reason to speak another protocol to it.
        const refused = e instanceof Ctap2Error || (e instanceof CtapHidError && e.code === ERR.INVALID_CMD);
        if (!refused || tracked.unplugged) throw e;
        // A fresh channel, so a late answer to getInfo cannot be taken for the answer to VERSION.
        await hid.init(probeMs);
      }
    }
    if (!hasMsg) throw new SecurityKeyError("unsupported", "the key answers neither CTAP2 getInfo nor U2F (it announces no CTAPHID_MSG)");
    let version: string;
    try {
      version = await u2f.version(probeMs);
    } catch (e) {
      if (tracked.unplugged) throw e;
      throw new SecurityKeyError("unsupported", `the key answers neither CTAP2 getInfo nor U2F VERSION (${(e as Error).message})`, { cause: e });
    }
    if (version !== "U2F_V2") throw new SecurityKeyError("unsupported", `U2F version "${version}" is not U2F_V2`);
    return new OpenedKey(tracked, hid, init, now, { kind: "u2f", u2f });
  } catch (e) {
    await transport.close().catch(() => undefined);
    if (e instanceof SecurityKeyError) throw e;
    if (tracked.unplugged) throw new SecurityKeyError("unplugged", "the key went away while it was being opened", { cause: e });
    throw new SecurityKeyError("device-error", `could not open the security key: ${(e as Error).message}`, { cause: e });
  }
}

type Engine =
  | { readonly kind: "ctap2"; readonly ctap2: Ctap2Client; readonly u2f: U2fClient | undefined; readonly info: AuthenticatorInfo }
  | { readonly kind: "u2f"; readonly u2f: U2fClient };

/** One ceremony's deadline, signal and status reporting. */
interface Ceremony {
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  status(s: SecurityKeyStatus): void;
  remaining(): number;
  /** Throws "aborted" or "timeout" when the ceremony must stop; between steps. */
  check(): void;
}

class OpenedKey implements SecurityKey {
  readonly protocol: SecurityKeyProtocol;
  readonly info: SecurityKeyInfo;
  private busy = false;
  private closed = false;
  /** Set when a request ended mid-transaction: the next one starts on a fresh channel. */
  private resync = false;
  private inFlight: AbortController | undefined;

  constructor(
    private readonly transport: TrackedTransport,
    private readonly hid: CtapHidClient,
    init: InitInfo,
    private readonly now: () => number,
    private readonly engine: Engine,
  ) {
    this.protocol = engine.kind;
    const base = { deviceVersion: init.deviceVersion, canWink: (init.capabilities & CAPABILITY.WINK) !== 0 };
    if (engine.kind === "ctap2") {
      const o = engine.info.options;
      const pinBlocksMakeCredential = o.clientPin === true && o.makeCredUvNotRqd !== true;
      this.info = {
        protocol: "ctap2",
        versions: engine.info.versions,
        ...(engine.info.aaguid.length === 16 ? { aaguid: formatUuid(engine.info.aaguid) } : {}),
        options: { ...o },
        ...base,
        enrollsWith: pinBlocksMakeCredential && engine.u2f ? "u2f" : "ctap2",
      };
    } else {
      this.info = { protocol: "u2f", versions: ["U2F_V2"], options: {}, ...base, enrollsWith: "u2f" };
    }
  }

  async enroll(o: EnrollOptions): Promise<RegistrationResponseJSON> {
    const req = parseOptions(EnrollSchema, o, "enroll");
    return this.run(req, async (c) => {
      const clientDataJSON = buildClientDataJSON("webauthn.create", req.challenge);
      const cdh = clientDataHash(clientDataJSON);
      const exclude = req.excludeCredentialIds ?? [];
      const e = this.engine;
      if (e.kind === "ctap2" && this.info.enrollsWith === "ctap2") {
        const att = await e.ctap2.makeCredential(
          {
            clientDataHash: cdh,
            rp: { id: RP_ID, name: RP_NAME },
            user: { id: req.user.id, name: truncateUtf8(req.user.name, 64), displayName: truncateUtf8(req.user.displayName, 64) },
            pubKeyCredParams: [{ type: "public-key", alg: ES256 }],
            excludeList: exclude.map((id) => ({ type: "public-key", id })),
          },
          this.ctap2Options(c),
        );
        return toRegistrationResponseJSON(att, clientDataJSON);
      }
      const u2f = e.u2f;
      if (!u2f) throw new SecurityKeyError("unsupported", "this key cannot register over U2F");
      const app = rpIdHash();
      // U2F has no exclude list: ask check-only about each id. No touch is needed to learn the
      // answer, and the daemon is the only party that can ask about its own RP ID.
      for (const id of exclude) {
        c.check();
        if (id.length <= 255 && (await u2f.isOwnKeyHandle(app, id, Math.min(PROBE_MS, Math.max(1, c.remaining()))))) {
          throw new SecurityKeyError("excluded", "this key is already enrolled (one of excludeCredentialIds is on it)");
        }
      }
      const reg = await u2f.register(cdh, app, this.u2fOptions(c));
      return toRegistrationResponseJSON(u2fRegistrationToAttestation(reg), clientDataJSON);
    });
  }

  async approve(o: ApproveOptions): Promise<AuthenticationResponseJSON> {
    const req = parseOptions(ApproveSchema, o, "approve");
    return this.run(req, async (c) => {
      const clientDataJSON = buildClientDataJSON("webauthn.get", req.challenge);
      const cdh = clientDataHash(clientDataJSON);
      const e = this.engine;
      if (e.kind === "ctap2") {
        for (const allowList of this.allowListChunks(e.info, req.allowCredentialIds)) {
          try {
            const assertion = await e.ctap2.getAssertion({ rpId: RP_ID, clientDataHash: cdh, allowList }, this.ctap2Options(c));
            return toAuthenticationResponseJSON(assertion, clientDataJSON);
          } catch (err) {
            // Not in this chunk: the key answered without a touch, try the next one.
            if (!(err instanceof Ctap2Error && err.status === CTAP2_STATUS.NO_CREDENTIALS)) throw err;
          }
        }
        throw new SecurityKeyError("no-credential", "none of the allowed credentials is on this key");
      }
      const app = rpIdHash();
      // Check-only first: it finds the handle this key holds without asking for a touch, so the
      // human is asked once, for the one signature that counts.
      for (const id of req.allowCredentialIds) {
        if (id.length > 255) continue; // cannot be a U2F key handle
        c.check();
        if (!(await e.u2f.isOwnKeyHandle(app, id, Math.min(PROBE_MS, Math.max(1, c.remaining()))))) continue;
        const auth = await e.u2f.authenticate(cdh, app, id, this.u2fOptions(c));
        return toAuthenticationResponseJSON(u2fAuthenticationToAssertion(auth, id), clientDataJSON);
      }
      throw new SecurityKeyError("no-credential", "none of the allowed credentials is on this key (U2F WRONG_DATA for each)");
    });
  }

  async wink(): Promise<void> {
    await this.run({}, async (c) => {
      if (!this.info.canWink) throw new SecurityKeyError("unsupported", "this key does not announce the WINK capability");
      await this.hid.transact(CMD.WINK, new Uint8Array(0), { timeoutMs: Math.min(PROBE_MS, c.timeoutMs), signal: c.signal });
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.inFlight?.abort();
    await this.transport.close();
  }

  // ---------------------------------------------------------------------------- helpers

  /**
   * Runs one request: refuses when closed or busy, sets the deadline, links the caller's signal
   * and close() to the request, and turns every failure into a SecurityKeyError.
   */
  private async run<T>(o: CeremonyOptions, body: (c: Ceremony) => Promise<T>): Promise<T> {
    if (this.closed) throw new SecurityKeyError("closed", "the security key was closed");
    if (this.busy) throw new SecurityKeyError("busy", "another request is in flight on this security key");
    this.busy = true;
    const controller = new AbortController();
    this.inFlight = controller;
    const onAbort = (): void => controller.abort();
    if (o.signal?.aborted) controller.abort();
    o.signal?.addEventListener("abort", onAbort);
    let last: SecurityKeyStatus | undefined;
    const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const now = this.now;
    const deadline = now() + timeoutMs;
    const c: Ceremony = {
      signal: controller.signal,
      timeoutMs,
      remaining: () => deadline - now(),
      check: () => {
        if (controller.signal.aborted) throw new SecurityKeyError("aborted", "the request was aborted");
        if (deadline - now() <= 0) throw new SecurityKeyError("timeout", `no answer from the key within ${timeoutMs} ms`);
      },
      status: (s) => {
        if (s === last) return;
        last = s;
        try {
          o.onStatus?.(s);
        } catch {
          // A failing status callback must not decide the ceremony.
        }
      },
    };
    try {
      if (controller.signal.aborted) throw new SecurityKeyError("aborted", "aborted before the request was sent");
      if (this.resync) {
        await this.hid.init();
        this.resync = false;
      }
      return await body(c);
    } catch (e) {
      const err = this.classify(e, controller.signal, o.signal);
      if (err.code === "timeout" || err.code === "aborted" || err.code === "device-error") this.resync = true;
      throw err;
    } finally {
      o.signal?.removeEventListener("abort", onAbort);
      if (this.inFlight === controller) this.inFlight = undefined;
      this.busy = false;
    }
  }

  private classify(e: unknown, ours: AbortSignal, theirs: AbortSignal | undefined): SecurityKeyError {
    if (this.closed) return new SecurityKeyError("closed", "the security key was closed during the request", { cause: e });
    if (this.transport.unplugged) return new SecurityKeyError("unplugged", "the security key was unplugged during the request", { cause: e });
    if (e instanceof SecurityKeyError) return e;
    if (theirs?.aborted || ours.aborted) return new SecurityKeyError("aborted", "the request was aborted", { cause: e });
    if (e instanceof Ctap2Error) return new SecurityKeyError(CTAP2_CODES.get(e.status) ?? "device-error", e.message, { cause: e });
    if (e instanceof U2fError) {
      if (e.kind === "timeout" || e.kind === "aborted") return new SecurityKeyError(e.kind, e.message, { cause: e });
      if (e.kind === "status" && e.sw === SW.WRONG_DATA) return new SecurityKeyError("no-credential", e.message, { cause: e });
      return new SecurityKeyError("device-error", e.message, { cause: e });
    }
    if (e instanceof CtapHidError && e.code === ERR.MSG_TIMEOUT) return new SecurityKeyError("timeout", e.message, { cause: e });
    return new SecurityKeyError("device-error", (e as Error)?.message ?? String(e), { cause: e });
  }

  private ctap2Options(c: Ceremony): { timeoutMs: number; signal: AbortSignal; onKeepalive: (s: number) => void } {
    return {
      timeoutMs: Math.max(1, c.remaining()),
      signal: c.signal,
      onKeepalive: (s) => {
        if (s === KEEPALIVE.UPNEEDED) c.status("waiting-for-touch");
        else if (s === KEEPALIVE.PROCESSING) c.status("processing");
      },
    };
  }

  private u2fOptions(c: Ceremony): { timeoutMs: number; signal: AbortSignal; onTouchNeeded: () => void } {
    return { timeoutMs: Math.max(1, c.remaining()), signal: c.signal, onTouchNeeded: () => c.status("waiting-for-touch") };
  }

  /** The allow list in pieces the key accepts (getInfo maxCredentialCountInList / maxCredentialIdLength). */
  private allowListChunks(info: AuthenticatorInfo, ids: readonly Uint8Array[]): PublicKeyCredentialDescriptor[][] {
    const maxLen = maxFromInfo(info, 0x08);
    const perList = maxFromInfo(info, 0x07) ?? ids.length;
    const usable = ids.filter((id) => maxLen === undefined || id.length <= maxLen).map((id) => ({ type: "public-key" as const, id }));
    const chunks: PublicKeyCredentialDescriptor[][] = [];
    for (let i = 0; i < usable.length; i += perList) chunks.push(usable.slice(i, i + perList));
    return chunks;
  }
}
