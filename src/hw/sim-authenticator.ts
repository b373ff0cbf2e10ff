// A software FIDO2 authenticator for tests: the CTAP2 half of a security key, plugged into
// CtapHidDevice as its request handler. Non-resident ES256 credentials live in an in-memory map
// keyed by a random credential id. The "human" is scriptable: each request needing presence
// consumes the next queued touch decision (or the default).
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { asArray, asBytes, asInt, asMap, asText, CborError, decode, encodeCanonical, type CborMap } from "./cbor.js";
import { CTAP2_CMD, CTAP2_STATUS, ES256 } from "./ctap2.js";
import { CMD, KEEPALIVE, type Message, type RequestHandler } from "./ctaphid.js";

/** What the simulated human does when the key blinks. */
export type TouchDecision =
  | "touch" // touches right away (after one UPNEEDED keepalive, as a real key would send)
  | "no-touch" // refuses: OPERATION_DENIED after waiting noTouchMs
  | "slow" // touches after slowMs, with keepalives meanwhile
  | "timeout"; // never touches: USER_ACTION_TIMEOUT after noTouchMs

export interface SimFidoOptions {
  readonly aaguid?: Uint8Array;
  /** Decision used when none is queued. Default "touch". */
  readonly touch?: TouchDecision;
  /** "packed" self attestation (signed with the credential key) or "none". Default "none". */
  readonly attestation?: "packed" | "none";
  readonly slowMs?: number;
  readonly noTouchMs?: number;
  readonly keepaliveIntervalMs?: number;
}

interface StoredCredential {
  readonly rpIdHash: Uint8Array;
  readonly privateKey: KeyObject;
  signCount: number;
}

/** Internal: a request ends with this CTAP2 status (never escapes the handler). */
class StatusError extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

const FLAG_UP = 0x01;
const FLAG_AT = 0x40;
const U2F_SW_INS_NOT_SUPPORTED = Uint8Array.of(0x6d, 0x00);

const sha256 = (data: Uint8Array | string): Uint8Array => new Uint8Array(createHash("sha256").update(data).digest());
const idKey = (id: Uint8Array): string => Buffer.from(id).toString("hex");
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

function u32be(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n >>> 0);
  return b;
}

/** COSE_Key for an ES256 P-256 public key: {1:2, 3:-7, -1:1, -2:x, -3:y}. */
export function coseEc2PublicKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  if (!jwk.x || !jwk.y) throw new Error("expected an EC public key with x and y");
  return encodeCanonical(
    new Map<number, unknown>([
      [1, 2],
      [3, ES256],
      [-1, 1],
      [-2, Buffer.from(jwk.x, "base64url")],
      [-3, Buffer.from(jwk.y, "base64url")],
    ]),
  );
}

export class SimFidoAuthenticator {
  readonly aaguid: Uint8Array;
  private readonly credentials = new Map<string, StoredCredential>();
  private readonly queued: TouchDecision[] = [];
  /** How many times the simulated human was asked for a touch (tests assert it was, or was not). */
  touchRequests = 0;

  constructor(private readonly opts: SimFidoOptions = {}) {
    this.aaguid = opts.aaguid ?? new Uint8Array(16).fill(0x5a);
    if (this.aaguid.length !== 16) throw new RangeError(`aaguid must be 16 bytes, got ${this.aaguid.length}`);
  }

  /** Queues the human's decision for the next request that needs a touch. */
  setNextTouch(decision: TouchDecision): void {
    this.queued.push(decision);
  }

  get credentialCount(): number {
    return this.credentials.size;
  }

  /** The CtapHidDevice handler. It answers every request with a status; it never throws. */
  readonly handler: RequestHandler = async (message, ctx) => {
    if (message.cmd === CMD.MSG) return U2F_SW_INS_NOT_SUPPORTED; // no CTAP1 in this simulator
    if (message.cmd !== CMD.CBOR) return Uint8Array.of(CTAP2_STATUS.INVALID_COMMAND);
    try {
      return await this.handleCbor(message, ctx);
    } catch (e) {
      if (e instanceof StatusError) return Uint8Array.of(e.status);
      if (e instanceof CborError) return Uint8Array.of(CTAP2_STATUS.CBOR_UNEXPECTED_TYPE);
      return Uint8Array.of(CTAP2_STATUS.OTHER);
    }
  };

  private async handleCbor(message: Message, ctx: Parameters<RequestHandler>[1]): Promise<Uint8Array> {
    if (message.payload.length === 0) throw new StatusError(CTAP2_STATUS.INVALID_LENGTH, "empty CTAP2 request");
    const command = message.payload[0]!;
    const known: readonly number[] = [CTAP2_CMD.GET_INFO, CTAP2_CMD.MAKE_CREDENTIAL, CTAP2_CMD.GET_ASSERTION];
    // An unknown command is INVALID_COMMAND whatever follows it, so check before parsing.
    if (!known.includes(command)) throw new StatusError(CTAP2_STATUS.INVALID_COMMAND, `unknown CTAP2 command 0x${command.toString(16)}`);
    const params = command === CTAP2_CMD.GET_INFO ? new Map() : this.parseParams(message.payload.subarray(1));
    let response: CborMap;
    switch (command) {
      case CTAP2_CMD.GET_INFO:
        response = this.getInfo();
        break;
      case CTAP2_CMD.MAKE_CREDENTIAL:
        response = await this.makeCredential(params, ctx);
        break;
      case CTAP2_CMD.GET_ASSERTION:
        response = await this.getAssertion(params, ctx);
        break;
      default:
        throw new StatusError(CTAP2_STATUS.INVALID_COMMAND, `unknown CTAP2 command 0x${command.toString(16)}`);
    }
    return concat(Uint8Array.of(CTAP2_STATUS.OK), encodeCanonical(response));
  }

  private parseParams(body: Uint8Array): CborMap {
    if (body.length === 0) throw new StatusError(CTAP2_STATUS.MISSING_PARAMETER, "expected a parameter map");
    let value: unknown;
    try {
      value = decode(body);
    } catch {
      throw new StatusError(CTAP2_STATUS.INVALID_CBOR, "parameters are not valid CBOR");
    }
    if (!(value instanceof Map)) throw new StatusError(CTAP2_STATUS.CBOR_UNEXPECTED_TYPE, "parameters must be a CBOR map");
    return value;
  }

  private getInfo(): CborMap {
    return new Map<number, unknown>([
      [1, ["FIDO_2_0", "U2F_V2"]],
      [3, this.aaguid],
      [4, new Map<string, boolean>([["rk", false], ["up", true], ["plat", false]])],
      [5, 1200],
    ]);
  }

  private async makeCredential(p: CborMap, ctx: Parameters<RequestHandler>[1]): Promise<CborMap> {
    const clientDataHash = required(p, 1, "clientDataHash", asBytes);
    const rpId = asText(required(p, 2, "rp", asMap).get("id"), "rp.id");
    asBytes(required(p, 3, "user", asMap).get("id"), "user.id");
    const algs = required(p, 4, "pubKeyCredParams", asArray).map((e) => asInt(asMap(e, "pubKeyCredParams entry").get("alg"), "alg"));
    if (!algs.includes(ES256)) throw new StatusError(CTAP2_STATUS.UNSUPPORTED_ALGORITHM, "only ES256 (-7) is supported");
    const options = p.has(7) ? asMap(p.get(7), "options") : new Map();
    if (options.get("rk") === true) throw new StatusError(CTAP2_STATUS.UNSUPPORTED_OPTION, "no resident keys");
    if (options.get("uv") === true) throw new StatusError(CTAP2_STATUS.UNSUPPORTED_OPTION, "no user verification");
    const rpIdHash = sha256(rpId);
    if (p.has(5) && this.findCredential(asArray(p.get(5), "excludeList"), rpIdHash)) {
      await this.awaitTouch(ctx); // a real key confirms presence before revealing an exclusion
      throw new StatusError(CTAP2_STATUS.CREDENTIAL_EXCLUDED, "credential already registered");
    }
    await this.awaitTouch(ctx);

    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const credentialId = new Uint8Array(randomBytes(32));
    this.credentials.set(idKey(credentialId), { rpIdHash, privateKey, signCount: 0 });
    const idLen = Uint8Array.of(credentialId.length >> 8, credentialId.length & 0xff);
    const authData = concat(rpIdHash, Uint8Array.of(FLAG_UP | FLAG_AT), u32be(0), this.aaguid, idLen, credentialId, coseEc2PublicKey(publicKey));
    const packed = this.opts.attestation === "packed";
    const attStmt = packed
      ? new Map<string, unknown>([["alg", ES256], ["sig", sign("sha256", concat(authData, clientDataHash), privateKey)]])
      : new Map<string, unknown>();
    return new Map<number, unknown>([
      [1, packed ? "packed" : "none"],
      [2, authData],
      [3, attStmt],
    ]);
  }

  private async getAssertion(p: CborMap, ctx: Parameters<RequestHandler>[1]): Promise<CborMap> {
    const rpId = required(p, 1, "rpId", asText);
    const clientDataHash = required(p, 2, "clientDataHash", asBytes);
    const options = p.has(5) ? asMap(p.get(5), "options") : new Map();
    if (options.get("uv") === true) throw new StatusError(CTAP2_STATUS.UNSUPPORTED_OPTION, "no user verification");
    const wantPresence = options.get("up") !== false;
    const rpIdHash = sha256(rpId);
    // Non-resident credentials only: without an allowList there is nothing to find.
    const found = p.has(3) ? this.findCredential(asArray(p.get(3), "allowList"), rpIdHash) : undefined;
    if (!found) throw new StatusError(CTAP2_STATUS.NO_CREDENTIALS, "no allowList entry is ours for this RP");
    if (wantPresence) await this.awaitTouch(ctx);

    found.cred.signCount += 1;
    const authData = concat(rpIdHash, Uint8Array.of(wantPresence ? FLAG_UP : 0), u32be(found.cred.signCount));
    const signature = sign("sha256", concat(authData, clientDataHash), found.cred.privateKey); // DER by default
    return new Map<number, unknown>([
      [1, new Map<string, unknown>([["id", found.id], ["type", "public-key"]])],
      [2, authData],
      [3, signature],
    ]);
  }

  private findCredential(list: unknown[], rpIdHash: Uint8Array): { id: Uint8Array; cred: StoredCredential } | undefined {
    for (const entry of list) {
      const d = asMap(entry, "credential descriptor");
      if (d.get("type") !== "public-key") continue; // unknown types are skipped, per spec
      const id = asBytes(d.get("id"), "credential descriptor id");
      const cred = this.credentials.get(idKey(id));
      if (cred && Buffer.from(cred.rpIdHash).equals(rpIdHash)) return { id, cred };
    }
    return undefined;
  }

  /**
   * Waits for the simulated human. Sends KEEPALIVE UPNEEDED first and then every interval, so the
   * host can tell the operator to touch the key; a CTAPHID CANCEL ends the wait with KEEPALIVE_CANCEL.
   */
  private async awaitTouch(ctx: Parameters<RequestHandler>[1]): Promise<void> {
    this.touchRequests++;
    const decision = this.queued.shift() ?? this.opts.touch ?? "touch";
    const interval = this.opts.keepaliveIntervalMs ?? 20;
    const waitMs = decision === "touch" ? 0 : decision === "slow" ? (this.opts.slowMs ?? 100) : (this.opts.noTouchMs ?? 50);
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (ctx.cancelled()) throw new StatusError(CTAP2_STATUS.KEEPALIVE_CANCEL, "cancelled by the host");
      await ctx.keepalive(KEEPALIVE.UPNEEDED);
      const remaining = deadline - Date.now();
      if (remaining <= 0) break;
      await sleep(Math.min(interval, remaining));
    }
    if (ctx.cancelled()) throw new StatusError(CTAP2_STATUS.KEEPALIVE_CANCEL, "cancelled by the host");
    if (decision === "no-touch") throw new StatusError(CTAP2_STATUS.OPERATION_DENIED, "the user declined");
    if (decision === "timeout") throw new StatusError(CTAP2_STATUS.USER_ACTION_TIMEOUT, "no touch in time");
  }
}

/** A mandatory request parameter, typed; absent → MISSING_PARAMETER, wrong type → CBOR_UNEXPECTED_TYPE. */
function required<T>(p: CborMap, key: number, name: string, as: (v: unknown, what: string) => T): T {
  if (!p.has(key)) throw new StatusError(CTAP2_STATUS.MISSING_PARAMETER, `${name} (0x${key.toString(16)}) missing`);
  return as(p.get(key), name);
}
