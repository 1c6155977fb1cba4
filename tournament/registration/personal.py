"""Personal data of registrants: the director's export (CSV, XLSX), and deleting a
registrant's personal data on request. The deletion is recorded in the log; the name stays,
and so do the player's results under it."""

from __future__ import annotations

import csv
import io

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.events.models import Event
from tournament.players.models import Player
from tournament.registration.models import Registration, RegistrationLog, RegistrationMail
from tournament.writes import bump_revision


def erase(registration: Registration, by: AbstractBaseUser) -> Registration:
    """Blank the e-mail, EMA number, club and country of the registration and of its player,
    and the address and text of the mails kept for it."""
    with transaction.atomic():
        reg = Registration.objects.select_for_update().get(pk=registration.pk)
        if reg.erased_at is not None:
            raise ValidationError(
                _("The personal data of %(name)s were deleted already.") % {"name": reg.name}
            )
        reg.email = reg.ema_number = reg.club = ""
        reg.country = ""
        reg.erased_at = timezone.now()
        reg.save(update_fields=["email", "ema_number", "club", "country", "erased_at"])
        if reg.player_id:
            Player.objects.filter(pk=reg.player_id).update(ema_number="", club="", country="")
            bump_revision(reg.event)
        RegistrationMail.objects.filter(key__startswith=f"registration:{reg.pk}:").update(
            to="", body=""
        )
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
        event.registrations.select_related("team", "player__attendance").order_by("pk"), 1
    ):
        attendance = getattr(reg.player, "attendance", None) if reg.player_id else None
        out.append(
            [
                str(n),
                reg.name,
                str(reg.country or ""),
                reg.club,
                reg.ema_number,
                reg.email,
                reg.team.name if reg.team else "",
                reg.language,
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
