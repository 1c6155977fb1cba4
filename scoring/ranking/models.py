"""The ranking across events (docs/rules/ranking.md) as stored: which events count and their
published final places, weight overrides (append-only), the ranking's settings per family, and
the computed ranking (one row per listed person and family, as of ``RankingState.as_of``)."""

from __future__ import annotations

from fractions import Fraction

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from integrity.models import AppendOnlyRule
from rules.ranking import FAMILIES, PART_B_COUNT
from tournament.events.models import Event
from tournament.persons.models import Person
from tournament.players.models import Player

FAMILY_CHOICES = [(family, family) for family in FAMILIES]


# The families' names as pages show them.
FAMILY_NAMES = {
    "mcr": "MCR",
    "riichi": "Riichi",
    "wsom": "WSOM",
    "classical": _("Classical"),
    "french": _("French classical"),
}


class RankingEvent(models.Model):
    """An event's part in the ranking. ``is_ranking`` is the director's mark; the event counts
    once ``published_at`` is set (its final places are then ``RankingResult`` rows, and the
    facts its weight is made of are frozen here). Imported past events are published ranking
    events from the start."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="ranking"
    )
    family = models.CharField(max_length=20, choices=FAMILY_CHOICES)
    is_ranking = models.BooleanField(_("ranking event"), default=False)
    needs_qualification = models.BooleanField(_("players needed to qualify"), default=False)
    published_at = models.DateTimeField(_("final ranking published"), null=True, blank=True)
    last_day = models.DateField(null=True, blank=True)
    days = models.PositiveSmallIntegerField(default=1)
    players = models.PositiveIntegerField(default=0)
    substitutes = models.PositiveIntegerField(default=0)
    countries = models.PositiveIntegerField(default=0)
    # the weight in force (computed, or the latest override), as an exact "p/q" string
    weight = models.CharField(max_length=20, default="1")
    imported = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("ranking event")
        verbose_name_plural = _("ranking events")
        indexes = [models.Index(fields=["family", "published_at"], name="ranking_event_family")]

    def __str__(self) -> str:
        return str(self.event)

    @property
    def weight_value(self) -> Fraction:
        return Fraction(self.weight)


class RankingResult(models.Model):
    """A player's final place at a published ranking event (``place`` as the standings show
    it: 1, 2, 2, 4), replaced when the event publishes again."""

    event = models.ForeignKey(RankingEvent, on_delete=models.CASCADE, related_name="results")
    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="ranking_result")
    place = models.PositiveIntegerField()
    # how many players of the event share ``place`` (1: nobody else), kept with the place so
    # that a recompute needs no count of its own
    shared = models.PositiveIntegerField(default=1)
    # the player's person, copied when the result is stored and whenever players move
    # between persons (``storing.follow_players``), so that a recompute reads the results
    # without joining the players; ``verify`` reports a copy that differs
    person = models.ForeignKey(
        Person, on_delete=models.PROTECT, null=True, editable=False, related_name="+"
    )

    class Meta:
        ordering = ["place", "player__name"]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.place}"


class WeightOverride(models.Model):
    """Append-only: a director's weight for an event (empty: back to the computed weight),
    with the reason, who and when. The newest row is in force."""

    append_only_rule = AppendOnlyRule()

    event = models.ForeignKey(RankingEvent, on_delete=models.CASCADE, related_name="overrides")
    weight = models.CharField(_("weight"), max_length=20, blank=True)
    reason = models.CharField(_("reason"), max_length=500)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.event_id}: {self.weight or '-'}"


class RankingSetting(models.Model):
    """The ranking's options per family (Part B's count, docs/rules/ranking.md)."""

    family = models.CharField(max_length=20, choices=FAMILY_CHOICES, primary_key=True)
    part_b_count = models.PositiveSmallIntegerField(
        _("Part B counts the best"), default=PART_B_COUNT
    )

    def __str__(self) -> str:
        return self.family


class RankingState(models.Model):
    """When a family's stored ranking was computed, and for which date. ``revision`` moves
    with every change that asks for a recompute; ``computed_revision`` is what the stored rows
    reflect."""

    family = models.CharField(max_length=20, choices=FAMILY_CHOICES, primary_key=True)
    as_of = models.DateField(null=True, blank=True)
    computed_at = models.DateTimeField(null=True, blank=True)
    revision = models.PositiveBigIntegerField(default=0)
    computed_revision = models.BigIntegerField(default=-1)

    def __str__(self) -> str:
        return f"{self.family} @ {self.as_of}"


class RankingEntry(models.Model):
    """A listed person's ranking in a family, exact (``value``, ``part_a``, ``part_b`` as
    "p/q") with its place among the listed; ``score`` is ``value`` as a float, for ordering
    only."""

    family = models.CharField(max_length=20, choices=FAMILY_CHOICES)
    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="ranking_entries")
    place = models.PositiveIntegerField()
    value = models.CharField(max_length=200)
    part_a = models.CharField(max_length=200)
    part_b = models.CharField(max_length=200)
    score = models.FloatField()
    results = models.PositiveSmallIntegerField()
    country = models.CharField(max_length=2, blank=True)
    name = models.CharField(max_length=120)

    class Meta:
        ordering = ["family", "place", "name"]
        constraints = [
            models.UniqueConstraint(fields=["family", "person"], name="ranking_entry_once")
        ]
        # No index on the place: a recompute moves most places, and PostgreSQL rewrites a row
        # in place (a HOT update) only when no index holds the changed column. The ranking's
        # pages sort the family's rows and are kept by revision (``scoring.ranking.reading``).

    def __str__(self) -> str:
        return f"{self.family} {self.place}: {self.name}"

    @property
    def exact(self) -> Fraction:
        return Fraction(self.value)
