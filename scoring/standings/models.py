"""The per-event standings: the snapshot of the players' standings and, for events with teams
or stages, the format standings computed from it at the same revision."""

from __future__ import annotations

from django.db import models
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from tournament.events.models import Event


class StandingsSnapshot(models.Model):
    """The last computed standings of an event, at ``revision`` (-1: never computed).

    ``packed`` holds the rows in a compact binary form (see ``scoring.standings.snapshot``);
    ``rows`` unpacks them, Fractions as exact strings.
    ``enqueued_at`` is set while a reconcile task is queued, so that a burst of writes queues
    one task; ``started_at`` is when the last task started, which paces the next one (see
    ``scoring.standings.tasks.request_reconcile``)."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="standings_snapshot"
    )
    revision = models.BigIntegerField(_("revision"), default=-1)
    computed_at = models.DateTimeField(_("computed at"), null=True, blank=True)
    method = models.CharField(max_length=20, blank=True)
    packed = models.BinaryField(default=b"", blank=True)
    enqueued_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("standings snapshot")
        verbose_name_plural = _("standings snapshots")

    def __str__(self) -> str:
        return f"{self.event} @ {self.revision}"

    @cached_property
    def rows(self) -> list[dict]:
        from scoring.standings.snapshot.packing import unpack

        return unpack(self.method, self.packed)


class FormatStandings(models.Model):
    """Team and stage standings and the final ranking of an event with teams or stages, as
    computed from the standings snapshot at ``revision`` (see
    ``scoring.standings.formats``); ``packed`` holds them compactly, ``data`` unpacks them."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="format_standings"
    )
    revision = models.BigIntegerField(_("revision"), default=-1)
    packed = models.BinaryField(default=b"", blank=True)

    class Meta:
        verbose_name = _("format standings")
        verbose_name_plural = _("format standings")

    def __str__(self) -> str:
        return f"{self.event} @ {self.revision}"

    @cached_property
    def data(self) -> dict:
        from scoring.standings.formats.stored import unpack

        return unpack(self.packed)
