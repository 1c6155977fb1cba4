"""Events and their hall announcements."""

from __future__ import annotations

import zoneinfo
from functools import cache
from importlib import resources

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

RULESET_CHOICES = [
    ("mcr", _("Chinese Official (MCR)")),
    ("riichi_ema", _("Riichi, EMA rules (RCR 2016)")),
    ("riichi_wrc", _("Riichi, World Riichi Championship rules")),
    ("wsom", _("World Series of Mahjong")),
    ("classical", _("Classical / Western rules")),
    ("french", _("Classical rules, French club edition")),
]

MAX_NUMBER = 32767  # round and table numbers: small integers in the database


@cache
def time_zone_names() -> frozenset[str]:
    """The IANA time zone names this system knows."""
    return frozenset(zoneinfo.available_timezones())


def _tzdata(name: str) -> str:
    """A file of the IANA database as the ``tzdata`` package ships it."""
    return resources.files("tzdata").joinpath("zoneinfo", name).read_text(encoding="utf-8")


@cache
def current_time_zones() -> frozenset[str]:
    """The names offered to choose from: UTC and the current name of every zone of the IANA
    ``zone.tab`` ("Europe/Kyiv", "Asia/Kolkata"; not "Europe/Kiev", "Asia/Calcutta" nor
    "US/Eastern")."""
    names = {
        line.split("\t")[2]
        for line in _tzdata("zone.tab").splitlines()
        if line and not line.startswith("#")
    }
    return frozenset((names & time_zone_names()) | {"UTC"})


@cache
def time_zone_renames() -> dict[str, str]:
    """Old and alias names, each to the current name it stands for ("Europe/Kiev" ->
    "Europe/Kyiv", "US/Eastern" -> "America/New_York", "Etc/UTC" -> "UTC"): the IANA
    database's links (``tzdata.zi``), but never a name that is offered itself."""
    current = current_time_zones()
    renames = {"Etc/UTC": "UTC"}
    for line in _tzdata("tzdata.zi").splitlines():
        if not line.startswith("L "):
            continue
        _kind, target, name = line.split()[:3]
        target = "UTC" if target == "Etc/UTC" else target
        if name not in current and target in current:
            renames[name] = target
    return renames


def current_time_zone(name: str) -> str:
    """``name`` under its current IANA name (an old alias mapped, any other name kept)."""
    return time_zone_renames().get(name, name)


def default_time_zone() -> str:
    """New events start in the server's time zone (``TIME_ZONE``, UTC by default)."""
    return settings.TIME_ZONE


def default_language() -> str:
    """New events speak the site's language (``LANGUAGE_CODE``)."""
    return settings.LANGUAGE_CODE


# Event fields written only by the team and stage services (by UPDATE), never by ``save``.
FORMAT_FIELDS = ("team_best", "has_teams", "has_stages")


class Event(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("short name (in addresses)"), max_length=80, unique=True)
    ruleset = models.CharField(_("ruleset"), max_length=20, choices=RULESET_CHOICES)
    ruleset_options = models.JSONField(_("ruleset options"), default=dict, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    start_date = models.DateField(_("first day"), null=True, blank=True)
    end_date = models.DateField(_("last day"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    is_public = models.BooleanField(_("public"), default=False)
    director = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="directed_events",
        verbose_name=_("director"),
    )
    floor_referees_enter_results = models.BooleanField(
        _("floor referees may enter results of their tables"), default=False
    )
    results_need_confirmation = models.BooleanField(
        _("results count only once a second person confirms them"), default=False
    )
    keeps_score_sheets = models.BooleanField(
        _("tables keep a score sheet, hand by hand"),
        default=False,
        help_text=_("Closing a table's sheet writes its result."),
    )
    players_enter_hands = models.BooleanField(
        _("players enter hands with their personal PIN"),
        default=False,
        help_text=_("A hand a player enters counts once another player or a referee confirms it."),
    )
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        default=default_time_zone,
        help_text=_("Every page about this event shows and takes times in this time zone."),
    )
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=settings.LANGUAGES,
        default=default_language,
        help_text=_(
            "The rulebook, the notifications and the calendar feed speak this language to "
            "every reader and player who chose none."
        ),
    )
    revision = models.PositiveBigIntegerField(_("revision"), default=0, editable=False)
    # Moves when the hall's announcements change: the public page shows them, the standings
    # do not depend on them (so they do not move ``revision``, which asks for a reconcile).
    announcements_revision = models.PositiveIntegerField(default=0, editable=False)
    team_best = models.PositiveSmallIntegerField(
        _("team standings count the best"),
        null=True,
        blank=True,
        help_text=_("Members per team whose totals count; empty: every member."),
    )
    # Kept by the team and stage services (``tournament.formats.services``), so that
    # pages and the reconcile know without a query whether the event has a format to show.
    has_teams = models.BooleanField(default=False, editable=False)
    has_stages = models.BooleanField(default=False, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__isnull=True)
                | Q(start_date__isnull=True)
                | Q(end_date__gte=F("start_date")),
                name="event_dates_in_order",
                violation_error_message=_("The last day cannot be before the first day."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        """An update never writes the revisions back: they move only by ``F()`` increments,
        and a copy loaded before one (an edit form left open) would take them backwards, so
        that a change of ruleset options could land at a revision already reconciled. Fields
        deferred on this copy are left alone too, as Django's own save would. So are the
        format fields their own services write (``FORMAT_FIELDS``), for the same reason."""
        updating = self.pk is not None and not kwargs.get("force_insert")
        if updating and kwargs.get("update_fields") is None:
            skipped = {
                "revision",
                "announcements_revision",
                *FORMAT_FIELDS,
                *self.get_deferred_fields(),
            }
            kwargs["update_fields"] = [
                f.name
                for f in self._meta.concrete_fields
                if not f.primary_key and f.attname not in skipped and f.name not in skipped
            ]
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("director:event", kwargs={"slug": self.slug})

    @property
    def tzinfo(self) -> zoneinfo.ZoneInfo:
        """The event's time zone (UTC if the stored name is unknown to this system)."""
        try:
            return zoneinfo.ZoneInfo(self.time_zone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError):
            return zoneinfo.ZoneInfo("UTC")


class Announcement(models.Model):
    """A message for the hall: shown on the projector and the public event page."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="announcements")
    text = models.CharField(_("text"), max_length=300)
    is_active = models.BooleanField(_("shown"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("announcement")
        verbose_name_plural = _("announcements")

    def __str__(self) -> str:
        return self.text
