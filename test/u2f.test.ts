// CTAP1/U2F: APDU bytes, answer parsing, the client against the simulated key (signatures checked
// with node:crypto against the U2F spec's signed data), and the U2F → WebAuthn conversion checked
// by @simplewebauthn/server 14.
import { createHash, createPublicKey, verify, X509Certificate } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { CTAP2_STATUS, Ctap2Client } from "../src/hw/ctap2.js";
import { CtapHidClient, CtapHidDevice, CtapHidError, ERR } from "../src/hw/ctaphid.js";
import { makeSimAttestation, SimFidoAuthenticator, type SimFidoOptions } from "../src/sim/fido-authenticator.js";
import { MemoryTransport } from "../src/hw/transport.js";
import {
  decodeApduRequest,
  decodeApduResponse,
  encodeApdu,
  parseAuthentication,
  parseRegistration,
  SW,
  U2F_AUTH,
  U2F_INS,
  U2fClient,
  U2fError,
} from "../src/hw/u2f.js";
import {
  buildClientDataJSON,
  clientDataHash,
  coseEc2FromPoint,
  RP_ID,
  rpIdHash,
  toAuthenticationResponseJSON,
  toRegistrationResponseJSON,
  u2fAuthenticationToAssertion,
  u2fRegistrationToAttestation,
  verifyApproval,
  verifyRegistration,
} from "../src/hw/webauthn.js";

const hex = (b: Uint8Array): string => Buffer.from(b).toString("hex");
const sha256 = (d: Uint8Array | string): Uint8Array => new Uint8Array(createHash("sha256").update(d).digest());
const cat = (...p: Uint8Array[]): Uint8Array => new Uint8Array(Buffer.concat(p));

describe("APDU encoding", () => {
  it("writes extended-length APDUs: no data is case 2E, data carries Lc and Le", () => {
    expect(hex(encodeApdu(U2F_INS.VERSION, 0, 0))).toBe("00030000000000");
    expect(hex(encodeApdu(U2F_INS.AUTHENTICATE, U2F_AUTH.CHECK_ONLY, 0, Uint8Array.of(0xaa, 0xbb)))).toBe("0002070000" + "0002" + "aabb" + "0000");
    expect(hex(encodeApdu(U2F_INS.REGISTER, 0, 0, new Uint8Array(300))).slice(0, 14)).toBe("0001000000012c");
    expect(() => encodeApdu(0x100, 0, 0)).toThrow(/INS/);
    expect(() => encodeApdu(1, 0, 0, new Uint8Array(70_000))).toThrow(/exceeds/);
  });

  it("the device side reads ours and python-fido2's form (Lc = 0000 then Le), and refuses the rest", () => {
    expect(decodeApduRequest(encodeApdu(U2F_INS.AUTHENTICATE, 3, 0, Uint8Array.of(1, 2, 3)))).toMatchObject({ ins: 2, p1: 3, data: Uint8Array.of(1, 2, 3) });
    expect(decodeApduRequest(Uint8Array.from(Buffer.from("000300000000000000", "hex")))).toMatchObject({ ins: 3, data: new Uint8Array(0) });
    expect(decodeApduRequest(Uint8Array.of(0, 3, 0, 0))).toMatchObject({ ins: 3 });
    expect(decodeApduRequest(Uint8Array.of(0x80, 3, 0, 0))).toEqual({ sw: SW.CLA_NOT_SUPPORTED });
    expect(decodeApduRequest(Uint8Array.of(0, 3))).toEqual({ sw: SW.WRONG_LENGTH });
    expect(decodeApduRequest(Uint8Array.of(0, 2, 3, 0, 5, 1, 2, 3, 4, 5))).toEqual({ sw: SW.WRONG_LENGTH }); // short form
    expect(decodeApduRequest(Uint8Array.of(0, 2, 3, 0, 0, 0, 5, 1, 2))).toEqual({ sw: SW.WRONG_LENGTH }); // Lc says more than there is
  });

  it("answers end in a status word", () => {
    expect(decodeApduResponse(Uint8Array.of(7, 0x90, 0x00))).toEqual({ sw: 0x9000, data: Uint8Array.of(7) });
    expect(() => decodeApduResponse(Uint8Array.of(0x90))).toThrow(U2fError);
  });
});

// ------------------------------------------------------------------------------ against the simulator

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

async function rig(opts: SimFidoOptions = { u2fOnly: true }) {
  const [host, device] = MemoryTransport.pair();
  const sim = new SimFidoAuthenticator(opts);
  void new CtapHidDevice(device, sim.handler, sim.hidInfo).run();
  cleanup.push(() => host.close());
  const hid = new CtapHidClient(host);
  await hid.init();
  return { sim, hid, u2f: new U2fClient(hid, { pollIntervalMs: 5 }), host };
}

const app = rpIdHash(RP_ID);
const challengeParam = sha256("client data");

function p256(point: Uint8Array) {
  return createPublicKey({ key: { kty: "EC", crv: "P-256", x: Buffer.from(point.subarray(1, 33)).toString("base64url"), y: Buffer.from(point.subarray(33)).toString("base64url") }, format: "jwk" });
}

describe("U2F client against the simulated key", () => {
  it("VERSION is U2F_V2; REGISTER is signed by the self-signed attestation certificate as the spec says", async () => {
    const { u2f, sim } = await rig();
    expect(await u2f.version()).toBe("U2F_V2");
    let asked = 0;
    const reg = await u2f.register(challengeParam, app, { onTouchNeeded: () => asked++ });
    expect(asked).toBe(1);
    expect(reg.publicKey).toHaveLength(65);
    expect(reg.keyHandle).toHaveLength(32);
    const cert = new X509Certificate(Buffer.from(reg.certificate));
    expect(cert.subject).toMatch(/CN=haltkey simulated U2F key/);
    expect(cert.verify(cert.publicKey)).toBe(true); // self-signed, and the signature is valid
    expect(hex(reg.certificate)).toBe(hex(sim.attestationCertificate));
    const signed = cat(Uint8Array.of(0), app, challengeParam, reg.keyHandle, reg.publicKey);
    expect(verify("sha256", signed, cert.publicKey, reg.signature)).toBe(true);
  });

  it("the attestation key comes from the seed: same seed, same key and fields", () => {
    const a = makeSimAttestation("seed-1");
    const b = makeSimAttestation("seed-1");
    const c = makeSimAttestation("seed-2");
    const key = (d: Uint8Array) => new X509Certificate(Buffer.from(d)).publicKey.export({ type: "spki", format: "der" }).toString("hex");
    expect(key(a.certificate)).toBe(key(b.certificate));
    expect(key(a.certificate)).not.toBe(key(c.certificate));
    expect(new X509Certificate(Buffer.from(a.certificate)).serialNumber).toBe(new X509Certificate(Buffer.from(b.certificate)).serialNumber);
  });

  it("check-only: CONDITIONS_NOT_SATISFIED for our handle, WRONG_DATA for another's or another app's, and no touch asked", async () => {
    const { u2f, sim } = await rig();
    const reg = await u2f.register(challengeParam, app);
    const touches = sim.touchRequests;
    expect(await u2f.isOwnKeyHandle(app, reg.keyHandle)).toBe(true);
    expect(await u2f.isOwnKeyHandle(app, new Uint8Array(32).fill(1))).toBe(false);
    expect(await u2f.isOwnKeyHandle(sha256("evil.example"), reg.keyHandle)).toBe(false);
    expect(sim.touchRequests).toBe(touches);
    await expect(u2f.isOwnKeyHandle(app, new Uint8Array(256))).rejects.toThrow(RangeError);
  });

  it("AUTHENTICATE signs appParam ‖ UP ‖ counter ‖ challengeParam, and the counter goes up", async () => {
    const { u2f } = await rig();
    const reg = await u2f.register(challengeParam, app);
    const a1 = await u2f.authenticate(challengeParam, app, reg.keyHandle);
    const a2 = await u2f.authenticate(sha256("second"), app, reg.keyHandle);
    expect(a1).toMatchObject({ userPresence: 1, counter: 1 });
    expect(a2.counter).toBe(2);
    const signed = cat(app, Uint8Array.of(1, 0, 0, 0, 1), challengeParam);
    expect(verify("sha256", signed, p256(reg.publicKey), a1.signature)).toBe(true);
    await expect(u2f.authenticate(challengeParam, app, new Uint8Array(32).fill(7))).rejects.toMatchObject({ kind: "status", sw: SW.WRONG_DATA });
  });

  it("polls until a slow touch, reports the touch request once; a missing touch times out; an abort stops it", async () => {
    const { u2f, sim } = await rig({ u2fOnly: true, slowMs: 40 });
    const reg = await u2f.register(challengeParam, app);
    sim.setNextTouch("slow");
    let asked = 0;
    expect((await u2f.authenticate(challengeParam, app, reg.keyHandle, { onTouchNeeded: () => asked++ })).counter).toBe(1);
    expect(asked).toBe(1);

    sim.setNextTouch("no-touch");
    await expect(u2f.authenticate(challengeParam, app, reg.keyHandle, { timeoutMs: 80 })).rejects.toMatchObject({ kind: "timeout" });

    sim.setNextTouch("timeout");
    const ac = new AbortController();
    await expect(u2f.authenticate(sha256("other"), app, reg.keyHandle, { signal: ac.signal, onTouchNeeded: () => ac.abort() })).rejects.toMatchObject({
      kind: "aborted",
    });
  });

  it("the simulator answers malformed APDUs with status words and keeps working", async () => {
    const { u2f } = await rig();
    expect((await u2f.apdu(0x55, 0, 0)).sw).toBe(SW.INS_NOT_SUPPORTED);
    expect((await u2f.apdu(U2F_INS.REGISTER, 0, 0, new Uint8Array(10))).sw).toBe(SW.WRONG_LENGTH);
    expect((await u2f.apdu(U2F_INS.AUTHENTICATE, 3, 0, new Uint8Array(70))).sw).toBe(SW.WRONG_LENGTH);
    expect((await u2f.apdu(U2F_INS.VERSION, 0, 0, Uint8Array.of(1))).sw).toBe(SW.WRONG_LENGTH);
    expect(await u2f.version()).toBe("U2F_V2");
  });

  it("a U2F-only key (no CBOR capability) refuses CTAP2 at the framing layer: CTAPHID ERROR INVALID_CMD", async () => {
    const { hid } = await rig();
    const ctap = new Ctap2Client(hid, { timeoutMs: 1000 });
    await expect(ctap.getInfo()).rejects.toBeInstanceOf(CtapHidError);
    await expect(ctap.getInfo()).rejects.toMatchObject({ code: ERR.INVALID_CMD });
  });
});

describe("answer parsing refuses what does not fit the spec", () => {
  it("REGISTER", async () => {
    const { u2f } = await rig();
    // The first REGISTER asks for the touch; the same APDU again gets the answer.
    expect((await u2f.apdu(U2F_INS.REGISTER, 0, 0, cat(challengeParam, app))).sw).toBe(SW.CONDITIONS_NOT_SATISFIED);
    const answer = await u2f.apdu(U2F_INS.REGISTER, 0, 0, cat(challengeParam, app));
    expect(answer.sw).toBe(SW.NO_ERROR);
    const raw = answer.data;
    expect(parseRegistration(raw).keyHandle).toHaveLength(32);
    const broken = (f: (b: Uint8Array) => void): Uint8Array => {
      const b = Uint8Array.from(raw);
      f(b);
      return b;
    };
    expect(() => parseRegistration(broken((b) => (b[0] = 0x04)))).toThrow(/reserved byte/);
    expect(() => parseRegistration(broken((b) => (b[40] = b[40]! ^ 0xff)))).toThrow(/curve/);
    expect(() => parseRegistration(broken((b) => (b[67 + 32 + 2] = 0xff)))).toThrow(/certificate/); // length past the end
    expect(() => parseRegistration(raw.subarray(0, raw.length - 3))).toThrow(/signature/);
    expect(() => parseRegistration(cat(raw, Uint8Array.of(0)))).toThrow(/signature/);
    expect(() => parseRegistration(raw.subarray(0, 50))).toThrow(/short/);
  });

  it("AUTHENTICATE", () => {
    expect(() => parseAuthentication(Uint8Array.of(1, 0, 0, 0))).toThrow(/short/);
    expect(() => parseAuthentication(Uint8Array.of(1, 0, 0, 0, 1, 0x30, 0x02, 0x00))).toThrow(/signature/);
  });
});

// ------------------------------------------------------------------------------ conversion

describe("U2F → WebAuthn, verified by SimpleWebAuthn", () => {
  async function enrolled() {
    const r = await rig();
    const challenge = new Uint8Array(32).fill(5);
    const cdj = buildClientDataJSON("webauthn.create", challenge);
    const reg = await r.u2f.register(clientDataHash(cdj), app);
    return { ...r, reg, challenge, cdj };
  }

  it("registration becomes fmt fido-u2f with AAGUID zero and the key handle as credential id", async () => {
    const { reg, challenge, cdj } = await enrolled();
    const att = u2fRegistrationToAttestation(reg);
    expect(att.authData[32]).toBe(0x41);
    expect(hex(att.authData.subarray(0, 32))).toBe(hex(app));
    const v = await verifyRegistration(toRegistrationResponseJSON(att, cdj), challenge);
    expect(v.verified).toBe(true);
    expect(v.registrationInfo).toMatchObject({ fmt: "fido-u2f", aaguid: "00000000-0000-0000-0000-000000000000" });
    expect(v.registrationInfo!.credential.id).toBe(Buffer.from(reg.keyHandle).toString("base64url"));
    expect(hex(v.registrationInfo!.credential.publicKey)).toBe(hex(coseEc2FromPoint(reg.publicKey)));
    // The attestation signature covers the challenge: another challenge does not verify.
    await expect(verifyRegistration(toRegistrationResponseJSON(att, cdj), new Uint8Array(32).fill(6))).rejects.toThrow(/challenge/i);
  });

  it("an assertion verifies; without user presence (P1 0x08) or with a flipped signature bit it does not", async () => {
    const { u2f, reg, challenge, cdj } = await enrolled();
    const cred = (await verifyRegistration(toRegistrationResponseJSON(u2fRegistrationToAttestation(reg), cdj), challenge)).registrationInfo!.credential;
    const apv = sha256("approval");
    const getCdj = buildClientDataJSON("webauthn.get", apv);
    const auth = await u2f.authenticate(clientDataHash(getCdj), app, reg.keyHandle);
    const resp = toAuthenticationResponseJSON(u2fAuthenticationToAssertion(auth, reg.keyHandle), getCdj);
    expect((await verifyApproval(resp, apv, cred)).authenticationInfo.newCounter).toBe(1);

    const silent = await u2f.apdu(U2F_INS.AUTHENTICATE, U2F_AUTH.DONT_ENFORCE_PRESENCE, 0, cat(clientDataHash(getCdj), app, Uint8Array.of(32), reg.keyHandle));
    expect(silent.sw).toBe(SW.NO_ERROR);
    const noUp = toAuthenticationResponseJSON(u2fAuthenticationToAssertion(parseAuthentication(silent.data), reg.keyHandle), getCdj);
    await expect(verifyApproval(noUp, apv, { ...cred, counter: 1 })).rejects.toThrow(/not present/i);

    const sig = Buffer.from(resp.response.signature, "base64url");
    sig[sig.length - 1]! ^= 0x01;
    const tampered = { ...resp, response: { ...resp.response, signature: sig.toString("base64url") } };
    const v = await verifyApproval(tampered, apv, cred).catch(() => ({ verified: false }));
    expect(v.verified).toBe(false);
  });

  it("one credential store: a U2F-registered credential signs over CTAP2 and shares the counter", async () => {
    const { u2f, hid, reg } = await rig({}).then(async (r) => ({ ...r, reg: await r.u2f.register(challengeParam, app) }));
    expect((await u2f.authenticate(challengeParam, app, reg.keyHandle)).counter).toBe(1);
    const ctap = new Ctap2Client(hid, { timeoutMs: 2000 });
    const a = await ctap.getAssertion({ rpId: RP_ID, clientDataHash: challengeParam, allowList: [{ type: "public-key", id: reg.keyHandle }] });
    expect(new DataView(a.authData.buffer, a.authData.byteOffset).getUint32(33)).toBe(2);
    expect(verify("sha256", cat(a.authData, challengeParam), p256(reg.publicKey), a.signature)).toBe(true);
  });

  it("a public key off the curve is refused before it could be stored", () => {
    const bad = new Uint8Array(65).fill(1);
    bad[0] = 0x04;
    expect(() => coseEc2FromPoint(bad)).toThrow();
    expect(() => coseEc2FromPoint(new Uint8Array(64))).toThrow(/uncompressed/);
  });
});

describe("U2F polling at its deadline", () => {
  it("the last poll's transaction running out with the deadline is the operation's timeout, not a framing fault", async () => {
    // A fake clock and a key that wants a touch, then does not answer the last poll in the time left.
    let t = 0;
    let polls = 0;
    const hid = {
      transact: async (_cmd: number, _payload: Uint8Array, opts: { timeoutMs: number }) => {
        polls++;
        if (polls === 1) {
          t += 10;
          return Uint8Array.of(0x69, 0x85); // CONDITIONS_NOT_SATISFIED: touch needed
        }
        t += opts.timeoutMs;
        throw new CtapHidError(ERR.MSG_TIMEOUT, `no answer within ${opts.timeoutMs} ms`);
      },
    } as unknown as CtapHidClient;
    const u2f = new U2fClient(hid, { pollIntervalMs: 0, apduTimeoutMs: 2000, now: () => t });
    await expect(u2f.authenticate(challengeParam, app, new Uint8Array(64).fill(7), { timeoutMs: 50 })).rejects.toMatchObject({ kind: "timeout" });
    expect(polls).toBe(2);
  });
  it("a transaction that runs out before the deadline is still the key's fault", async () => {
    const hid = {
      transact: async () => {
        throw new CtapHidError(ERR.MSG_TIMEOUT, "no answer within 2000 ms");
      },
    } as unknown as CtapHidClient;
    const u2f = new U2fClient(hid, { pollIntervalMs: 0, apduTimeoutMs: 2000, now: () => 0 });
    await expect(u2f.authenticate(challengeParam, app, new Uint8Array(64).fill(7), { timeoutMs: 30_000 })).rejects.toBeInstanceOf(CtapHidError);
  });
});
