"""Local fake Discord and Telegram services for the tests: one HTTP server that takes Discord
webhook executions (``POST /api/webhooks/<id>/<token>``) and Telegram's ``sendMessage``
(``POST /bot<token>/sendMessage``) and records every post it receives, before it answers (as
the real services post what they received even when the sender is gone by the time they
answer).

``mode`` answers every post with 200 (default), 429 (with Retry-After 1 / ``retry_after``),
500, 404 or 401; ``fail_next`` answers the next N posts with that mode and then 200 again.
``hold_at`` = N makes the server hold the N-th post, after recording it, until ``release`` is
set (``held`` is set meanwhile): a test kills the sender while that post is in flight."""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DISCORD = re.compile(r"^/api/webhooks/(\d+)/([A-Za-z0-9_-]+)/?(\?.*)?$")
TELEGRAM = re.compile(r"^/bot(\d+:[A-Za-z0-9_-]+)/sendMessage$")


@dataclass
class Post:
    service: str  # "discord" or "telegram"
    key: str  # the webhook id, or the bot token and the chat id
    text: str
    body: dict
    headers: dict
    at: float


@dataclass
class ChannelService:
    host: str = "127.0.0.1"
    port: int = 0
    mode: str = "200"
    fail_next: int = 0
    fail_mode: str = "429"
    delay: float = 0.0
    posts: list[Post] = field(default_factory=list)
    refused: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    hold_at: int | None = None
    release: threading.Event = field(default_factory=threading.Event)
    held: threading.Event = field(default_factory=threading.Event)

    def start(self) -> ChannelService:
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                service._handle(self, self.rfile.read(length))

        class Server(ThreadingHTTPServer):
            def handle_error(self, request, client_address):
                pass  # a sender killed mid-request

        self.server = Server((self.host, self.port), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()

    @property
    def netloc(self) -> str:
        return f"{self.host}:{self.port}"

    @property
    def base(self) -> str:
        return f"http://{self.netloc}"

    def webhook(self, number: int = 1) -> str:
        return f"{self.base}/api/webhooks/{1000 + number}/tok-{number:04d}-abcdefghijklmnop"

    def _answer(self, handler, status: int, data: dict, headers: dict | None = None) -> None:
        raw = json.dumps(data).encode()
        handler.send_response(status)
        for key, value in (headers or {}).items():
            handler.send_header(key, value)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(raw)))
        handler.end_headers()
        handler.wfile.write(raw)

    def _refuse(self, handler, mode: str) -> None:
        with self.lock:
            self.refused += 1
        if mode == "429":
            data = {"retry_after": 1, "parameters": {"retry_after": 1}, "ok": False}
            return self._answer(handler, 429, data, {"Retry-After": "1"})
        return self._answer(handler, int(mode), {"ok": False, "description": f"mode {mode}"})

    def _handle(self, handler, raw: bytes) -> None:
        discord, telegram = DISCORD.match(handler.path), TELEGRAM.match(handler.path)
        if not (discord or telegram):
            return self._answer(handler, 404, {"message": "Unknown"})
        with self.lock:
            mode = self.mode
            if self.fail_next > 0:
                self.fail_next -= 1
                mode = self.fail_mode
        if mode != "200":
            return self._refuse(handler, mode)
        try:
            body = json.loads(raw)
        except ValueError:
            return self._answer(handler, 400, {"message": "not JSON"})
        if self.delay:
            time.sleep(self.delay)
        if discord:
            post = Post("discord", discord.group(1), body.get("content", ""), body, {}, 0)
        else:
            key = f"{telegram.group(1)}|{body.get('chat_id')}"
            post = Post("telegram", key, body.get("text", ""), body, {}, 0)
        post.headers, post.at = dict(handler.headers.items()), time.time()
        with self.lock:
            self.posts.append(post)
            number = len(self.posts)
        if number == self.hold_at:
            self.held.set()
            self.release.wait(60)
        if discord:
            return self._answer(handler, 200, {"id": str(number), "content": post.text})
        return self._answer(handler, 200, {"ok": True, "result": {"message_id": number}})

    def texts(self, service: str | None = None) -> list[str]:
        with self.lock:
            return [p.text for p in self.posts if service is None or p.service == service]
