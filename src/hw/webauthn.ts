// The non-browser WebAuthn client glue (hardware-channel.md §5): we are the "browser", so we build
// clientDataJSON ourselves, hand its hash to the key, and wrap the key's CTAP2 answers in the JSON
// shapes @simplewebauthn/server v14 verifies. The challenge binds a touch to one specific action.
import { createPublicKey } from "node:crypto";
import { createRequire } from "node:module";
import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  VerifiedAuthenticationResponse,
  VerifiedRegistrationResponse,
  WebAuthnCredential,
} from "@simplewebauthn/server";
import { sha256, uuidBytes } from "./bytes.js";
import { encodeCanonical, type CborMap } from "./cbor.js";
import { ES256, type AssertionResult, type AttestationResult, type Ctap2CallOptions, type Ctap2Client } from "./ctap2.js";
import type { U2fAuthentication, U2fRegistration } from "./u2f.js";

/** `.invalid` never resolves (RFC 6761), so no web page can ever ask a key to assert for it (§5.4). */
export const RP_ID = "approvals.haltkey.invalid";
export const ORIGIN = "https://approvals.haltkey.invalid";
export const RP_NAME = "haltkey approvals";

export type ClientDataType = "webauthn.create" | "webauthn.get";

const b64url = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("base64url");

/**
 * clientDataJSON bytes, in browser field order. No topOrigin: v14 rejects topOrigin together with
 * crossOrigin:false. The challenge is base64url without padding, as SimpleWebAuthn compares it.
 */
export function buildClientDataJSON(type: ClientDataType, challenge: Uint8Array, origin: string = ORIGIN): Uint8Array {
  const json = JSON.stringify({ type, challenge: b64url(challenge), origin, crossOrigin: false });
  return new TextEncoder().encode(json);
}

/** What the authenticator signs over: SHA-256 of the exact clientDataJSON bytes sent to the RP. */
export function clientDataHash(clientDataJSON: Uint8Array): Uint8Array {
  return sha256(clientDataJSON);
}

/** The challenge as SimpleWebAuthn's `expectedChallenge` wants it. */
export function challengeToExpected(challenge: Uint8Array): string {
  return b64url(challenge);
}

function requestIdBytes(requestId: Uint8Array | string): Uint8Array {
  if (typeof requestId === "string") {
    const bytes = uuidBytes(requestId);
    if (!bytes) throw new RangeError(`requestId must be a UUID string or 16 bytes, got "${requestId}"`);
    return bytes;
  }
  if (requestId.length !== 16) throw new RangeError(`requestId must be 16 bytes, got ${requestId.length}`);
  return requestId;
}

/**
 * FIDO challenge for one approval (§5.5): SHA-256("APV1-fido" ‖ requestId(16) ‖ actionDigest(32) ‖
 * displayShownDigest(32)). Fixed-length fields keep the concatenation unambiguous. With no
 * display in the loop the shown digest is 32 zero bytes.
 */
export function approvalChallenge(requestId: Uint8Array | string, actionDigest: Uint8Array, displayShownDigest?: Uint8Array): Uint8Array {
  if (actionDigest.length !== 32) throw new RangeError(`actionDigest must be 32 bytes (SHA-256), got ${actionDigest.length}`);
  const shown = displayShownDigest ?? new Uint8Array(32);
  if (shown.length !== 32) throw new RangeError(`displayShownDigest must be 32 bytes (SHA-256), got ${shown.length}`);
  return sha256(Buffer.concat([Buffer.from("APV1-fido", "utf8"), requestIdBytes(requestId), actionDigest, shown]));
}

/**
 * CTAP2 makeCredential answer → RegistrationResponseJSON. The attestation object is re-encoded
 * with the WebAuthn text keys fmt/attStmt/authData (CTAP2 uses integer keys 1, 2, 3).
 */
export function toRegistrationResponseJSON(attestation: AttestationResult, clientDataJSON: Uint8Array): RegistrationResponseJSON {
  const attestationObject = encodeCanonical(
    new Map<string, unknown>([
      ["fmt", attestation.fmt],
      ["attStmt", attestation.attStmt satisfies CborMap],
      ["authData", attestation.authData],
    ]),
  );
  const id = b64url(credentialIdFromAuthData(attestation.authData));
  return {
    id,
    rawId: id, // v14 throws unless id and rawId are the same string
    type: "public-key",
    clientExtensionResults: {},
    authenticatorAttachment: "cross-platform",
    response: {
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(attestationObject),
      transports: ["usb"],
    },
  };
}

/** CTAP2 getAssertion answer → AuthenticationResponseJSON. */
export function toAuthenticationResponseJSON(assertion: AssertionResult, clientDataJSON: Uint8Array): AuthenticationResponseJSON {
  const id = b64url(assertion.credentialId);
  return {
    id,
    rawId: id,
    type: "public-key",
    clientExtensionResults: {},
    authenticatorAttachment: "cross-platform",
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(assertion.authData),
      signature: b64url(assertion.signature),
      ...(assertion.userHandle ? { userHandle: b64url(assertion.userHandle) } : {}),
    },
  };
}

/** The credential id inside attested credential data (authData flags AT): bytes 55 .. 55+L. */
export function credentialIdFromAuthData(authData: Uint8Array): Uint8Array {
  if (authData.length < 55 || !((authData[32] ?? 0) & 0x40)) throw new Error("authData has no attested credential data (AT flag clear or too short)");
  const len = (authData[53]! << 8) | authData[54]!;
  if (authData.length < 55 + len) throw new Error(`authData truncated: credential id of ${len} bytes does not fit`);
  return authData.subarray(55, 55 + len);
}

// ------------------------------------------------------------------------------ U2F → WebAuthn
// A U2F key signs exactly what a WebAuthn authenticator would if appParam = SHA-256(RP ID) and
// challengeParam = SHA-256(clientDataJSON): so its answers are rewrapped, never re-signed, and
// SimpleWebAuthn verifies them unchanged (registration as fmt "fido-u2f"). python-fido2 does the
// same (AttestationObject.from_ctap1, AssertionResponse.from_ctap1).

const FLAG_UP = 0x01;
const FLAG_AT = 0x40;

/** appParam for our RP: what U2F calls the application parameter is WebAuthn's rpIdHash. */
export function rpIdHash(rpId: string = RP_ID): Uint8Array {
  return sha256(rpId);
}

/** COSE_Key (ES256, P-256) from an uncompressed point 0x04 ‖ X ‖ Y; refuses a point off the curve. */
export function coseEc2FromPoint(point: Uint8Array): Uint8Array {
  if (point.length !== 65 || point[0] !== 0x04) throw new RangeError("expected an uncompressed P-256 point (65 bytes, 0x04 first)");
  const x = point.slice(1, 33);
  const y = point.slice(33, 65);
  // Importing it checks the point lies on the curve.
  createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64url(x), y: b64url(y) }, format: "jwk" });
  return encodeCanonical(
    new Map<number, unknown>([
      [1, 2],
      [3, ES256],
      [-1, 1],
      [-2, x],
      [-3, y],
    ]),
  );
}

/**
 * U2F REGISTER answer → the attestation a CTAP2 key would have returned: authData =
 * rpIdHash ‖ flags UP|AT ‖ counter 0 ‖ AAGUID zero ‖ L ‖ key handle ‖ COSE key, fmt "fido-u2f",
 * attStmt { sig, x5c: [certificate] }.
 */
export function u2fRegistrationToAttestation(reg: U2fRegistration, rpId: string = RP_ID): AttestationResult {
  const kh = reg.keyHandle;
  const authData = Buffer.concat([
    rpIdHash(rpId),
    Uint8Array.of(FLAG_UP | FLAG_AT),
    new Uint8Array(4),
    new Uint8Array(16),
    Uint8Array.of(kh.length >> 8, kh.length & 0xff),
    kh,
    coseEc2FromPoint(reg.publicKey),
  ]);
  return {
    fmt: "fido-u2f",
    authData: new Uint8Array(authData),
    attStmt: new Map<string, unknown>([
      ["sig", reg.signature],
      ["x5c", [reg.certificate]],
    ]),
  };
}

/**
 * U2F AUTHENTICATE answer → a CTAP2-shaped assertion: authData = rpIdHash ‖ (user presence & UP) ‖
 * counter. The U2F signature covers exactly authData ‖ clientDataHash, so it is passed as is.
 */
export function u2fAuthenticationToAssertion(auth: U2fAuthentication, keyHandle: Uint8Array, rpId: string = RP_ID): AssertionResult {
  const counter = new Uint8Array(4);
  new DataView(counter.buffer).setUint32(0, auth.counter >>> 0);
  return {
    credentialId: keyHandle,
    authData: new Uint8Array(Buffer.concat([rpIdHash(rpId), Uint8Array.of(auth.userPresence & FLAG_UP), counter])),
    signature: auth.signature,
  };
}

// ------------------------------------------------------------------------------ RP-side verification
// Thin wrappers so every caller gets the same fixed settings: our RP ID and origin, UV not
// required (a touch key has no PIN here) but UP required, and never advancedFIDOConfig, which
// would make the UP flag optional.

/**
 * Where a ceremony is expected to have happened. The CTAP path (we are the client) uses the fixed
 * RP_ID and ORIGIN; the operator console's browser can only use `localhost` and its own origin
 * (browsers refuse an RP ID that is not a suffix of the page's host), so its credentials are
 * verified against those instead.
 */
export interface RelyingParty {
  readonly rpId: string;
  readonly origin: string;
}

export const CTAP_RELYING_PARTY: RelyingParty = { rpId: RP_ID, origin: ORIGIN };

type Verifier = Pick<typeof import("@simplewebauthn/server"), "verifyAuthenticationResponse" | "verifyRegistrationResponse">;
let verifier: Verifier | undefined;

/**
 * @simplewebauthn/server, loaded at the first verification (or by preloadVerifier), not when the
 * daemon starts: most starts never verify a key, and loading it is about 140 ms of CPU and 8 MB.
 * Its CommonJS build, through require: importing its ES module build costs twice that, because
 * Node scans the CommonJS packages it imports for their exports (docs/performance.md).
 */
function loadVerifier(): Verifier {
  return (verifier ??= createRequire(import.meta.url)("@simplewebauthn/server") as Verifier);
}

/**
 * Loads the verifier while a human is about to touch a key, so the touch's answer does not wait for
 * the load. Once per process; a load that fails is left for the verification to report.
 */
export function preloadVerifier(): void {
  if (verifier) return;
  setImmediate(() => {
    try {
      loadVerifier();
    } catch {
      // verifyRegistration / verifyApproval load it again and fail there, closed.
    }
  });
}

export async function verifyRegistration(response: RegistrationResponseJSON, challenge: Uint8Array, rp: RelyingParty = CTAP_RELYING_PARTY): Promise<VerifiedRegistrationResponse> {
  return loadVerifier().verifyRegistrationResponse({
    response,
    expectedChallenge: challengeToExpected(challenge),
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpId,
    expectedType: "webauthn.create",
    requireUserPresence: true,
    requireUserVerification: false,
    supportedAlgorithmIDs: [-7],
  });
}

/**
 * Verifies an approval assertion against the stored credential. SimpleWebAuthn does not check
 * that the response names the credential it is verified with, so we do. The caller must store
 * `authenticationInfo.newCounter` after every success (a non-increasing counter is then refused).
 */
export async function verifyApproval(
  response: AuthenticationResponseJSON,
  challenge: Uint8Array,
  credential: WebAuthnCredential,
  rp: RelyingParty = CTAP_RELYING_PARTY,
): Promise<VerifiedAuthenticationResponse> {
  if (response.rawId !== credential.id || response.id !== credential.id) {
    throw new Error(`assertion is for credential ${response.rawId}, expected ${credential.id}`);
  }
  return loadVerifier().verifyAuthenticationResponse({
    response,
    expectedChallenge: challengeToExpected(challenge),
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpId,
    expectedType: "webauthn.get",
    credential,
    requireUserVerification: false,
  });
}

// ------------------------------------------------------------------------------ client flows
// The two ceremonies as the daemon runs them: build clientDataJSON, ask the key, wrap the answer.

/** Enrolls a key: a non-resident ES256 credential for RP_ID. Verify the result with verifyRegistration. */
export async function registerKey(
  ctap: Ctap2Client,
  challenge: Uint8Array,
  user: { readonly id: Uint8Array; readonly name: string; readonly displayName: string },
  opts: Ctap2CallOptions = {},
): Promise<RegistrationResponseJSON> {
  const clientDataJSON = buildClientDataJSON("webauthn.create", challenge);
  const attestation = await ctap.makeCredential(
    { clientDataHash: clientDataHash(clientDataJSON), rp: { id: RP_ID, name: RP_NAME }, user, pubKeyCredParams: [{ type: "public-key", alg: ES256 }] },
    opts,
  );
  return toRegistrationResponseJSON(attestation, clientDataJSON);
}

/** Asks the key to approve one challenge with one enrolled credential. Verify with verifyApproval. */
export async function requestApproval(
  ctap: Ctap2Client,
  credential: Pick<WebAuthnCredential, "id">,
  challenge: Uint8Array,
  opts: Ctap2CallOptions = {},
): Promise<AuthenticationResponseJSON> {
  const clientDataJSON = buildClientDataJSON("webauthn.get", challenge);
  const assertion = await ctap.getAssertion(
    { rpId: RP_ID, clientDataHash: clientDataHash(clientDataJSON), allowList: [{ type: "public-key", id: Buffer.from(credential.id, "base64url") }] },
    opts,
  );
  return toAuthenticationResponseJSON(assertion, clientDataJSON);
}
