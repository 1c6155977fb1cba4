"""Players' PINs: derived, stored as a digest only, unique per event, reissued on demand,
and guessing throttled."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tournament.players.access import pins
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


def wrong_pin(player: Player) -> str:
    return f"{(int(pins.pin_of(player)) + 1) % 10**6:06d}"


def test_a_pin_signs_its_player_in(make_hall):
    hall = make_hall("riichi_ema")
    pins.ensure_pins(hall.event)
    south = Player.objects.get(pk=hall.south.pk)
    assert pins.sign_in(hall.event, south, pins.pin_of(south), "1.2.3.4")
    spaced = " " + pins.pin_of(south)[:3] + " " + pins.pin_of(south)[3:]
    assert pins.sign_in(hall.event, south, spaced, "c")


def test_a_pin_signs_in_only_the_player_it_belongs_to(make_hall):
    """Sign-in names the player: another player's PIN does not work for them (issue 31, item 6:
    a guess aims at one player, not at every player of the event)."""
    hall = make_hall("riichi_ema")
    pins.ensure_pins(hall.event)
    south = Player.objects.get(pk=hall.south.pk)
    west = Player.objects.get(pk=hall.west.pk)
    assert not pins.sign_in(hall.event, south, pins.pin_of(west), "c")
    assert pins.sign_in(hall.event, west, pins.pin_of(west), "c")


def test_a_reissued_pin_replaces_the_old_one(make_hall):
    hall = make_hall("riichi_ema")
    pins.ensure_pins(hall.event)
    south = Player.objects.get(pk=hall.south.pk)
    old = pins.pin_of(south)
    new = pins.reissue_pin(south)
    assert new != old
    south.refresh_from_db()
    assert pins.pin_of(south) == new
    assert not pins.sign_in(hall.event, south, old, "c")
    assert pins.sign_in(hall.event, south, new, "c")


def test_a_client_that_guesses_is_locked_out_of_that_player_only(make_hall, settings):
    settings.PIN_FAILURES_PER_CLIENT = 3
    hall = make_hall("riichi_ema")
    pins.ensure_pins(hall.event)
    south = Player.objects.get(pk=hall.south.pk)
    west = Player.objects.get(pk=hall.west.pk)
    for _ in range(3):
        assert not pins.sign_in(hall.event, south, wrong_pin(south), "guesser")
    with pytest.raises(pins.PinThrottled):
        pins.sign_in(hall.event, south, pins.pin_of(south), "guesser")
    assert pins.sign_in(hall.event, south, pins.pin_of(south), "somebody-else")
    assert pins.sign_in(hall.event, west, pins.pin_of(west), "guesser")


def test_strangers_guessing_never_lock_a_player_out(make_hall, settings):
    """Fifty wrong PINs from fifty addresses (issue 31, item 6): the player's own phone, signed
    in before, gets in at once; a new phone waits at most the longest pause."""
    settings.PIN_FAILURES_PER_PLAYER = 5
    settings.PIN_MAX_DELAY_SECONDS = 60
    hall = make_hall("riichi_ema")
    pins.ensure_pins(hall.event)
    south = Player.objects.get(pk=hall.south.pk)
    phone: dict = {}  # the phone's session
    assert pins.sign_in(hall.event, south, pins.pin_of(south), "south-phone", session=phone)
    for i in range(50):
        try:
            pins.sign_in(hall.event, south, wrong_pin(south), f"stranger-{i}")
        except pins.PinThrottled as throttled:
            assert throttled.seconds <= 60
    assert pins.sign_in(hall.event, south, pins.pin_of(south), "south-phone", session=phone)
    west = Player.objects.get(pk=hall.west.pk)
    assert pins.sign_in(hall.event, west, pins.pin_of(west), "west-phone")


def test_guessing_one_player_from_many_addresses_slows_down(make_hall, settings):
    settings.PIN_FAILURES_PER_PLAYER = 2
    settings.PIN_DELAY_SECONDS = 30
    hall = make_hall("riichi_ema")
    pins.ensure_pins(hall.event)
    south = Player.objects.get(pk=hall.south.pk)
    for i in range(2):
        assert not pins.sign_in(hall.event, south, wrong_pin(south), f"client-{i}")
    assert not pins.sign_in(hall.event, south, wrong_pin(south), "client-2")  # the first pause
    with pytest.raises(pins.PinThrottled) as throttled:
        pins.sign_in(hall.event, south, pins.pin_of(south), "client-3")
    assert 25 <= throttled.value.seconds <= 30


def test_one_address_sweeping_the_event_slows_down(make_hall, settings):
    settings.PIN_FAILURES_PER_ADDRESS = 4
    settings.PIN_DELAY_SECONDS = 30
    hall = make_hall("riichi_ema")
    pins.ensure_pins(hall.event)
    players = list(Player.objects.filter(event=hall.event))
    for player in players[:5]:
        assert not pins.sign_in(hall.event, player, wrong_pin(player), "sweeper")
    with pytest.raises(pins.PinThrottled):
        pins.sign_in(hall.event, players[5], wrong_pin(players[5]), "sweeper")


def test_parallel_guesses_are_counted_before_they_are_judged(make_hall, settings):
    """120 wrong PINs at once from one client (issue 31, item 7): at most the limit are judged."""
    from concurrent.futures import ThreadPoolExecutor

    settings.PIN_FAILURES_PER_CLIENT = 5
    hall = make_hall("riichi_ema")
    pins.ensure_pins(hall.event)
    south = Player.objects.get(pk=hall.south.pk)
    wrong = wrong_pin(south)

    def guess(_):
        try:
            return pins.sign_in(hall.event, south, wrong, "one-client")
        except pins.PinThrottled:
            return "throttled"

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(guess, range(120)))
    assert answers.count(False) == 5
    assert answers.count("throttled") == 115


def test_the_pin_works_only_in_a_live_round(make_hall):
    from tournament.rounds.models import Round

    hall = make_hall("riichi_ema")
    assert pins.live_seat(hall.south).table.number == 1
    Round.objects.filter(event=hall.event).update(status=Round.Status.CLOSED)
    assert pins.live_seat(hall.south) is None
