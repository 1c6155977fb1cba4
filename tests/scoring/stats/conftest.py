import pytest


@pytest.fixture(autouse=True)
def event_statistics_never_behind(settings):
    """These tests read the event's statistics right after each hand; how far behind they may
    be while hands come in is tested on its own (test_pages.py)."""
    settings.STATS_EVENT_SECONDS = 0
