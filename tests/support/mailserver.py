"""A local SMTP server (aiosmtpd) for tests and the bench: it keeps every message it
receives, parsed, in ``messages``. Self-contained: start it, point ``EMAIL_HOST`` and
``EMAIL_PORT`` at ``host``/``port``, read what arrived."""

from __future__ import annotations

import email
import email.policy
import threading
import time
from email.message import EmailMessage

from aiosmtpd.controller import Controller


class _Keeper:
    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.lock = threading.Lock()
        self.refused: set[str] = set()  # addresses answered 550
        self.sessions = 0  # EHLO/HELO greetings: one per connection

    async def handle_EHLO(self, server, session, envelope, hostname, responses):  # noqa: N802
        with self.lock:
            self.sessions += 1
        session.host_name = hostname
        return responses

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):  # noqa: N802
        if address in self.refused:
            return "550 No such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        message = email.message_from_bytes(
            envelope.original_content or envelope.content, policy=email.policy.default
        )
        with self.lock:
            self.messages.append(message)
        return "250 OK"


class MailServer:
    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.keeper = _Keeper()
        if not port:
            from tests.support.servers import free_port

            port = free_port()
        self.controller = Controller(self.keeper, hostname=host, port=port)
        self.host, self.port = host, port

    def start(self) -> MailServer:
        self.controller.start()
        return self

    def stop(self) -> None:
        """Stop it (again: nothing)."""
        if not getattr(self, "stopped", False):
            self.stopped = True
            self.controller.stop()

    @property
    def messages(self) -> list[EmailMessage]:
        with self.keeper.lock:
            return list(self.keeper.messages)

    @property
    def sessions(self) -> int:
        with self.keeper.lock:
            return self.keeper.sessions

    def refuse(self, *addresses: str) -> None:
        self.keeper.refused = set(addresses)

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if address in str(m["To"])]

    def wait_for(self, address: str, count: int = 1, timeout: float = 30.0) -> list[EmailMessage]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.to(address)
            if len(found) >= count:
                return found
            time.sleep(0.1)
        raise AssertionError(f"{count} mail(s) to {address} did not arrive within {timeout} s")

    @staticmethod
    def body(message: EmailMessage) -> str:
        return message.get_body(preferencelist=("plain",)).get_content()
