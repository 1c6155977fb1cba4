"""Rounds (with the log of moves back), tables, winds, seats and seating drafts."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from integrity.models import AppendOnlyModel
from tournament.events.models import Event
from tournament.players.models import Player


class Round(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", _("Planned")
        SEATED = "seated", _("Seated")
        LIVE = "live", _("Live")
        CLOSED = "closed", _("Closed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PLANNED
    )
    starts_at = models.DateTimeField(_("scheduled start"), null=True, blank=True)
    length_minutes = models.PositiveSmallIntegerField(_("length (minutes)"), default=120)
    # The clock the hall sees (see ``tournament.rounds.reading.clock.clock_of``): when the
    # round last went live, when the director started its clock by hand, whether it is paused
    # and for how long it was paused before, and time added to the whole round.
    live_since = models.DateTimeField(_("live since"), null=True, blank=True)
    clock_started_at = models.DateTimeField(_("clock started"), null=True, blank=True)
    clock_paused_at = models.DateTimeField(_("clock paused"), null=True, blank=True)
    paused_seconds = models.PositiveIntegerField(default=0)
    extra_minutes = models.PositiveSmallIntegerField(_("extra time (minutes)"), default=0)

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return str(_("Round %(number)s") % {"number": self.number})

    @property
    def is_closed(self) -> bool:
        return self.status == self.Status.CLOSED


class RoundStatusChange(models.Model):
    """A move of a round's status backwards (reopening a closed round, un-starting a live
    one): who, when and why. Forward moves need no reason and are not listed here."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="status_changes")
    old_status = models.CharField(max_length=10, choices=Round.Status.choices)
    new_status = models.CharField(max_length=10, choices=Round.Status.choices)
    reason = models.CharField(_("reason"), max_length=500)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-changed_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.round}: {self.old_status} -> {self.new_status}"


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("number"))
    label = models.CharField(_("label"), max_length=60, blank=True)

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
        ]

    def __str__(self) -> str:
        return str(_("Table %(number)s") % {"number": self.number})


# A table's extra time: one extension at most this long, and at most this much in all (the
# services refuse more; the database refuses a single extension beyond it).
EXTENSION_MAX_MINUTES = 120
EXTENSION_TOTAL_MAX_MINUTES = 240
EXTENSION_REASON_MAX = 500
EXTENSION_KEY_MAX = 64


class TableExtension(AppendOnlyModel):
    """Minutes added to one table's clock (a ruling stopped the table), with why, by whom and
    when. Append-only (``integrity``): a table's extra time is the sum of its extensions, and
    its clock ends that much after the round's (``tournament.rounds.reading.tabletimes``)."""

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="+")
    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="extensions")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="extensions")
    minutes = models.PositiveSmallIntegerField(_("minutes"))
    reason = models.CharField(_("reason"), max_length=EXTENSION_REASON_MAX)
    # Empty only on the extra time a table held before extensions were recorded (0024).
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    # The client's key: an extension sent twice (a double tap, a retry) is stored once.
    key = models.CharField(max_length=EXTENSION_KEY_MAX)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("table extension")
        verbose_name_plural = _("table extensions")
        constraints = [
            models.UniqueConstraint(fields=["table", "key"], name="table_extension_key_once"),
            models.CheckConstraint(
                condition=Q(minutes__gte=1) & Q(minutes__lte=EXTENSION_MAX_MINUTES),
                name="table_extension_minutes_bounded",
            ),
            models.CheckConstraint(condition=~Q(reason=""), name="table_extension_has_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.table}: +{self.minutes}"


class Wind(models.TextChoices):
    EAST = "E", _("East")
    SOUTH = "S", _("South")
    WEST = "W", _("West")
    NORTH = "N", _("North")


WIND_ORDER = [Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH]


class Seat(models.Model):
    """One player at one wind of one table.

    ``round`` repeats ``table.round`` so that "a player sits at most once per round" is a plain
    unique constraint; a database trigger (migration 0002) rejects a copy that disagrees.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    wind = models.CharField(_("wind"), max_length=1, choices=Wind.choices)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = [
            "table",
            models.Case(
                *(models.When(wind=w, then=i) for i, w in enumerate("ESWN")),
                output_field=models.IntegerField(),
            ),
        ]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "wind"], name="seat_wind_unique_per_table"),
            models.UniqueConstraint(fields=["round", "player"], name="seat_player_once_per_round"),
            models.CheckConstraint(
                condition=Q(wind__in=["E", "S", "W", "N"]), name="seat_wind_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.get_wind_display()}: {self.player}"


class SeatingDraft(models.Model):
    """A generated seating for some rounds, to inspect and adjust before it is published.

    ``schedule`` holds the new rounds as lists of tables (player ids in wind order E, S, W, N;
    negative ids are substitutes) and ``quality`` the generator's report for the whole event
    (played rounds included)."""

    class Status(models.TextChoices):
        RUNNING = "running", _("Generating")
        READY = "ready", _("Ready")
        PUBLISHED = "published", _("Published")
        FAILED = "failed", _("Failed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="seating_drafts")
    first_round = models.PositiveSmallIntegerField(_("first round"))
    round_count = models.PositiveSmallIntegerField(_("rounds"))
    options = models.JSONField(_("options"), default=dict)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    schedule = models.JSONField(default=list, blank=True)
    quality = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    created_at = models.DateTimeField(auto_now_add=True)
    seconds = models.FloatField(default=0)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("seating draft")
        verbose_name_plural = _("seating drafts")

    def __str__(self) -> str:
        return f"{self.event} rounds {self.first_round}-{self.last_round}"

    @property
    def last_round(self) -> int:
        return self.first_round + self.round_count - 1
