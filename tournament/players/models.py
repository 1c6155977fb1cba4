"""Players (with the key their names are compared by), teams and player imports."""

from __future__ import annotations

import unicodedata

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django_countries.fields import CountryField

from tournament.events.models import Event

EMA_NUMBER_REGEX = r"^[0-9]{8}$"
PLAYER_NAME_MAX = 120
PLAYER_CLUB_MAX = 120
# A casefold can make a string longer ("ß" becomes "ss", "ﬃ" becomes "ffi"): at most three
# characters for one.
PLAYER_NAME_KEY_MAX = 3 * PLAYER_NAME_MAX


def player_name_key(name: str) -> str:
    """The key two names are compared by: NFC, casefolded, NFC again (a casefold may leave a
    decomposed sequence). "Šťastný" composed or decomposed, "ŠŤASTNÝ" and "šťastný" share
    one key; the database keeps the key unique per event."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


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
    # Score sheet PINs (``tournament.players.access.pins``): only a keyed digest is stored; the PIN
    # itself is derived from the server's secret, the player and ``pin_generation`` (a reissue
    # bumps it).
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

    # The person this entry belongs to across events (``tournament.persons``); set when the
    # event's final ranking is published or by a director, never two players of one event.
    person = models.ForeignKey(
        "tournament.Person",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="players",
        verbose_name=_("person"),
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
                fields=["event", "person"],
                condition=Q(person__isnull=False),
                name="player_person_once_per_event",
                violation_error_message=_("A person plays at most once in an event."),
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
