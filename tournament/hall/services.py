"""The hall: announcements on the projector and extra time for tables."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from tournament.events.models import Announcement, Event
from tournament.notify import services as notify
from tournament.rounds.models import Round, Table


def _announcements_changed(event_id: int) -> None:
    Event.objects.filter(pk=event_id).update(announcements_revision=F("announcements_revision") + 1)


def add_announcement(event: Event, text: str, *, push: bool = False) -> Announcement:
    """Show ``text`` on the hall screen; with ``push`` also send it to every player of the
    event who asked for announcements (``tournament.notify``)."""
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


def grant_extra_time(table: Table, minutes: int) -> Table:
    if not isinstance(minutes, int) or isinstance(minutes, bool) or not 0 <= minutes <= 120:
        raise ValidationError({"extra_minutes": [_("Extra time is 0 to 120 minutes.")]})
    if table.round.status == Round.Status.CLOSED:
        raise ValidationError({"round": [_("The round is closed.")]})
    table.extra_minutes = minutes
    table.save(update_fields=["extra_minutes"])
    return table
