"""The seating generator's drafts: generate, inspect, swap, publish."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournament import seating_service
from tournament.forms import SeatingForm
from tournament.models import Event, SeatingDraft

from .access import director_required, require_GET_POST


def _queue_draft(draft) -> None:
    """Generate through the task queue: eager (in-process) without a broker, so the draft is
    ready on return; with a broker the page shows "generating" and refreshes."""
    from tournament.tasks import generate_seating

    transaction.on_commit(lambda: generate_seating.delay(draft.pk))


@director_required
@require_GET_POST
def seating_page(request: HttpRequest, event: Event) -> HttpResponse:
    """Generate a seating draft, see its quality and each player's opponents, swap two
    players, publish."""
    draft = event.seating_drafts.first()
    form = SeatingForm(request.POST if "generate" in request.POST else None, event=event)
    if request.method == "POST":
        try:
            if "generate" in request.POST:
                if form.is_valid():
                    data = form.cleaned_data
                    with transaction.atomic():
                        draft = seating_service.start_draft(
                            event,
                            request.user,
                            first_round=data["first_round"],
                            rounds=data["rounds"],
                            method=data["method"],
                            fill=data["fill"],
                            avoid_club_weight=data["avoid_club_weight"],
                            avoid_country_weight=data["avoid_country_weight"],
                            seed=data["seed"] or 0,
                        )
                        _queue_draft(draft)
                    return redirect("director:seating", slug=event.slug)
            elif "swap" in request.POST and draft:
                seating_service.swap(
                    draft,
                    int(request.POST.get("round", 0)),
                    int(request.POST.get("a", 0)),
                    int(request.POST.get("b", 0)),
                )
                messages.success(request, _("Players swapped; the report is updated."))
                return redirect("director:seating", slug=event.slug)
            elif "publish" in request.POST and draft:
                rounds = seating_service.publish(draft)
                messages.success(
                    request, _("Seating published for %(count)d round(s).") % {"count": len(rounds)}
                )
                return redirect("director:rounds", slug=event.slug)
        except (ValidationError, ValueError) as exc:
            for message in getattr(exc, "messages", [str(exc)]):
                messages.error(request, message)
            if "generate" not in request.POST:
                return redirect("director:seating", slug=event.slug)
    names = {p.pk: p.name for p in event.players.all()}
    context = {"event": event, "form": form, "draft": draft, "names": names}
    if draft and draft.status == SeatingDraft.Status.READY:
        met = seating_service.opponents(draft)
        context["rounds"] = [
            (
                draft.first_round + i,
                [[(p, names.get(p, _("Substitute"))) for p in t] for t in tables],
            )
            for i, tables in enumerate(draft.schedule)
        ]
        context["opponents"] = sorted(
            (
                (
                    names.get(p, _("Substitute")),
                    sorted((names.get(q, _("Substitute")), n) for q, n in others.items()),
                )
                for p, others in met.items()
                if p > 0
            ),
        )
    return render(request, "director/seating.html", context)
