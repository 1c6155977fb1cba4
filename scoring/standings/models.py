"""The per-event standings: the snapshot of the players' standings and, for events with teams
or stages, the format standings computed from it at the same revision."""

from __future__ import annotations

from django.db import models
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from scoring.standings.reading.display import as_page_rows
from tournament.events.models import Event


class StandingsSnapshot(models.Model):
    """The last computed standings of an event, at ``revision`` (-1: never computed).

    ``stored_rows`` holds every row in standings order as plain data: ``player``, ``place``
    (None: no counting table yet), ``name``, exact ``total``, ``table_points`` and ``score``
    ("7/3"), ``penalties``, ``dropped``, ``played`` (tables), ``rounds`` ([round, table, score,
    units, table points, penalty]) and ``history`` ([round, place] after each round); ``rows``
    gives them with display strings. ``ranked``: how many rows have a place (the "of N").
    ``enqueued_at`` is set while a reconcile task is queued, so that a burst of writes queues
    one task; ``started_at`` is when the last task started, which paces the next one (see
    ``scoring.standings.tasks.request_reconcile``)."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="standings_snapshot"
    )
    revision = models.BigIntegerField(_("revision"), default=-1)
    computed_at = models.DateTimeField(_("computed at"), null=True, blank=True)
    method = models.CharField(max_length=20, blank=True)
    stored_rows = models.JSONField(default=list, blank=True)
    ranked = models.PositiveIntegerField(default=0)
    enqueued_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("standings snapshot")
        verbose_name_plural = _("standings snapshots")

    def __str__(self) -> str:
        return f"{self.event} @ {self.revision}"

    @cached_property
    def rows(self) -> list[dict]:
        """Every row in standings order, as the pages and the API show them."""
        return as_page_rows(self.method, self.stored_rows)


class FormatStandings(models.Model):
    """Team and stage standings and the final ranking of an event with teams or stages, as
    computed from the standings at ``revision`` (see ``scoring.standings.reading.formats``), as
    plain data with exact values ("7/3")."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="format_standings"
    )
    revision = models.BigIntegerField(_("revision"), default=-1)
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name = _("format standings")
        verbose_name_plural = _("format standings")

    def __str__(self) -> str:
        return f"{self.event} @ {self.revision}"
