// Verification codes: 26 Crockford base32 characters (130 bits) from the CSPRNG, shown in groups of
// four. Only an HMAC of the code under a random per-challenge salt is ever kept; the code itself
// exists in memory just long enough to be handed to the approval display.
import { createHmac, timingSafeEqual } from "node:crypto";

export const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CODE_LENGTH = 26;
export const CODE_BITS = CODE_LENGTH * 5;

export type RandomBytes = (size: number) => Buffer;

/** A new code, ungrouped. Each character takes 5 bits of one random byte: 32 divides 256, no bias. */
export function generateCode(randomBytes: RandomBytes): string {
  const bytes = randomBytes(CODE_LENGTH);
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[bytes[i]! & 31];
  return code;
}

/** "ABCD-EFGH-…-YZ": what the display shows and what a human types. */
export function formatCode(code: string): string {
  return code.match(/.{1,4}/g)!.join("-");
}

/**
 * What a human typed, as the canonical code, or undefined if it cannot be one. Case, spaces and
 * dashes are ignored, and the look-alikes Crockford allows are mapped (I, L → 1; O → 0).
 */
export function normalizeCode(typed: string): string | undefined {
  const s = typed.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  if (s.length !== CODE_LENGTH) return undefined;
  for (const ch of s) if (!CODE_ALPHABET.includes(ch)) return undefined;
  return s;
}

export interface CodeHash {
  readonly salt: string;
  readonly hash: string;
}

export function hashCode(code: string, randomBytes: RandomBytes): CodeHash {
  const salt = randomBytes(16).toString("hex");
  return { salt, hash: hmac(salt, code) };
}

function hmac(salt: string, code: string): string {
  return createHmac("sha256", Buffer.from(salt, "hex")).update(code, "utf8").digest("hex");
}

/** Constant-time check of a typed code against its stored hash. */
export function codeMatches(typed: string, stored: CodeHash): boolean {
  const code = normalizeCode(typed);
  // Hash a fixed dummy for malformed input so timing does not reveal which check failed.
  const candidate = Buffer.from(hmac(stored.salt, code ?? "0".repeat(CODE_LENGTH)), "hex");
  const expected = Buffer.from(stored.hash, "hex");
  return candidate.length === expected.length && timingSafeEqual(candidate, expected) && code !== undefined;
}
