"""Registration's background work: expiring waitlist offers (beat); the mail task is
``mail.send_waiting_mails``, registered by importing it here."""

from __future__ import annotations

from celery import shared_task

from tournament.registration.services import expire_due_offers
from tournament.registration.services.mail import send_waiting_mails

__all__ = ["expire_offers", "send_waiting_mails"]


@shared_task(name="tournament.registration.expire_offers")
def expire_offers() -> int:
    """Offers past their deadline expire; each freed place goes to the next on the
    waitlist."""
    return expire_due_offers()
