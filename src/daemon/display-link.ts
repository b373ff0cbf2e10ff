// The approval display as the daemon holds it: found, authenticated with the stored pairing, and
// paired anew on the operator's request. With --simulate the far end is SimApprovalDisplay over an
// in-memory HID link, rendering to $HALTKEY_HOME/sim/display.jsonl; the host side is the same.
import { randomBytes } from "node:crypto";
import { Apv1DisplayLink, Apv1Host, pairingFromRecord, pairingToRecord, type Apv1Pairing } from "../hw/apv1-host.js";
import { IGNORE_AFTER_SHOW_MS, LONG_PRESS_MS } from "../hw/apv1.js";
import { CtapHidClient } from "../hw/ctaphid.js";
import { listDevices, NodeHidTransport } from "../hw/node-hid-transport.js";
import { jsonlDisplaySink, SimApprovalDisplay } from "../hw/sim-display.js";
import { MemoryTransport, type HidTransport } from "../hw/transport.js";
import type { Store } from "../store/store.js";
import type { DisplayLink } from "./hardware-channel.js";
import type { Logger } from "./log.js";
import type { HaltkeyPaths } from "./paths.js";

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
  /** Only with --simulate: the simulated human's hand on the buttons. */
  readonly sim?: { press(decision: "approve" | "deny", shownAt: number): Promise<void> };
  describe(): DisplayState;
  pairBegin(): Promise<{ sas: string; deviceId: string }>;
  /** Waits for APPROVE on the display (a long press), then stores the pairing and opens the link. */
  pairConfirm(o: { signal: AbortSignal }): Promise<{ deviceId: string; paired: true }>;
  /** Called with the new link after a pairing. */
  onLink(listener: (link: DisplayLink) => void): void;
  close(): Promise<void>;
}

const random = (n: number): Uint8Array => new Uint8Array(randomBytes(n));
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** What differs between the real display and the simulated one; the protocol side is the same. */
interface DisplayParts {
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
  readonly sim?: DisplayHandle["sim"];
}

class Display implements DisplayHandle {
  link: DisplayLink | undefined;
  readonly sim: DisplayHandle["sim"];
  private state: DisplayState;
  private listener: ((link: DisplayLink) => void) | undefined;

  constructor(private readonly parts: DisplayParts) {
    this.state = parts.initial;
    this.sim = parts.sim;
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
 * The simulated display: "paired at the factory" with a fresh key every start (it lives only in
 * this process), so approvals work at once; `haltkey pair` still runs the real pairing protocol
 * against it, with the simulated human pressing APPROVE after comparing codes.
 */
export async function simulatedDisplay(o: { paths: HaltkeyPaths; log: Logger; now: () => number }): Promise<DisplayHandle> {
  const pairing: Apv1Pairing = { deviceId: random(16), kPair: random(32) };
  const out = jsonlDisplaySink(o.paths.displayLog);
  const device = new SimApprovalDisplay({ deviceId: pairing.deviceId, kPair: pairing.kPair, sink: out.sink });
  const [hostEnd, deviceEnd] = MemoryTransport.pair();
  device.attach(deviceEnd);
  const display = new Display({
    host: new Apv1Host(new CtapHidClient(hostEnd, random), { pairing }),
    transport: hostEnd,
    simulated: true,
    initial: { state: "paired", deviceId: Buffer.from(pairing.deviceId).toString("hex") },
    persist: async () => undefined,
    // What the simulated device rendered is on disk before the daemon answers the agent, so a
    // test (or a demo) reading display.jsonl right after a pause finds the code.
    wrap: (link) => ({
      simulated: true,
      get cols() {
        return link.cols;
      },
      get rows() {
        return link.rows;
      },
      show: async (r) => {
        const shown = await link.show(r);
        await out.flush();
        return shown;
      },
      wait: (id, signal) => link.wait(id, signal),
      clear: async (id) => {
        await link.clear(id);
        await out.flush();
      },
    }),
    enterPairingMode: () => device.enterPairingMode(),
    pressToConfirmPairing: async () => {
      // The codes match (nobody is in between); APPROVE is pressed once the device shows them,
      // and until then a press is ignored, so try again.
      const deadline = o.now() + 15_000;
      await sleep(IGNORE_AFTER_SHOW_MS + LONG_PRESS_MS);
      while (device.press("approve", LONG_PRESS_MS) !== "accepted" && o.now() < deadline) await sleep(100);
    },
    sim: {
      press: async (decision, shownAt) => {
        // A finger on the button for a moment, pressed after the screen's input lock (the device
        // ignores a press that began within 500 ms of the SHOW): the device measures the hold.
        const holdMs = decision === "approve" ? LONG_PRESS_MS : 100;
        const early = shownAt + IGNORE_AFTER_SHOW_MS + holdMs + 50 - o.now();
        if (early > 0) await sleep(early);
        const outcome = device.press(decision, holdMs);
        if (outcome !== "accepted") throw Object.assign(new Error(`the simulated display ignored the press (${outcome})`), { code: "VALIDATION_INVALID_VALUE" });
        await out.flush().catch((e: Error) => o.log.error({ err: e.message }, "simulated display could not write display.jsonl"));
      },
    },
  });
  await display.open();
  return display;
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
