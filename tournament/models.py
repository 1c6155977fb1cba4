"""Events, players, rounds, tables, seats and referee assignments.

Structural invariants live in the database as constraints so that no code path (API, form,
admin, shell) can break them: a player sits at most once per round, a table has each wind once,
round numbers are unique per event and table numbers unique per round. Seats of a closed round
are frozen by a trigger (see migration 0002).
"""

from __future__ import annotations

import unicodedata
import zoneinfo
from functools import cache

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django_countries.fields import CountryField

RULESET_CHOICES = [
    ("mcr", _("Chinese Official (MCR)")),
    ("riichi_ema", _("Riichi, EMA rules (RCR 2016)")),
    ("riichi_wrc", _("Riichi, World Riichi Championship rules")),
    ("wsom", _("World Series of Mahjong")),
    ("classical", _("Classical / Western rules")),
    ("french", _("Classical rules, French club edition")),
]

EMA_NUMBER_REGEX = r"^[0-9]{8}$"
MAX_NUMBER = 32767  # round and table numbers: small integers in the database
PLAYER_NAME_MAX = 120
PLAYER_CLUB_MAX = 120
# A casefold can make a string longer ("ß" becomes "ss", "ﬃ" becomes "ffi"): at most three
# characters for one.
PLAYER_NAME_KEY_MAX = 3 * PLAYER_NAME_MAX


@cache
def time_zone_names() -> frozenset[str]:
    """The IANA time zone names this system knows."""
    return frozenset(zoneinfo.available_timezones())


def default_time_zone() -> str:
    """New events start in the server's time zone (``TIME_ZONE``, UTC by default)."""
    return settings.TIME_ZONE


def player_name_key(name: str) -> str:
    """The key two names are compared by: NFC, casefolded, NFC again (a casefold may leave a
    decomposed sequence). "Šťastný" composed or decomposed, "ŠŤASTNÝ" and "šťastný" share
    one key; the database keeps the key unique per event."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


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
        deferred on this copy are left alone too, as Django's own save would."""
        updating = not self._state.adding and not kwargs.get("force_insert")
        if updating and kwargs.get("update_fields") is None:
            skipped = {"revision", "announcements_revision", *self.get_deferred_fields()}
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


class PlayerQuerySet(models.QuerySet):
    def bulk_create(self, objs, *args, **kwargs):
        objs = list(objs)
        for player in objs:
            player.name_key = player_name_key(player.name)
        return super().bulk_create(objs, *args, **kwargs)


class Player(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        DROPPED = "dropped", _("Dropped")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=PLAYER_NAME_MAX)
    # ``player_name_key(name)``, kept by ``save`` and ``bulk_create``: duplicates are refused
    # by the database whatever the case or Unicode normalisation, and concurrent adds too.
    name_key = models.CharField(max_length=PLAYER_NAME_KEY_MAX, editable=False)
    country = CountryField(_("country"), blank=True)
    club = models.CharField(_("club"), max_length=PLAYER_CLUB_MAX, blank=True)
    ema_number = models.CharField(_("EMA number"), max_length=8, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.ACTIVE
    )
    is_substitute = models.BooleanField(_("substitute"), default=False)
    # Score sheet PINs (``tournament.pins``): only a keyed digest is stored; the PIN itself is
    # derived from the server's secret, the player and ``pin_generation`` (a reissue bumps it).
    pin_digest = models.CharField(max_length=64, blank=True, editable=False)
    pin_generation = models.PositiveIntegerField(default=0, editable=False)
    team = models.ForeignKey(
        "Team",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="members",
        verbose_name=_("team"),
    )

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "name_key"], name="player_name_key_unique_per_event"
            ),
            models.UniqueConstraint(
                fields=["event", "ema_number"],
                condition=~Q(ema_number=""),
                name="player_ema_unique_per_event",
            ),
            models.CheckConstraint(
                condition=Q(ema_number="") | Q(ema_number__regex=EMA_NUMBER_REGEX),
                name="player_ema_number_format",
            ),
            models.UniqueConstraint(
                fields=["event", "pin_digest"],
                condition=~Q(pin_digest=""),
                name="player_pin_unique_per_event",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save_base(self, *args, **kwargs) -> None:
        """Every save (raw ones too, e.g. restoring an archive) keeps the name key current."""
        self.name_key = player_name_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save_base(*args, **kwargs)


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
    # The clock the hall sees (see ``tournament.clock.clock_of``): when the round last went
    # live, when the director started its clock by hand, whether it is paused and for how
    # long it was paused before, and time added to the whole round.
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
    extra_minutes = models.PositiveSmallIntegerField(
        _("extra time (minutes)"),
        default=0,
        help_text=_("Granted by the director, e.g. after a long dispute at the table."),
    )

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


class RefereeAssignment(models.Model):
    """One role of one person in one event. A person may hold several roles in an event
    (e.g. floor referee and scorekeeper), each once, each with its own tables."""

    class Role(models.TextChoices):
        HEAD = "head", _("Head referee")
        FLOOR = "floor", _("Floor referee")
        SCOREKEEPER = "scorekeeper", _("Scorekeeper")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="referee_assignments"
    )
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="referees")
    role = models.CharField(_("role"), max_length=12, choices=Role.choices, default=Role.FLOOR)
    table_numbers = models.JSONField(
        _("tables"),
        default=list,
        blank=True,
        help_text=_("Table numbers this referee covers; empty means every table."),
    )
    assigned_at = models.DateTimeField(_("assigned"), default=timezone.now)
    # When the person saw the assignment on their referee page (None: not yet, "new").
    seen_at = models.DateTimeField(_("seen"), null=True, blank=True)

    class Meta:
        ordering = ["event", "role", "user__username"]
        verbose_name = _("referee assignment")
        verbose_name_plural = _("referee assignments")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "event", "role"], name="referee_role_once_per_event"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}, {self.event})"

    # Strongest first: the order ``tournament.roles.referee_assignment`` picks by.
    STRENGTH = {Role.HEAD: 3, Role.FLOOR: 2, Role.SCOREKEEPER: 1}

    @property
    def strength(self) -> int:
        return self.STRENGTH.get(self.role, 0)

    def covers_table(self, table_number: int) -> bool:
        return (
            self.role == self.Role.HEAD
            or not self.table_numbers
            or (table_number in self.table_numbers)
        )


class StaffInvitation(models.Model):
    """A link a director gives to a future referee or scorekeeper of the event.

    Whoever opens the link creates an account (or logs in to theirs) and accepts the roles; the
    director never types, and so never learns about, anybody else's account. Only a hash of
    the link's secret is stored; the link itself is shown once, to the director."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="invitations")
    roles = models.JSONField(_("roles"), default=list)
    table_numbers = models.JSONField(_("tables"), default=list, blank=True)
    note = models.CharField(
        _("for whom"),
        max_length=120,
        blank=True,
        help_text=_("A note for you, e.g. the person's name; they do not see it."),
    )
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(_("valid until"))
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="accepted_staff_invitations",
    )
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("staff invitation")
        verbose_name_plural = _("staff invitations")

    def __str__(self) -> str:
        return f"{self.event}: {', '.join(self.roles)} ({self.note})"

    @property
    def is_pending(self) -> bool:
        return self.accepted_at is None and self.expires_at > timezone.now()

    def role_labels(self) -> list[str]:
        labels = dict(RefereeAssignment.Role.choices)
        return [str(labels.get(role, role)) for role in self.roles]


class PlayerImport(models.Model):
    """An uploaded player file kept between its preview and the director's confirmation."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="player_imports")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    filename = models.CharField(max_length=255, blank=True)
    data = models.BinaryField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.event}: {self.filename}"


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


class Team(models.Model):
    """A team of an event: its members are players of the same event (``Player.team``)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=PLAYER_CLUB_MAX)

    class Meta:
        ordering = ["name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="team_name_unique_per_event"),
        ]

    def __str__(self) -> str:
        return self.name


class Stage(models.Model):
    """A range of an event's rounds with its own standings. An event without stages is one
    stage of every round. A stage after the first may start with a cut (``cut_size``): the
    players who go on are fixed when the director confirms it (``CutDecision``)."""

    class Carry(models.TextChoices):
        FULL = "full", _("Every total in full")
        HALF = "half", _("Half of every total")
        NONE = "none", _("Nothing (start from zero)")
        SEED = "seed", _("Fixed seed points by place")

    class Rest(models.TextChoices):
        STOP = "stop", _("Stop playing")
        CONSOLATION = "consolation", _("Play on in a consolation group")

    class Seating(models.TextChoices):
        GENERATOR = "generator", _("Seating generator within the stage's players")
        RANK = "rank", _("By rank (1-4 at table 1, 5-8 at table 2, ...)")
        PROGRESSIVE = "progressive", _("Progressive: players of close rank together")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=80)
    first_round = models.PositiveSmallIntegerField(_("first round"))
    last_round = models.PositiveSmallIntegerField(_("last round"))
    cut_size = models.PositiveSmallIntegerField(
        _("cut to"),
        null=True,
        blank=True,
        help_text=_("The top players of the previous stage who go on; empty: everybody."),
    )
    carry = models.CharField(
        _("carried over"), max_length=10, choices=Carry.choices, default=Carry.FULL
    )
    seed_points = models.JSONField(_("seed points by place"), default=list, blank=True)
    rest = models.CharField(
        _("players who are not qualified"),
        max_length=12,
        choices=Rest.choices,
        default=Rest.STOP,
    )
    seating = models.CharField(
        _("seating"), max_length=12, choices=Seating.choices, default=Seating.GENERATOR
    )
    allow_byes = models.BooleanField(
        _("substitutes or byes allowed"),
        default=False,
        help_text=_("Allows a cut that is not a multiple of four."),
    )

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="stage_number_unique"),
            models.CheckConstraint(
                condition=Q(first_round__gte=1) & Q(last_round__gte=F("first_round")),
                name="stage_rounds_in_order",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def holds(self, round_number: int) -> bool:
        return self.first_round <= round_number <= self.last_round


class CutDecision(models.Model):
    """A confirmed cut: the previous stage's standing at that moment (player ids with their
    places), the players tied at the line, the director's choice among them, and who went on.
    Written once; a cut is never changed afterwards."""

    stage = models.OneToOneField(Stage, on_delete=models.CASCADE, related_name="cut")
    standing = models.JSONField(default=list)
    tied = models.JSONField(default=list, blank=True)
    chosen = models.JSONField(default=list, blank=True)
    qualified = models.JSONField(default=list)
    revision = models.BigIntegerField(default=0)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("cut decision")
        verbose_name_plural = _("cut decisions")

    def __str__(self) -> str:
        return f"{self.stage}: {len(self.qualified)}"
