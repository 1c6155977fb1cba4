"""The seating generator's drafts: generate, inspect, swap, publish."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament import collation
from tournament.access.pages import director_required, require_GET_POST
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.rounds.models import SeatingDraft
from tournament.seating import services as seating_service
from tournament.seating.forms import SeatingForm


def _queue_draft(draft) -> None:
    """Generate through the task queue: eager (in-process) without a broker, so the draft is
    ready on return; with a broker the page shows "generating" and refreshes."""
    from tournament.seating.tasks import generate_seating

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
            done = _act(request, event, draft, form)
            if done is not None:
                return done
        except (ValidationError, ValueError) as exc:
            for message in getattr(exc, "messages", [str(exc)]):
                messages.error(request, message)
            if "generate" not in request.POST:
                return redirect("director:seating", slug=event.slug)
    players = collation.by_name(event.players.all())
    names: dict[int, str] = {p.pk: p.name for p in players}
    # the draft's substitutes (-1, -2, ...) under the names the director gave them
    for pk, gen_id in seating_service.substitute_ids(event).items():
        names[gen_id] = names[pk]
    context = {"event": event, "form": form, "draft": draft, "names": names}
    context |= seating_service.alert_context(event)
    if draft and draft.status == SeatingDraft.Status.READY:
        context |= _draft_context(draft, players, names)
    return render(request, "director/seating.html", context)


def _act(
    request: HttpRequest, event: Event, draft: SeatingDraft | None, form: SeatingForm
) -> HttpResponse | None:
    """The button pressed: generate, redraft, swap or publish; None when the page is shown
    again (the generate form's errors)."""
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
                    avoid_team_weight=data.get("avoid_team_weight"),
                    seed=data["seed"] or 0,
                )
                _queue_draft(draft)
            return redirect("director:seating", slug=event.slug)
    elif "redraft" in request.POST:
        with transaction.atomic():
            draft = seating_service.start_redraft(event, request.user)
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
            request,
            ngettext(
                "Seating published for %(count)d round.",
                "Seating published for %(count)d rounds.",
                len(rounds),
            )
            % {"count": len(rounds)},
        )
        return redirect("director:rounds", slug=event.slug)
    return None


def _draft_context(draft: SeatingDraft, players: list[Player], names: dict[int, str]) -> dict:
    """A ready draft's rounds with their byes, the players one may swap and each player's
    opponents."""
    met = seating_service.opponents(draft)
    active = [p for p in players if p.status == Player.Status.ACTIVE and not p.is_substitute]
    seated = {p for tables in draft.schedule for t in tables for p in t}
    context: dict = {}
    context["swappable"] = [(p.pk, p.name) for p in active] + [
        (p, names.get(p, _("Substitute"))) for p in sorted(seated, reverse=True) if p < 0
    ]
    rounds = []
    for i, tables in enumerate(draft.schedule):
        here = {p for t in tables for p in t}
        byes = [p.name for p in active if p.pk not in here]
        named = [[(p, names.get(p, _("Substitute"))) for p in t] for t in tables]
        rounds.append((draft.first_round + i, named, byes))
    context["rounds"] = rounds
    context["opponents"] = collation.by_name(
        (
            (
                names.get(p, _("Substitute")),
                collation.by_name(
                    ((names.get(q, _("Substitute")), n) for q, n in others.items()),
                    key=lambda pair: pair[0],
                ),
            )
            for p, others in met.items()
            if p > 0
        ),
        key=lambda player: player[0],
    )
    return context
