"""The statistics pages: public (the event's players and its published awards, one player's
figures with the chart of each game, a person's figures across events, the CSV/XLSX export)
and the director's awards page. Thin: ``reading`` does the work, ``services`` the one write.

Public pages answer conditional requests for visitors without a session: their ETag is what
the reading is kept under (the event's revision and its sheets' marker), the publication in
force and the language."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from rules import statistics as st
from scoring.files import CSV_TYPE, XLSX_TYPE, to_csv, to_xlsx
from scoring.sheets import services as sheets
from scoring.stats import reading, services
from scoring.stats.reading.charts import game_chart
from scoring.stats.reading.names import award_figure, award_name, win_size, win_words, yaku_named
from scoring.stats.reading.output import export_table
from tournament.access.pages import director_required, require_GET_POST, shared_page
from tournament.access.roles import can_view
from tournament.events.models import Event
from tournament.events.pages.timezones import activate_event_time_zone
from tournament.persons.models import Person
from tournament.players.models import Player


def _event(request: HttpRequest, slug: str) -> Event:
    event = get_object_or_404(Event, slug=slug)
    if not event.is_public and not can_view(request.user, event):
        raise Http404
    if not event.keeps_score_sheets:
        raise Http404
    activate_event_time_zone(event)
    return event


def _conditional(request: HttpRequest, tag: str, build) -> HttpResponse:
    """``build()``'s page, or 304 when a visitor without a session already has it."""
    if not shared_page(request):
        return build()
    etag = f'"{tag}-{get_language()}"'
    if etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
        response = HttpResponseNotModified()
    else:
        response = build()
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


def _award_rows(found: reading.EventStatistics) -> list[dict]:
    """The awards as the pages list them: the name, who, and what earned it in words."""
    names = {p.player: p.name for p in found.players}
    family = found.family
    return [
        {
            "kind": award.kind,
            "name": award_name(award.kind, family),
            "players": [(pk, names.get(pk, "")) for pk in award.players],
            "figure": award_figure(award.kind, family, award.figure),
            "hands": [
                {
                    "size": win_size(hand, family),
                    "words": win_words(hand.win, family),
                    "round": hand.label[1],  # type: ignore[index]
                    "table": hand.label[2],  # type: ignore[index]
                    "yaku": yaku_named(family, dict.fromkeys(hand.yaku, 1)),
                }
                for hand in award.hands
            ],
        }
        for award in found.awards
    ]


@require_GET
def event_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's players with their figures, and the awards the director published."""
    event = _event(request, slug)
    marker = sheets.sheet_marker(event)
    publication = reading.latest_publication(event)

    def build() -> HttpResponse:
        found = reading.event_statistics(event, marker=marker)
        shown = reading.published(found, publication) if found else None
        return render(
            request,
            "stats/event.html",
            {
                "event": event,
                "found": shown,
                "awards": _award_rows(shown) if shown else [],
                "family": reading.family_of(event),
            },
        )

    tag = f"stats-event-{event.pk}-{event.revision}{marker}-{publication.pk if publication else 0}"
    return _conditional(request, tag, build)


@require_GET
def player_page(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """One player's figures in the event, the best win, the fans or yaku from the tiles, and
    the score through each game."""
    event = _event(request, slug)
    player = get_object_or_404(Player.objects.only("pk", "name", "event_id"), event=event, pk=pk)
    marker = reading.player_marker(event, pk)

    def build() -> HttpResponse:
        found = reading.player_statistics(event, pk, marker=marker)
        family = reading.family_of(event)
        best = found.stats.best if found else None
        return render(
            request,
            "stats/player.html",
            {
                "event": event,
                "player": player,
                "found": found,
                "family": family,
                "best_size": win_size(best, family) if best else "",
                "best_words": win_words(best.win, family) if best else "",
                "best_yaku": yaku_named(family, dict.fromkeys(best.yaku, 1)) if best else [],
                "yaku": yaku_named(family, found.stats.yaku) if found else [],
                "charts": [game_chart(game) for game in found.games] if found else [],
            },
        )

    return _conditional(request, f"stats-player-{pk}-{event.revision}{marker}", build)


@require_GET
def person_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A person's figures across the public events they played, per ruleset family."""
    person = get_object_or_404(Person, pk=pk)
    if person.merged_into_id is not None:
        return redirect("stats:person", pk=person.merged_into_id)
    families = reading.person_statistics(person)
    return render(request, "stats/person.html", {"person": person, "families": families})


@require_GET
def export(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    """The event's players and their figures as a CSV or XLSX file."""
    if kind not in ("csv", "xlsx"):
        raise Http404
    event = _event(request, slug)
    found = reading.event_statistics(event)
    header, rows = export_table(found) if found else ([], [])
    if kind == "csv":
        response = HttpResponse(to_csv(header, rows), content_type=CSV_TYPE)
    else:
        response = HttpResponse(to_xlsx(header, rows, _("Statistics")), content_type=XLSX_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-statistics.{kind}"'
    return response


@director_required
@require_GET_POST
def awards_page(request: HttpRequest, event: Event) -> HttpResponse:
    """The awards as the hands give them now, which of them are public, and the director's
    choice to publish some or withdraw them."""
    if request.method == "POST":
        kinds = [] if "withdraw" in request.POST else request.POST.getlist("awards")
        try:
            _publication, new = services.publish_awards(event, kinds, by=request.user)
        except ValidationError as error:
            for message in error.messages:
                messages.error(request, message)
        else:
            if not new:
                messages.info(request, _("Nothing changed: these awards were already public."))
            elif kinds:
                messages.success(request, _("The awards are public."))
            else:
                messages.success(request, _("The awards are withdrawn."))
            return redirect("stats:awards", slug=event.slug)
    found = reading.event_statistics(event)
    publication = reading.latest_publication(event)
    public = set(publication.awards) if publication else set()
    rows = _award_rows(found) if found else []
    for row in rows:
        row["public"] = row["kind"] in public
    return render(
        request,
        "stats/awards.html",
        {
            "event": event,
            "rows": rows,
            "publication": publication,
            "public": [
                award_name(kind, reading.family_of(event)) for kind in st.AWARDS if kind in public
            ],
        },
    )
