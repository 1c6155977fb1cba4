"""Results by round, the penalties list, and "Where do I sit?" with its search by name."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.views.decorators.http import require_GET

from penalties.models import FoulReport
from rules.standings import RIICHI, TABLE_POINTS
from scoring.public.pages import stored_snapshot, visible_event
from scoring.sheets import services as sheets
from scoring.standings.reading.snapshot import decoded_rows, expand_rounds
from tournament.collation import by_name, key_matches, match_key
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.rounds.models import Round
from tournament.rounds.reading import tabletimes


@require_GET
def round_results(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = visible_event(request, slug)
    round_ = get_object_or_404(Round, event=event, number=number)
    snapshot = stored_snapshot(event)
    rows, _by_player, _ranked = decoded_rows(event, snapshot)
    lines = {}
    for row in rows:
        for line in expand_rounds(row["rounds"]):
            if line["round"] == number:
                lines[row["player"]] = line
    tables = []
    for table in round_.tables.prefetch_related("seats__player"):
        seats = [{"seat": seat, "line": lines.get(seat.player_id)} for seat in table.seats.all()]
        tables.append({"table": table, "seats": seats, "played": any(s["line"] for s in seats)})
    live_tables = None
    if event.keeps_score_sheets and round_.status == Round.Status.LIVE:
        live_tables = sheets.live_tables(round_)
    return render(
        request,
        "public/round.html",
        {
            "event": event,
            "round": round_,
            "extensions": tabletimes.extensions_of(round_),
            "round_ends": _round_ends(round_),
            "live_tables": live_tables,
            "tables": tables,
            "rounds": event.rounds.all(),
            "riichi": snapshot.method == RIICHI,
            "table_points": snapshot.method == TABLE_POINTS,
        },
    )


def _round_ends(round_: Round) -> str:
    """While the round is played: when it ends, with the tables it waits for."""
    if round_.status != Round.Status.LIVE:
        return ""
    times = tabletimes.round_times(round_, timezone.now())
    return tabletimes.round_ends_text(times.ends, times.last_tables)


@require_GET
def penalties(request: HttpRequest, slug: str) -> HttpResponse:
    event = visible_event(request, slug)
    reports = (
        FoulReport.objects.filter(event=event)
        .select_related("round", "table", "offender", "void")
        .prefetch_related("entries", "table__seats")
        .order_by("-created_at", "-pk")
    )
    return render(request, "public/penalties.html", {"event": event, "reports": reports})


def published_round(event: Event) -> Round | None:
    """The round players should look at: the live one while a round is played (the highest,
    should two be live), else the next seated one."""
    rounds = list(event.rounds.filter(status__in=[Round.Status.SEATED, Round.Status.LIVE]))
    live = [r for r in rounds if r.status == Round.Status.LIVE]
    if live:
        return max(live, key=lambda r: r.number)
    return min(rounds, key=lambda r: r.number, default=None)


@require_GET
def seating(request: HttpRequest, slug: str) -> HttpResponse:
    """Where each player sits in the round of ``published_round``, a search by name (the one
    rule of ``tournament.collation``: any case, with or without accents, by the start of any
    word of the name), and who has a bye. The page's live filter asks this view again as the
    player types (``static/js/live.js``): the tables found are marked ``data-hit``."""
    event = visible_event(request, slug)
    round_ = published_round(event)
    query = request.GET.get("q", "").strip()[:100]
    typed = match_key(query)
    tables, matches, byes, bye_matches = [], [], [], []
    if round_:
        seated = set()
        for table in round_.tables.prefetch_related("seats__player"):
            seats = list(table.seats.all())
            seated.update(seat.player_id for seat in seats)
            found = [s for s in seats if key_matches(typed, match_key(s.player.name))]
            tables.append({"table": table, "seats": seats, "hit": bool(found)})
            matches += [(seat, table) for seat in found]
        for player in by_name(
            event.players.filter(status=Player.Status.ACTIVE, is_substitute=False)
        ):
            if player.pk not in seated:
                byes.append(player)
                if key_matches(typed, match_key(player.name)):
                    bye_matches.append(player)
    return render(
        request,
        "public/seating.html",
        {
            "event": event,
            "round": round_,
            "tables": tables,
            "query": query,
            "matches": matches,
            "byes": byes,
            "bye_matches": bye_matches,
        },
    )
