"""Fixtures for event formats: an event whose rounds are seated and played with given scores."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from scoring.standings.services.reconcile import reconcile_event
from tests.support.cup import ROUND_ONE
from tests.support.playing import close, play_round
from tournament.formats.services import stages
from tournament.rounds.models import Round


@pytest.fixture(autouse=True)
def eager_reconcile(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True


@pytest.fixture
def play() -> Callable[..., Round]:
    return play_round


@pytest.fixture
def cup(make_event, play):
    event = make_event("cut-cup", players=12, ruleset="classical")
    p = list(event.players.order_by("pk"))
    stages.add_stage(event, name="Qualifying", first_round=1, last_round=1)
    final = stages.add_stage(
        event,
        name="Final",
        first_round=2,
        last_round=2,
        cut_size=4,
        seating="rank",
        rest="consolation",
    )
    close(play(event, 1, [p[:4], p[4:8], p[8:]], ROUND_ONE))
    reconcile_event(event.pk)
    return event, p, final
