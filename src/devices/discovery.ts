// The approval devices attached to this host (the first FIDO2 key, the first APV1 display), found
// over node-hid and driven behind one HardwareChannel. The simulated set (src/sim/hardware.ts) is
// built from the same parts; only the far end of the HID transport differs.
import { randomBytes } from "node:crypto";
import { listDevices, NodeHidTransport } from "../hw/node-hid-transport.js";
import { openSecurityKey } from "../hw/security-key.js";
import type { HidTransport } from "../hw/transport.js";
import type { Store } from "../store/store.js";
import { HardwareChannel, type KeySource } from "./hardware-channel.js";
import { KeyRing, type KeyDevice } from "./keyring.js";
import type { Logger } from "../daemon/log.js";
import { openDisplay, type DisplayHandle } from "./display-link.js";

export interface Hardware {
  readonly channel: HardwareChannel;
  readonly keyring: KeyRing;
  readonly display: DisplayHandle | undefined;
  readonly simulated: boolean;
  close(): Promise<void>;
}

export interface HardwareOptions {
  readonly store: Store;
  readonly log: Logger;
  readonly now: () => number;
}

/** Device events go to the audit log; a failed write is logged, never thrown at the device. */
export function deviceAudit(o: HardwareOptions): (type: string, data: Record<string, unknown>) => void {
  return (type, data) => {
    void o.store.transition({}, [{ type, data }], o.now()).catch((e: Error) => o.log.error({ err: e.message, type }, "audit write failed"));
  };
}

/** The real devices: whatever key and display are attached now (or later, for the key). */
export async function openHardware(opts: HardwareOptions): Promise<Hardware> {
  const { store, log, now } = opts;
  const audit = deviceAudit(opts);
  const keyring = new KeyRing({ store, now, randomBytes }, await store.securityKeys());

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
    close: async () => {
      await channel.close();
      await display?.close();
    },
  };
}


