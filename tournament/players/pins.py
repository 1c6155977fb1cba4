"""Players' personal PINs for score sheets.

A player is not a user: the PIN is a per-event credential that can do one thing, enter and
confirm hands at the player's own table in the live round. Only a keyed digest is stored
(``Player.pin_digest``, unique per event, so that a PIN alone names its player). The PIN itself
is derived from the server's secret, the event, the player and ``pin_generation``, so the
director's player cards and export can print it again without it being kept anywhere; a
reissue bumps the generation, which also ends every session signed in with the old PIN.
Changing ``SECRET_KEY`` changes every PIN: reissue them all (``ensure_pins(event, all=True)``).

Guessing is throttled with the cache: a few failures per client, and more per event, start a
pause (``PIN_FAILURES_PER_CLIENT``, ``PIN_FAILURES_PER_EVENT``, ``PIN_LOCK_SECONDS``).
"""

from __future__ import annotations

import hashlib
import hmac

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from tournament.events.models import Event
from tournament.players.models import Player
from tournament.rounds.models import Round, Seat

PIN_DIGITS = 6


class PinThrottled(Exception):
    """Too many wrong PINs lately; ``seconds`` until the next try."""

    def __init__(self, seconds: int):
        super().__init__(seconds)
        self.seconds = seconds


def _key(purpose: str) -> bytes:
    return hashlib.sha256(f"mahjong-pin:{purpose}:{settings.SECRET_KEY}".encode()).digest()


def derive_pin(event_id: int, player_id: int, generation: int) -> str:
    mac = hmac.new(_key("derive"), f"{event_id}:{player_id}:{generation}".encode(), "sha256")
    return str(int.from_bytes(mac.digest()[:8], "big") % 10**PIN_DIGITS).zfill(PIN_DIGITS)


def pin_digest(event_id: int, pin: str) -> str:
    return hmac.new(_key("digest"), f"{event_id}:{pin}".encode(), "sha256").hexdigest()


def pin_of(player: Player) -> str:
    """The player's current PIN (for the cards and the export)."""
    return derive_pin(player.event_id, player.pk, player.pin_generation)


def _issue(player: Player, taken: set[str]) -> None:
    """Move ``player`` to the next generation whose PIN no other player of the event has."""
    while True:
        player.pin_generation += 1
        digest = pin_digest(player.event_id, pin_of(player))
        if digest not in taken:
            player.pin_digest = digest
            taken.add(digest)
            return


def ensure_pins(event: Event, *, reissue_all: bool = False) -> int:
    """Give every player of ``event`` without a PIN one (all of them with ``reissue_all``);
    returns how many were issued. Three queries whatever the event size."""
    with transaction.atomic():
        players = list(
            Player.objects.select_for_update()
            .filter(event=event)
            .only("pk", "event_id", "pin_digest", "pin_generation")
        )
        todo = [p for p in players if reissue_all or not p.pin_digest]
        if not todo:
            return 0
        taken = {p.pin_digest for p in players if p.pin_digest and p not in todo}
        for player in todo:
            _issue(player, taken)
        Player.objects.bulk_update(todo, ["pin_digest", "pin_generation"])
    return len(todo)


def reissue_pin(player: Player) -> str:
    """A new PIN for ``player`` (a lost card, a PIN seen by somebody else)."""
    with transaction.atomic():
        fresh = Player.objects.select_for_update().get(pk=player.pk)
        player.pin_generation = fresh.pin_generation
        taken = set(
            Player.objects.filter(event_id=player.event_id)
            .exclude(pk=player.pk)
            .exclude(pin_digest="")
            .values_list("pin_digest", flat=True)
        )
        _issue(player, taken)
        Player.objects.filter(pk=player.pk).update(
            pin_digest=player.pin_digest, pin_generation=player.pin_generation
        )
    return pin_of(player)


# Signing in ----------------------------------------------------------------------------------


def _limit(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def _fail_keys(event: Event, client: str) -> tuple[str, str]:
    return f"pin-fail:{event.pk}:c:{client}", f"pin-fail:{event.pk}:all"


def _count(key: str) -> int:
    return int(cache.get(key) or 0)


def _note_failure(key: str, seconds: int) -> int:
    if cache.add(key, 1, seconds):
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, seconds)
        return 1


def check_throttle(event: Event, client: str) -> None:
    seconds = _limit("PIN_LOCK_SECONDS", 300)
    per_client, per_event = _fail_keys(event, client)
    if _count(per_client) >= _limit("PIN_FAILURES_PER_CLIENT", 5) or _count(per_event) >= _limit(
        "PIN_FAILURES_PER_EVENT", 50
    ):
        raise PinThrottled(seconds)


def sign_in(event: Event, pin: str, client: str) -> Player | None:
    """The player whose PIN this is, or ``None`` (a failure counts toward the brake).
    ``PinThrottled`` while the brake is on, before the PIN is even looked at."""
    check_throttle(event, client)
    pin = "".join(ch for ch in str(pin) if not ch.isspace())
    player = None
    if len(pin) == PIN_DIGITS and pin.isdigit():
        player = Player.objects.filter(event=event, pin_digest=pin_digest(event.pk, pin)).first()
    if player is None:
        seconds = _limit("PIN_LOCK_SECONDS", 300)
        for key in _fail_keys(event, client):
            _note_failure(key, seconds)
    return player


SESSION_KEY = "player-pin"


def remember(session, player: Player, slug: str) -> None:
    """Sign ``player`` in for this browser session; a reissued PIN ends it."""
    session.cycle_key()
    session[SESSION_KEY] = {
        "event": slug,
        "player": player.pk,
        "generation": player.pin_generation,
    }


def forget(session) -> None:
    session.pop(SESSION_KEY, None)


def live_seat(player: Player) -> Seat | None:
    """The player's seat in a live round of the event, if any: where the PIN works."""
    return (
        Seat.objects.select_related("table__round")
        .filter(player=player, round__status=Round.Status.LIVE)
        .order_by("-round__number")
        .first()
    )
