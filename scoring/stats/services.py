"""Publishing the event's awards: the director's one write in this capability."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from rules import statistics as st
from scoring.stats.models import AwardPublication
from scoring.stats.reading import event_statistics, latest_publication
from tournament.access.roles import is_director
from tournament.events.models import Event


def clean_awards(kinds: Iterable[object]) -> list[str]:
    """The award kinds asked for, each once, in ``AWARDS`` order; an unknown one is refused."""
    asked = list(kinds)
    unknown = [str(kind) for kind in asked if kind not in st.AWARDS]
    if unknown:
        raise ValidationError(
            {
                "awards": [
                    _("Unknown award %(award)s: choose among %(awards)s.")
                    % {"award": unknown[0], "awards": ", ".join(st.AWARDS)}
                ]
            }
        )
    return [kind for kind in st.AWARDS if kind in asked]


def publish_awards(event: Event, kinds: Iterable[object], *, by) -> tuple[AwardPublication, bool]:
    """Publish the awards of ``kinds`` (an empty list withdraws them) as a new publication, the
    one in force. Only the event's director. An award nobody has earned yet (no win, no hand) is
    refused with its reason; asking again for what is in force stores nothing (a double tap).
    Returns (the publication in force, whether it is new)."""
    if not is_director(by, event):
        raise PermissionDenied(_("Only the event's director may publish the awards."))
    awards = clean_awards(kinds)
    if not event.keeps_score_sheets:
        raise ValidationError(
            {"awards": [_("This event keeps no score sheets: there are no awards to publish.")]}
        )
    found = event_statistics(event)
    earned = {award.kind for award in found.awards} if found else set()
    missing = [kind for kind in awards if kind not in earned]
    if missing:
        raise ValidationError(
            {"awards": [_("Nobody has earned this award yet: %(award)s.") % {"award": missing[0]}]}
        )
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).first()
        latest = latest_publication(event)
        if latest is not None and list(latest.awards) == awards:
            return latest, False
        if latest is None and not awards:
            raise ValidationError({"awards": [_("Choose at least one award to publish.")]})
        return AwardPublication.objects.create(event=event, awards=awards, published_by=by), True
