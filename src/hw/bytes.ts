// Byte helpers every hardware layer uses: one copy each.
import { createHash, timingSafeEqual } from "node:crypto";

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

/** Big-endian 32-bit unsigned. */
export function u32be(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n >>> 0);
  return b;
}

export const toHex = (b: Uint8Array): string => Buffer.from(b).toString("hex");

/** Text as one byte per character (callers check it is printable ASCII first). */
export const ascii = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, "latin1"));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The 16 bytes of a UUID string; undefined when it is not one (callers say what was expected). */
export function uuidBytes(uuid: string): Uint8Array | undefined {
  return UUID.test(uuid) ? new Uint8Array(Buffer.from(uuid.replace(/-/g, ""), "hex")) : undefined;
}

/** The canonical lower-case UUID string of 16 bytes. */
export function formatUuid(bytes: Uint8Array): string {
  const h = toHex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Constant-time for equal lengths. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** SHA-256 of the parts in order (strings as UTF-8). */
export function sha256(...parts: Array<Uint8Array | string>): Uint8Array {
  const h = createHash("sha256");
  for (const p of parts) h.update(p);
  return new Uint8Array(h.digest());
}
