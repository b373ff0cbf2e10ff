// The simulated approval display as the daemon holds it: the simulated APV1 device (apv1-display.ts)
// at the far end of an in-memory HID link, rendering to $HALTKEY_HOME/sim/display.jsonl, driven
// through the same Display, APV1 host and CTAPHID client as a real one. Only the far end differs.
import { randomBytes } from "node:crypto";
import { ErrorCode } from "../core/errors.js";
import type { Logger } from "../daemon/log.js";
import type { HaltkeyPaths } from "../daemon/paths.js";
import { Display, type DisplayHandle } from "../devices/display-link.js";
import { Apv1Host } from "../hw/apv1-host.js";
import type { Apv1Pairing } from "../hw/apv1-inputs.js";
import { IGNORE_AFTER_SHOW_MS, LONG_PRESS_MS } from "../hw/apv1.js";
import { CtapHidClient } from "../hw/ctaphid.js";
import { MemoryTransport } from "../hw/transport.js";
import { SimApprovalDisplay } from "./apv1-display.js";
import { jsonlDisplaySink } from "./apv1-display-sink.js";

const random = (n: number): Uint8Array => new Uint8Array(randomBytes(n));
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface SimulatedDisplayHandle extends DisplayHandle {
  /** The simulated human's hand on the buttons, for the request shown since `shownAt`. */
  press(decision: "approve" | "deny", shownAt: number): Promise<void>;
}

/**
 * The simulated display: "paired at the factory" with a fresh key every start (it lives only in
 * this process), so approvals work at once; `haltkey pair` still runs the real pairing protocol
 * against it, with the simulated human pressing APPROVE after comparing codes.
 */
export async function simulatedDisplay(o: { paths: HaltkeyPaths; log: Logger; now: () => number }): Promise<SimulatedDisplayHandle> {
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
  });
  // A finger on the button for a moment, pressed after the screen's input lock (the device ignores
  // a press that began within 500 ms of the SHOW): the device measures the hold.
  const press = async (decision: "approve" | "deny", shownAt: number): Promise<void> => {
    const holdMs = decision === "approve" ? LONG_PRESS_MS : 100;
    const early = shownAt + IGNORE_AFTER_SHOW_MS + holdMs + 50 - o.now();
    if (early > 0) await sleep(early);
    const outcome = device.press(decision, holdMs);
    if (outcome !== "accepted") throw Object.assign(new Error(`the simulated display ignored the press (${outcome})`), { code: ErrorCode.invalidValue });
    await out.flush().catch((e: Error) => o.log.error({ err: e.message }, "simulated display could not write display.jsonl"));
  };
  await display.open();
  return Object.assign(display, { press });
}
