"""What a person's page shows, read in a fixed number of queries whatever their history:
the events they played (place, of how many, stage, team), their results per round, their
penalties with the public explanations, and per ranking
family their ranking now with how it was computed and its history as a chart."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from django.db.models import Max
from django.utils import timezone
from django.utils.html import escape

from penalties.describe import foul_label
from penalties.models import FoulReport
from rules import ranking as rk
from scoring.ranking.models import RankingEntry, RankingEvent, RankingResult
from scoring.ranking.reading.inputs import options_of, results_by_person
from scoring.results.models import SeatScore
from scoring.standings.models import StandingsSnapshot
from tournament.events.reading.dates import day as day_text
from tournament.formats.models import Stage
from tournament.numbers import shown as number_text
from tournament.persons.models import Person
from tournament.players.models import Player

CHART_W, CHART_H, PAD = 320, 120, 12


@dataclass
class Played:
    player: Player
    place: int | None
    of: int | None
    stage: str
    team: str
    counts: bool


def events_played(person: Person) -> list[Played]:
    """Four queries: the players (with event and team), the ranking results, the snapshots of
    events without one, the stages."""
    players = list(
        Player.objects.filter(person=person)
        .select_related("event", "team")
        .order_by("-event__end_date", "-event__start_date", "-event_id")
    )
    ranked = {
        r.player_id: r
        for r in RankingResult.objects.filter(player__in=players).select_related("event")
    }
    missing = [p.event_id for p in players if p.pk not in ranked]
    places: dict[int, tuple[int | None, int]] = {}
    if missing:
        for snapshot in StandingsSnapshot.objects.filter(event__in=missing):
            rows = snapshot.rows
            count = sum(1 for row in rows if row.get("place") is not None)
            for row in rows:
                places[row["player"]] = (row.get("place"), count)
    stages: dict[int, list[Stage]] = {}
    for stage in Stage.objects.filter(
        event__in=[p.event_id for p in players if p.event.has_stages]
    ):
        stages.setdefault(stage.event_id, []).append(stage)
    last_round = (
        dict(
            SeatScore.objects.filter(player__in=players, result__counts=True)
            .order_by()
            .values_list("player")
            .annotate(last=Max("result__round__number"))
        )
        if stages
        else {}
    )
    out = []
    for p in players:
        result = ranked.get(p.pk)
        if result is not None:
            place, of = result.place, result.event.players
        else:
            place, of = places.get(p.pk, (None, None))
        stage = ""
        if p.event_id in stages and p.pk in last_round:
            stage = next(
                (
                    s.name
                    for s in stages[p.event_id]
                    if s.first_round <= last_round[p.pk] <= s.last_round
                ),
                "",
            )
        counts = bool(result is not None and result.event.is_ranking and result.event.published_at)
        out.append(Played(p, place, of, stage, p.team.name if p.team else "", counts))
    return out


def round_results(players: list[Player]) -> dict[int, list[dict[str, Any]]]:
    """{event id: [{round, table, wind, score}]}: one query."""
    out: dict[int, list[dict[str, Any]]] = {}
    for row in (
        SeatScore.objects.filter(player__in=players, result__counts=True)
        .order_by("result__round__number")
        .values(
            "result__event_id", "result__round__number", "result__table__number", "wind", "score"
        )
    ):
        out.setdefault(row["result__event_id"], []).append(
            {
                "round": row["result__round__number"],
                "table": row["result__table__number"],
                "wind": row["wind"],
                "score": row["score"],
            }
        )
    return out


def penalties(players: list[Player]) -> list[dict[str, Any]]:
    """The fouls of any of the person's players, with the public explanation (the private
    note is not shown), voided ones marked: one query."""
    return [
        {
            "event": r.event.name,
            "label": foul_label(r.code),
            "explanation": r.explanation,
            "voided": hasattr(r, "void"),
            "at": r.created_at,
        }
        for r in FoulReport.objects.filter(offender__in=players)
        .select_related("event", "void")
        .order_by("-created_at")
    ]


@dataclass
class FamilyRanking:
    family: str
    entry: RankingEntry | None
    listed_of: int
    computed: rk.PersonRanking | None
    events: dict[Any, RankingEvent]
    chart_path: str
    chart_marks: str
    chart_label: str
    history: list[tuple[date, Fraction | None]]


def rankings(person: Person, on: date | None = None) -> list[FamilyRanking]:
    """Per family the person has results in: the stored entry (place), the computation (every
    result's r, w, a) and the history. Queries: entries, counts, then per family two."""
    on = on or timezone.localdate()
    families = sorted(
        set(
            RankingResult.objects.filter(
                player__person=person, event__is_ranking=True, event__published_at__isnull=False
            ).values_list("event__family", flat=True)
        )
    )
    entries = {e.family: e for e in RankingEntry.objects.filter(person=person)}
    out = []
    for family in families:
        results = results_by_person(family, [person.pk], until=on).get(person.pk, [])
        options = options_of(family)
        computed = rk.person_ranking(results, on, options)
        events = RankingEvent.objects.select_related("event").in_bulk([r.key for r in results])
        history = rk.history(results, on, options)
        path, marks, label = history_chart(history)
        out.append(
            FamilyRanking(
                family,
                entries.get(family),
                RankingEntry.objects.filter(family=family).count() if family in entries else 0,
                computed,
                events,
                path,
                marks,
                label,
                history,
            )
        )
    return out


def history_chart(history: list[tuple[date, Fraction | None]]) -> tuple[str, str, str]:
    """(polyline points, marks as SVG, label): the ranking (0-1000, higher at the top) on
    each date it changed; dates where the person was not listed are left out."""
    shown = [(d, v) for d, v in history if v is not None]
    if not shown:
        return "", "", ""
    first, last = shown[0][0].toordinal(), shown[-1][0].toordinal()
    span = max(last - first, 1)
    points, marks, label = [], [], []
    for day, value in shown:
        x = round(PAD + (CHART_W - 2 * PAD) * (day.toordinal() - first) / span, 1)
        y = round(PAD + (CHART_H - 2 * PAD) * (1 - float(value) / rk.BASE), 1)
        text = f"{day_text(day)}: {number_text(f'{float(value):.2f}')}"
        points.append(f"{x},{y}")
        marks.append(
            f'<circle cx="{x}" cy="{y}" r="3.5" fill="#0b5d3b"><title>{escape(text)}</title>'
            "</circle>"
        )
        label.append(text)
    return " ".join(points), "".join(marks), ", ".join(label)
