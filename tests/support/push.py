"""A local Web Push service (the endpoint side of RFC 8030) for the tests and bench/notify.py.

Each subscription made by ``PushService.subscribe`` has its own P-256 key pair and auth
secret, like a browser's; a message POSTed to its endpoint is decrypted (RFC 8291,
``aes128gcm`` via ``http_ece``) with that private key and kept with its headers, so a test
asserts the text a phone would show. ``mode`` makes the service answer 201 (default), 429
(with Retry-After), 410 (gone), 500, or hang (answer only after ``hang_seconds``); it can be
set for the whole service or per subscription."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass
class Received:
    sub: str
    at: float
    headers: dict
    payload: dict | None
    error: str = ""


@dataclass
class Subscription:
    id: str
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes
    endpoint: str
    mode: str | None = None

    def info(self) -> dict:
        public = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}

    def json(self) -> str:
        return json.dumps(self.info())


@dataclass
class PushService:
    host: str = "127.0.0.1"
    port: int = 0
    mode: str = "201"
    hang_seconds: float = 5.0
    subscriptions: dict[str, Subscription] = field(default_factory=dict)
    received: list[Received] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def start(self) -> PushService:
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                sub_id = self.path.rsplit("/", 1)[-1]
                service._handle(self, sub_id, body)

        class Server(ThreadingHTTPServer):
            def handle_error(self, request, client_address):
                pass  # a sender that died mid-request (the bench kills its worker)

        self.server = Server((self.host, self.port), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    @property
    def netloc(self) -> str:
        return f"{self.host}:{self.port}"

    def subscribe(self) -> Subscription:
        sub_id = b64(os.urandom(12))
        sub = Subscription(
            sub_id,
            ec.generate_private_key(ec.SECP256R1()),
            os.urandom(16),
            f"http://{self.netloc}/push/{sub_id}",
        )
        self.subscriptions[sub_id] = sub
        return sub

    def _answer(self, handler, status: int, extra: dict | None = None) -> None:
        handler.send_response(status)
        for key, value in (extra or {}).items():
            handler.send_header(key, value)
        handler.send_header("Content-Length", "0")
        handler.end_headers()

    def _handle(self, handler, sub_id: str, body: bytes) -> None:
        sub = self.subscriptions.get(sub_id)
        if sub is None:
            return self._answer(handler, 404)
        mode = sub.mode or self.mode
        if mode == "hang":
            time.sleep(self.hang_seconds)
            return self._answer(handler, 201)
        if mode == "429":
            return self._answer(handler, 429, {"Retry-After": "1"})
        if mode in ("410", "404", "500"):
            return self._answer(handler, int(mode))
        headers = {k: v for k, v in handler.headers.items()}
        try:
            plain = http_ece.decrypt(
                body, private_key=sub.private_key, auth_secret=sub.auth, version="aes128gcm"
            )
            payload, error = json.loads(plain), ""
        except Exception as exc:  # recorded: a test asserts there is none
            payload, error = None, repr(exc)
        with self.lock:
            self.received.append(Received(sub_id, time.time(), headers, payload, error))
        self._answer(handler, 201, {"Location": f"/message/{len(self.received)}"})

    def payloads(self, sub: Subscription | None = None) -> list[dict]:
        with self.lock:
            return [
                r.payload for r in self.received if r.payload and (sub is None or r.sub == sub.id)
            ]
