"""Local HTTP receivers standing in for a browser's push service and for Discord: each records what it was
sent and answers from a script of statuses (500 then 201: a retry), so the tests see the real requests
pywebpush and requests make, on a real socket."""
from __future__ import annotations

import base64
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


class Receiver:
    """An HTTP server on 127.0.0.1 answering each POST with the next status of `answers` (then the last)."""

    def __init__(self, answers=(201,), body: bytes = b"", headers: dict | None = None):
        self.answers, self.body, self.received, self.headers = list(answers), body, [], headers or {}
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - the standard library's name
                length = int(self.headers.get("Content-Length") or 0)
                receiver.received.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()},
                                          "body": self.rfile.read(length)})
                status = receiver.answers.pop(0) if len(receiver.answers) > 1 else receiver.answers[0]
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(receiver.body)))
                for name, value in receiver.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(receiver.body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Browser:
    """What a browser holds for one push subscription: its ECDH key pair and auth secret. It subscribes
    to `receiver` and decrypts what the push service was sent (RFC 8291, aes128gcm)."""

    def __init__(self, receiver: Receiver, name: str = "phone"):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = b"0123456789abcdef"
        self.endpoint = f"{receiver.url}/push/{name}"
        public = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                    serialization.PublicFormat.UncompressedPoint)
        self.subscription = {"endpoint": self.endpoint, "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}

    def read(self, request: dict) -> dict:
        return json.loads(http_ece.decrypt(request["body"], private_key=self.key, auth_secret=self.auth,
                                           version="aes128gcm"))


def vapid_claims(request: dict, public_key: str) -> dict:
    """The VAPID JWT of a push request, its ES256 signature checked against the site's public key."""
    scheme, _, params = request["headers"]["authorization"].partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    assert fields["k"] == public_key
    head, claims, signature = fields["t"].split(".")
    raw = unb64(signature)
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(public_key))
    key.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
               f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    return json.loads(unb64(claims))
