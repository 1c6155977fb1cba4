"""Results by round, the penalties list, and "Where do I sit?" with its search by name."""

from __future__ import annotations

import unicodedata

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from penalties.models import FoulReport
from rules.standings import RIICHI, TABLE_POINTS
from scoring.public.common import stored_snapshot, visible_event
from scoring.sheets import services as sheets
from scoring.standings.snapshot import decoded_rows, expand_rounds
from tournament.collation import by_name
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.rounds.models import Round


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
            "live_tables": live_tables,
            "tables": tables,
            "rounds": event.rounds.all(),
            "riichi": snapshot.method == RIICHI,
            "table_points": snapshot.method == TABLE_POINTS,
        },
    )


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


# Letters that carry no combining mark to strip but are read as plain ones when searched.
_PLAIN_LETTERS = str.maketrans({"ł": "l", "đ": "d", "ø": "o", "ħ": "h", "ı": "i", "æ": "ae"})


def search_key(text: str) -> str:
    """``text`` for matching what people type: without accents, case-folded, single spaces
    ("Šťastný" and "stastny" match)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_PLAIN_LETTERS))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.translate(_PLAIN_LETTERS).split())


def name_matches(query_key: str, name_key: str) -> bool:
    """Every word typed starts a word of the name, in any order ("nov an" finds "Anna
    Novak"); the whole name's start matches too ("anna n")."""
    if not query_key:
        return False
    if name_key.startswith(query_key):
        return True
    words = name_key.split()
    return all(any(w.startswith(q) for w in words) for q in query_key.split())


@require_GET
def seating(request: HttpRequest, slug: str) -> HttpResponse:
    """Where each player sits in the round of ``published_round``, a search by name (any case,
    with or without accents, by the start of any word of the name), and who has a bye."""
    event = visible_event(request, slug)
    round_ = published_round(event)
    query = request.GET.get("q", "").strip()[:100]
    query_key = search_key(query)
    tables, matches, byes, bye_matches = [], [], [], []
    if round_:
        seated = set()
        for table in round_.tables.prefetch_related("seats__player"):
            seats = list(table.seats.all())
            for seat in seats:
                seat.search_key = search_key(seat.player.name)
                seated.add(seat.player_id)
            tables.append({"table": table, "seats": seats})
            matches += [(seat, table) for seat in seats if name_matches(query_key, seat.search_key)]
        for player in by_name(
            event.players.filter(status=Player.Status.ACTIVE, is_substitute=False)
        ):
            if player.pk not in seated:
                player.search_key = search_key(player.name)
                byes.append(player)
                if name_matches(query_key, player.search_key):
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
