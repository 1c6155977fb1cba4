"""Registration settings of an event, registrations, their append-only log, attendance at the
check-in desk, and the mails sent to registrants.

The cap is held by the database: ``RegistrationSettings.places_taken`` counts the registrations
holding a place (accepted, or offered a place), a check constraint keeps it at most ``cap``,
and every service that moves it locks the settings row first (``select_for_update``), so
concurrent sign-ups queue on that row in order of arrival.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from django_countries.fields import CountryField

from integrity.models import AppendOnlyRule
from tournament.contacts.models import EMAIL_MAX, Contact
from tournament.events.models import Event
from tournament.players.models import (
    EMA_NUMBER_REGEX,
    PLAYER_CLUB_MAX,
    PLAYER_NAME_KEY_MAX,
    PLAYER_NAME_MAX,
    Player,
    Team,
    player_name_key,
)

OPTIONAL_FIELDS = ("country", "club", "ema_number", "team")
TEXT_MAX = 1000


class RegistrationSettings(models.Model):
    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="registration")
    opens_at = models.DateTimeField(_("registration opens"), null=True, blank=True)
    closes_at = models.DateTimeField(_("registration closes"), null=True, blank=True)
    cap = models.PositiveIntegerField(_("places"), default=0)
    needs_approval = models.BooleanField(
        _("the director approves each registration"), default=False
    )
    required_fields = models.JSONField(default=list, blank=True)
    text = models.TextField(_("text shown on the form"), max_length=TEXT_MAX, blank=True)
    self_check_in = models.BooleanField(
        _("players may check in on their own phone with their PIN"), default=False
    )
    offer_hours = models.PositiveSmallIntegerField(
        _("hours to accept an offered place"), default=48
    )
    offer_minutes_on_event_day = models.PositiveSmallIntegerField(
        _("minutes to accept an offered place on the event day"), default=30
    )
    places_taken = models.PositiveIntegerField(default=0, editable=False)
    check_in_opened_at = models.DateTimeField(null=True, blank=True, editable=False)
    check_in_closed_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(places_taken__lte=F("cap")), name="registration_cap_holds"
            ),
            models.CheckConstraint(
                condition=Q(closes_at__isnull=True)
                | Q(opens_at__isnull=True)
                | Q(closes_at__gt=F("opens_at")),
                name="registration_times_in_order",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event}: {self.places_taken}/{self.cap}"


class Registration(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Awaiting approval")
        ACCEPTED = "accepted", _("Registered")
        WAITLISTED = "waitlisted", _("On the waitlist")
        OFFERED = "offered", _("Offered a place")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        REFUSED = "refused", _("Refused")
        EXPIRED = "expired", _("Offer expired")
        DECLINED = "declined", _("Offer declined")
        ABSENT = "absent", _("Absent")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    name = models.CharField(_("name"), max_length=PLAYER_NAME_MAX)
    name_key = models.CharField(max_length=PLAYER_NAME_KEY_MAX, editable=False)
    country = CountryField(_("country"), blank=True)
    club = models.CharField(_("club"), max_length=PLAYER_CLUB_MAX, blank=True)
    ema_number = models.CharField(_("EMA number"), max_length=8, blank=True)
    # The registrant's e-mail address and language, shared with the player made from the
    # registration (``tournament.contacts``); the same person signing up again keeps it.
    contact = models.ForeignKey(Contact, on_delete=models.PROTECT, related_name="registrations")
    team = models.ForeignKey(Team, on_delete=models.SET_NULL, null=True, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices)
    # Waitlist order: higher priority first (a director's "move up"), then arrival (pk).
    priority = models.IntegerField(default=0)
    offer_deadline = models.DateTimeField(null=True, blank=True)
    present_at = models.DateTimeField(null=True, blank=True)
    player = models.OneToOneField(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="registration"
    )
    link_nonce = models.CharField(max_length=32, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    erased_at = models.DateTimeField(null=True, blank=True)

    LIVE = (Status.PENDING, Status.ACCEPTED, Status.WAITLISTED, Status.OFFERED)
    HOLDING = (Status.ACCEPTED, Status.OFFERED)

    class Meta:
        ordering = ["pk"]
        constraints = [
            # With the contact's address unique per event: one live registration an address.
            models.UniqueConstraint(
                fields=["event", "contact"],
                condition=Q(status__in=["pending", "accepted", "waitlisted", "offered"]),
                name="registration_contact_unique_live",
            ),
            models.UniqueConstraint(
                fields=["event", "name_key"],
                condition=Q(status__in=["pending", "accepted", "waitlisted", "offered"]),
                name="registration_name_unique_live",
            ),
            models.UniqueConstraint(
                fields=["event", "ema_number"],
                condition=Q(status__in=["pending", "accepted", "waitlisted", "offered"])
                & ~Q(ema_number=""),
                name="registration_ema_unique_live",
            ),
            models.CheckConstraint(
                condition=Q(ema_number="") | Q(ema_number__regex=EMA_NUMBER_REGEX),
                name="registration_ema_number_format",
            ),
        ]
        indexes = [models.Index(fields=["event", "status", "-priority", "id"])]

    def __str__(self) -> str:
        return self.name

    def save_base(self, *args, **kwargs) -> None:
        self.name_key = player_name_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save_base(*args, **kwargs)


class RegistrationLog(models.Model):
    """What happened to a registration, one row per step; append-only (triggers in the
    migration refuse UPDATE and DELETE)."""

    append_only_rule = AppendOnlyRule()

    class Kind(models.TextChoices):
        SIGNED_UP = "signed_up", _("Signed up")
        ADDED = "added", _("Added by the director")
        EDITED = "edited", _("Details changed")
        APPROVED = "approved", _("Approved")
        REFUSED = "refused", _("Refused")
        PLACED = "placed", _("Took a place")
        WAITLISTED = "waitlisted", _("Put on the waitlist")
        MOVED_UP = "moved_up", _("Moved up the waitlist")
        OFFERED = "offered", _("Offered a place")
        OFFER_ACCEPTED = "offer_accepted", _("Accepted the offer")
        OFFER_REFUSED = "offer_refused", _("Declined the offer")
        OFFER_EXPIRED = "offer_expired", _("Offer expired")
        WITHDRAWN = "withdrawn", _("Withdrew")
        CHECKED_IN = "checked_in", _("Checked in")
        ABSENT = "absent", _("Marked absent")
        ERASED = "erased", _("Personal data deleted")

    registration = models.ForeignKey(
        Registration, on_delete=models.DO_NOTHING, related_name="log", db_constraint=False
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    at = models.DateTimeField(auto_now_add=True)
    deadline = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(max_length=500, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.DO_NOTHING,
        null=True,
        blank=True,
        related_name="+",
        db_constraint=False,
    )

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.registration_id} {self.kind}"


class Attendance(models.Model):
    """A player's presence on the event day: checked in (when, how) or marked absent when
    check-in closed (late check-in clears it)."""

    class How(models.TextChoices):
        DESK = "desk", _("at the desk")
        QR = "qr", _("card scanned")
        PHONE = "phone", _("own phone")
        CLOSE = "close", _("from the waitlist at closing")

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="attendance")
    checked_in_at = models.DateTimeField(null=True, blank=True)
    how = models.CharField(max_length=8, choices=How.choices, blank=True)
    absent = models.BooleanField(default=False)

    def __str__(self) -> str:
        return (
            f"{self.player_id}: {'in' if self.checked_in_at else 'absent' if self.absent else '-'}"
        )


class RegistrationMail(models.Model):
    """A mail to send, stored before it is sent (append-only); ``key`` names the step it is
    about, so that a step mails once whatever retries."""

    append_only_rule = AppendOnlyRule(erasable=("to", "body"))

    key = models.CharField(max_length=120, unique=True)
    event = models.ForeignKey(Event, on_delete=models.DO_NOTHING, db_constraint=False)
    to = models.CharField(max_length=EMAIL_MAX)
    subject = models.CharField(max_length=200)
    body = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        # the sending task looks for the recent mails not sent yet
        indexes = [models.Index(fields=["created_at"], name="registration_mail_recent")]

    def __str__(self) -> str:
        return self.key


class RegistrationMailSent(models.Model):
    """That a mail left (append-only): a retry finds it and sends nothing."""

    append_only_rule = AppendOnlyRule()

    mail = models.OneToOneField(
        RegistrationMail, on_delete=models.DO_NOTHING, related_name="sent", db_constraint=False
    )
    at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.mail_id} sent"
