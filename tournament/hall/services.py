"""The hall: announcements on the projector and extra time for tables (append-only
extensions, ``TableExtension``).

Errors: ``ValidationError`` (bad input, nothing written), ``PermissionDenied`` and
``ExtensionConflict`` (HTTP 409)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament import errors
from tournament.access.roles import is_director, is_head_referee
from tournament.channels import services as channels
from tournament.events.models import Announcement, Event
from tournament.notify import services as notify
from tournament.rounds.models import (
    EXTENSION_KEY_MAX,
    EXTENSION_MAX_MINUTES,
    EXTENSION_REASON_MAX,
    EXTENSION_TOTAL_MAX_MINUTES,
    Round,
    Table,
    TableExtension,
)
from tournament.rounds.reading.tabletimes import table_extra_minutes
from tournament.rounds.services.seats import lock_table


def _announcements_changed(event_id: int) -> None:
    Event.objects.filter(pk=event_id).update(announcements_revision=F("announcements_revision") + 1)


def add_announcement(
    event: Event, text: str, *, push: bool = False, post: bool = False
) -> Announcement:
    """Show ``text`` on the hall screen; with ``push`` also send it to every player of the
    event who asked for announcements (``tournament.notify``), with ``post`` to the event's
    channels (``tournament.channels``)."""
    text = (text or "").strip()
    if not text:
        raise ValidationError({"text": [_("Write the announcement.")]})
    if len(text) > 300:
        raise ValidationError({"text": [_("An announcement has at most 300 characters.")]})
    if any(ord(c) < 32 and c not in "\t\n\r" for c in text):
        raise ValidationError(
            {"text": [_("The announcement contains a control character (such as NUL).")]}
        )
    with transaction.atomic():
        announcement = Announcement.objects.create(event=event, text=text)
        _announcements_changed(event.pk)
        if push:
            transaction.on_commit(lambda: _push(announcement), robust=True)
        if post:
            channels.after_commit(channels.announced, announcement)
    return announcement


def _push(announcement: Announcement) -> None:
    event = announcement.event
    params = {"slug": event.slug, "event": event.name, "text": announcement.text}
    notify.enqueue_players(
        event,
        "announcement",
        f"a{announcement.pk}",
        {pid: params for pid in event.players.values_list("pk", flat=True)},
    )


def set_announcement_shown(announcement: Announcement, shown: bool) -> Announcement:
    announcement.is_active = shown
    with transaction.atomic():
        announcement.save(update_fields=["is_active"])
        _announcements_changed(announcement.event_id)
    return announcement


# A table's extra time ----------------------------------------------------------------------


class ExtensionConflict(errors.Conflict):
    """The state forbids the extension now (HTTP 409): the round is not live, or the key was
    used for another extension."""


def may_extend(user: AbstractBaseUser, event: Event) -> bool:
    """The director and the head referee give a table extra time."""
    return is_director(user, event) or is_head_referee(user, event)


def _minutes(value: Any) -> int:
    minutes = None
    if isinstance(value, int) and not isinstance(value, bool):
        minutes = value
    elif isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        minutes = int(value.strip()) if len(value.strip()) <= 6 else None
    if minutes is None or not 1 <= minutes <= EXTENSION_MAX_MINUTES:
        raise ValidationError(
            {
                "minutes": [
                    _("Give a whole number of minutes from 1 to %(max)d.")
                    % {"max": EXTENSION_MAX_MINUTES}
                ]
            }
        )
    return minutes


def _reason(value: Any) -> str:
    text = str(value or "").strip() if isinstance(value, str | None) else ""
    if not text:
        raise ValidationError({"reason": [_("Say why the table gets extra time.")]})
    if len(text) > EXTENSION_REASON_MAX or any(ord(c) < 32 and c not in "\t\n\r" for c in text):
        raise ValidationError(
            {
                "reason": [
                    ngettext(
                        "A reason has at most %(max)d character and no control character.",
                        "A reason has at most %(max)d characters and no control character.",
                        EXTENSION_REASON_MAX,
                    )
                    % {"max": EXTENSION_REASON_MAX}
                ]
            }
        )
    return text


def _key(value: Any) -> str:
    text = str(value or "").strip() if isinstance(value, str | None) else ""
    if not text or len(text) > EXTENSION_KEY_MAX:
        raise ValidationError(
            {"idempotency_key": [_("Send an idempotency key of at most 64 characters.")]}
        )
    return text


def _check_round(round_: Round) -> None:
    if round_.status == Round.Status.CLOSED:
        raise ExtensionConflict(
            _("Round %(round)d is closed: its tables get no more time.") % {"round": round_.number},
            "round",
        )
    if round_.status != Round.Status.LIVE:
        raise ExtensionConflict(
            _("Round %(round)d is not live: a table gets extra time while the round is played.")
            % {"round": round_.number},
            "round",
        )


def extend_table(
    table: Table, user: AbstractBaseUser, *, minutes: Any, reason: Any, idempotency_key: Any
) -> tuple[TableExtension, bool]:
    """Give ``table`` ``minutes`` more on its clock, with a reason: the director or the head
    referee, while the round is live. Returns ``(extension, created)``: the same key again
    with the same minutes and reason returns the stored extension and stores nothing."""
    minutes, reason, key = _minutes(minutes), _reason(reason), _key(idempotency_key)
    round_ = table.round
    if not may_extend(user, round_.event):
        raise PermissionDenied(_("Only the director or the head referee gives a table extra time."))
    with transaction.atomic():
        lock_table(table)
        stored = TableExtension.objects.filter(table=table, key=key).first()
        if stored is not None:
            if (stored.minutes, stored.reason) != (minutes, reason):
                raise ExtensionConflict(
                    _("This idempotency key was already used for another extension."),
                    "idempotency_key",
                )
            return stored, False
        round_.status = Round.objects.filter(pk=round_.pk).values_list("status", flat=True).get()
        _check_round(round_)
        total = table_extra_minutes(table)
        if total + minutes > EXTENSION_TOTAL_MAX_MINUTES:
            raise ValidationError(
                {
                    "minutes": [
                        _(
                            "Table %(table)d has %(total)d extra minutes already: at most "
                            "%(max)d in all."
                        )
                        % {
                            "table": table.number,
                            "total": total,
                            "max": EXTENSION_TOTAL_MAX_MINUTES,
                        }
                    ]
                }
            )
        extension = TableExtension.objects.create(
            event_id=round_.event_id,
            round=round_,
            table=table,
            minutes=minutes,
            reason=reason,
            by=user,
            key=key,
        )
    return extension, True
