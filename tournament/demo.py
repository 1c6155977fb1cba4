"""A realistic demo event: 32 players from the rule sources' countries, four seated rounds,
a director, a head referee and two floor referees."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, time, timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.utils import timezone

import seating
from tournament.access.roles import DIRECTORS_GROUP, FLOOR_REFEREES_GROUP, HEAD_REFEREES_GROUP
from tournament.events import services as event_services
from tournament.events.models import Event
from tournament.players.services import importing as player_import
from tournament.rounds import services as round_services
from tournament.rounds.models import Round
from tournament.rounds.services import seats
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment

DEMO_SLUG = "prague-open-2026"

NAMES = {
    "CZ": [
        "Jana Nováková",
        "Petr Svoboda",
        "Lucie Dvořáková",
        "Tomáš Černý",
        "Eva Procházková",
        "Jakub Kučera",
        "Tereza Veselá",
        "Martin Horák",
    ],
    "FR": [
        "Camille Martin",
        "Julien Bernard",
        "Manon Dubois",
        "Théo Laurent",
        "Chloé Moreau",
        "Hugo Lefèvre",
    ],
    "FI": [
        "Aino Virtanen",
        "Eero Korhonen",
        "Helmi Mäkinen",
        "Ville Nieminen",
        "Sanna Laine",
        "Otto Heikkinen",
    ],
    "PL": [
        "Zofia Nowak",
        "Piotr Kowalski",
        "Agnieszka Wiśniewska",
        "Michał Wójcik",
        "Katarzyna Kamińska",
        "Bartosz Lewandowski",
    ],
    "DE": [
        "Lena Müller",
        "Felix Schmidt",
        "Mia Weber",
        "Jonas Fischer",
        "Paul Wagner",
        "Hannah Becker",
    ],
    "NL": [
        "Sanne de Jong",
        "Daan Jansen",
        "Femke Bakker",
        "Lars Visser",
        "Eva Smit",
        "Bram van Dijk",
    ],
}
CLUBS = {
    "CZ": ["Praha Dragons", "Brno Bamboo"],
    "FR": ["Paris Mahjong Club", "Lyon Riichi"],
    "FI": ["Helsinki Tiles"],
    "PL": ["Warszawa Pung", "Kraków Kong"],
    "DE": ["Berlin Wind"],
    "NL": ["Amsterdam Mahjong"],
}
EMA_COUNTRY_PREFIX = {"CZ": "07", "FR": "04", "FI": "11", "PL": "08", "DE": "05", "NL": "01"}


@dataclass(frozen=True)
class DemoLogin:
    role: str
    username: str
    password: str


LOGINS = [
    DemoLogin("director", "director", "demo-director"),
    DemoLogin("head referee", "headref", "demo-headref"),
    DemoLogin("floor referee", "referee", "demo-referee"),
    DemoLogin("floor referee", "referee2", "demo-referee2"),
    DemoLogin("scorekeeper", "scorekeeper", "demo-scorekeeper"),
]


def _user(login: DemoLogin, group: str):
    User = get_user_model()
    user, _ = User.objects.get_or_create(username=login.username)
    user.set_password(login.password)
    user.save()
    user.groups.add(Group.objects.get(name=group))
    return user


def _players(count: int) -> list[dict[str, str]]:
    """Names cycle through the countries; past the list a running number keeps them unique."""
    result: list[dict[str, str]] = []
    index = 0
    while len(result) < count:
        for country, names in NAMES.items():
            name = names[index % len(names)]
            if index >= len(names):
                name = f"{name} {index // len(names) + 1}"
            club = CLUBS[country][index % len(CLUBS[country])]
            ema = f"{EMA_COUNTRY_PREFIX[country]}{len(result) + 1:06d}"
            result.append({"name": name, "country": country, "club": club, "ema_number": ema})
            if len(result) == count:
                break
        index += 1
    return result


def _seating(players, rounds: int) -> list[list[list[int]]]:
    """All rounds up front from the generator: no repeat meetings, winds balanced, clubs kept
    apart where it costs nothing."""
    specs = [seating.PlayerSpec(p.pk, p.club, str(p.country)) for p in players]
    schedule = seating.generate(
        seating.SeatingRequest(specs, rounds, seed=2026, avoid_club_weight=1.0)
    )
    return [[list(table) for table in tables] for tables in schedule.rounds]


PlayRound = Callable[[Event, Round], None]


@transaction.atomic
def load_demo(
    player_count: int = 32, round_count: int = 4, play: PlayRound | None = None
) -> tuple[Event, list[DemoLogin]]:
    """The demo event, if not loaded yet. Rounds 1 and 2 are played and closed, round 3 is live
    (it started 40 minutes ago), round 4 is seated for tomorrow. ``play`` is called for each
    of the first three rounds while it is live (results and fouls come from the apps above)."""
    director = _user(LOGINS[0], DIRECTORS_GROUP)
    head = _user(LOGINS[1], HEAD_REFEREES_GROUP)
    floor1 = _user(LOGINS[2], FLOOR_REFEREES_GROUP)
    floor2 = _user(LOGINS[3], FLOOR_REFEREES_GROUP)
    keeper = _user(LOGINS[4], FLOOR_REFEREES_GROUP)
    existing = Event.objects.filter(slug=DEMO_SLUG).first()
    if existing:
        return existing, LOGINS
    today = timezone.localdate()
    event = event_services.save_event(
        Event(
            name="Prague Mahjong Open 2026",
            slug=DEMO_SLUG,
            ruleset="mcr",
            status=Event.Status.RUNNING,
            start_date=today,
            end_date=today + timedelta(days=1),
            venue="Národní dům na Vinohradech, Praha",
            is_public=True,
            director=director,
            # A second person confirms each result: the round board shows entered results
            # waiting for it.
            results_need_confirmation=True,
        )
    )
    players = player_import.import_players_csv(
        event,
        "name,country,club,ema_number\n"
        + "\n".join(
            f"{p['name']},{p['country']},{p['club']},{p['ema_number']}"
            for p in _players(player_count)
        ),
    )
    tables = player_count // 4
    staff_services.assign_referee(event, head, role=RefereeAssignment.Role.HEAD)
    staff_services.assign_referee(
        event,
        floor1,
        role=RefereeAssignment.Role.FLOOR,
        table_numbers=list(range(1, tables // 2 + 1)),
    )
    staff_services.assign_referee(
        event,
        floor2,
        role=RefereeAssignment.Role.FLOOR,
        table_numbers=list(range(tables // 2 + 1, tables + 1)),
    )
    # A scorekeeper enters and confirms results at every table.
    staff_services.assign_referee(event, keeper, role=RefereeAssignment.Role.SCOREKEEPER)
    schedule = _seating(players, round_count)
    played = 2
    live_start = timezone.now().replace(second=0, microsecond=0) - timedelta(minutes=40)
    tomorrow = timezone.make_aware(datetime.combine(today + timedelta(days=1), time(9, 30)))
    for number in range(1, round_count + 1):
        if number <= played + 1:
            start = live_start - timedelta(hours=3 * (played + 1 - number))
        else:
            start = tomorrow + timedelta(hours=3 * (number - played - 2))
        round_ = round_services.create_round(
            event, number=number, starts_at=start, length_minutes=150
        )
        seats.seat_round(round_, schedule[number - 1])
    for round_ in event.rounds.order_by("number"):
        if round_.number > played + 1:
            continue
        round_services.update_round(round_, status=Round.Status.LIVE)
        if play is not None:
            play(event, round_)
        if round_.number <= played:
            round_services.update_round(round_, status=Round.Status.CLOSED)
    event.refresh_from_db()
    return event, LOGINS
