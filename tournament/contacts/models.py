"""A person's e-mail address and language in one event: the one place both are kept.

A registration, the player made from it, the player's notification choices, the calendar feed
and the outbox's messages to an address all refer to the person's ``Contact``. The address and
the language are changed in one place and seen everywhere; deleting a registrant's personal
data blanks them once for all of them. An outbox row (append-only) never holds an address,
only the contact (or the player) it goes to, so the address stays erasable."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.events.models import Event
from tournament.players.models import Player

EMAIL_MAX = 254


class Contact(models.Model):
    """How to reach one person of one event, and in which language. ``event`` is None only
    for a mail sent outside any event. ``player`` is set once the person plays (a registrant
    becomes a player with the same contact)."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, null=True, blank=True, related_name="contacts"
    )
    player = models.OneToOneField(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="contact"
    )
    email = models.EmailField(_("e-mail address"), max_length=EMAIL_MAX, blank=True)
    # Blank: the event's language of messages.
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, blank=True)
    # Off after an unsubscribe link or the player's choice; the mail server refused the address.
    email_on = models.BooleanField(_("e-mail"), default=True)
    email_invalid = models.BooleanField(default=False, editable=False)
    erased_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["event", "email"],
                condition=~Q(email=""),
                name="contact_email_once_per_event",
            )
        ]

    def __str__(self) -> str:
        return f"contact {self.pk}"

    @property
    def can_mail(self) -> bool:
        """An address that is there, wanted and not refused by its server."""
        return bool(self.email) and self.email_on and not self.email_invalid
