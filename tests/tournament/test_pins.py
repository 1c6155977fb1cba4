"""Players' PINs: derived, stored as a digest only, unique per event, reissued on demand,
and guessing throttled."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tournament.players import pins
from tournament.players.models import Player


@pytest.fixture(autouse=True)
def clear_cache():
    cache.clear()
    yield
    cache.clear()


def test_every_player_gets_a_pin_stored_only_as_a_digest(make_hall):
    hall = make_hall("riichi_ema")
    assert pins.ensure_pins(hall.event) == 8
    assert pins.ensure_pins(hall.event) == 0
    players = list(Player.objects.filter(event=hall.event))
    codes = {pins.pin_of(p) for p in players}
    assert len(codes) == 8 and all(len(c) == 6 and c.isdigit() for c in codes)
    for player in players:
        assert pins.pin_of(player) not in player.pin_digest
        assert player.pin_digest == pins.pin_digest(hall.event.pk, pins.pin_of(player))


def test_a_pin_signs_its_player_in(make_hall):
    hall = make_hall("riichi_ema")
    pins.ensure_pins(hall.event)
    south = Player.objects.get(pk=hall.south.pk)
    assert pins.sign_in(hall.event, pins.pin_of(south), "1.2.3.4") == south
    assert (
        pins.sign_in(hall.event, " " + pins.pin_of(south)[:3] + " " + pins.pin_of(south)[3:], "c")
        == south
    )


def test_a_reissued_pin_replaces_the_old_one(make_hall):
    hall = make_hall("riichi_ema")
    pins.ensure_pins(hall.event)
    south = Player.objects.get(pk=hall.south.pk)
    old = pins.pin_of(south)
    new = pins.reissue_pin(south)
    assert new != old
    south.refresh_from_db()
    assert pins.pin_of(south) == new
    assert pins.sign_in(hall.event, old, "c") is None
    assert pins.sign_in(hall.event, new, "c") == south


def test_guessing_is_throttled_per_client(make_hall, settings):
    settings.PIN_FAILURES_PER_CLIENT = 3
    hall = make_hall("riichi_ema")
    pins.ensure_pins(hall.event)
    south = Player.objects.get(pk=hall.south.pk)
    wrong = f"{(int(pins.pin_of(south)) + 1) % 10**6:06d}"
    taken = {pins.pin_of(p) for p in Player.objects.filter(event=hall.event)}
    while wrong in taken:
        wrong = f"{(int(wrong) + 1) % 10**6:06d}"
    for _ in range(3):
        assert pins.sign_in(hall.event, wrong, "guesser") is None
    with pytest.raises(pins.PinThrottled):
        pins.sign_in(hall.event, pins.pin_of(south), "guesser")
    assert pins.sign_in(hall.event, pins.pin_of(south), "somebody-else") == south


def test_guessing_is_throttled_per_event(make_hall, settings):
    settings.PIN_FAILURES_PER_CLIENT = 100
    settings.PIN_FAILURES_PER_EVENT = 4
    hall = make_hall("riichi_ema")
    pins.ensure_pins(hall.event)
    for i in range(4):
        pins.sign_in(hall.event, "abc", f"client-{i}")
    with pytest.raises(pins.PinThrottled):
        pins.sign_in(hall.event, "abc", "client-new")


def test_the_pin_works_only_in_a_live_round(make_hall):
    from tournament.rounds.models import Round

    hall = make_hall("riichi_ema")
    assert pins.live_seat(hall.south).table.number == 1
    Round.objects.filter(event=hall.event).update(status=Round.Status.CLOSED)
    assert pins.live_seat(hall.south) is None
