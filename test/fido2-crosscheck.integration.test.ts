// The simulated authenticator checked by an implementation nobody here wrote: Debian's
// python3-fido2 drives it over the unix-socket transport and verifies with its own Fido2Server;
// in the other direction, what python-fido2 produced is verified by SimpleWebAuthn. Our own
// client also runs through the socket transport. .ci/run installs python3-fido2.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ctap2Client } from "../src/hw/ctap2.js";
import { CtapHidClient, CtapHidDevice } from "../src/hw/ctaphid.js";
import { SimFidoAuthenticator } from "../src/hw/sim-authenticator.js";
import { serveHidOnSocket, SocketTransport } from "../src/hw/socket-transport.js";
import { approvalChallenge, registerKey, requestApproval, verifyApproval, verifyRegistration } from "../src/hw/webauthn.js";

const run = promisify(execFile);
/** Debian's interpreter: python3-fido2 installs into its dist-packages, not into pyenv's. */
const PYTHON = "/usr/bin/python3";

let dir: string;
let socketPath: string;
let server: Server;
const devices: CtapHidDevice[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "hkf-"));
  socketPath = join(dir, "fido.sock");
  const sim = new SimFidoAuthenticator();
  server = await serveHidOnSocket(socketPath, (transport) => {
    const device = new CtapHidDevice(transport, sim.handler);
    devices.push(device);
    void device.run();
  });
});
afterAll(async () => {
  for (const d of devices) d.stop();
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const b64urlToBytes = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, "base64url"));

describe("python3-fido2 cross-check", () => {
  it("python3-fido2 registers and authenticates against the simulator and verifies both; SimpleWebAuthn verifies its output", async () => {
    try {
      await run(PYTHON, ["-c", "import fido2"]);
    } catch {
      throw new Error("Debian's python3-fido2 is not installed (apt-get install python3-fido2); .ci/run installs it");
    }
    const { stdout } = await run(PYTHON, ["scripts/fido2-crosscheck.py", socketPath], { timeout: 60_000 });
    const out = JSON.parse(stdout);
    expect(out.versions).toContain("FIDO_2_0");
    expect(out.keepalives).toContain(2); // UPNEEDED: "touch your key"

    const reg = await verifyRegistration(out.registration, b64urlToBytes(out.registrationChallenge));
    expect(reg.verified).toBe(true);
    const auth = await verifyApproval(out.authentication, b64urlToBytes(out.authenticationChallenge), reg.registrationInfo!.credential);
    expect(auth.verified).toBe(true);
    expect(auth.authenticationInfo.newCounter).toBeGreaterThan(0);
  });

  it("our own client reaches the simulator through the socket transport, byte for byte the same path", async () => {
    const transport = await SocketTransport.connect(socketPath);
    try {
      const hid = new CtapHidClient(transport);
      await hid.init();
      const ctap = new Ctap2Client(hid);
      const challenge = new Uint8Array(32).fill(7);
      const reg = await verifyRegistration(await registerKey(ctap, challenge, { id: new Uint8Array(8), name: "op", displayName: "Op" }), challenge);
      const action = new Uint8Array(32).fill(0xab);
      const approval = approvalChallenge("00000000-0000-4000-8000-000000000001", action);
      const assertion = await requestApproval(ctap, reg.registrationInfo.credential, approval);
      expect((await verifyApproval(assertion, approval, reg.registrationInfo.credential)).verified).toBe(true);
      const other = approvalChallenge("00000000-0000-4000-8000-000000000002", action);
      await expect(verifyApproval(assertion, other, reg.registrationInfo.credential)).rejects.toThrow();
    } finally {
      await transport.close();
    }
  });
});
