// APV1's pairing and message authentication (docs/hid-protocol.md): P-256 ECDH, the pairing key
// and its six-digit short authentication string, the host's commitment, the confirm tags, the
// session keys, per-message tags (seal) and shownDigest. Randomness is passed in.
import { createECDH, createHmac, hkdfSync } from "node:crypto";
import { Apv1DecodeError, KEY_LEN, PUBLIC_KEY_LEN, TAG_LEN, type Random } from "./apv1.js";
import { u16, u32, u8 } from "./apv1-bytes.js";
import type { ScreenText } from "./apv1-text.js";
import { ascii, bytesEqual, concatBytes, sha256 } from "./bytes.js";

const hmac = (key: Uint8Array, ...parts: Uint8Array[]): Uint8Array => {
  const h = createHmac("sha256", key);
  for (const p of parts) h.update(p);
  return new Uint8Array(h.digest());
};
const label = (s: string): Uint8Array => ascii(s);

export interface EcdhKeyPair {
  readonly privateKey: Uint8Array;
  /** Uncompressed P-256 point, 65 bytes starting 0x04. */
  readonly publicKey: Uint8Array;
}

/** A P-256 key pair from the given randomness (a draw outside [1, n-1] is drawn again). */
export function generateEcdhKeyPair(random: Random): EcdhKeyPair {
  for (let attempt = 0; attempt < 64; attempt++) {
    const candidate = random(32);
    if (candidate.length !== 32) throw new RangeError(`random(32) returned ${candidate.length} bytes`);
    const ecdh = createECDH("prime256v1");
    try {
      ecdh.setPrivateKey(candidate);
    } catch {
      continue;
    }
    return { privateKey: new Uint8Array(ecdh.getPrivateKey()), publicKey: new Uint8Array(ecdh.getPublicKey()) };
  }
  throw new Error("the random source gave 64 invalid P-256 scalars in a row");
}

/** Z = ECDH(own private key, peer public key). An invalid peer point is an Apv1DecodeError. */
export function ecdhSharedSecret(privateKey: Uint8Array, peerPublicKey: Uint8Array): Uint8Array {
  if (peerPublicKey.length !== PUBLIC_KEY_LEN || peerPublicKey[0] !== 0x04) throw new Apv1DecodeError("public key", "expected an uncompressed P-256 point (65 bytes, 0x04 first)");
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(privateKey);
  try {
    return new Uint8Array(ecdh.computeSecret(peerPublicKey));
  } catch {
    throw new Apv1DecodeError("public key", "not a point on P-256");
  }
}

export interface PairingTranscript {
  readonly hostPublicKey: Uint8Array;
  readonly devicePublicKey: Uint8Array;
  readonly hostNonce: Uint8Array;
  readonly deviceNonce: Uint8Array;
  readonly deviceId: Uint8Array;
}

/** K_pair = HKDF-SHA256(Z, salt = hostNonce ‖ deviceNonce, info = "APV1 pair" ‖ hostPub ‖ devicePub ‖ deviceId, 32). */
export function derivePairingKey(z: Uint8Array, t: PairingTranscript): Uint8Array {
  const salt = concatBytes(t.hostNonce, t.deviceNonce);
  const info = concatBytes(label("APV1 pair"), t.hostPublicKey, t.devicePublicKey, t.deviceId);
  return new Uint8Array(hkdfSync("sha256", z, salt, info, KEY_LEN));
}

/** The six digits both sides show: uint32(HMAC(K_pair, "APV1 SAS")[:4]) mod 10^6. */
export function shortAuthString(kPair: Uint8Array): string {
  const h = hmac(kPair, label("APV1 SAS"));
  const n = new DataView(h.buffer, h.byteOffset).getUint32(0);
  return String(n % 1_000_000).padStart(6, "0");
}

/** The host's commitment to its pairing key before it sees the device's (stops SAS grinding). */
export function pairingCommitment(hostPublicKey: Uint8Array, hostNonce: Uint8Array): Uint8Array {
  return sha256(label("APV1 commit"), hostPublicKey, hostNonce);
}

export const confirmTagHost = (kPair: Uint8Array): Uint8Array => hmac(kPair, label("APV1 confirm-h")).slice(0, TAG_LEN);
export const confirmTagDevice = (kPair: Uint8Array): Uint8Array => hmac(kPair, label("APV1 confirm-d")).slice(0, TAG_LEN);

export interface SessionKeys {
  /** Host to device. */
  readonly h2d: Uint8Array;
  /** Device to host. Separate keys: a message cannot be reflected back to its sender. */
  readonly d2h: Uint8Array;
}

/** K_s = HMAC(K_pair, "APV1 session" ‖ hostNonce ‖ deviceNonce ‖ deviceId); K_h2d/K_d2h = HMAC(K_s, "h2d"/"d2h"). */
export function deriveSessionKeys(kPair: Uint8Array, hostNonce: Uint8Array, deviceNonce: Uint8Array, deviceId: Uint8Array): SessionKeys {
  const ks = hmac(kPair, label("APV1 session"), hostNonce, deviceNonce, deviceId);
  return { h2d: hmac(ks, label("h2d")), d2h: hmac(ks, label("d2h")) };
}

/** HMAC-SHA256(key, "APV1" ‖ cmd ‖ CID ‖ payload without tag)[:16]: cmd and CID stop splicing. */
export function messageTag(key: Uint8Array, cmd: number, cid: number, signed: Uint8Array): Uint8Array {
  return hmac(key, label("APV1"), u8(cmd), u32(cid), signed).slice(0, TAG_LEN);
}

/** Constant-time check of a message's tag. */
export function tagVerifies(key: Uint8Array, cmd: number, cid: number, signed: Uint8Array, tag: Uint8Array): boolean {
  return bytesEqual(messageTag(key, cmd, cid, signed), tag);
}

export const seal = (key: Uint8Array, cmd: number, cid: number, signed: Uint8Array): Uint8Array => concatBytes(signed, messageTag(key, cmd, cid, signed));

export interface ShownInput extends ScreenText {
  readonly requestId: Uint8Array;
  readonly actionDigest: Uint8Array;
  readonly flags: number;
}

/**
 * SHA-256("APV1 shown" ‖ requestId ‖ actionDigest ‖ flags ‖ titleLen ‖ title ‖ bodyLen ‖ body ‖
 * codeLen ‖ code): exactly what was rendered and how it may be answered. The lengths keep the
 * fields from sliding into each other ("ab"+"c" ≠ "a"+"bc").
 */
export function shownDigest(s: ShownInput): Uint8Array {
  return sha256(label("APV1 shown"), s.requestId, s.actionDigest, u8(s.flags), u8(s.title.length), s.title, u16(s.body.length), s.body, u8(s.code.length), s.code);
}
