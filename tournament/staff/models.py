"""Referee assignments and staff invitations."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.events.models import Event


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

    # Strongest first: the order ``tournament.access.roles.referee_assignment`` picks by.
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
