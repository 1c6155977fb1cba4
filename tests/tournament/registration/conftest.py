"""An event with registration open now, and a helper that signs people up."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tournament.registration import services


@pytest.fixture(autouse=True)
def eager_tasks(settings):
    """Mails are sent in-process on commit, as the embedded deployment does, even when the
    suite runs with a broker configured (tests/integration uses the real worker)."""
    from config.celery import app

    before = app.conf.task_always_eager  # read before the settings change: the app reads them
    settings.CELERY_TASK_ALWAYS_EAGER = True
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.fixture
def open_event(make_event):
    def make(cap: int = 4, *, slug: str = "reg-open", approval: bool = False, players: int = 0):
        event = make_event(slug, players=players)
        services.update_settings(
            event,
            opens_at=timezone.now() - timedelta(hours=1),
            closes_at=timezone.now() + timedelta(days=7),
            cap=cap,
            needs_approval=approval,
        )
        event.refresh_from_db()
        return event

    return make


def person(n: int, **extra) -> dict:
    return {
        "name": f"Registrant {n:03d}",
        "country": "FI",
        "club": "Helsinki",
        "ema_number": f"0500{n:04d}",
        "email": f"r{n}@example.org",
        "language": "en",
        **extra,
    }
