"""Fixtures for scoring: one seated table per ruleset, and ledger rows written directly."""

from __future__ import annotations

import pytest

from tests.support.ledger import Ledger, seated_table
from tests.support.sheets import enable


@pytest.fixture
def table_event(make_event):
    """``table_event(ruleset)`` -> (event, table 1 of round 1, players in wind order E S W N)."""
    return lambda ruleset="mcr", **kwargs: seated_table(make_event, ruleset, **kwargs)


@pytest.fixture
def ledger(director):
    return Ledger(director)


@pytest.fixture(autouse=True)
def eager_reconcile(settings):
    """Unit tests reconcile in-process on commit, as the embedded deployment does, even when
    the suite runs with a broker configured (the integration tests use the real worker)."""
    settings.CELERY_TASK_ALWAYS_EAGER = True


@pytest.fixture
def riichi_hall(make_hall):
    hall = make_hall("riichi_ema")
    enable(hall.event)
    return hall
