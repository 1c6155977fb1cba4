"""Mails to registrants, the one way out until the notification outbox takes over (its
Celery task lives here too).

A mail is stored first (``RegistrationMail``, append-only, unique ``key`` per step of a
registration) in the transaction of the step it is about; once that commits, a Celery task
sends it. Sending locks the mail row and records ``RegistrationMailSent`` in the same
transaction, so that a retried or duplicated task finds the record and sends nothing again.
"""

from __future__ import annotations

import contextlib
import smtplib
import threading

from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation

from tournament.registration.models import (
    Registration,
    RegistrationLog,
    RegistrationMail,
    RegistrationMailSent,
)


def queue_status_mail(
    registration: Registration, step: RegistrationLog, link: str, *, reason: str = ""
) -> RegistrationMail | None:
    """Store the mail telling ``registration`` where it stands after ``step``; send it once
    the caller's transaction commits. Nothing without an address."""
    if not registration.email:
        return None
    with translation.override(registration.language or settings.LANGUAGE_CODE):
        context = {
            "registration": registration,
            "event": registration.event,
            "status": registration.get_status_display(),
            "link": link,
            "reason": reason,
            "deadline": registration.offer_deadline,
            "tz": registration.event.tzinfo,
        }
        subject = " ".join(render_to_string("registration/mail_subject.txt", context).split())[:200]
        body = render_to_string("registration/mail_body.txt", context)
    # a log step is new, and so is its key (unique: a second mail for one step is refused)
    mail = RegistrationMail.objects.create(
        key=f"registration:{registration.pk}:{step.pk}",
        event_id=registration.event_id,
        to=registration.email,
        subject=subject,
        body=body,
    )
    transaction.on_commit(lambda: _enqueue(mail.pk))
    return mail


def _enqueue(mail_id: int) -> None:
    send_registration_mail.apply_async((mail_id,), queue=settings.REGISTRATION_QUEUE)


_open = threading.local()


def _connection(fresh: bool = False):
    """This thread's open connection to the mail server, opened again when the settings
    changed or ``fresh``."""
    key = (settings.EMAIL_BACKEND, settings.EMAIL_HOST, settings.EMAIL_PORT)
    held = getattr(_open, "held", None)
    if held is not None and (fresh or held[0] != key):
        _open.held = None
        with contextlib.suppress(OSError, smtplib.SMTPException):
            held[1].close()
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


def deliver(mail_id: int) -> bool:
    """Send the stored mail unless it was sent already; whether it was sent now."""
    with transaction.atomic():
        mail = RegistrationMail.objects.select_for_update().filter(pk=mail_id).first()
        if mail is None or not mail.to or RegistrationMailSent.objects.filter(mail=mail).exists():
            return False
        _send(EmailMessage(mail.subject, mail.body, settings.DEFAULT_FROM_EMAIL, [mail.to]))
        RegistrationMailSent.objects.create(mail=mail)
    return True


@shared_task(
    name="tournament.registration.send_mail",
    autoretry_for=(smtplib.SMTPException, ConnectionError, OSError),
    retry_backoff=5,
    retry_backoff_max=600,
    max_retries=12,
    ignore_result=True,
)
def send_registration_mail(mail_id: int) -> bool:
    """The task beside the mail it sends (``tasks`` imports this module, so the worker knows
    it)."""
    return deliver(mail_id)
