"""Real components for the notification tests: a local Web Push service that decrypts what
it receives (``tests/support/push.py``), a local SMTP server (aiosmtpd), and a VAPID key of the
test's own."""

from __future__ import annotations

import socket
import threading

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Message as MessageHandler

from tests.support.push import PushService
from tournament.notify import services as notify


@pytest.fixture(autouse=True)
def eager_tasks():
    """These tests send in-process (as the embedded default does), also under
    ``make test-services``; tests/integration/test_notify_worker.py uses a real worker."""
    from config.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.fixture(autouse=True)
def vapid_key(settings, tmp_path):
    settings.NOTIFY_VAPID_KEY_FILE = str(tmp_path / "vapid.pem")
    settings.SITE_URL = "https://mahjong.example"
    settings.NOTIFY_RETRY_BASE_SECONDS = 5
    return settings.NOTIFY_VAPID_KEY_FILE


@pytest.fixture
def push_service(settings):
    service = PushService().start()
    settings.NOTIFY_PUSH_ALLOWED_HOSTS = [service.netloc]
    yield service
    service.stop()


class Inbox(MessageHandler):
    def __init__(self):
        super().__init__()
        self.messages = []
        self.refuse: set[str] = set()
        self.lock = threading.Lock()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refuse:
            return "550 5.1.1 no such user"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    def handle_message(self, message):
        with self.lock:
            self.messages.append(message)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp_server(settings):
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=_free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = controller.port
    settings.EMAIL_TIMEOUT = 5
    yield inbox
    controller.stop()


@pytest.fixture
def subscribed(push_service):
    """Subscribe players of an event to the local push service: returns {player id: sub}."""

    def make(players) -> dict:
        subs = {}
        for player in players:
            sub = push_service.subscribe()
            notify.subscribe(player, sub.json())
            subs[player.pk] = sub
        return subs

    return make
