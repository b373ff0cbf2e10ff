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

class Display implements DisplayHandle {
  link: DisplayLink | undefined;
  sim?: { press(decision: "approve" | "deny", shownAt: number): Promise<void> };
  private state: DisplayState;
  private listener: ((link: DisplayLink) => void) | undefined;
  /** Runs after the host sent PAIR_CONFIRM (the simulated human presses then). */
  simulatePairingPress?: () => Promise<void>;
  /** Applied to every link this display opens (the simulator flushes its display file). */
  wrap: (link: DisplayLink) => DisplayLink = (link) => link;

  constructor(
    private readonly host: Apv1Host,
    private readonly transport: HidTransport,
    private readonly simulated: boolean,
    private readonly persist: (p: Apv1Pairing) => Promise<void>,
    initial: DisplayState,
  ) {
    this.state = initial;
  }

  async open(): Promise<void> {
    const link = await Apv1DisplayLink.open(this.host, { simulated: this.simulated });
    this.link = this.wrap(link);
    this.state = { state: "paired", deviceId: link.host.device?.deviceId ?? this.state.deviceId, cols: link.cols, rows: link.rows };
    this.listener?.(this.link);
  }

  describe(): DisplayState {
    return this.state;
  }

  onLink(listener: (link: DisplayLink) => void): void {
    this.listener = listener;
  }

  pairBegin(): Promise<{ sas: string; deviceId: string }> {
    return this.host.pairBegin();
  }

  async pairConfirm(o: { signal: AbortSignal }): Promise<{ deviceId: string; paired: true }> {
    const confirming = this.host.pairConfirm({ signal: o.signal });
    await this.simulatePairingPress?.();
    const pairing = await confirming;
    await this.persist(pairing);
    await this.open();
    return { deviceId: Buffer.from(pairing.deviceId).toString("hex"), paired: true };
  }

  async close(): Promise<void> {
    await this.transport.close().catch(() => undefined);
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
  const host = new Apv1Host(new CtapHidClient(hostEnd, random), { pairing });
  const display = new Display(host, hostEnd, true, async () => undefined, { state: "paired", deviceId: Buffer.from(pairing.deviceId).toString("hex") });
  display.sim = {
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
  };
  display.pairBegin = async () => {
    device.enterPairingMode();
    return host.pairBegin();
  };
  display.simulatePairingPress = async () => {
    // The simulated human compares the codes (they match: nobody is in between) and long-presses
    // APPROVE once the device shows them; until then a press is ignored, so try again.
    const deadline = o.now() + 15_000;
    await sleep(IGNORE_AFTER_SHOW_MS + LONG_PRESS_MS);
    while (device.press("approve", LONG_PRESS_MS) !== "accepted" && o.now() < deadline) await sleep(100);
  };
  // What the simulated device rendered is on disk before the daemon answers the agent, so a test
  // (or a demo) reading display.jsonl right after a pause finds the code.
  display.wrap = (link) => ({
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
  const display = new Display(host, transport, false, persist, { state: "unpaired", ...(serial ? { deviceId: serial } : {}) });
  if (!record) return display;
  try {
    await display.open();
  } catch (e) {
    const err = e as Error & { code?: string };
    // A display that cannot prove it holds our K_pair is never used (hid-protocol.md, A3).
    o.audit("display_refused", { deviceId: serial, error: err.code ?? "DISPLAY_ERROR", message: err.message.slice(0, 300) });
    o.log.error({ err: err.message }, "approval display refused");
    const refused: DisplayState = { state: "refused", detail: err.message, ...(serial ? { deviceId: serial } : {}) };
    display.describe = () => refused;
  }
  return display;
}
