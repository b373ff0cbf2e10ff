// CTAP2 over CTAPHID against the simulated authenticator, end to end through SimpleWebAuthn 14:
// canonical CBOR golden bytes, registration and approval, and every way an approval must fail.
import { createHash } from "node:crypto";
import type { WebAuthnCredential } from "@simplewebauthn/server";
import { afterEach, describe, expect, it } from "vitest";
import { asBytes, asMap, decode, encodeCanonical } from "../src/hw/cbor.js";
import { CTAP2_CMD, CTAP2_STATUS, Ctap2Client, Ctap2Error, ES256 } from "../src/hw/ctap2.js";
import { CtapHidClient, CtapHidDevice, CtapHidError, KEEPALIVE } from "../src/hw/ctaphid.js";
import { SimFidoAuthenticator, type SimFidoOptions } from "../src/sim/fido-authenticator.js";
import { MemoryTransport } from "../src/hw/transport.js";
import {
  approvalChallenge,
  buildClientDataJSON,
  clientDataHash,
  ORIGIN,
  RP_ID,
  RP_NAME,
  registerKey,
  requestApproval,
  toAuthenticationResponseJSON,
  toRegistrationResponseJSON,
  verifyApproval,
  verifyRegistration,
} from "../src/hw/webauthn.js";

const hex = (b: Uint8Array): string => Buffer.from(b).toString("hex");
const sha256 = (s: string): Uint8Array => new Uint8Array(createHash("sha256").update(s).digest());

describe("canonical CBOR", () => {
  it("orders a COSE EC2 key 1, 3, -1, -2, -3 and writes Buffers as byte strings", () => {
    const x = new Uint8Array(32).fill(0xaa);
    const y = Buffer.alloc(32, 0xbb);
    const cose = new Map<number, unknown>([[-3, y], [-2, x], [-1, 1], [3, -7], [1, 2]]);
    expect(hex(encodeCanonical(cose))).toBe(`a5010203262001215820${"aa".repeat(32)}225820${"bb".repeat(32)}`);
  });

  it("sorts text keys shorter first (getInfo options) and ints before text even across 24 vs -1", () => {
    expect(hex(encodeCanonical({ plat: false, up: true, rk: false, clientPin: true }))).toBe("a462726bf4627570f564706c6174f469636c69656e7450696ef5");
    expect(hex(encodeCanonical(new Map<unknown, unknown>([["a", 2], [-1, 0], [24, 1]])))).toBe("a31818012000616102");
  });

  it("refuses floats, and decode refuses truncated, trailing, indefinite, duplicate and oversize input", () => {
    expect(() => encodeCanonical(1.5)).toThrow(/canonical/);
    for (const bad of [[0xa1, 0x01], [0x01, 0x01], [0x9f, 0x01, 0xff], [0xa2, 0x01, 0x01, 0x01, 0x02], []]) {
      expect(() => decode(Uint8Array.from(bad))).toThrow();
    }
    expect(() => decode(new Uint8Array(8000))).toThrow(/limit/);
    expect(decode(encodeCanonical({ a: new Uint8Array([1]) }))).toEqual(new Map([["a", new Uint8Array([1])]]));
  });
});

// ------------------------------------------------------------------------------ end to end

interface Rig {
  sim: SimFidoAuthenticator;
  hid: CtapHidClient;
  ctap: Ctap2Client;
  host: MemoryTransport;
}

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

async function rig(opts: SimFidoOptions = {}): Promise<Rig> {
  const [host, dev] = MemoryTransport.pair();
  const sim = new SimFidoAuthenticator(opts);
  const device = new CtapHidDevice(dev, sim.handler);
  void device.run();
  open.push(() => host.close());
  const hid = new CtapHidClient(host);
  await hid.init();
  return { sim, hid, ctap: new Ctap2Client(hid, { timeoutMs: 2000 }), host };
}

async function register(r: Rig): Promise<WebAuthnCredential> {
  const challenge = new Uint8Array(32).fill(7);
  const cdj = buildClientDataJSON("webauthn.create", challenge);
  const att = await r.ctap.makeCredential({
    clientDataHash: clientDataHash(cdj),
    rp: { id: RP_ID, name: RP_NAME },
    user: { id: new Uint8Array(16).fill(1), name: "operator", displayName: "Operator" },
    pubKeyCredParams: [{ type: "public-key", alg: ES256 }],
  });
  const v = await verifyRegistration(toRegistrationResponseJSON(att, cdj), challenge);
  expect(v.verified).toBe(true);
  if (!v.verified) throw new Error("unreachable");
  return v.registrationInfo.credential;
}

const actionDigest = (s: string): Uint8Array => sha256(s);
const REQ_A = "00000000-0000-4000-8000-00000000000a";
const REQ_B = "00000000-0000-4000-8000-00000000000b";

async function assertFor(r: Rig, cred: WebAuthnCredential, challenge: Uint8Array, opts: Parameters<Ctap2Client["getAssertion"]>[1] = {}) {
  const cdj = buildClientDataJSON("webauthn.get", challenge);
  const a = await r.ctap.getAssertion(
    { rpId: RP_ID, clientDataHash: clientDataHash(cdj), allowList: [{ type: "public-key", id: Buffer.from(cred.id, "base64url") }] },
    opts,
  );
  return toAuthenticationResponseJSON(a, cdj);
}

describe("CTAP2 over CTAPHID with the simulated key", () => {
  it("getInfo", async () => {
    const r = await rig();
    const info = await r.ctap.getInfo();
    expect(info.versions).toEqual(["FIDO_2_0", "U2F_V2"]);
    expect(info.aaguid).toHaveLength(16);
    expect(info.options).toEqual({ rk: false, up: true, plat: false });
  });

  it("registers and approves, both verified by SimpleWebAuthn; the counter only goes up", async () => {
    const r = await rig();
    const cred = await register(r);
    expect(cred.counter).toBe(0);
    const challenge = approvalChallenge(REQ_A, actionDigest("delete prod"));
    const keepalives: number[] = [];
    const resp = await assertFor(r, cred, challenge, { onKeepalive: (s) => keepalives.push(s) });
    expect(keepalives).toContain(KEEPALIVE.UPNEEDED);
    const v = await verifyApproval(resp, challenge, cred);
    expect(v.verified).toBe(true);
    expect(v.authenticationInfo.newCounter).toBe(1);
    expect(v.authenticationInfo.origin).toBe(ORIGIN);
  });

  it("accepts packed self attestation too", async () => {
    const r = await rig({ attestation: "packed" });
    await register(r);
  });

  it("an assertion for request A does not verify as request B", async () => {
    const r = await rig();
    const cred = await register(r);
    const resp = await assertFor(r, cred, approvalChallenge(REQ_A, actionDigest("x")));
    await expect(verifyApproval(resp, approvalChallenge(REQ_B, actionDigest("x")), cred)).rejects.toThrow(/challenge/i);
    // Same request, different action (or different shown text): also refused.
    await expect(verifyApproval(resp, approvalChallenge(REQ_A, actionDigest("y")), cred)).rejects.toThrow(/challenge/i);
    await expect(verifyApproval(resp, approvalChallenge(REQ_A, actionDigest("x"), sha256("shown")), cred)).rejects.toThrow(/challenge/i);
  });

  it("a replayed assertion is refused once the stored counter is updated", async () => {
    const r = await rig();
    const cred = await register(r);
    const challenge = approvalChallenge(REQ_A, actionDigest("x"));
    const resp = await assertFor(r, cred, challenge);
    const first = await verifyApproval(resp, challenge, cred);
    expect(first.verified).toBe(true);
    const stored = { ...cred, counter: first.authenticationInfo.newCounter };
    await expect(verifyApproval(resp, challenge, stored)).rejects.toThrow(/counter/i);
  });

  it("an assertion is refused for a credential other than the one it names", async () => {
    const r = await rig();
    const cred = await register(r);
    const other = await register(r);
    const challenge = approvalChallenge(REQ_A, actionDigest("x"));
    const resp = await assertFor(r, cred, challenge);
    await expect(verifyApproval(resp, challenge, other)).rejects.toThrow(/expected/);
  });

  it("an unenrolled credential id gets NO_CREDENTIALS", async () => {
    const r = await rig();
    await register(r);
    const cdj = buildClientDataJSON("webauthn.get", new Uint8Array(32));
    const err = await r.ctap
      .getAssertion({ rpId: RP_ID, clientDataHash: clientDataHash(cdj), allowList: [{ type: "public-key", id: new Uint8Array(32).fill(9) }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Ctap2Error);
    expect(err).toMatchObject({ status: CTAP2_STATUS.NO_CREDENTIALS, statusName: "NO_CREDENTIALS" });
    expect(r.sim.touchRequests).toBe(1); // only the registration touch
  });

  it("a credential registered for another RP is not found", async () => {
    const r = await rig();
    const cred = await register(r);
    const cdj = buildClientDataJSON("webauthn.get", new Uint8Array(32));
    await expect(
      r.ctap.getAssertion({ rpId: "evil.example", clientDataHash: clientDataHash(cdj), allowList: [{ type: "public-key", id: Buffer.from(cred.id, "base64url") }] }),
    ).rejects.toMatchObject({ status: CTAP2_STATUS.NO_CREDENTIALS });
  });

  it("no touch → OPERATION_DENIED after UPNEEDED, never an assertion", async () => {
    const r = await rig();
    const cred = await register(r);
    r.sim.setNextTouch("no-touch");
    const keepalives: number[] = [];
    const err = await assertFor(r, cred, new Uint8Array(32), { onKeepalive: (s) => keepalives.push(s) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Ctap2Error);
    expect(err).toMatchObject({ status: CTAP2_STATUS.OPERATION_DENIED, statusName: "OPERATION_DENIED" });
    expect(keepalives).toEqual([KEEPALIVE.UPNEEDED]);
    // The key still works afterwards, and the denied attempt did not consume a counter value.
    const challenge = approvalChallenge(REQ_A, actionDigest("x"));
    const v = await verifyApproval(await assertFor(r, cred, challenge), challenge, cred);
    expect(v.authenticationInfo.newCounter).toBe(1);
  });

  it("a slow touch keeps sending UPNEEDED and then succeeds", async () => {
    const r = await rig({ slowMs: 80, keepaliveIntervalMs: 10 });
    const cred = await register(r);
    r.sim.setNextTouch("slow");
    const challenge = approvalChallenge(REQ_A, actionDigest("x"));
    const before = r.sim.keepalivesSent;
    const statuses: number[] = [];
    const resp = await assertFor(r, cred, challenge, { onKeepalive: (s) => statuses.push(s) });
    expect(r.sim.keepalivesSent - before).toBeGreaterThan(1); // the key kept saying "touch me"
    expect(statuses).toEqual([KEEPALIVE.UPNEEDED]); // reported once: only changes are
    expect((await verifyApproval(resp, challenge, cred)).verified).toBe(true);
  });

  it("a touch timeout is USER_ACTION_TIMEOUT", async () => {
    const r = await rig();
    const cred = await register(r);
    r.sim.setNextTouch("timeout");
    await expect(assertFor(r, cred, new Uint8Array(32))).rejects.toMatchObject({ status: CTAP2_STATUS.USER_ACTION_TIMEOUT });
  });

  it("AbortSignal sends CANCEL and the key answers KEEPALIVE_CANCEL", async () => {
    const r = await rig({ slowMs: 5000 });
    const cred = await register(r);
    r.sim.setNextTouch("slow");
    const ac = new AbortController();
    const err = await assertFor(r, cred, new Uint8Array(32), { signal: ac.signal, onKeepalive: () => ac.abort() }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: CTAP2_STATUS.KEEPALIVE_CANCEL, statusName: "KEEPALIVE_CANCEL" });
  });

  it("a key unplugged mid-assertion is an error, never an approval", async () => {
    const r = await rig({ slowMs: 5000 });
    const cred = await register(r);
    r.sim.setNextTouch("slow");
    const err = await assertFor(r, cred, new Uint8Array(32), { onKeepalive: () => void r.host.close() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CtapHidError);
  });

  it("a host timeout while waiting for a touch is an error", async () => {
    const r = await rig({ slowMs: 5000 });
    const cred = await register(r);
    r.sim.setNextTouch("slow");
    await expect(assertFor(r, cred, new Uint8Array(32), { timeoutMs: 150 })).rejects.toThrow(/no answer within/);
  });

  it("malformed requests get a status, and the simulator keeps working", async () => {
    const r = await rig();
    const raw = (body: number[]): Promise<Uint8Array> => r.ctap.transactRaw(Uint8Array.from(body), { timeoutMs: 1000 });
    expect(await raw([CTAP2_CMD.GET_ASSERTION, 0xa1, 0x01])).toEqual(Uint8Array.of(CTAP2_STATUS.INVALID_CBOR));
    expect(await raw([CTAP2_CMD.MAKE_CREDENTIAL, 0xff, 0x00])).toEqual(Uint8Array.of(CTAP2_STATUS.INVALID_CBOR));
    expect(await raw([CTAP2_CMD.GET_ASSERTION, 0x01])).toEqual(Uint8Array.of(CTAP2_STATUS.CBOR_UNEXPECTED_TYPE));
    expect(await raw([CTAP2_CMD.GET_ASSERTION, 0xa0])).toEqual(Uint8Array.of(CTAP2_STATUS.MISSING_PARAMETER));
    expect(await raw([CTAP2_CMD.MAKE_CREDENTIAL, ...encodeCanonical(new Map<number, unknown>([[1, "not bytes"], [2, {}], [3, {}], [4, []]]))])).toEqual(
      Uint8Array.of(CTAP2_STATUS.CBOR_UNEXPECTED_TYPE),
    );
    expect(await raw([0x55])).toEqual(Uint8Array.of(CTAP2_STATUS.INVALID_COMMAND));
    expect(await raw([])).toEqual(Uint8Array.of(CTAP2_STATUS.INVALID_LENGTH));
    const cdh = new Uint8Array(32);
    await expect(
      r.ctap.makeCredential({ clientDataHash: cdh, rp: { id: RP_ID }, user: { id: new Uint8Array(1) }, pubKeyCredParams: [{ type: "public-key", alg: -8 }] }),
    ).rejects.toMatchObject({ status: CTAP2_STATUS.UNSUPPORTED_ALGORITHM });
    expect((await r.ctap.getInfo()).versions).toContain("FIDO_2_0");
    await register(r);
  });

  it("excludeList: registering the same key twice is CREDENTIAL_EXCLUDED", async () => {
    const r = await rig();
    const cred = await register(r);
    await expect(
      r.ctap.makeCredential({
        clientDataHash: new Uint8Array(32),
        rp: { id: RP_ID },
        user: { id: new Uint8Array(1) },
        pubKeyCredParams: [{ type: "public-key", alg: ES256 }],
        excludeList: [{ type: "public-key", id: Buffer.from(cred.id, "base64url") }],
      }),
    ).rejects.toMatchObject({ status: CTAP2_STATUS.CREDENTIAL_EXCLUDED });
  });

  it("registerKey / requestApproval flows verify", async () => {
    const r = await rig();
    const challenge = new Uint8Array(32).fill(3);
    const reg = await verifyRegistration(await registerKey(r.ctap, challenge, { id: new Uint8Array(8), name: "op", displayName: "Op" }), challenge);
    if (!reg.verified) throw new Error("registration did not verify");
    const apv = approvalChallenge(REQ_A, actionDigest("x"));
    expect((await verifyApproval(await requestApproval(r.ctap, reg.registrationInfo.credential, apv), apv, reg.registrationInfo.credential)).verified).toBe(true);
  });

  it("an assertion without user presence (up:false) or with a tampered signature does not verify", async () => {
    const r = await rig();
    const cred = await register(r);
    const challenge = approvalChallenge(REQ_A, actionDigest("x"));
    const cdj = buildClientDataJSON("webauthn.get", challenge);
    const credId = Buffer.from(cred.id, "base64url");
    const req = new Map<number, unknown>([
      [1, RP_ID],
      [2, clientDataHash(cdj)],
      [3, [new Map<string, unknown>([["id", credId], ["type", "public-key"]])]],
      [5, new Map([["up", false]])],
    ]);
    const touchesBefore = r.sim.touchRequests;
    const answer = await r.ctap.transactRaw(Uint8Array.from([CTAP2_CMD.GET_ASSERTION, ...encodeCanonical(req)]));
    expect(answer[0]).toBe(CTAP2_STATUS.OK);
    expect(r.sim.touchRequests).toBe(touchesBefore); // silent: no human involved
    const m = asMap(decode(answer.subarray(1)), "answer");
    const noUp = toAuthenticationResponseJSON({ credentialId: credId, authData: asBytes(m.get(2), "authData"), signature: asBytes(m.get(3), "sig") }, cdj);
    await expect(verifyApproval(noUp, challenge, cred)).rejects.toThrow(/not present/i);

    const good = await assertFor(r, cred, challenge);
    const sig = Buffer.from(good.response.signature, "base64url");
    sig[sig.length - 1]! ^= 0x01;
    const tampered = { ...good, response: { ...good.response, signature: sig.toString("base64url") } };
    const v = await verifyApproval(tampered, challenge, cred).catch(() => ({ verified: false }));
    expect(v.verified).toBe(false);
  });
});
