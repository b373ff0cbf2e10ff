// The security-key facade over both protocols: a CTAP2 simulated key and a U2F-only one enroll
// and approve through the same calls, and everything is verified by @simplewebauthn/server 14.
// Every way an approval must fail is exercised on both.
import { randomBytes } from "node:crypto";
import type { WebAuthnCredential } from "@simplewebauthn/server";
import { afterEach, describe, expect, it } from "vitest";
import { CAPABILITY, CtapHidDevice } from "../src/hw/ctaphid.js";
import { openSecurityKey, SecurityKeyError, type SecurityKey, type SecurityKeyStatus } from "../src/hw/security-key.js";
import { SimFidoAuthenticator, type SimFidoOptions } from "../src/sim/fido-authenticator.js";
import { MemoryTransport, type HidTransport } from "../src/hw/transport.js";
import { approvalChallenge, verifyApproval, verifyRegistration } from "../src/hw/webauthn.js";

/** Records every report the host writes, so tests can see a CANCEL or count U2F polls. */
class RecordingTransport implements HidTransport {
  readonly written: Uint8Array[] = [];
  constructor(private readonly inner: HidTransport) {}
  write(report: Uint8Array): Promise<void> {
    this.written.push(Uint8Array.from(report));
    return this.inner.write(report);
  }
  read(timeoutMs: number): Promise<Uint8Array | null> {
    return this.inner.read(timeoutMs);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
  /** Init packets of a CTAPHID command (0x80 | cmd in byte 4). */
  count(cmd: number): number {
    return this.written.filter((r) => r[4] === (0x80 | cmd)).length;
  }
}

const CANCEL = 0x11;
const MSG = 0x03;

interface Rig {
  readonly sim: SimFidoAuthenticator;
  readonly key: SecurityKey;
  readonly wire: RecordingTransport;
  /** The device end: closing it is pulling the key out. */
  readonly device: MemoryTransport;
}

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

async function rig(simOpts: SimFidoOptions = {}, capabilities?: number): Promise<Rig> {
  const [host, device] = MemoryTransport.pair();
  const sim = new SimFidoAuthenticator(simOpts);
  const info = sim.hidInfo;
  void new CtapHidDevice(device, sim.handler, { version: info.version, capabilities: capabilities ?? info.capabilities }).run();
  const wire = new RecordingTransport(host);
  const key = await openSecurityKey(wire, { random: (n) => new Uint8Array(randomBytes(n)), pollIntervalMs: 5 });
  cleanup.push(() => key.close());
  return { sim, key, wire, device };
}

const user = { id: new Uint8Array(16).fill(1), name: "operator", displayName: "Operator" };
const digest = (s: string): Uint8Array => new Uint8Array(Buffer.alloc(32, s));
const challengeFor = (n: number, action = "x"): Uint8Array => approvalChallenge(`00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`, digest(action));
const idBytes = (c: WebAuthnCredential): Uint8Array => new Uint8Array(Buffer.from(c.id, "base64url"));

async function enroll(r: Rig): Promise<WebAuthnCredential> {
  const challenge = new Uint8Array(32).fill(9);
  const v = await verifyRegistration(await r.key.enroll({ challenge, user }), challenge);
  expect(v.verified).toBe(true);
  return v.registrationInfo!.credential;
}

async function failure(p: Promise<unknown>): Promise<SecurityKeyError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(SecurityKeyError);
  return e as SecurityKeyError;
}

const kinds = [
  { name: "CTAP2 key", protocol: "ctap2", opts: {} },
  { name: "U2F-only key", protocol: "u2f", opts: { u2fOnly: true } },
] as const;

describe.each(kinds)("$name through the facade", ({ protocol, opts }) => {
  it("opens with the right protocol and enrolls and approves, verified by SimpleWebAuthn", async () => {
    const r = await rig(opts);
    expect(r.key.protocol).toBe(protocol);
    expect(r.key.info.enrollsWith).toBe(protocol);
    const challenge = new Uint8Array(32).fill(9);
    const reg = await verifyRegistration(await r.key.enroll({ challenge, user }), challenge);
    expect(reg.verified).toBe(true);
    expect(reg.registrationInfo!.fmt).toBe(protocol === "u2f" ? "fido-u2f" : "none");
    const cred = reg.registrationInfo!.credential;

    const statuses: SecurityKeyStatus[] = [];
    const apv = challengeFor(1);
    const resp = await r.key.approve({ challenge: apv, allowCredentialIds: [idBytes(cred)], onStatus: (s) => statuses.push(s) });
    expect(resp.id).toBe(cred.id);
    expect(statuses).toEqual(["waiting-for-touch"]);
    const v = await verifyApproval(resp, apv, cred);
    expect(v.verified).toBe(true);
    expect(v.authenticationInfo.newCounter).toBe(1);
    // The next approval counts up from the stored counter.
    const apv2 = challengeFor(2);
    const v2 = await verifyApproval(await r.key.approve({ challenge: apv2, allowCredentialIds: [idBytes(cred)] }), apv2, { ...cred, counter: 1 });
    expect(v2.authenticationInfo.newCounter).toBe(2);
  });

  it("an assertion for challenge A does not verify for challenge B", async () => {
    const r = await rig(opts);
    const cred = await enroll(r);
    const resp = await r.key.approve({ challenge: challengeFor(1), allowCredentialIds: [idBytes(cred)] });
    await expect(verifyApproval(resp, challengeFor(2), cred)).rejects.toThrow(/challenge/i);
    await expect(verifyApproval(resp, challengeFor(1, "another action"), cred)).rejects.toThrow(/challenge/i);
  });

  it("a replayed assertion is refused by the counter", async () => {
    const r = await rig(opts);
    const cred = await enroll(r);
    const apv = challengeFor(1);
    const resp = await r.key.approve({ challenge: apv, allowCredentialIds: [idBytes(cred)] });
    const first = await verifyApproval(resp, apv, cred);
    await expect(verifyApproval(resp, apv, { ...cred, counter: first.authenticationInfo.newCounter })).rejects.toThrow(/counter/i);
  });

  it("a credential from another key is refused without asking for a touch", async () => {
    const other = await rig(opts);
    const foreign = await enroll(other);
    const r = await rig(opts);
    await enroll(r);
    const touches = r.sim.touchRequests;
    const e = await failure(r.key.approve({ challenge: challengeFor(1), allowCredentialIds: [idBytes(foreign)] }));
    expect(e.code).toBe("no-credential");
    expect(r.sim.touchRequests).toBe(touches);
  });

  it("two enrolled keys in the allow list, only one plugged in: the present one signs", async () => {
    const absent = await rig(opts);
    const absentCred = await enroll(absent);
    const r = await rig(opts);
    const cred = await enroll(r);
    const touches = r.sim.touchRequests;
    const apv = challengeFor(3);
    const resp = await r.key.approve({ challenge: apv, allowCredentialIds: [idBytes(absentCred), idBytes(cred)] });
    expect(resp.id).toBe(cred.id);
    expect((await verifyApproval(resp, apv, cred)).verified).toBe(true);
    await expect(verifyApproval(resp, apv, absentCred)).rejects.toThrow(/expected/);
    expect(r.sim.touchRequests).toBe(touches + 1); // one touch, for the signature that counts
  });

  it("no touch is a refusal, never an assertion; the key works again afterwards", async () => {
    const r = await rig(opts);
    const cred = await enroll(r);
    r.sim.setNextTouch("no-touch");
    const statuses: SecurityKeyStatus[] = [];
    // A CTAP2 key says OPERATION_DENIED; a U2F key just never reports a touch before the deadline.
    const e = await failure(r.key.approve({ challenge: challengeFor(1), allowCredentialIds: [idBytes(cred)], onStatus: (s) => statuses.push(s), timeoutMs: protocol === "ctap2" ? 5000 : 300 }));
    expect(e.code).toBe(protocol === "ctap2" ? "denied" : "timeout");
    expect(statuses).toEqual(["waiting-for-touch"]);
    const apv = challengeFor(2);
    expect((await verifyApproval(await r.key.approve({ challenge: apv, allowCredentialIds: [idBytes(cred)] }), apv, cred)).verified).toBe(true);
  });

  it("a slow touch: waiting-for-touch is reported while the key waits, then the approval succeeds", async () => {
    const r = await rig({ ...opts, slowMs: 60, keepaliveIntervalMs: 10 });
    const cred = await enroll(r);
    r.sim.setNextTouch("slow");
    const events: string[] = [];
    const msgBefore = r.wire.count(MSG);
    const apv = challengeFor(1);
    const resp = await r.key.approve({ challenge: apv, allowCredentialIds: [idBytes(cred)], onStatus: (s) => events.push(s) });
    events.push("answered");
    expect(events).toEqual(["waiting-for-touch", "answered"]);
    if (protocol === "u2f") expect(r.wire.count(MSG) - msgBefore).toBeGreaterThan(2); // check-only, then polls until touched
    expect((await verifyApproval(resp, apv, cred)).verified).toBe(true);
  });

  it("the host's deadline ends the wait: CANCEL on CTAP2, no more polls on U2F; rejected as timeout", async () => {
    const r = await rig({ ...opts, slowMs: 60_000 });
    const cred = await enroll(r);
    r.sim.setNextTouch("slow");
    const e = await failure(r.key.approve({ challenge: challengeFor(1), allowCredentialIds: [idBytes(cred)], timeoutMs: 150 }));
    expect(e.code).toBe("timeout");
    if (protocol === "ctap2") expect(r.wire.count(CANCEL)).toBe(1);
    const polls = r.wire.count(MSG);
    await new Promise((resolve) => setTimeout(resolve, 50)); // ten poll intervals
    expect(r.wire.count(MSG)).toBe(polls);
    // The key is usable again (on a fresh channel, so no late answer is mistaken for a new one).
    const apv = challengeFor(2);
    expect((await verifyApproval(await r.key.approve({ challenge: apv, allowCredentialIds: [idBytes(cred)] }), apv, cred)).verified).toBe(true);
  });

  it("aborting while the key waits for a touch rejects as aborted (CTAP2: with CANCEL)", async () => {
    const r = await rig({ ...opts, slowMs: 60_000 });
    const cred = await enroll(r);
    r.sim.setNextTouch("slow");
    const ac = new AbortController();
    const e = await failure(r.key.approve({ challenge: challengeFor(1), allowCredentialIds: [idBytes(cred)], signal: ac.signal, onStatus: () => ac.abort() }));
    expect(e.code).toBe("aborted");
    if (protocol === "ctap2") expect(r.wire.count(CANCEL)).toBe(1);
    // An already aborted signal sends nothing at all.
    const written = r.wire.written.length;
    expect((await failure(r.key.approve({ challenge: challengeFor(2), allowCredentialIds: [idBytes(cred)], signal: ac.signal }))).code).toBe("aborted");
    expect(r.wire.written.length).toBe(written);
  });

  it("a key unplugged mid-request rejects, never resolves", async () => {
    const r = await rig({ ...opts, slowMs: 60_000 });
    const cred = await enroll(r);
    r.sim.setNextTouch("slow");
    const e = await failure(r.key.approve({ challenge: challengeFor(1), allowCredentialIds: [idBytes(cred)], onStatus: () => void r.device.close() }));
    expect(e.code).toBe("unplugged");
    expect((await failure(r.key.approve({ challenge: challengeFor(2), allowCredentialIds: [idBytes(cred)] }))).code).toBe("unplugged");
  });

  it("close() during a request rejects it as closed, and later requests too", async () => {
    const r = await rig({ ...opts, slowMs: 60_000 });
    const cred = await enroll(r);
    r.sim.setNextTouch("slow");
    const e = await failure(r.key.approve({ challenge: challengeFor(1), allowCredentialIds: [idBytes(cred)], onStatus: () => void r.key.close() }));
    expect(e.code).toBe("closed");
    expect((await failure(r.key.wink())).code).toBe("closed");
  });

  it("one request at a time: a second one meanwhile is refused as busy", async () => {
    const r = await rig({ ...opts, slowMs: 100 });
    const cred = await enroll(r);
    r.sim.setNextTouch("slow");
    const apv = challengeFor(1);
    const first = r.key.approve({ challenge: apv, allowCredentialIds: [idBytes(cred)] });
    expect((await failure(r.key.approve({ challenge: challengeFor(2), allowCredentialIds: [idBytes(cred)] }))).code).toBe("busy");
    expect((await verifyApproval(await first, apv, cred)).verified).toBe(true);
  });

  it("enrolling a key already enrolled is refused as excluded", async () => {
    const r = await rig(opts);
    const cred = await enroll(r);
    const e = await failure(r.key.enroll({ challenge: new Uint8Array(32), user, excludeCredentialIds: [new Uint8Array(40).fill(3), idBytes(cred)] }));
    expect(e.code).toBe("excluded");
    // An exclude list naming only other keys' credentials does not stop the enrolment.
    const challenge = new Uint8Array(32).fill(4);
    expect((await verifyRegistration(await r.key.enroll({ challenge, user, excludeCredentialIds: [new Uint8Array(40).fill(3)] }), challenge)).verified).toBe(true);
  });

  it("long user names are accepted and cut to 64 UTF-8 bytes for the key", async () => {
    const r = await rig(opts);
    const challenge = new Uint8Array(32).fill(8);
    const long = { id: new Uint8Array(16), name: `haltkey:${"é".repeat(60)}`, displayName: "ü".repeat(100) };
    expect((await verifyRegistration(await r.key.enroll({ challenge, user: long }), challenge)).verified).toBe(true);
    if (protocol === "ctap2") {
      expect(r.sim.lastUser).toEqual({ name: `haltkey:${"é".repeat(28)}`, displayName: "ü".repeat(32) }); // 8 + 56 bytes; 64 bytes
    } else {
      expect(r.sim.lastUser).toBeUndefined(); // U2F never sends the user
    }
  });

  it("winks", async () => {
    const r = await rig(opts);
    expect(r.key.info.canWink).toBe(true);
    await r.key.wink();
  });
});

describe("opening a key", () => {
  it("CTAP2: getInfo fills the info", async () => {
    const r = await rig();
    expect(r.key.info).toMatchObject({ protocol: "ctap2", versions: ["FIDO_2_0", "U2F_V2"], aaguid: "5a5a5a5a-5a5a-5a5a-5a5a-5a5a5a5a5a5a", options: { up: true, rk: false } });
  });

  it("U2F-only: no CBOR capability, so U2F without asking getInfo", async () => {
    const r = await rig({ u2fOnly: true });
    expect(r.key.info).toMatchObject({ protocol: "u2f", versions: ["U2F_V2"], options: {} });
    expect(r.key.info.aaguid).toBeUndefined();
    expect(r.wire.count(0x10)).toBe(0);
  });

  it("falls back to U2F when a key announces CBOR but getInfo fails", async () => {
    const r = await rig({ u2fOnly: true }, CAPABILITY.WINK | CAPABILITY.CBOR);
    expect(r.key.protocol).toBe("u2f");
    expect(r.wire.count(0x10)).toBe(1);
    const cred = await enroll(r);
    const apv = challengeFor(1);
    expect((await verifyApproval(await r.key.approve({ challenge: apv, allowCredentialIds: [idBytes(cred)] }), apv, cred)).verified).toBe(true);
  });

  it("a key speaking neither protocol is unsupported, and its transport is closed", async () => {
    const [host, device] = MemoryTransport.pair();
    const sim = new SimFidoAuthenticator({ u2fOnly: true });
    void new CtapHidDevice(device, sim.handler, { version: [1, 0, 0], capabilities: CAPABILITY.NMSG }).run();
    const e = await failure(openSecurityKey(host, { random: (n) => new Uint8Array(randomBytes(n)) }));
    expect(e.code).toBe("unsupported");
    await expect(host.write(new Uint8Array(64))).rejects.toThrow(/closed|unplugged/);
  });

  it("a device that never answers INIT is a device error", async () => {
    const [host] = MemoryTransport.pair();
    const e = await failure(openSecurityKey(host, { random: (n) => new Uint8Array(randomBytes(n)), probeTimeoutMs: 100 }));
    expect(e.code).toBe("device-error");
  });

  it("a key without WINK says so instead of pretending", async () => {
    const r = await rig({}, CAPABILITY.CBOR);
    expect(r.key.info.canWink).toBe(false);
    expect((await failure(r.key.wink())).code).toBe("unsupported");
  });
});

describe("a CTAP 2.0 key with a PIN set", () => {
  it("enrolls over U2F (makeCredential would need the PIN) and approves over CTAP2", async () => {
    const r = await rig({ pinSet: true });
    expect(r.key.protocol).toBe("ctap2");
    expect(r.key.info.options.clientPin).toBe(true);
    expect(r.key.info.enrollsWith).toBe("u2f");
    const challenge = new Uint8Array(32).fill(9);
    const reg = await verifyRegistration(await r.key.enroll({ challenge, user }), challenge);
    expect(reg.registrationInfo!.fmt).toBe("fido-u2f");
    const cred = reg.registrationInfo!.credential;
    const cborBefore = r.wire.count(0x10);
    const apv = challengeFor(1);
    const v = await verifyApproval(await r.key.approve({ challenge: apv, allowCredentialIds: [idBytes(cred)] }), apv, cred);
    expect(v.verified).toBe(true);
    expect(r.wire.count(0x10)).toBe(cborBefore + 1); // one getAssertion
  });
});

describe("requests are checked before anything is sent", () => {
  it("refuses unknown options, short challenges, empty allow lists and oversize ids", async () => {
    const r = await rig();
    const written = r.wire.written.length;
    const bad: Array<Promise<unknown>> = [
      r.key.approve({ challenge: new Uint8Array(8), allowCredentialIds: [new Uint8Array(32)] }),
      r.key.approve({ challenge: new Uint8Array(32), allowCredentialIds: [] }),
      r.key.approve({ challenge: new Uint8Array(32), allowCredentialIds: [new Uint8Array(2000)] }),
      r.key.approve({ challenge: new Uint8Array(32), allowCredentialIds: [new Uint8Array(32)], userVerification: "required" } as never),
      r.key.enroll({ challenge: new Uint8Array(32), user: { ...user, id: new Uint8Array(65) } }),
      r.key.enroll({ challenge: "not bytes", user } as never),
      r.key.approve({ challenge: new Uint8Array(32), allowCredentialIds: [new Uint8Array(32)], timeoutMs: -5 }),
    ];
    for (const p of bad) {
      const e = await failure(p);
      expect(e.code).toBe("invalid-request");
      expect(e.message).toMatch(/expected|Unrecognized|Too small|>=/i);
    }
    expect(r.wire.written.length).toBe(written);
  });
});
