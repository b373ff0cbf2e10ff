// A software security key for tests, plugged into CtapHidDevice as its request handler: CTAP2 over
// CTAPHID_CBOR and CTAP1/U2F over CTAPHID_MSG, sharing one credential store, so a credential made
// by either protocol signs through the other with the same counter, as on a real key.
// Non-resident ES256 credentials live in an in-memory map keyed by a random credential id (the
// U2F key handle). The "human" is scriptable: each request needing presence consumes the next
// queued touch decision (or the default).
import { createECDH, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { concatBytes, sha256, toHex, u32be } from "../hw/bytes.js";
import { asArray, asBytes, asInt, asMap, asText, CborError, decode, encodeCanonical, type CborMap } from "../hw/cbor.js";
import { CTAP2_CMD, CTAP2_STATUS, ES256 } from "../hw/ctap2.js";
import { CAPABILITY, CMD, KEEPALIVE, type Message, type RequestHandler } from "../hw/ctaphid.js";
import { decodeApduRequest, encodeApduResponse, SW, U2F_AUTH, U2F_INS } from "../hw/u2f.js";

/**
 * What the simulated human does when the key blinks. Over U2F, which has no keepalive and no
 * refusal, the key answers CONDITIONS_NOT_SATISFIED to every poll until touched: "touch" is
 * touched after the first such answer, "slow" slowMs later, "no-touch" and "timeout" never.
 */
export type TouchDecision =
  | "touch" // touches right away (after one UPNEEDED keepalive, as a real key would send)
  | "no-touch" // refuses: OPERATION_DENIED after waiting noTouchMs
  | "slow" // touches after slowMs, with keepalives meanwhile
  | "timeout"; // never touches: USER_ACTION_TIMEOUT after noTouchMs

export interface SimFidoOptions {
  readonly aaguid?: Uint8Array;
  /** Decision used when none is queued. Default "touch". */
  readonly touch?: TouchDecision;
  /**
   * A live simulated human (the daemon's --simulate): asked, when nothing is queued, each time a
   * CTAP2 request needs presence; the key blinks (keepalive UPNEEDED) until it answers.
   */
  readonly presence?: () => Promise<"touch" | "no-touch" | "timeout">;
  /** "packed" self attestation (signed with the credential key) or "none". Default "none". */
  readonly attestation?: "packed" | "none";
  readonly slowMs?: number;
  readonly noTouchMs?: number;
  readonly keepaliveIntervalMs?: number;
  /** A U2F-only key: CTAP2 requests answer INVALID_COMMAND and `hidInfo` has no CBOR capability. */
  readonly u2fOnly?: boolean;
  /**
   * A CTAP 2.0 key with a PIN set: getInfo says clientPin, and makeCredential without PIN auth
   * is PIN_REQUIRED (getAssertion with a touch only still works).
   */
  readonly pinSet?: boolean;
  /** Seed of the U2F attestation key, so the certificate's key and contents are reproducible. */
  readonly attestationSeed?: string;
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

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

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
  /** The U2F request waiting for a touch, identified by its bytes: polls of it share one decision. */
  private u2fPending: { readonly request: string; readonly touchAt: number } | undefined;
  private attestation: SimAttestation | undefined;
  /** How many times the simulated human was asked for a touch (tests assert it was, or was not). */
  touchRequests = 0;
  /** KEEPALIVE UPNEEDED packets sent while waiting for touches (a slow touch sends several). */
  keepalivesSent = 0;
  /** The user names of the last makeCredential, as the key received them. */
  lastUser: { readonly name: unknown; readonly displayName: unknown } | undefined;

  constructor(private readonly opts: SimFidoOptions = {}) {
    this.aaguid = opts.aaguid ?? new Uint8Array(16).fill(0x5a);
    if (this.aaguid.length !== 16) throw new RangeError(`aaguid must be 16 bytes, got ${this.aaguid.length}`);
  }

  /** What CtapHidDevice should announce at INIT: no CBOR capability on a U2F-only key. */
  get hidInfo(): { version: [number, number, number]; capabilities: number } {
    return { version: [0, 1, 0], capabilities: CAPABILITY.WINK | (this.opts.u2fOnly ? 0 : CAPABILITY.CBOR) };
  }

  /** The self-signed U2F attestation certificate (DER); made on first use. */
  get attestationCertificate(): Uint8Array {
    return this.u2fAttestation().certificate;
  }

  private u2fAttestation(): SimAttestation {
    this.attestation ??= makeSimAttestation(this.opts.attestationSeed ?? "haltkey simulated security key");
    return this.attestation;
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
    if (message.cmd === CMD.MSG) return this.handleMsg(message.payload);
    // A U2F-only key does not speak CTAP2 at all (CTAPHID would refuse the command; this is the
    // nearest a request handler can answer).
    if (message.cmd !== CMD.CBOR || this.opts.u2fOnly) return Uint8Array.of(CTAP2_STATUS.INVALID_COMMAND);
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
    return concatBytes(Uint8Array.of(CTAP2_STATUS.OK), encodeCanonical(response));
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
    const options = new Map<string, boolean>([["rk", false], ["up", true], ["plat", false]]);
    if (this.opts.pinSet) options.set("clientPin", true);
    return new Map<number, unknown>([
      [1, ["FIDO_2_0", "U2F_V2"]],
      [3, this.aaguid],
      [4, options],
      [5, 1200],
    ]);
  }

  private async makeCredential(p: CborMap, ctx: Parameters<RequestHandler>[1]): Promise<CborMap> {
    const clientDataHash = required(p, 1, "clientDataHash", asBytes);
    const rpId = asText(required(p, 2, "rp", asMap).get("id"), "rp.id");
    const user = required(p, 3, "user", asMap);
    asBytes(user.get("id"), "user.id");
    this.lastUser = { name: user.get("name"), displayName: user.get("displayName") };
    const algs = required(p, 4, "pubKeyCredParams", asArray).map((e) => asInt(asMap(e, "pubKeyCredParams entry").get("alg"), "alg"));
    if (!algs.includes(ES256)) throw new StatusError(CTAP2_STATUS.UNSUPPORTED_ALGORITHM, "only ES256 (-7) is supported");
    const options = p.has(7) ? asMap(p.get(7), "options") : new Map();
    if (options.get("rk") === true) throw new StatusError(CTAP2_STATUS.UNSUPPORTED_OPTION, "no resident keys");
    if (options.get("uv") === true) throw new StatusError(CTAP2_STATUS.UNSUPPORTED_OPTION, "no user verification");
    // CTAP 2.0 with a PIN set: no credential without PIN auth, which this simulator never gets.
    if (this.opts.pinSet) throw new StatusError(CTAP2_STATUS.PIN_REQUIRED, "a PIN is set: makeCredential needs pinUvAuthParam");
    const rpIdHash = sha256(rpId);
    if (p.has(5) && this.findCredential(asArray(p.get(5), "excludeList"), rpIdHash)) {
      await this.awaitTouch(ctx); // a real key confirms presence before revealing an exclusion
      throw new StatusError(CTAP2_STATUS.CREDENTIAL_EXCLUDED, "credential already registered");
    }
    await this.awaitTouch(ctx);

    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const credentialId = new Uint8Array(randomBytes(32));
    this.credentials.set(toHex(credentialId), { rpIdHash, privateKey, signCount: 0 });
    const idLen = Uint8Array.of(credentialId.length >> 8, credentialId.length & 0xff);
    const authData = concatBytes(rpIdHash, Uint8Array.of(FLAG_UP | FLAG_AT), u32be(0), this.aaguid, idLen, credentialId, coseEc2PublicKey(publicKey));
    const packed = this.opts.attestation === "packed";
    const attStmt = packed
      ? new Map<string, unknown>([["alg", ES256], ["sig", sign("sha256", concatBytes(authData, clientDataHash), privateKey)]])
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
    const authData = concatBytes(rpIdHash, Uint8Array.of(wantPresence ? FLAG_UP : 0), u32be(found.cred.signCount));
    const signature = sign("sha256", concatBytes(authData, clientDataHash), found.cred.privateKey); // DER by default
    return new Map<number, unknown>([
      [1, new Map<string, unknown>([["id", found.id], ["type", "public-key"]])],
      [2, authData],
      [3, signature],
    ]);
  }

  // ---------------------------------------------------------------------------- U2F (CTAP1)

  /** One APDU; every outcome is a status word, never a throw. */
  private handleMsg(apdu: Uint8Array): Uint8Array {
    const req = decodeApduRequest(apdu);
    if ("sw" in req) return encodeApduResponse(req.sw);
    try {
      switch (req.ins) {
        case U2F_INS.VERSION:
          if (req.data.length !== 0) return encodeApduResponse(SW.WRONG_LENGTH);
          return encodeApduResponse(SW.NO_ERROR, new TextEncoder().encode("U2F_V2"));
        case U2F_INS.REGISTER:
          return this.u2fRegister(apdu, req.data);
        case U2F_INS.AUTHENTICATE:
          return this.u2fAuthenticate(apdu, req.p1, req.data);
        default:
          return encodeApduResponse(SW.INS_NOT_SUPPORTED);
      }
    } catch {
      return encodeApduResponse(SW.NO_PRECISE_DIAGNOSIS);
    }
  }

  /**
   * U2F presence: the first request asks the human (consuming one decision) and is answered
   * CONDITIONS_NOT_SATISFIED; polls of the same request are answered so until the touch, which
   * the request then consumes. A different request starts over, like a new blink on a real key.
   */
  private u2fTouched(request: Uint8Array): boolean {
    const key = toHex(request);
    const now = Date.now();
    if (this.u2fPending?.request === key) {
      if (now < this.u2fPending.touchAt) return false;
      this.u2fPending = undefined;
      return true;
    }
    this.touchRequests++;
    const decision = this.queued.shift() ?? this.opts.touch ?? "touch";
    const touchAt = decision === "touch" ? now : decision === "slow" ? now + (this.opts.slowMs ?? 100) : Number.POSITIVE_INFINITY;
    this.u2fPending = { request: key, touchAt };
    return false;
  }

  private u2fRegister(apdu: Uint8Array, data: Uint8Array): Uint8Array {
    if (data.length !== 64) return encodeApduResponse(SW.WRONG_LENGTH);
    if (!this.u2fTouched(apdu)) return encodeApduResponse(SW.CONDITIONS_NOT_SATISFIED);
    const challengeParam = data.subarray(0, 32);
    const appParam = data.slice(32, 64);
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const keyHandle = new Uint8Array(randomBytes(32));
    this.credentials.set(toHex(keyHandle), { rpIdHash: appParam, privateKey, signCount: 0 });
    const point = uncompressedPoint(publicKey);
    const att = this.u2fAttestation();
    const signature = sign("sha256", concatBytes(Uint8Array.of(0x00), appParam, challengeParam, keyHandle, point), att.privateKey);
    return encodeApduResponse(SW.NO_ERROR, concatBytes(Uint8Array.of(0x05), point, Uint8Array.of(keyHandle.length), keyHandle, att.certificate, signature));
  }

  private u2fAuthenticate(apdu: Uint8Array, p1: number, data: Uint8Array): Uint8Array {
    if (data.length < 66 || data.length !== 65 + data[64]!) return encodeApduResponse(SW.WRONG_LENGTH);
    const challengeParam = data.subarray(0, 32);
    const appParam = data.subarray(32, 64);
    const cred = this.credentials.get(toHex(data.subarray(65)));
    // Not ours, or ours for another application: the same answer, so no handle leaks its origin.
    if (!cred || !Buffer.from(cred.rpIdHash).equals(appParam)) return encodeApduResponse(SW.WRONG_DATA);
    if (p1 === U2F_AUTH.CHECK_ONLY) return encodeApduResponse(SW.CONDITIONS_NOT_SATISFIED);
    if (p1 !== U2F_AUTH.ENFORCE_PRESENCE && p1 !== U2F_AUTH.DONT_ENFORCE_PRESENCE) return encodeApduResponse(SW.WRONG_DATA);
    const present = p1 === U2F_AUTH.ENFORCE_PRESENCE;
    if (present && !this.u2fTouched(apdu)) return encodeApduResponse(SW.CONDITIONS_NOT_SATISFIED);
    cred.signCount += 1;
    const signed = concatBytes(Uint8Array.of(present ? FLAG_UP : 0), u32be(cred.signCount));
    const signature = sign("sha256", concatBytes(appParam, signed, challengeParam), cred.privateKey);
    return encodeApduResponse(SW.NO_ERROR, concatBytes(signed, signature));
  }

  private findCredential(list: unknown[], rpIdHash: Uint8Array): { id: Uint8Array; cred: StoredCredential } | undefined {
    for (const entry of list) {
      const d = asMap(entry, "credential descriptor");
      if (d.get("type") !== "public-key") continue; // unknown types are skipped, per spec
      const id = asBytes(d.get("id"), "credential descriptor id");
      const cred = this.credentials.get(toHex(id));
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
    const queued = this.queued.shift();
    if (queued === undefined && this.opts.presence) return this.awaitLiveHuman(ctx, this.opts.presence());
    const decision = queued ?? this.opts.touch ?? "touch";
    const interval = this.opts.keepaliveIntervalMs ?? 20;
    const waitMs = decision === "touch" ? 0 : decision === "slow" ? (this.opts.slowMs ?? 100) : (this.opts.noTouchMs ?? 50);
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (ctx.cancelled()) throw new StatusError(CTAP2_STATUS.KEEPALIVE_CANCEL, "cancelled by the host");
      await ctx.keepalive(KEEPALIVE.UPNEEDED);
      this.keepalivesSent++;
      const remaining = deadline - Date.now();
      if (remaining <= 0) break;
      await sleep(Math.min(interval, remaining));
    }
    if (ctx.cancelled()) throw new StatusError(CTAP2_STATUS.KEEPALIVE_CANCEL, "cancelled by the host");
    if (decision === "no-touch") throw new StatusError(CTAP2_STATUS.OPERATION_DENIED, "the user declined");
    if (decision === "timeout") throw new StatusError(CTAP2_STATUS.USER_ACTION_TIMEOUT, "no touch in time");
  }

  private async awaitLiveHuman(ctx: Parameters<RequestHandler>[1], answer: Promise<"touch" | "no-touch" | "timeout">): Promise<void> {
    let decision: "touch" | "no-touch" | "timeout" | undefined;
    void answer.then((d) => (decision = d));
    const interval = this.opts.keepaliveIntervalMs ?? 100;
    while (decision === undefined) {
      if (ctx.cancelled()) throw new StatusError(CTAP2_STATUS.KEEPALIVE_CANCEL, "cancelled by the host");
      await ctx.keepalive(KEEPALIVE.UPNEEDED);
      this.keepalivesSent++;
      await Promise.race([answer, sleep(interval)]);
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

// ------------------------------------------------------------------------------ U2F attestation
// node:crypto can parse X.509 certificates but not make them, so the simulator's self-signed
// attestation certificate is encoded here by hand: a minimal v3 certificate (no extensions),
// ecdsa-with-SHA256, fixed serial, names and validity. Its key is derived from a seed, so
// everything but the signature (OpenSSL's ECDSA nonce is random) is the same on every run.

interface SimAttestation {
  readonly privateKey: KeyObject;
  readonly certificate: Uint8Array;
}

function uncompressedPoint(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  if (!jwk.x || !jwk.y) throw new Error("expected an EC public key with x and y");
  return concatBytes(Uint8Array.of(0x04), Buffer.from(jwk.x, "base64url"), Buffer.from(jwk.y, "base64url"));
}

function derLength(n: number): Uint8Array {
  if (n < 0x80) return Uint8Array.of(n);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

function der(tag: number, ...content: Uint8Array[]): Uint8Array {
  const body = concatBytes(...content);
  return concatBytes(Uint8Array.of(tag), derLength(body.length), body);
}

const OID = {
  ecdsaWithSha256: Uint8Array.of(0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02),
  countryName: Uint8Array.of(0x06, 0x03, 0x55, 0x04, 0x06),
  organizationName: Uint8Array.of(0x06, 0x03, 0x55, 0x04, 0x0a),
  organizationalUnitName: Uint8Array.of(0x06, 0x03, 0x55, 0x04, 0x0b),
  commonName: Uint8Array.of(0x06, 0x03, 0x55, 0x04, 0x03),
};

function name(parts: ReadonlyArray<readonly [Uint8Array, number, string]>): Uint8Array {
  // One attribute per RDN; tag 0x13 PrintableString (country), 0x0c UTF8String (the rest).
  return der(0x30, ...parts.map(([oid, tag, value]) => der(0x31, der(0x30, oid, der(tag, new TextEncoder().encode(value))))));
}

/** A P-256 private key from a seed: scalar = SHA-256(label ‖ seed), which is below the group order. */
function seededP256Key(seed: string): KeyObject {
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(Buffer.from(sha256(`haltkey-sim-u2f-attestation\0${seed}`)));
  const point = ecdh.getPublicKey();
  return createPrivateKey({
    key: {
      kty: "EC",
      crv: "P-256",
      d: ecdh.getPrivateKey().toString("base64url"),
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
}

export function makeSimAttestation(seed: string): SimAttestation {
  const privateKey = seededP256Key(seed);
  const spki = new Uint8Array(createPublicKey(privateKey).export({ type: "spki", format: "der" }));
  const subject = name([
    [OID.countryName, 0x13, "ZZ"],
    [OID.organizationName, 0x0c, "haltkey simulator"],
    [OID.organizationalUnitName, 0x0c, "Authenticator Attestation"],
    [OID.commonName, 0x0c, "haltkey simulated U2F key (not a security device)"],
  ]);
  const algorithm = der(0x30, OID.ecdsaWithSha256);
  const tbs = der(
    0x30,
    der(0xa0, der(0x02, Uint8Array.of(0x02))), // [0] version v3
    der(0x02, sha256(`serial\0${seed}`).subarray(0, 8).map((b, i) => (i === 0 ? (b & 0x3f) | 0x40 : b))), // positive, minimal
    algorithm,
    subject, // self-signed: issuer = subject
    der(0x30, der(0x17, new TextEncoder().encode("250101000000Z")), der(0x18, new TextEncoder().encode("20991231235959Z"))),
    subject,
    spki,
  );
  const signature = new Uint8Array(sign("sha256", tbs, privateKey));
  return { privateKey, certificate: der(0x30, tbs, algorithm, der(0x03, Uint8Array.of(0x00), signature)) };
}
