// The simulated approval devices behind the same HardwareChannel as real ones: a simulated FIDO2
// authenticator (fido-authenticator.ts) and a simulated APV1 display (apv1-display.ts), each at the
// far end of an in-memory HID transport. With --simulate the daemon's path to the bytes (CTAPHID,
// CBOR, CTAP2/U2F, APV1) is the production path; the human is played by `haltkey sim press|touch`.
import { randomBytes } from "node:crypto";
import type { Logger } from "../daemon/log.js";
import type { HaltkeyPaths } from "../daemon/paths.js";
import { deviceAudit, type Hardware } from "../devices/discovery.js";
import { HardwareChannel, type KeySource } from "../devices/hardware-channel.js";
import { KeyRing, SIMULATED_KEY_LABEL, type KeyDevice } from "../devices/keyring.js";
import { CtapHidDevice } from "../hw/ctaphid.js";
import { openSecurityKey } from "../hw/security-key.js";
import { MemoryTransport } from "../hw/transport.js";
import type { Store } from "../store/store.js";
import { simulatedDisplay, type SimulatedDisplayHandle } from "./display-link.js";
import { SimFidoAuthenticator } from "./fido-authenticator.js";
import { SimulatedHuman } from "./human.js";

export interface SimulatedHardware extends Hardware {
  readonly simulated: true;
  readonly display: SimulatedDisplayHandle;
  readonly human: SimulatedHuman;
}

/** How long a simulated key blinks before it gives up, like a real key's user-presence timeout. */
const SIM_PRESENCE_TIMEOUT_MS = 120_000;

export async function openSimulatedHardware(opts: { readonly store: Store; readonly paths: HaltkeyPaths; readonly log: Logger; readonly now: () => number }): Promise<SimulatedHardware> {
  const { store, log, now } = opts;
  const audit = deviceAudit(opts);
  const keyring = new KeyRing({ store, now, randomBytes }, await store.securityKeys());
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
