#!/usr/bin/python3
"""Drives haltkey's simulated FIDO2 authenticator with Debian's python3-fido2 (0.9.1), an
implementation nobody here wrote, over a unix socket carrying raw 64-byte HID reports.

Three modes, each exiting 0 only if everything verified:

  fido2-crosscheck.py <socket>        CTAP2: registers a credential and gets an assertion with
                                      fido2's own CTAPHID, CTAP2 (strict canonical CBOR) and client
                                      code, verifies both with fido2's Fido2Server.
  fido2-crosscheck.py <socket> u2f    CTAP1/U2F on a U2F-only simulator: fido2.ctap1.Ctap1 checks
                                      VERSION, REGISTER (attestation signature and the self-signed
                                      certificate, with python's cryptography), check-only answers
                                      and AUTHENTICATE signatures and counters; then Fido2Client,
                                      which falls back to CTAP1 by itself, registers and asserts,
                                      verified by Fido2Server with fido-u2f attestation checked.
  fido2-crosscheck.py verify          reads {registration, registrationChallenge, authentication,
                                      authenticationChallenge} (our client's WebAuthn JSON) on
                                      stdin and verifies it with Fido2Server, attestation included.

The first two print JSON with the WebAuthn responses so the TypeScript side can verify them with
SimpleWebAuthn too."""
import base64
import hashlib
import json
import socket
import sys
import time

from fido2.attestation import verify_x509_chain
from fido2.client import ClientData, Fido2Client
from fido2.ctap1 import APDU, ApduError, Ctap1
from fido2.ctap2 import AttestationObject, AuthenticatorData, Ctap2
from fido2.hid import CAPABILITY, CtapHidDevice
from fido2.hid.base import CtapHidConnection, HidDescriptor
from fido2.server import AttestationVerifier, Fido2Server

RP_ID = "approvals.haltkey.invalid"
ORIGIN = "https://" + RP_ID


def b64url(data):
    return base64.urlsafe_b64encode(bytes(data)).rstrip(b"=").decode()


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class TrustCertificate(AttestationVerifier):
    """Accepts attestation chaining to one certificate: the simulator's self-signed one. The
    chain check then verifies that certificate's own signature with python's cryptography."""

    def __init__(self, certificate):
        super().__init__()
        self.certificate = certificate

    def ca_lookup(self, attestation_result, auth_data):
        return [self.certificate]


class SocketConnection(CtapHidConnection):
    """A HID connection whose reports travel over a unix socket (no report-ID byte)."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(10)  # fido2 0.9.1 has no read timeout of its own
        self.sock.connect(path)

    def read_packet(self):
        buf = b""
        while len(buf) < 64:
            chunk = self.sock.recv(64 - len(buf))
            if not chunk:
                raise OSError("device closed the connection")
            buf += chunk
        return buf

    def write_packet(self, data):
        self.sock.sendall(bytes(data))

    def close(self):
        self.sock.close()


def open_device(path):
    return CtapHidDevice(HidDescriptor(path, 0x1209, 0x4823, 64, 64), SocketConnection(path))


def webauthn_json(cred_id, registration, assertion):
    return {
        "registration": {
            "id": cred_id,
            "rawId": cred_id,
            "type": "public-key",
            "clientExtensionResults": {},
            "response": {
                "clientDataJSON": b64url(registration.client_data),
                # with_string_keys() is already the CBOR bytes with WebAuthn's text keys.
                "attestationObject": b64url(registration.attestation_object.with_string_keys()),
            },
        },
        "authentication": {
            "id": cred_id,
            "rawId": cred_id,
            "type": "public-key",
            "clientExtensionResults": {},
            "response": {
                "clientDataJSON": b64url(assertion.client_data),
                "authenticatorData": b64url(assertion.authenticator_data),
                "signature": b64url(assertion.signature),
            },
        },
    }


def main(path):
    device = open_device(path)
    info = Ctap2(device, strict_cbor=True).get_info()
    keepalives = []
    client = Fido2Client(device, ORIGIN)
    server = Fido2Server({"id": RP_ID, "name": "haltkey"}, attestation="none")
    user = {"id": b"operator-1", "name": "operator", "displayName": "Operator"}

    options, reg_state = server.register_begin(user, user_verification="discouraged")
    registration = client.make_credential(options["publicKey"], on_keepalive=keepalives.append)
    auth_data = server.register_complete(reg_state, registration.client_data, registration.attestation_object)
    credential = auth_data.credential_data

    request, auth_state = server.authenticate_begin([credential], user_verification="discouraged")
    selection = client.get_assertion(request["publicKey"], on_keepalive=keepalives.append)
    assertion = selection.get_response(0)
    server.authenticate_complete(
        auth_state, [credential], assertion.credential_id, assertion.client_data, assertion.authenticator_data, assertion.signature
    )

    out = {
        "versions": list(info.versions),
        "aaguid": bytes(info.aaguid).hex(),
        "keepalives": sorted(set(keepalives)),
        "registrationChallenge": reg_state["challenge"],
        "authenticationChallenge": auth_state["challenge"],
    }
    out.update(webauthn_json(b64url(credential.credential_id), registration, assertion))
    print(json.dumps(out))


def apdu_status(call):
    """The status word a CTAP1 call ended with (0x9000 if it succeeded)."""
    try:
        call()
        return APDU.OK
    except ApduError as e:
        return e.code


def until_touched(call, polls):
    """Repeats a CTAP1 call while the key answers USE_NOT_SATISFIED ("touch me")."""
    deadline = time.monotonic() + 10
    while True:
        try:
            return call()
        except ApduError as e:
            if e.code != APDU.USE_NOT_SATISFIED or time.monotonic() > deadline:
                raise
            polls.append(e.code)
            time.sleep(0.01)


def main_u2f(path):
    device = open_device(path)
    if device.capabilities & CAPABILITY.CBOR:
        raise SystemExit("expected a U2F-only device (no CBOR capability)")
    ctap1 = Ctap1(device)
    version = ctap1.get_version()
    app_param = hashlib.sha256(RP_ID.encode()).digest()
    client_param = hashlib.sha256(b"crosscheck registration").digest()

    polls = []
    reg = until_touched(lambda: ctap1.register(client_param, app_param), polls)
    reg.verify(app_param, client_param)  # attestation signature, with the certificate's key
    verify_x509_chain([reg.certificate, reg.certificate])  # the certificate signs itself

    own = apdu_status(lambda: ctap1.authenticate(client_param, app_param, reg.key_handle, check_only=True))
    foreign = apdu_status(lambda: ctap1.authenticate(client_param, app_param, b"\x01" * 32, check_only=True))
    other_app = hashlib.sha256(b"evil.example").digest()
    wrong_app = apdu_status(lambda: ctap1.authenticate(client_param, other_app, reg.key_handle, check_only=True))

    counters = []
    for n in range(2):
        challenge = hashlib.sha256(b"crosscheck authentication %d" % n).digest()
        sig = until_touched(lambda: ctap1.authenticate(challenge, app_param, reg.key_handle), polls)
        sig.verify(app_param, challenge, reg.public_key)
        counters.append(sig.counter)
        if sig.user_presence & 1 != 1:
            raise SystemExit("user presence bit not set")

    # The WebAuthn client: Ctap2(device) refuses (no CBOR), so Fido2Client uses CTAP1 itself.
    keepalives = []
    client = Fido2Client(device, ORIGIN)
    client.ctap1_poll_delay = 0.01
    server = Fido2Server({"id": RP_ID, "name": "haltkey"}, attestation="direct", verify_attestation=TrustCertificate(reg.certificate))
    user = {"id": b"operator-1", "name": "operator", "displayName": "Operator"}
    options, reg_state = server.register_begin(user, user_verification="discouraged")
    registration = client.make_credential(options["publicKey"], on_keepalive=keepalives.append)
    auth_data = server.register_complete(reg_state, registration.client_data, registration.attestation_object)
    credential = auth_data.credential_data
    request, auth_state = server.authenticate_begin([credential], user_verification="discouraged")
    assertion = client.get_assertion(request["publicKey"], on_keepalive=keepalives.append).get_response(0)
    server.authenticate_complete(
        auth_state, [credential], assertion.credential_id, assertion.client_data, assertion.authenticator_data, assertion.signature
    )

    out = {
        "u2f": {
            "version": version,
            "capabilities": device.capabilities,
            "touchPolls": len(polls),
            "checkOnlyOwn": own,
            "checkOnlyForeign": foreign,
            "checkOnlyOtherApp": wrong_app,
            "counters": counters,
            "fmt": registration.attestation_object.fmt,
        },
        "keepalives": sorted(set(keepalives)),
        "registrationChallenge": reg_state["challenge"],
        "authenticationChallenge": auth_state["challenge"],
    }
    out.update(webauthn_json(b64url(credential.credential_id), registration, assertion))
    print(json.dumps(out))


def main_verify():
    """Verifies our own client's WebAuthn JSON with Fido2Server (attestation included)."""
    data = json.load(sys.stdin)
    reg = data["registration"]
    attestation_object = AttestationObject(b64url_decode(reg["response"]["attestationObject"]))
    x5c = attestation_object.att_statement.get("x5c") or [None]
    verifier = TrustCertificate(x5c[0]) if x5c[0] else None
    server = Fido2Server(
        {"id": RP_ID, "name": "haltkey"},
        attestation="direct" if verifier else None,
        verify_attestation=verifier,
    )
    user = {"id": b"operator-1", "name": "operator", "displayName": "Operator"}
    _, reg_state = server.register_begin(
        user, user_verification="discouraged", challenge=b64url_decode(data["registrationChallenge"])
    )
    auth_data = server.register_complete(reg_state, ClientData(b64url_decode(reg["response"]["clientDataJSON"])), attestation_object)
    credential = auth_data.credential_data
    if b64url(credential.credential_id) != reg["rawId"]:
        raise SystemExit("credential id in authData differs from rawId")

    auth = data["authentication"]
    _, auth_state = server.authenticate_begin(
        [credential], user_verification="discouraged", challenge=b64url_decode(data["authenticationChallenge"])
    )
    authenticator_data = AuthenticatorData(b64url_decode(auth["response"]["authenticatorData"]))
    server.authenticate_complete(
        auth_state,
        [credential],
        b64url_decode(auth["rawId"]),
        ClientData(b64url_decode(auth["response"]["clientDataJSON"])),
        authenticator_data,
        b64url_decode(auth["response"]["signature"]),
    )
    print(json.dumps({"verified": True, "fmt": attestation_object.fmt, "counter": authenticator_data.counter}))


if __name__ == "__main__":
    if sys.argv[1:] == ["verify"]:
        main_verify()
    elif len(sys.argv) == 3 and sys.argv[2] == "u2f":
        main_u2f(sys.argv[1])
    else:
        main(sys.argv[1])
