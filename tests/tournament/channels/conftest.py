"""Real components for the channels' tests: the local fake Discord and Telegram service
(``tests/support/channels.py``), which records every post it receives, with the outbox sending
in-process (as the embedded default does)."""

from __future__ import annotations

import pytest

from tests.support.channels import ChannelService
from tournament.channels import services as channels

TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"


@pytest.fixture(autouse=True)
def eager_tasks():
    from config.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.fixture
def fake(settings, tmp_path):
    service = ChannelService().start()
    settings.NOTIFY_CHANNEL_HOSTS = [service.netloc]
    settings.NOTIFY_PUSH_ALLOWED_HOSTS = [service.netloc]
    settings.NOTIFY_TELEGRAM_API = service.base
    settings.NOTIFY_CHANNEL_INTERVAL = 0
    settings.NOTIFY_VAPID_KEY_FILE = str(tmp_path / "vapid.pem")
    settings.SITE_URL = "https://mahjong.example"
    yield service
    service.stop()


@pytest.fixture
def both(fake):
    """An event's Discord webhook and Telegram chat at the fake service."""

    def add(event):
        discord = channels.add_channel(
            event, service="discord", name="#results", webhook_url=fake.webhook(event.pk)
        )
        telegram = channels.add_channel(
            event, service="telegram", name="Club", bot_token=TOKEN, chat_id="-1001234567890"
        )
        return discord, telegram

    return add
