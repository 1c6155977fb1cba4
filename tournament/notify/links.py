"""Signed links that work without signing in: unsubscribing (per recipient and channel) and
a player's calendar feed. Tampering with one gives a clear refusal, never a change."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.urls import reverse

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
    return f"{settings.NOTIFY_BASE_URL}{path}"


def calendar_token(player_id: int) -> str:
    return signing.Signer(salt=CALENDAR_SALT).sign(str(player_id)).split(":", 1)[1]


def check_calendar_token(player_id: int, token: str) -> bool:
    expected = calendar_token(player_id)
    return signing.constant_time_compare(expected, token)
