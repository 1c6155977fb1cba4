"""Players' personal PINs for score sheets.

A player is not a user: the PIN is a per-event credential that can do one thing, enter and
confirm hands at the player's own table in the live round. Only a keyed digest is stored
(``Player.pin_digest``, unique per event, so that a PIN alone names its player). The PIN itself
is derived from the server's secret, the event, the player and ``pin_generation``, so the
director's player cards and export can print it again without it being kept anywhere; a
reissue bumps the generation, which also ends every session signed in with the old PIN.
Changing ``SECRET_KEY`` changes every PIN: reissue them all (``ensure_pins(event, all=True)``).

Signing in names the player first (their name at their table, or the card's link), then takes
the PIN: each guess aims at one player, one chance in a million. Guessing is braked through the
cache, which every web process shares (``PinBrake``); a correct PIN keeps working for its
player whatever strangers do: the phone that signed the player in before is known by its own
session (``KNOWN_KEY``, for this PIN generation), not by its address, which a hall shares.

A player card also carries a signed link (``card_token``): it names the event, the player and
their ``pin_generation``, so that reissuing the PIN ends the old card's link as it ends the old
PIN. The link signs its phone in exactly as the PIN does (``card_player`` then ``remember``);
it expires after ``PLAYER_CARD_LINK_DAYS`` (30). It cannot be guessed, and a bad signature
still counts against the client's brake, like a wrong PIN.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import time

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.db import transaction

from tournament.access import brake
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


def _setting(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def _delay(over: int) -> int:
    """The pause after ``over`` attempts past a limit: doubling, up to the maximum."""
    first = _setting("PIN_DELAY_SECONDS", 1)
    return min(first * 2 ** min(over, 30), _setting("PIN_MAX_DELAY_SECONDS", 60))


KNOWN_KEY = "player-pin-known"


def known_here(session, player: Player) -> bool:
    """Whether the phone of ``session`` signed ``player`` in with their current PIN within
    ``PIN_KNOWN_CLIENT_DAYS``."""
    if session is None:
        return False
    found = (session.get(KNOWN_KEY) or {}).get(str(player.pk))
    return (
        isinstance(found, list)
        and len(found) == 2
        and found[0] == player.pin_generation
        and isinstance(found[1], int | float)
        and found[1] > time.time()
    )


def mark_known(session, player: Player) -> None:
    """The phone of ``session`` signed ``player`` in: it skips the brake for this PIN."""
    until = int(time.time()) + _setting("PIN_KNOWN_CLIENT_DAYS", 2) * 86400
    known = dict(session.get(KNOWN_KEY) or {})
    known[str(player.pk)] = [player.pin_generation, until]
    session[KNOWN_KEY] = known


class PinBrake:
    """The brake on one sign-in attempt: ``player`` of ``event_id`` from ``client`` (its
    address); ``known``: from a phone that signed this player in before (``known_here``).

    Every attempt is counted before it is judged (an atomic increment in the cache), so that
    parallel guesses cannot slip past a limit between the check and the count; a correct PIN
    takes its attempt back.

    - per (player, client): past ``PIN_FAILURES_PER_CLIENT`` (5) attempts within
      ``PIN_LOCK_SECONDS`` (300) that client may not try that player's PIN any more until the
      window passes. It locks out nobody else.
    - per player, from any client: past ``PIN_FAILURES_PER_PLAYER`` (5) each further attempt
      waits a pause that doubles from ``PIN_DELAY_SECONDS`` (1) up to ``PIN_MAX_DELAY_SECONDS``
      (60). Guessing spread over many addresses slows down; it never locks the player out.
    - per client, at any player: past ``PIN_FAILURES_PER_ADDRESS`` (50) the same doubling pause,
      so one address cannot sweep the event; a venue's shared address slows down, never locks.

    A phone that signed this player in before (within ``PIN_KNOWN_CLIENT_DAYS``, 2, with the
    current PIN) skips the brake, the lock of its address included: a player's own phone is
    neither slowed nor locked out by somebody else's guessing, even on the same address. The
    phone is known by its session, which a stranger on that address does not have."""

    def __init__(self, event_id: int, player_id: int, client: str, *, known: bool = False):
        address = hashlib.sha256(client.encode("utf-8", "replace")).hexdigest()[:24]
        prefix = f"pin:{event_id}"
        self.pair = f"{prefix}:pair:{player_id}:{address}"
        self.player = f"{prefix}:player:{player_id}"
        self.player_slot = f"{prefix}:player-slot:{player_id}"
        self.client = f"{prefix}:client:{address}"
        self.client_slot = f"{prefix}:client-slot:{address}"
        self.known = known
        self.window = _setting("PIN_LOCK_SECONDS", 300)

    def attempt(self) -> None:
        """Count this attempt; ``PinThrottled`` if it may not be judged now."""
        if self.known:
            return
        if brake.hit(self.pair, self.window) > _setting("PIN_FAILURES_PER_CLIENT", 5):
            raise PinThrottled(self.window)
        player = brake.hit(self.player, self.window) - _setting("PIN_FAILURES_PER_PLAYER", 5)
        client = brake.hit(self.client, self.window) - _setting("PIN_FAILURES_PER_ADDRESS", 50)
        for over, slot in ((player, self.player_slot), (client, self.client_slot)):
            if over > 0:
                delay = _delay(over - 1)
                if not cache.add(slot, time.time() + delay, delay):
                    until = cache.get(slot) or time.time() + delay
                    raise PinThrottled(max(1, math.ceil(until - time.time())))

    def succeeded(self) -> None:
        """The attempt was right: it is taken back, and the address may try this player
        again."""
        brake.forget(self.pair)
        if not self.known:
            brake.take_back(self.player)
            brake.take_back(self.client)


def sign_in(event: Event, player: Player, pin: str, client: str, *, session=None) -> bool:
    """Whether ``pin`` is ``player``'s. ``PinThrottled`` while the brake holds this attempt
    back, before the PIN is even looked at. ``session``: the phone's (a right PIN makes it
    known, see ``PinBrake``)."""
    brake = PinBrake(event.pk, player.pk, client, known=known_here(session, player))
    brake.attempt()
    pin = "".join(ch for ch in str(pin) if not ch.isspace())
    right = (
        player.event_id == event.pk
        and len(pin) == PIN_DIGITS
        and pin.isdigit()
        and hmac.compare_digest(player.pin_digest, pin_digest(event.pk, pin))
    )
    if right:
        brake.succeeded()
        if session is not None:
            mark_known(session, player)
    return right


class CardRefused(Exception):
    """A card link that signs nobody in: ``reason`` is "expired", "replaced", "other_event"
    or "invalid"."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


CARD_SALT = "mahjong-player-card"


def card_token(player: Player) -> str:
    """The signed part of ``player``'s card link (valid until the PIN is reissued)."""
    return signing.dumps([player.event_id, player.pk, player.pin_generation], salt=CARD_SALT)


def read_card(event: Event, token: str) -> Player:
    """The player whose card link ``token`` is, if the link still names them: ``CardRefused``
    if not ("invalid": not our signature; "other_event": not a player of ``event``; "expired";
    "replaced": the PIN was reissued since). No brake: the card's link and the check-in desk
    read a card alike."""
    days = _setting("PLAYER_CARD_LINK_DAYS", 30)
    try:
        event_id, player_id, generation = signing.loads(token, salt=CARD_SALT, max_age=days * 86400)
    except signing.SignatureExpired:
        raise CardRefused("expired") from None
    except (signing.BadSignature, TypeError, ValueError):
        raise CardRefused("invalid") from None
    player = Player.objects.filter(pk=player_id, event_id=event.pk).first()
    if event_id != event.pk or player is None:
        raise CardRefused("other_event")
    if player.pin_generation != generation:
        raise CardRefused("replaced")
    return player


def card_player(event: Event, token: str, client: str) -> Player:
    """The player whose card link ``token`` is, if it still signs in; ``CardRefused`` if not,
    ``PinThrottled`` while the client's brake holds (bad signatures count as wrong PINs)."""
    address = hashlib.sha256(client.encode("utf-8", "replace")).hexdigest()[:24]
    key = f"pin:{event.pk}:card:{address}"
    window = _setting("PIN_LOCK_SECONDS", 300)
    if brake.count(key) >= _setting("PIN_FAILURES_PER_CLIENT", 5):
        raise PinThrottled(window)
    try:
        player = read_card(event, token)
    except CardRefused as refused:
        if refused.reason == "invalid":
            brake.hit(key, window)
        raise
    brake.forget(PinBrake(event.pk, player.pk, client).pair)
    return player


SESSION_KEY = "player-pin"


def session_player(request, slug: str | None) -> Player | None:
    """The player whose PIN signed this browser session in at event ``slug``, if still valid
    (a new PIN generation signs every session out)."""
    if not slug or not hasattr(request, "session"):
        return None
    stored = request.session.get(SESSION_KEY)
    if not isinstance(stored, dict) or stored.get("event") != slug:
        return None
    player = (
        Player.objects.select_related("event")
        .filter(pk=stored.get("player"), event__slug=slug)
        .first()
    )
    if player is None or player.pin_generation != stored.get("generation"):
        return None
    return player


def remember(session, player: Player, slug: str) -> None:
    """Sign ``player`` in for this browser session; a reissued PIN ends it. The phone is known
    to the brake from now on (``PinBrake``)."""
    session.cycle_key()
    session[SESSION_KEY] = {
        "event": slug,
        "player": player.pk,
        "generation": player.pin_generation,
    }
    mark_known(session, player)


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
