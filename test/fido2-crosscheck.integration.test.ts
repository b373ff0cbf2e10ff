// The simulated authenticator checked by an implementation nobody here wrote: Debian's
// python3-fido2 drives it over the unix-socket transport, over CTAP2 and, on a U2F-only
// simulator, over CTAP1/U2F, and verifies with its own code (Ctap1 signature checks, Fido2Server);
// in the other direction, what python-fido2 produced is verified by SimpleWebAuthn, and what our
// security-key facade produced over U2F is verified by python-fido2's Fido2Server. Our own
// client also runs through the socket transport. .ci/run installs python3-fido2.
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asBytes, asMap, decode, encodeCanonical } from "../src/hw/cbor.js";
import { Ctap2Client } from "../src/hw/ctap2.js";
import { CtapHidClient, CtapHidDevice } from "../src/hw/ctaphid.js";
import { SimFidoAuthenticator } from "../src/sim/fido-authenticator.js";
import { openSecurityKey } from "../src/hw/security-key.js";
import { serveHidOnSocket, SocketTransport } from "../src/hw/socket-transport.js";
import { approvalChallenge, registerKey, requestApproval, verifyApproval, verifyRegistration } from "../src/hw/webauthn.js";

const run = promisify(execFile);
/** Debian's interpreter: python3-fido2 installs into its dist-packages, not into pyenv's. */
const PYTHON = "/usr/bin/python3";

let dir: string;
let socketPath: string;
let u2fSocketPath: string;
const servers: Server[] = [];
const devices: CtapHidDevice[] = [];

/** Serves one simulated key on a unix socket, every connection a host of the same key. */
async function serveSim(path: string, sim: SimFidoAuthenticator): Promise<void> {
  servers.push(
    await serveHidOnSocket(path, (transport) => {
      const device = new CtapHidDevice(transport, sim.handler, sim.hidInfo);
      devices.push(device);
      void device.run();
    }),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "hkf-"));
  socketPath = join(dir, "fido.sock");
  u2fSocketPath = join(dir, "u2f.sock");
  await serveSim(socketPath, new SimFidoAuthenticator());
  await serveSim(u2fSocketPath, new SimFidoAuthenticator({ u2fOnly: true }));
});
afterAll(async () => {
  for (const d of devices) d.stop();
  for (const s of servers) await new Promise((r) => s.close(r));
  rmSync(dir, { recursive: true, force: true });
});

async function requirePythonFido2(): Promise<void> {
  try {
    await run(PYTHON, ["-c", "import fido2"]);
  } catch {
    throw new Error("Debian's python3-fido2 is not installed (apt-get install python3-fido2); .ci/run installs it");
  }
}

/** Runs the script with `input` on stdin; rejects with its stderr unless it exits 0. */
function runWithInput(args: string[], input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, args, { stdio: ["pipe", "pipe", "pipe"], timeout: 60_000 });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(stdout) : reject(new Error(`fido2-crosscheck.py exited ${code}: ${stderr}`))));
    child.stdin.end(input);
  });
}

const b64urlToBytes = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, "base64url"));

describe("python3-fido2 cross-check", () => {
  it("python3-fido2 registers and authenticates against the simulator and verifies both; SimpleWebAuthn verifies its output", async () => {
    await requirePythonFido2();
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

  it("python3-fido2's Ctap1 drives the U2F-only simulator and verifies its signatures; its CTAP1 fallback output verifies in SimpleWebAuthn", async () => {
    await requirePythonFido2();
    const { stdout } = await run(PYTHON, ["scripts/fido2-crosscheck.py", u2fSocketPath, "u2f"], { timeout: 60_000 });
    const out = JSON.parse(stdout);
    expect(out.u2f).toMatchObject({
      version: "U2F_V2",
      checkOnlyOwn: 0x6985,
      checkOnlyForeign: 0x6a80,
      checkOnlyOtherApp: 0x6a80,
      counters: [1, 2],
      fmt: "fido-u2f",
    });
    expect(out.u2f.capabilities & 0x04).toBe(0); // no CBOR: python-fido2 chose CTAP1 by itself
    expect(out.u2f.touchPolls).toBeGreaterThanOrEqual(3); // the key said "touch me" before each answer
    expect(out.keepalives).toContain(2); // Fido2Client reports CTAP1's "touch me" as UPNEEDED

    const reg = await verifyRegistration(out.registration, b64urlToBytes(out.registrationChallenge));
    expect(reg.verified).toBe(true);
    expect(reg.registrationInfo!.fmt).toBe("fido-u2f");
    const auth = await verifyApproval(out.authentication, b64urlToBytes(out.authenticationChallenge), reg.registrationInfo!.credential);
    expect(auth.verified).toBe(true);
  });

  it("our facade over U2F through the socket: python-fido2's Fido2Server verifies what it produced", async () => {
    await requirePythonFido2();
    const key = await openSecurityKey(await SocketTransport.connect(u2fSocketPath), { random: (n) => new Uint8Array(randomBytes(n)), pollIntervalMs: 10 });
    try {
      expect(key.protocol).toBe("u2f");
      const registrationChallenge = new Uint8Array(32).fill(0x21);
      const user = { id: new Uint8Array(8).fill(1), name: "op", displayName: "Op" };
      const registration = await key.enroll({ challenge: registrationChallenge, user });
      const reg = await verifyRegistration(registration, registrationChallenge);
      const authenticationChallenge = approvalChallenge("00000000-0000-4000-8000-000000000003", new Uint8Array(32).fill(0xcd));
      const authentication = await key.approve({ challenge: authenticationChallenge, allowCredentialIds: [b64urlToBytes(reg.registrationInfo!.credential.id)] });
      const input = JSON.stringify({
        registration,
        authentication,
        registrationChallenge: Buffer.from(registrationChallenge).toString("base64url"),
        authenticationChallenge: Buffer.from(authenticationChallenge).toString("base64url"),
      });
      const out = JSON.parse(await runWithInput(["scripts/fido2-crosscheck.py", "verify"], input));
      expect(out).toEqual({ verified: true, fmt: "fido-u2f", counter: 1 });
      // The same check refuses an assertion presented for another challenge.
      const wrong = JSON.stringify({ ...JSON.parse(input), authenticationChallenge: Buffer.from(new Uint8Array(32).fill(1)).toString("base64url") });
      await expect(runWithInput(["scripts/fido2-crosscheck.py", "verify"], wrong)).rejects.toThrow(/challenge/i);
      // And the fido-u2f attestation is really checked: one flipped bit of its signature is refused.
      const attestationObject = asMap(decode(b64urlToBytes(registration.response.attestationObject)), "attestationObject");
      const attStmt = asMap(attestationObject.get("attStmt"), "attStmt");
      const sig = Uint8Array.from(asBytes(attStmt.get("sig"), "sig"));
      sig[sig.length - 1]! ^= 0x01;
      attStmt.set("sig", sig);
      const forged = { ...registration, response: { ...registration.response, attestationObject: Buffer.from(encodeCanonical(attestationObject)).toString("base64url") } };
      await expect(runWithInput(["scripts/fido2-crosscheck.py", "verify"], JSON.stringify({ ...JSON.parse(input), registration: forged }))).rejects.toThrow(/InvalidSignature/);
    } finally {
      await key.close();
    }
  });

  it("our own client reaches the simulator through the socket transport, byte for byte the same path", async () => {
    const transport = await SocketTransport.connect(socketPath);
    try {
      const hid = new CtapHidClient(transport);
      await hid.init();
      const ctap = new Ctap2Client(hid);
      const challenge = new Uint8Array(32).fill(7);
      const reg = await verifyRegistration(await registerKey(ctap, challenge, { id: new Uint8Array(8), name: "op", displayName: "Op" }), challenge);
      const credential = reg.registrationInfo!.credential;
      const action = new Uint8Array(32).fill(0xab);
      const approval = approvalChallenge("00000000-0000-4000-8000-000000000001", action);
      const assertion = await requestApproval(ctap, credential, approval);
      expect((await verifyApproval(assertion, approval, credential)).verified).toBe(true);
      const other = approvalChallenge("00000000-0000-4000-8000-000000000002", action);
      await expect(verifyApproval(assertion, other, credential)).rejects.toThrow();
    } finally {
      await transport.close();
    }
  });
});
