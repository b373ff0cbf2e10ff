// APV1's byte-level helpers: big-endian integers and a bounds-checked reader whose every overrun
// or leftover is an Apv1DecodeError naming the message (apv1.ts).
import { Apv1DecodeError } from "./apv1.js";
import { u32be } from "./bytes.js";

export const u8 = (n: number): Uint8Array => Uint8Array.of(n & 0xff);
export const u16 = (n: number): Uint8Array => Uint8Array.of((n >>> 8) & 0xff, n & 0xff);
export const u32 = u32be;

/** Bounds-checked reads; any overrun or leftover is an Apv1DecodeError naming the message. */
export class Reader {
  private off = 0;
  private readonly view: DataView;
  constructor(
    private readonly bytes: Uint8Array,
    private readonly what: string,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(n: number, field: string): void {
    if (this.off + n > this.bytes.length) throw new Apv1DecodeError(this.what, `truncated at ${field} (needs ${n} bytes at offset ${this.off}, ${this.bytes.length} in all)`);
  }
  u8(field: string): number {
    this.need(1, field);
    return this.bytes[this.off++]!;
  }
  u16(field: string): number {
    this.need(2, field);
    const v = this.view.getUint16(this.off);
    this.off += 2;
    return v;
  }
  u32(field: string): number {
    this.need(4, field);
    const v = this.view.getUint32(this.off);
    this.off += 4;
    return v;
  }
  take(n: number, field: string): Uint8Array {
    this.need(n, field);
    const v = this.bytes.slice(this.off, this.off + n);
    this.off += n;
    return v;
  }
  end(): void {
    if (this.off !== this.bytes.length) throw new Apv1DecodeError(this.what, `${this.bytes.length - this.off} unexpected trailing bytes`);
  }
}

export function exactLength(payload: Uint8Array, expected: number, what: string): void {
  if (payload.length !== expected) throw new Apv1DecodeError(what, `expected ${expected} bytes, got ${payload.length}`);
}
