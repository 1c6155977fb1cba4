"""Personal data of registrants: the director's export (CSV, XLSX), and deleting a
registrant's personal data on request. The deletion is recorded in the log; the name stays,
and so do the player's results under it."""

from __future__ import annotations

import csv
import io
import secrets

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tournament.contacts import services as contacts
from tournament.contacts.models import Contact
from tournament.events.models import Event
from tournament.notify.models import PushSubscription
from tournament.players.models import Player
from tournament.registration.models import Registration, RegistrationLog, RegistrationMail
from tournament.writes import bump_revision


def erase(registration: Registration, by: AbstractBaseUser) -> Registration:
    """Delete the registrant's personal data: the e-mail address (their contact's, the one
    place the registration, the player, the notification choices and the outbox read it
    from), the EMA number, club and country of the registration and of its player, the
    player's push subscriptions, and the address and text of the mails kept for it. The
    private link stops working (a new nonce). It may run again: whatever was stored since
    (a new address on the player's notification page) goes too."""
    with transaction.atomic():
        reg = Registration.objects.select_for_update().get(pk=registration.pk)
        contact = Contact.objects.select_for_update().get(pk=reg.contact_id)
        address = contact.email
        contacts.erase(contact)
        reg.ema_number = reg.club = ""
        reg.country = ""
        reg.erased_at = timezone.now()
        reg.link_nonce = secrets.token_hex(16)
        reg.save(update_fields=["ema_number", "club", "country", "erased_at", "link_nonce"])
        if reg.player_id:
            Player.objects.filter(pk=reg.player_id).update(ema_number="", club="", country="")
            PushSubscription.objects.filter(player_id=reg.player_id).delete()
            bump_revision(reg.event)
        # this registration's mails, and any other kept for the address (an earlier sign-up)
        mails = Q(key__startswith=f"registration:{reg.pk}:")
        if address:
            mails |= Q(event_id=reg.event_id, to=address)
        RegistrationMail.objects.filter(mails).exclude(to="", body="").update(to="", body="")
        RegistrationLog.objects.create(registration=reg, kind=RegistrationLog.Kind.ERASED, by=by)
    return reg


COLUMNS = (
    "arrival",
    "name",
    "country",
    "club",
    "ema_number",
    "email",
    "team",
    "language",
    "status",
    "registered_at",
    "checked_in",
)


def rows(event: Event) -> list[list[str]]:
    """Every registration of the event in order of arrival (two queries)."""
    out = []
    for n, reg in enumerate(
        event.registrations.select_related("team", "contact", "player__attendance").order_by("pk"),
        1,
    ):
        attendance = getattr(reg.player, "attendance", None) if reg.player_id else None
        out.append(
            [
                str(n),
                reg.name,
                str(reg.country or ""),
                reg.club,
                reg.ema_number,
                reg.contact.email,
                reg.team.name if reg.team else "",
                reg.contact.language,
                reg.status,
                timezone.localtime(reg.created_at, event.tzinfo).isoformat(timespec="seconds"),
                "yes" if attendance and attendance.checked_in_at else "",
            ]
        )
    return out


def _safe(value: str) -> str:
    """A cell a spreadsheet would run as a formula is kept as text."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def as_csv(event: Event) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(COLUMNS)
    for row in rows(event):
        writer.writerow([_safe(v) for v in row])
    return buffer.getvalue()


def as_xlsx(event: Event) -> bytes:
    from openpyxl import Workbook

    book = Workbook(write_only=True)
    sheet = book.create_sheet("registrations")
    sheet.append(list(COLUMNS))
    for row in rows(event):
        sheet.append([_safe(v) for v in row])
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()
