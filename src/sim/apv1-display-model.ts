// The simulated APV1 display's options and the state it keeps (apv1-display.ts): what is on the
// screen, the authenticated session, and a pairing in progress.
import type { Random } from "../hw/apv1.js";
import type { EcdhKeyPair, SessionKeys } from "../hw/apv1-crypto.js";
import type { DisplaySink } from "./apv1-display-sink.js";

export interface SimDisplayOptions {
  /** Body capacity in characters. Default 40 × 12 (a real MacroPad reports 21 × 6). */
  readonly cols?: number;
  readonly rows?: number;
  readonly firmware?: readonly [number, number, number];
  readonly now?: () => number;
  readonly random?: Random;
  readonly sink?: DisplaySink;
  /** Called when the device shows the pairing SAS (the human compares it with the daemon's). */
  readonly onSas?: (sas: string) => void;
  /** Keepalive period while waiting for the human (≤ 100 ms per the protocol). Default 50. */
  readonly keepaliveIntervalMs?: number;
  /** The device's identity (iSerialNumber); random by default. */
  readonly deviceId?: Uint8Array;
  /** K_pair already in flash (a device paired earlier). */
  readonly kPair?: Uint8Array;
  /**
   * A fake or clone: claims to be paired but holds a K_pair of its own, not the daemon's. With
   * `deviceId` it copies a real unit's identity. The daemon must refuse it at HELLO.
   */
  readonly fake?: boolean;
}

/** What became of a press, so a test can tell an ignored press from an accepted one. */
export type PressOutcome = "accepted" | "ignored-idle" | "ignored-bounce" | "ignored-too-early" | "ignored-too-short";

export type Screen =
  | { readonly kind: "idle" }
  | {
      readonly kind: "showing";
      readonly requestId: Uint8Array;
      readonly digest: Uint8Array;
      readonly flags: number;
      readonly shownAt: number;
      readonly deadline: number;
    }
  | {
      readonly kind: "decided";
      readonly requestId: Uint8Array;
      readonly digest: Uint8Array;
      readonly decision: number;
      readonly holdMs: number;
      readonly decidedAt: number;
    };

export interface Session {
  readonly keys: SessionKeys;
  lastCtr: number;
}

export interface Pairing {
  readonly until: number;
  begun?: { readonly commitment: Uint8Array; readonly keys: EcdhKeyPair; readonly deviceNonce: Uint8Array };
  confirming?: { readonly shownAt: number; answer?: "approve" | "deny" };
}
