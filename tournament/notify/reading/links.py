"""Signed links that work without signing in: unsubscribing (per recipient and channel) and
a player's calendar feed, on the site's configured address (``SITE_URL``). Tampering with one
gives a clear refusal, never a change."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.urls import reverse

from tournament.players.models import Player

UNSUBSCRIBE_SALT = "tournament.notify.unsubscribe"
CALENDAR_SALT = "tournament.notify.calendar"


def unsubscribe_token(recipient: str, channel: str) -> str:
    return signing.dumps({"r": recipient, "c": channel}, salt=UNSUBSCRIBE_SALT, compress=True)


def read_unsubscribe(token: str) -> tuple[str, str] | None:
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or data.get("c") not in ("push", "email"):
        return None
    recipient = data.get("r")
    return (recipient, data["c"]) if isinstance(recipient, str) else None


def unsubscribe_url(recipient: str, channel: str) -> str:
    path = reverse("notify:unsubscribe", args=[unsubscribe_token(recipient, channel)])
    return f"{settings.SITE_URL}{path}"


def calendar_token(player: Player) -> str:
    """Signed with the time it was made and the player's PIN generation: it expires after
    ``NOTIFY_CALENDAR_LINK_DAYS`` and dies with a PIN reissue (a lost card), as the card's
    own link does."""
    return signing.dumps([player.pk, player.pin_generation], salt=CALENDAR_SALT)


def calendar_url(player: Player) -> str:
    return reverse("notify:calendar", args=[player.event.slug, player.pk, calendar_token(player)])


def calendar_player(player_id: int, token: str) -> tuple[int, int] | None:
    """(player id, PIN generation) of a calendar link for ``player_id`` not tampered with
    nor expired; None otherwise."""
    try:
        signed = signing.loads(
            token, salt=CALENDAR_SALT, max_age=settings.NOTIFY_CALENDAR_LINK_DAYS * 86400
        )
    except signing.BadSignature:
        return None
    if (
        not isinstance(signed, list)
        or len(signed) != 2
        or signed[0] != player_id
        or not isinstance(signed[1], int)
    ):
        return None
    return signed[0], signed[1]
