"""The demo event with what happened in it: table results for the played rounds and the fouls
the floor referees recorded (one voided on appeal), written through the real services."""

from __future__ import annotations

import random
from datetime import timedelta

from django.utils import timezone

from penalties import services as penalties
from rules.ranking import family_of
from scoring.exports.reading.ema import EMA_HEADER
from scoring.files import to_csv
from scoring.ranking.models import RankingEvent
from scoring.ranking.services import compute as ranking_compute
from scoring.ranking.services import importing as ranking_import
from scoring.results import services as result_services
from scoring.sheets import services as sheets
from scoring.standings.services import reconcile
from tournament.demo import DemoLogin, load_demo
from tournament.events import services as event_services
from tournament.events.models import Event
from tournament.persons import services as persons
from tournament.registration import services as registration
from tournament.rounds.models import Round, Table
from tournament.staff.models import RefereeAssignment

# (round, table, seat of the offender, foul code, details, public explanation)
FOULS = [
    (1, 2, "S", "false_win", {"reason": "under_minimum"}, "Declared 6 points"),
    (1, 5, "W", "slow_play", {"seconds": 25}, "Repeatedly over 10 s"),
    (2, 1, "N", "short_hand", {"count": 1}, "Forgot the replacement tile"),
    (2, 7, "E", "premature_count", {}, "Counted before taking the tile"),
    (2, 4, "S", "false_win", {"reason": "invalid_hand"}, "Wait was on a dead tile"),
    (3, 3, "W", "exposed_tiles", {"source": "own_hand", "count": 2}, "Knocked over two tiles"),
]
VOIDED = (2, 4)  # round, table of the report voided on appeal
LIVE_ROUND = 3  # its results are coming in: every table but the last has one, unconfirmed


def _scores(rng: random.Random) -> dict[str, int]:
    """A plausible MCR table: one big winner, the rest pay; sums to zero."""
    winner = rng.choice("ESWN")
    values = {w: -rng.randrange(8, 60) for w in "ESWN" if w != winner}
    values[winner] = -sum(values.values())
    return values


def _referee_for(event: Event, table_number: int):
    for assignment in event.referees.select_related("user"):
        if assignment.role == RefereeAssignment.Role.FLOOR and assignment.covers_table(
            table_number
        ):
            return assignment.user
    return event.director


def _play(event: Event, round_: Round) -> None:
    rng = random.Random(round_.number)
    head = event.referees.get(role=RefereeAssignment.Role.HEAD).user
    tables = {t.number: t for t in round_.tables.prefetch_related("seats")}
    for number, round_number, table_number, wind, code, details, explanation in (
        (i, *foul) for i, foul in enumerate(FOULS)
    ):
        if round_number != round_.number:
            continue
        seat = next(s for s in tables[table_number].seats.all() if s.wind == wind)
        report, _created = penalties.record_foul(
            event,
            _referee_for(event, table_number),
            penalties.FoulInput(
                round=round_.number,
                table=table_number,
                offender=seat.player_id,
                code=code,
                details=details,
                explanation=explanation,
                idempotency_key=f"demo-{number}",
            ),
            user_agent="Demo tablet",
        )
        if (round_number, table_number) == VOIDED:
            penalties.void_report(report, head, "Appeal upheld: the wait was live")
    if round_.number < LIVE_ROUND:
        for table in tables.values():
            result = result_services.enter_result(table, event.director, _scores(rng))
            result_services.confirm_result(table, head, result.version)
    elif round_.number == LIVE_ROUND:
        # The round board: results entered and waiting for the director's confirmation (so
        # the standings still read the closed rounds), one of them corrected, and the last
        # table still missing its result.
        for number, table in sorted(tables.items())[:-1]:
            result_services.enter_result(table, head, _scores(rng))
            if number == 1:
                result_services.enter_result(
                    table,
                    head,
                    _scores(rng),
                    based_on_version=1,
                    reason="East and West swapped on the sheet",
                )
        _sheet_in_progress(event, round_, max(tables))


# The live round's last table keeps a score sheet, part-way through its game: hands as
# announced at the table (seats 0 East, 1 South, 2 West, 3 North). The last hand is North's,
# entered with the player's PIN and waiting for another player of the table to confirm it.
SHEET = [
    {"kind": "win", "winner": 0, "fan": 12, "discarder": 1},
    {"kind": "win", "winner": 2, "fan": 8, "bonus": 2, "discarder": None},
    {"kind": "draw"},
    {"kind": "win", "winner": 3, "fan": 24, "discarder": 0},
    {"kind": "win", "winner": 1, "fan": 9, "bonus": 1, "discarder": 2},
    {"kind": "win", "winner": 3, "fan": 10, "bonus": 1, "discarder": 1},
]


def _sheet_in_progress(event: Event, round_: Round, number: int) -> None:
    """The event keeps score sheets and players enter hands with their PINs."""
    Event.objects.filter(pk=event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    table = (
        Table.objects.select_related("round__event")
        .prefetch_related("seats__player")
        .get(round=round_, number=number)
    )
    seats = {s.wind: s.player for s in table.seats.all()}
    for i, hand in enumerate(SHEET, start=1):
        author = (
            sheets.Author(player=seats["N"])
            if i == len(SHEET)
            else sheets.Author(user=event.director)
        )
        sheets.add_hand(
            table, hand, author=author, number=i, idempotency_key=f"demo-sheet-{number}-{i}"
        )


# Past MCR events the demo's players played (name, days before today, players): imported from
# their EMA results files, so that the ranking across events has a history to show.
HISTORY = [
    ("Vienna MCR Cup 2024", 700, 28),
    ("Brno MCR Open 2025", 420, 24),
    ("Helsinki Mahjong Days 2025", 200, 30),
    ("Kraków MCR Masters 2026", 60, 26),
]


def _history(event: Event) -> None:
    """The past events, once: each file places a random draw of the demo's players, and the
    demo event's players are linked to the same persons by their EMA numbers."""
    if RankingEvent.objects.filter(event__name=HISTORY[0][0]).exists():
        return
    rng = random.Random(36)
    players = list(event.players.order_by("pk"))
    today = timezone.localdate()
    for name, days_ago, count in HISTORY:
        chosen = rng.sample(players, count)
        rows = []
        for place, player in enumerate(chosen, start=1):
            first, _, last = player.name.rpartition(" ")
            rows.append([place, player.ema_number, last, first, player.country, 0, 0])
        last_day = today - timedelta(days=days_ago)
        ranking_import.import_ema(
            to_csv(EMA_HEADER, rows),
            name=name,
            ruleset=event.ruleset,
            first_day=last_day - timedelta(days=1),
            last_day=last_day,
            by=event.director,
        )
    persons.link_event_players(event, by=event.director)
    # Now, not by the worker: `make demo` shows the ranking at once, with or without a broker.
    ranking_compute.recompute(family_of(event.ruleset))


UPCOMING_SLUG = "brno-spring-open-2027"
UPCOMING_PLACES = 24
UPCOMING_REGISTERED = 20


def _upcoming(event: Event) -> None:
    """A second event, two months ahead, with registration open and most places taken by the
    demo's players (added by the director): the home page leads to its sign-up."""
    if Event.objects.filter(slug=UPCOMING_SLUG).exists():
        return
    start = timezone.localdate() + timedelta(days=60)
    upcoming = event_services.save_event(
        Event(
            name="Brno Spring Open 2027",
            slug=UPCOMING_SLUG,
            ruleset=event.ruleset,
            start_date=start,
            end_date=start + timedelta(days=1),
            venue="Besední dům, Brno",
            is_public=True,
            director=event.director,
        )
    )
    now = timezone.now()
    registration.update_settings(
        upcoming,
        opens_at=now - timedelta(days=2),
        closes_at=now + timedelta(days=45),
        cap=UPCOMING_PLACES,
        text="Two days, eight rounds of MCR. Lunch is included.",
    )
    for player in event.players.order_by("pk")[:UPCOMING_REGISTERED]:
        registration.sign_up(
            upcoming,
            {
                "name": player.name,
                "country": str(player.country or ""),
                "club": player.club,
                "ema_number": player.ema_number,
                "email": "",
                "language": "en",
            },
            by=event.director,
        )
    reconcile.reconcile_event(upcoming.pk)


def load_full_demo(player_count: int = 32, round_count: int = 4) -> tuple[Event, list[DemoLogin]]:
    event, logins = load_demo(player_count, round_count, play=_play)
    _history(event)
    _upcoming(event)
    reconcile.reconcile_event(event.pk)
    return event, logins
