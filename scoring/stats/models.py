"""The director's publications of the event's awards (``rules.statistics.AWARDS``)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from integrity.models import AppendOnlyModel
from tournament.events.models import Event


class AwardPublication(AppendOnlyModel):
    """The director publishes some of the event's awards (``awards``: their kinds), or withdraws
    them (an empty list). Append-only like the other records: the latest row is in force, the
    earlier ones say who published what and when. What an award says is read from the hands
    each time, so a corrected hand moves a published award too."""

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="award_publications")
    awards = models.JSONField(_("awards"), default=list, blank=True)
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="award_publications"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event_id", "pk"]
        verbose_name = _("award publication")
        verbose_name_plural = _("award publications")

    def __str__(self) -> str:
        return f"{self.event} awards {self.awards}"
