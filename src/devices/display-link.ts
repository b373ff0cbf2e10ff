// The approval display as the daemon holds it: found, authenticated with the stored pairing, and
// paired anew on the operator's request. With --simulate the far end is the simulated APV1 device
// (src/sim/display-link.ts builds it on this same Display); the host side is the same.
import { randomBytes } from "node:crypto";
import { Apv1Host } from "../hw/apv1-host.js";
import { Apv1DisplayLink } from "../hw/apv1-display-link.js";
import { pairingFromRecord, pairingToRecord, type Apv1Pairing } from "../hw/apv1-inputs.js";
import { CtapHidClient } from "../hw/ctaphid.js";
import { listDevices, NodeHidTransport } from "../hw/node-hid-transport.js";
import type { HidTransport } from "../hw/transport.js";
import type { Store } from "../store/store.js";
import type { DisplayLink } from "./hardware-channel.js";
import type { Logger } from "../daemon/log.js";

export interface DisplayState {
  readonly state: "paired" | "unpaired" | "none" | "refused";
  readonly deviceId?: string;
  readonly cols?: number;
  readonly rows?: number;
  readonly detail?: string;
}

export interface DisplayHandle {
  /** Usable once paired and authenticated; undefined otherwise. */
  readonly link: DisplayLink | undefined;
  describe(): DisplayState;
  pairBegin(): Promise<{ sas: string; deviceId: string }>;
  /** Waits for APPROVE on the display (a long press), then stores the pairing and opens the link. */
  pairConfirm(o: { signal: AbortSignal }): Promise<{ deviceId: string; paired: true }>;
  /** Called with the new link after a pairing. */
  onLink(listener: (link: DisplayLink) => void): void;
  close(): Promise<void>;
}

const random = (n: number): Uint8Array => new Uint8Array(randomBytes(n));

/** What differs between the real display and the simulated one; the protocol side is the same. */
export interface DisplayParts {
  readonly host: Apv1Host;
  readonly transport: HidTransport;
  readonly simulated: boolean;
  readonly initial: DisplayState;
  /** Stores a new pairing (the simulator's lives only in memory). */
  readonly persist: (p: Apv1Pairing) => Promise<void>;
  /** Applied to every link opened (the simulator flushes its display file). */
  readonly wrap?: (link: DisplayLink) => DisplayLink;
  /** Before PAIR_BEGIN (the simulated human holds DENY while plugging in). */
  readonly enterPairingMode?: () => void;
  /** While PAIR_CONFIRM waits (the simulated human compares the codes and long-presses APPROVE). */
  readonly pressToConfirmPairing?: () => Promise<void>;
}

export class Display implements DisplayHandle {
  link: DisplayLink | undefined;
  private state: DisplayState;
  private listener: ((link: DisplayLink) => void) | undefined;

  constructor(private readonly parts: DisplayParts) {
    this.state = parts.initial;
  }

  async open(): Promise<void> {
    const link = await Apv1DisplayLink.open(this.parts.host, { simulated: this.parts.simulated });
    this.link = this.parts.wrap ? this.parts.wrap(link) : link;
    this.state = { state: "paired", deviceId: link.host.device?.deviceId ?? this.state.deviceId, cols: link.cols, rows: link.rows };
    this.listener?.(this.link);
  }

  /** It could not prove it holds our pairing key: described as refused, never used. */
  refuse(detail: string): void {
    this.link = undefined;
    this.state = { state: "refused", detail, ...(this.state.deviceId ? { deviceId: this.state.deviceId } : {}) };
  }

  describe(): DisplayState {
    return this.state;
  }

  onLink(listener: (link: DisplayLink) => void): void {
    this.listener = listener;
  }

  pairBegin(): Promise<{ sas: string; deviceId: string }> {
    this.parts.enterPairingMode?.();
    return this.parts.host.pairBegin();
  }

  async pairConfirm(o: { signal: AbortSignal }): Promise<{ deviceId: string; paired: true }> {
    const confirming = this.parts.host.pairConfirm({ signal: o.signal });
    await this.parts.pressToConfirmPairing?.();
    const pairing = await confirming;
    await this.parts.persist(pairing);
    await this.open();
    return { deviceId: Buffer.from(pairing.deviceId).toString("hex"), paired: true };
  }

  async close(): Promise<void> {
    await this.parts.transport.close().catch(() => undefined);
  }
}

/**
 * The first attached APV1 display, authenticated with the stored pairing. Unpaired, or refused
 * at HELLO (a clone, a reset unit), it is described as such and never shows anything.
 */
export async function openDisplay(o: { store: Store; log: Logger; now: () => number; audit: (type: string, data: Record<string, unknown>) => void }): Promise<DisplayHandle | undefined> {
  const attached = await listDevices();
  const info = attached.displays[0];
  if (!info?.path) return undefined;
  const stored = (await o.store.displayPairings()).sort((a, b) => b.pairedAt - a.pairedAt);
  const serial = info.serialNumber?.toLowerCase();
  const record = stored.find((r) => r.deviceId === serial) ?? stored[0];
  const transport = await NodeHidTransport.open(info.path);
  const host = new Apv1Host(new CtapHidClient(transport, random), record ? { pairing: pairingFromRecord({ deviceId: record.deviceId, kPair: record.kPair }) } : {});
  const persist = async (p: Apv1Pairing): Promise<void> => {
    const r = pairingToRecord(p);
    await o.store.transition({ putDisplays: [{ deviceId: r.deviceId, kPair: r.kPair, pairedAt: o.now() }] }, [{ type: "display_paired", data: { deviceId: r.deviceId } }], o.now());
  };
  const display = new Display({ host, transport, simulated: false, persist, initial: { state: "unpaired", ...(serial ? { deviceId: serial } : {}) } });
  if (!record) return display;
  try {
    await display.open();
  } catch (e) {
    const err = e as Error & { code?: string };
    // A display that cannot prove it holds our K_pair is never used (hid-protocol.md, A3).
    o.audit("display_refused", { deviceId: serial, error: err.code ?? "DISPLAY_ERROR", message: err.message.slice(0, 300) });
    o.log.error({ err: err.message }, "approval display refused");
    display.refuse(err.message);
  }
  return display;
}
