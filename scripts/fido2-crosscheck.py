#!/usr/bin/python3
"""Drives haltkey's simulated FIDO2 authenticator with Debian's python3-fido2 (0.9.1), an
implementation nobody here wrote, over a unix socket carrying raw 64-byte HID reports.

It registers a credential and gets an assertion with fido2's own CTAPHID, CTAP2 (strict
canonical CBOR) and client code, verifies both with fido2's Fido2Server, and prints JSON with
the WebAuthn responses so the TypeScript side can verify them with SimpleWebAuthn too.
Usage: fido2-crosscheck.py <socket path>. Exit status 0 only if everything verified."""
import base64
import json
import socket
import sys

from fido2.client import Fido2Client
from fido2.ctap2 import Ctap2
from fido2.hid import CtapHidDevice
from fido2.hid.base import CtapHidConnection, HidDescriptor
from fido2.server import Fido2Server

RP_ID = "approvals.haltkey.invalid"
ORIGIN = "https://" + RP_ID


def b64url(data):
    return base64.urlsafe_b64encode(bytes(data)).rstrip(b"=").decode()


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


def main(path):
    device = CtapHidDevice(HidDescriptor(path, 0x1209, 0x4823, 64, 64), SocketConnection(path))
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

    cred_id = b64url(credential.credential_id)
    print(
        json.dumps(
            {
                "versions": list(info.versions),
                "aaguid": bytes(info.aaguid).hex(),
                "keepalives": sorted(set(keepalives)),
                "registrationChallenge": reg_state["challenge"],
                "authenticationChallenge": auth_state["challenge"],
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
        )
    )


if __name__ == "__main__":
    main(sys.argv[1])
