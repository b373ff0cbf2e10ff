// What the daemon hands the APV1 host (apv1-host.ts), checked with zod: the screen to show and the
// pairing record it stores. Anything else is an Apv1Error INVALID_ARGUMENT.
import { z } from "zod";
import { APV1_MAX_MESSAGE, CODE_MAX, toHex, TTL_DEFAULT_SEC, TTL_MAX_SEC } from "./apv1.js";
import { Apv1Error } from "./apv1-error.js";

const Hex = (bytes: number) => z.string().regex(new RegExp(`^[0-9a-fA-F]{${bytes * 2}}$`), `expected ${bytes} bytes as ${bytes * 2} hex digits`);

/** What the daemon asks the display to show. Text is printable ASCII (v1) and must fit whole. */
export const ShowInput = z.strictObject({
  requestId: z.string().uuid(),
  /** Hex SHA-256 of the action (src/verify/digest.ts). */
  actionDigest: Hex(32),
  title: z.string().max(255),
  body: z.string().max(APV1_MAX_MESSAGE),
  /** The one-time code, grouped, or "" when a button press is all that is asked. */
  code: z.string().max(CODE_MAX).default(""),
  ttlSec: z.number().int().min(1).max(TTL_MAX_SEC).default(TTL_DEFAULT_SEC),
  /** Approve needs a press of at least 800 ms. */
  longPress: z.boolean().default(false),
  denyHint: z.boolean().default(false),
});
export type ShowInput = z.input<typeof ShowInput>;

/** K_pair and the device it belongs to, as the caller stores them. */
export const Apv1PairingRecord = z.strictObject({ deviceId: Hex(16), kPair: Hex(32) });
export type Apv1PairingRecord = z.infer<typeof Apv1PairingRecord>;

export interface Apv1Pairing {
  readonly deviceId: Uint8Array;
  readonly kPair: Uint8Array;
}

export function pairingToRecord(p: Apv1Pairing): Apv1PairingRecord {
  return { deviceId: toHex(p.deviceId), kPair: toHex(p.kPair) };
}

/** A stored pairing, checked; throws Apv1Error INVALID_ARGUMENT on anything else. */
export function pairingFromRecord(record: unknown): Apv1Pairing {
  const r = parse(Apv1PairingRecord, record, "pairing record");
  return { deviceId: new Uint8Array(Buffer.from(r.deviceId, "hex")), kPair: new Uint8Array(Buffer.from(r.kPair, "hex")) };
}

export function parse<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) {
    const issues = r.error.issues.map((i) => `${i.path.join(".") || what}: ${i.message}`).join("; ");
    throw new Apv1Error("INVALID_ARGUMENT", "host", `invalid ${what}: ${issues}`);
  }
  return r.data;
}
