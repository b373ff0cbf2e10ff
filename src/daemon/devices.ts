// Which approval devices the daemon drives, real or simulated, behind one HardwareChannel. The
// simulators are the byte-level ones (src/hw/sim-*.ts) reached over an in-memory HID transport, so
// with --simulate the path from the daemon to the bytes is the production path; only the far end
// of the transport differs.
import { randomBytes } from "node:crypto";
import { CtapHidDevice } from "../hw/ctaphid.js";
import { listDevices, NodeHidTransport } from "../hw/node-hid-transport.js";
import { openSecurityKey } from "../hw/security-key.js";
import { SimFidoAuthenticator } from "../hw/sim-authenticator.js";
import { MemoryTransport, type HidTransport } from "../hw/transport.js";
import type { Store } from "../store/store.js";
import { HardwareChannel, type KeySource } from "./hardware-channel.js";
import { KeyRing, SIMULATED_KEY_LABEL, type KeyDevice } from "./keyring.js";
import type { Logger } from "./log.js";
import type { HaltkeyPaths } from "./paths.js";
import { openDisplay, simulatedDisplay, type DisplayHandle } from "./display-link.js";

type LiveTouch = "touch" | "no-touch" | "timeout";

/** The simulated human: touches the simulated key when `sim touch` says so. */
export class SimulatedHuman {
  private readonly waiting: Array<(d: LiveTouch) => void> = [];
  private armed = 0;

  /** The authenticator asks when it needs presence; it waits for a touch or gives up. */
  presence = (timeoutMs: number): Promise<LiveTouch> => {
    if (this.armed > 0) {
      this.armed--;
      return Promise.resolve("touch");
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(done);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve("timeout");
      }, timeoutMs);
      const done = (d: LiveTouch): void => {
        clearTimeout(timer);
        resolve(d);
      };
      this.waiting.push(done);
    });
  };

  /** Touches a key that is blinking now; false if none is. */
  touchWaiting(): boolean {
    const next = this.waiting.shift();
    next?.("touch");
    return next !== undefined;
  }

  /** The next request for presence is answered at once (the human's finger is already there). */
  arm(): void {
    this.armed++;
  }
}

export interface Hardware {
  readonly channel: HardwareChannel;
  readonly keyring: KeyRing;
  readonly display: DisplayHandle | undefined;
  readonly simulated: boolean;
  readonly human: SimulatedHuman | undefined;
  close(): Promise<void>;
}

export interface HardwareOptions {
  readonly simulate: boolean;
  readonly store: Store;
  readonly paths: HaltkeyPaths;
  readonly log: Logger;
  readonly now: () => number;
}

/** How long a simulated key blinks before it gives up, like a real key's user-presence timeout. */
const SIM_PRESENCE_TIMEOUT_MS = 120_000;

export async function openHardware(opts: HardwareOptions): Promise<Hardware> {
  const { store, log, now } = opts;
  const audit = (type: string, data: Record<string, unknown>): void => {
    void store.transition({}, [{ type, data }], now()).catch((e: Error) => log.error({ err: e.message, type }, "audit write failed"));
  };
  const keyring = new KeyRing({ store, now, randomBytes }, await store.securityKeys());

  if (opts.simulate) {
    const human = new SimulatedHuman();
    const authenticator = new SimFidoAuthenticator({ presence: () => human.presence(SIM_PRESENCE_TIMEOUT_MS) });
    const keys: KeySource = {
      simulated: true,
      async open(): Promise<KeyDevice> {
        const [host, device] = MemoryTransport.pair();
        void new CtapHidDevice(device, authenticator.handler).run().catch(() => undefined);
        return openSecurityKey(host, { random: (n: number) => new Uint8Array(randomBytes(n)) });
      },
    };
    const display = await simulatedDisplay({ paths: opts.paths, log, now });
    const channel = new HardwareChannel({ display: display.link, keys, keyring, log, now, audit });
    display.onLink((link) => channel.setDisplay(link));
    // The simulated key lives only in this process: enroll a fresh one at every start, replacing
    // the previous simulated enrolment, so `sim touch` works at once.
    for (const old of keyring.list().filter((k) => k.label.startsWith(SIMULATED_KEY_LABEL))) await keyring.forget(old.id, "simulated key of an earlier run");
    human.arm();
    await channel.withKey((d) => keyring.enroll(d, `${SIMULATED_KEY_LABEL} ${new Date(now()).toISOString()}`));
    return {
      channel,
      keyring,
      display,
      simulated: true,
      human,
      close: async () => {
        await channel.close();
        await display.close();
      },
    };
  }

  const keys: KeySource = {
    simulated: false,
    async open(): Promise<KeyDevice | undefined> {
      const attached = await listDevices();
      const first = attached.securityKeys[0];
      if (!first?.path) return undefined;
      const transport: HidTransport = await NodeHidTransport.open(first.path);
      try {
        return await openSecurityKey(transport, { random: (n: number) => new Uint8Array(randomBytes(n)) });
      } catch (e) {
        await transport.close();
        throw e;
      }
    },
  };
  const display = await openDisplay({ store, log, now, audit }).catch((e: Error) => {
    log.warn({ err: e.message }, "no approval display in use");
    return undefined;
  });
  const channel = new HardwareChannel({ display: display?.link, keys, keyring, log, now, audit });
  display?.onLink((link) => channel.setDisplay(link));
  return {
    channel,
    keyring,
    display,
    simulated: false,
    human: undefined,
    close: async () => {
      await channel.close();
      await display?.close();
    },
  };
}


