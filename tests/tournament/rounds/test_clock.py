from datetime import UTC, datetime, timedelta

from tournament.rounds.reading.clock import round_clock

START = datetime(2026, 5, 1, 9, 30, tzinfo=UTC)


def test_clock_states():
    assert round_clock(None, 120, START).state == "not_scheduled"
    assert round_clock(START, 120, START - timedelta(minutes=5)).state == "not_started"
    running = round_clock(START, 120, START + timedelta(minutes=30))
    assert running.state == "running" and running.remaining_seconds == 90 * 60
    last = round_clock(START, 120, START + timedelta(minutes=111))
    assert last.state == "last_minutes" and last.remaining_seconds == 9 * 60
    assert round_clock(START, 120, START + timedelta(minutes=120)).state == "time"
    extra = round_clock(START, 120, START + timedelta(minutes=121), extra_minutes=5)
    assert extra.state == "last_minutes" and extra.ends_at == START + timedelta(minutes=125)
