"""Mails to registrants, the one way out until the notification outbox takes over (its
Celery task lives here too).

A mail is stored first (``RegistrationMail``, append-only, unique ``key`` per step of a
registration) in the transaction of the step it is about; once that commits, a Celery task
sends what is waiting. Sending a mail locks its row and records ``RegistrationMailSent`` in
the same transaction, so that a retried or duplicated task finds the record and sends nothing
again.

One task sends every waiting mail, oldest first: a sign-up rush stores thousands of mails in a
minute, and a task each would cost the worker more than the mails. The task starts a second
after the mail that sent it off, and a flag in the cache says it is on its way; the task
clears the flag before it looks, so a mail stored meanwhile either is seen or sends off a new
task.
"""

from __future__ import annotations

import contextlib
import logging
import smtplib
import threading
from dataclasses import dataclass
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.core.cache import cache
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from tournament.events.models import Event
from tournament.registration.models import (
    Registration,
    RegistrationLog,
    RegistrationMail,
    RegistrationMailSent,
    RegistrationSettings,
)

logger = logging.getLogger(__name__)


def queue_status_mail(
    regset: RegistrationSettings,
    registration: Registration,
    step: RegistrationLog,
    link: str,
    *,
    reason: str = "",
) -> RegistrationMail | None:
    """Store the mail telling ``registration`` where it stands after ``step``, in the
    registrant's language, with the event's dates, venue and page and what to do on the day;
    send it once the caller's transaction commits. Nothing without an address."""
    contact = registration.contact
    if not contact.email:
        return None
    event = registration.event
    with translation.override(contact.language or event.language or settings.LANGUAGE_CODE):
        context = {
            "registration": registration,
            "regset": regset,
            "event": event,
            "status": registration.get_status_display(),
            "link": link,
            "reason": reason,
            "deadline": registration.offer_deadline,
            "tz": event.tzinfo,
            **facts(event),
        }
        subject = " ".join(render_to_string("registration/mail_subject.txt", context).split())[:200]
        body = render_to_string("registration/mail_body.txt", context)
    # a log step is new, and so is its key (unique: a second mail for one step is refused)
    mail = RegistrationMail.objects.create(
        key=f"registration:{registration.pk}:{step.pk}",
        event_id=registration.event_id,
        to=contact.email,
        subject=subject,
        body=body,
    )
    transaction.on_commit(_enqueue)
    return mail


def facts(event: Event) -> dict[str, str]:
    """The addresses a registrant is told of (on the site's configured address): the event's
    public page (a public event's only) and self check-in."""
    site = settings.SITE_URL
    return {
        "event_url": site + reverse("public:event", args=[event.slug]) if event.is_public else "",
        "check_in_url": site + reverse("registration-self-check-in", args=[event.slug]),
    }


PUMP_FLAG = "registration:mail-task"
PUMP_FLAG_SECONDS = 300
RETRY_FLAG = "registration:mail-retry"
PUMP_BATCH = 200
# The task starts this much after the first mail it is for, so that in a rush it finds the
# mails of a second's sign-ups together.
PUMP_GATHER_SECONDS = 1
# A mail still not sent this long after it was stored (its server kept refusing it) is given
# up: the task stops trying it.
PUMP_WINDOW = timedelta(hours=2)
# After a refusal, one task comes back this much later for the refused mails.
PUMP_RETRY_SECONDS = 60


def _enqueue() -> None:
    """After the step's commit: a task for the waiting mails, unless one is on its way."""
    if not cache.add(PUMP_FLAG, 1, PUMP_FLAG_SECONDS):
        return
    try:
        send_waiting_mails.apply_async(
            queue=settings.REGISTRATION_QUEUE, countdown=PUMP_GATHER_SECONDS
        )
    except Exception:
        cache.delete(PUMP_FLAG)
        raise


def waiting_mails(after: int = 0, limit: int | None = None) -> list[int]:
    """The recent mails not sent yet (with an address), oldest first, after ``after``."""
    since = timezone.now() - PUMP_WINDOW
    return list(
        RegistrationMail.objects.filter(created_at__gte=since, sent__isnull=True, pk__gt=after)
        .exclude(to="")
        .order_by("pk")
        .values_list("pk", flat=True)[: limit or PUMP_BATCH]
    )


@dataclass(frozen=True)
class Round:
    sent: int
    refused: int
    last: int  # the last mail looked at
    full: bool  # more may be waiting after ``last``


def send_waiting(after: int = 0, limit: int | None = None) -> Round:
    """Send up to ``limit`` waiting mails. A server refusing one mail does not hold up the
    others; one that cannot be reached stops the round (``OSError``, for the task to
    retry)."""
    cache.delete(PUMP_FLAG)
    limit = limit or PUMP_BATCH
    waiting = waiting_mails(after, limit)
    sent = refused = 0
    for mail_id in waiting:
        try:
            sent += deliver(mail_id, skip_locked=True)
        except (smtplib.SMTPResponseException, smtplib.SMTPRecipientsRefused) as exc:
            refused += 1
            logger.warning("Registration mail %s refused: %s", mail_id, exc)
    return Round(sent, refused, waiting[-1] if waiting else after, len(waiting) == limit)


_open = threading.local()


def close_connection() -> None:
    """Close this thread's connection to the mail server, if open."""
    held = getattr(_open, "held", None)
    _open.held = None
    if held is not None:
        with contextlib.suppress(OSError, smtplib.SMTPException):
            held[1].close()


def _connection(fresh: bool = False):
    """This thread's open connection to the mail server, opened again when the settings
    changed or ``fresh``."""
    key = (settings.EMAIL_BACKEND, settings.EMAIL_HOST, settings.EMAIL_PORT)
    held = getattr(_open, "held", None)
    if held is not None and (fresh or held[0] != key):
        close_connection()
        held = None
    if held is None:
        connection = get_connection(fail_silently=False)
        connection.open()
        held = _open.held = (key, connection)
    return held[1]


def _send(message: EmailMessage) -> None:
    """Through this thread's open connection: a sign-up rush mails thousands, and a new SMTP
    session each (connect, EHLO, QUIT) costs both ends more than the mail. A connection the
    server dropped meanwhile is opened again, once."""
    try:
        _connection().send_messages([message])
    except (smtplib.SMTPResponseException, smtplib.SMTPRecipientsRefused):
        raise  # the server answered: a new connection would get the same answer
    except OSError:
        _connection(fresh=True).send_messages([message])


def deliver(mail_id: int, *, skip_locked: bool = False) -> bool:
    """Send the stored mail unless it was sent already; whether it was sent now.
    ``skip_locked``: a mail another worker is sending right now is left to it."""
    with transaction.atomic():
        mail = (
            RegistrationMail.objects.select_for_update(skip_locked=skip_locked)
            .filter(pk=mail_id)
            .first()
        )
        if mail is None or not mail.to or RegistrationMailSent.objects.filter(mail=mail).exists():
            return False
        _send(EmailMessage(mail.subject, mail.body, settings.DEFAULT_FROM_EMAIL, [mail.to]))
        RegistrationMailSent.objects.create(mail=mail)
    return True


@shared_task(
    name="tournament.registration.send_waiting_mails",
    autoretry_for=(smtplib.SMTPException, ConnectionError, OSError),
    retry_backoff=5,
    retry_backoff_max=600,
    max_retries=12,
    ignore_result=True,
)
def send_waiting_mails(after: int = 0) -> int:
    """The task beside the mails it sends (``tasks`` imports this module, so the worker knows
    it): what is waiting; the rest of a full round at once; the refused ones a minute later
    (one such task at a time; not when tasks run eagerly, where a countdown means nothing)."""
    done = send_waiting(after)
    if done.full:
        send_waiting_mails.apply_async((done.last,), queue=settings.REGISTRATION_QUEUE)
    elif (
        done.refused
        and not send_waiting_mails.app.conf.task_always_eager
        and cache.add(RETRY_FLAG, 1, PUMP_RETRY_SECONDS)
    ):
        send_waiting_mails.apply_async(
            queue=settings.REGISTRATION_QUEUE, countdown=PUMP_RETRY_SECONDS
        )
    return done.sent
