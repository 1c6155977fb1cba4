"""Registration's background work: expiring waitlist offers (beat); the mail task is
``mail.send_registration_mail``, registered by importing it here."""

from __future__ import annotations

from celery import shared_task

from tournament.registration.mail import send_registration_mail
from tournament.registration.services import expire_due_offers

__all__ = ["expire_offers", "send_registration_mail"]


@shared_task(name="tournament.registration.expire_offers")
def expire_offers() -> int:
    """Offers past their deadline expire; each freed place goes to the next on the
    waitlist."""
    return expire_due_offers()
