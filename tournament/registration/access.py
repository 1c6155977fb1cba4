"""The brake on the public sign-up form: by behaviour, not by a low count per address (a
club's or a venue's shared Wi-Fi puts many honest registrants behind one address).

- The same e-mail address, from any address: at most ``REGISTRATION_SIGNUPS_PER_EMAIL`` (5)
  sign-ups an hour. Each sign-up mails the address; this stops a form used to flood it.
- Bursts from one client address: at most ``REGISTRATION_BURST_PER_ADDRESS`` (30) posts in
  ``REGISTRATION_BURST_SECONDS`` (60), a rate no room of people typing their names reaches.
- One client address over an hour: ``REGISTRATION_SIGNUPS_PER_ADDRESS`` (300), far above the
  registrants of a club.

Counters live in the shared cache (``tournament.access.brake``) and are counted before the
post is judged, refused posts too.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from tournament.access.brake import hit, key

HOUR = 3600


def address_refusal(client: str) -> str | None:
    """Count a post from ``client``; why it is refused, or None."""
    burst = hit(f"registration:burst:{key(client)}", settings.REGISTRATION_BURST_SECONDS)
    hour = hit(f"registration:hour:{key(client)}", HOUR)
    if burst > settings.REGISTRATION_BURST_PER_ADDRESS:
        return _("Many sign-ups from your network just now; try again in a minute.")
    if hour > settings.REGISTRATION_SIGNUPS_PER_ADDRESS:
        return _("Too many sign-ups from your address; try again in an hour.")
    return None


def email_refusal(email: str) -> str | None:
    """Count a sign-up with ``email``; why it is refused, or None."""
    if not email:
        return None
    if hit(f"registration:email:{key(email.lower())}", HOUR) > (
        settings.REGISTRATION_SIGNUPS_PER_EMAIL
    ):
        return _("Too many sign-ups with this e-mail address; try again in an hour.")
    return None
