// CTAP2 canonical CBOR (hardware-channel.md §2.1, §6.3) on top of cbor2. Two cbor2 gotchas are
// handled here so no caller has to remember them:
//  1. cbor2 picks an encoder by exact constructor, so a Node Buffer would be written through
//     Buffer.prototype.toJSON as {type:"Buffer",data:[…]}. We copy every Uint8Array subclass to
//     a plain Uint8Array before encoding (no global registerEncoder side effects on other users).
//  2. RFC 8949 core/length-first sorting disagrees with CTAP when major types mix (key 24 vs −1),
//     so map keys are sorted with our own comparator: major type, then encoded length, then bytes.
import { decode as cborDecode, encode as cborEncode } from "cbor2";
import type { KeyValueEncoded } from "cbor2/sorts";

/** The largest CTAPHID message (57 + 128 × 59); nothing bigger can arrive from a device. */
export const DEFAULT_MAX_CBOR_BYTES = 7609;

export class CborError extends Error {}

/** CTAP2 key order: major type first, then the shorter encoding, then bytewise. */
export function compareCtapKeys(a: KeyValueEncoded, b: KeyValueEncoded): number {
  const ka = a[2];
  const kb = b[2];
  const majorDiff = (ka[0]! >> 5) - (kb[0]! >> 5);
  if (majorDiff !== 0) return majorDiff;
  if (ka.length !== kb.length) return ka.length - kb.length;
  for (let i = 0; i < ka.length; i++) {
    if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
  }
  return 0;
}

/** Deep copy that turns Buffers (and other Uint8Array subclasses) into plain Uint8Arrays. */
function plainBytes(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    return value.constructor === Uint8Array ? value : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  }
  if (Array.isArray(value)) return value.map(plainBytes);
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [plainBytes(k), plainBytes(v)]));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainBytes(v)]));
  }
  return value;
}

/**
 * Encodes `value` as CTAP2 canonical CBOR: shortest integers, definite lengths, CTAP key order,
 * byte strings for Uint8Array/Buffer. Floats and undefined are refused (CTAP has neither).
 * Use a Map for integer keys: a plain object's keys are always text strings.
 */
export function encodeCanonical(value: unknown): Uint8Array {
  try {
    return cborEncode(plainBytes(value), {
      sortKeys: compareCtapKeys,
      rejectFloats: true,
      rejectUndefined: true,
      rejectDuplicateKeys: true,
      collapseBigInts: true,
    });
  } catch (e) {
    throw new CborError(`value cannot be encoded as CTAP2 canonical CBOR: ${(e as Error).message}`);
  }
}

export interface DecodeLimits {
  /** Refuse inputs longer than this many bytes (default: one CTAPHID message). */
  readonly maxBytes?: number;
  /** Nesting limit; CTAP structures are at most a few levels deep. */
  readonly maxDepth?: number;
}

/**
 * Decodes one CBOR item from untrusted bytes. Every map comes back as a Map (so integer- and
 * text-keyed maps look the same to callers), byte strings as Uint8Array. Indefinite lengths,
 * duplicate keys, trailing bytes and oversize input are errors.
 */
export function decode(bytes: Uint8Array, limits: DecodeLimits = {}): unknown {
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_CBOR_BYTES;
  if (bytes.length === 0) throw new CborError("expected a CBOR item, got 0 bytes");
  if (bytes.length > maxBytes) throw new CborError(`CBOR input of ${bytes.length} bytes exceeds the ${maxBytes}-byte limit`);
  try {
    return cborDecode(bytes, {
      preferMap: true,
      rejectStreaming: true,
      rejectDuplicateKeys: true,
      maxDepth: limits.maxDepth ?? 16,
    });
  } catch (e) {
    throw new CborError(`malformed CBOR: ${(e as Error).message}`);
  }
}

// ------------------------------------------------------------------------------ typed readers
// Small helpers for pulling typed fields out of decoded maps, with errors that say what was expected.

export type CborMap = Map<unknown, unknown>;

export function asMap(v: unknown, what: string): CborMap {
  if (!(v instanceof Map)) throw new CborError(`${what}: expected a CBOR map`);
  return v;
}

export function asBytes(v: unknown, what: string): Uint8Array {
  if (!(v instanceof Uint8Array)) throw new CborError(`${what}: expected a byte string`);
  return v;
}

export function asText(v: unknown, what: string): string {
  if (typeof v !== "string") throw new CborError(`${what}: expected a text string`);
  return v;
}

export function asInt(v: unknown, what: string): number {
  if (typeof v === "bigint" && v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(v);
  if (typeof v !== "number" || !Number.isSafeInteger(v)) throw new CborError(`${what}: expected an integer`);
  return v;
}

export function asArray(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v)) throw new CborError(`${what}: expected a CBOR array`);
  return v;
}
