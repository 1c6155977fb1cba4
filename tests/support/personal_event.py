"""The archive event with real-looking personal data everywhere an archive can hold some: names,
clubs (one club spelt two ways), EMA numbers, PINs, a team, a stage, a table label, usernames
like e-mail addresses, a device, and typed texts in every field that takes one (notes,
explanations, reasons, announcements, a hand's correction, a sheet's closing)."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib.auth import get_user_model

from scoring.sheets import services as sheets
from scoring.sheets.services import Author
from tests.support.archive_event import build_archive_event
from tournament.events.models import Event
from tournament.formats.services import stages, teams
from tournament.hall import services as hall_services
from tournament.players import services as player_services
from tournament.players.access import pins
from tournament.rounds import services as round_services
from tournament.rounds.models import Round, Table

# name, country, club, EMA number, in the players' id order (the ninth is the substitute)
PEOPLE = [
    ("Jana Nováková", "CZ", "Praha Dragons", "07123401"),
    ("Kristýna Šťastná", "CZ", "PRAHA DRAGONS", "07123402"),
    ("Wojciech Wiśniewski", "PL", "Kraków Mahjong Klub", "10123403"),
    ("Aleksi Korhonen", "FI", "Helsinki Riichi Seura", "02123404"),
    ("Élodie Lefèvre", "FR", "Club Tonkinois de Lyon", "04123405"),
    ("Bartłomiej Zieliński", "PL", "", "10123406"),
    ("Tereza Dvořáková", "", "Brněnští Draci", ""),
    ("Oskari Mäkelä", "FI", "Helsinki Riichi Seura", "02123408"),
    ("Zoë Marchetti-Quist", "FR", "Club Tonkinois de Lyon", "04123409"),
]
USERNAMES = {
    "director": "petra.horakova@example.cz",
    "head": "head.referee.lindqvist",
    "floor": "mikulas.benes+floor@example.org",
    "other_floor": "sophie.garnier",
}
DEVICE = "Mozilla/5.0 (Linux; Android 14; Pixel 8 of Jana Novakova)"
TYPED = {
    "event": "Pražský jarní turnaj u Horáků",
    "team": "Dračí doupě Nováků",
    "stage": "Kvalifikace bez Zielińského",
    "label": "Stůl u okna paní Horákové",
    "correction": "Wrong winner: Kristýna wrote it down for Jana",
    "closing": "Time called by Petra at 18:05",
    "late": "Reported late by Oskari after the round",
    "explanation": "Jana exposed two tiles while drawing",
    "note": "Jana was warned last year at Brno too",
    "announcement": "Kristýna's lost phone is at the desk",
}


def build_personal_event(hall) -> Event:
    """``hall``: an MCR hall. The archive event (``build_archive_event``), a closed score sheet
    on round 2's table 1 with a player's hand confirmed by another player and a corrected hand,
    and the personal data above."""
    build_archive_event(hall)
    event = hall.event
    Event.objects.filter(pk=event.pk).update(
        name=TYPED["event"], keeps_score_sheets=True, players_enter_hands=True
    )
    event.refresh_from_db()
    for player, (name, country, club, ema) in zip(
        event.players.order_by("pk"), PEOPLE, strict=True
    ):
        player_services.update_player(player, name=name, country=country, club=club, ema_number=ema)
    pins.ensure_pins(event)
    team = teams.create_team(event, TYPED["team"])
    for player in event.players.order_by("pk")[:2]:
        teams.set_team(player, team)
    stages.add_stage(event, name=TYPED["stage"], first_round=1, last_round=2)
    Table.objects.filter(round__event=event, number=2).update(label=TYPED["label"])

    round2 = event.rounds.get(number=2)
    round_services.update_round(round2, status=Round.Status.LIVE)
    table = Table.objects.select_related("round__event").get(round=round2, number=1)
    seats = sheets.read_sheet(table).seats
    head = Author(user=hall.head)
    win = {"kind": "win", "winner": 0, "fan": 12, "discarder": 1}
    sheets.add_hand(table, win, author=head, number=1, idempotency_key=uuid.uuid4().hex)
    sheets.correct_hand(
        table,
        1,
        {**win, "winner": 2},
        author=head,
        reason=TYPED["correction"],
        based_on_version=1,
        idempotency_key=uuid.uuid4().hex,
    )
    by_player = {"kind": "win", "winner": 1, "fan": 8, "discarder": None}
    sheets.add_hand(
        table,
        by_player,
        author=Author(player=seats[1].player),
        number=2,
        idempotency_key=uuid.uuid4().hex,
    )
    sheets.confirm_hand(table, 2, author=Author(player=seats[2].player), version=1)
    foul = hall.client(hall.head).post(
        hall.url + "fouls/",
        {
            "round": 2,
            "table": 1,
            "offender": seats[3].player.pk,
            "code": "false_win",
            "details": {},
            "note": TYPED["note"],
            "explanation": TYPED["explanation"],
            "idempotency_key": uuid.uuid4().hex,
        },
        format="json",
        HTTP_USER_AGENT=DEVICE,
    )
    assert foul.status_code == 201, foul.content
    draw = {"kind": "draw"}
    sheets.add_hand(
        table,
        draw,
        author=head,
        number=3,
        idempotency_key=uuid.uuid4().hex,
        foul_report=foul.json()["id"],
    )
    sheets.close_sheet(table, author=head, reason=TYPED["closing"])
    late = hall.foul(
        hall.director,
        "premature_count",
        event.players.order_by("pk")[1],
        reason=TYPED["late"],
        explanation=TYPED["explanation"],
    )
    assert late.status_code == 201, late.content
    hall_services.add_announcement(event, TYPED["announcement"])
    users = get_user_model().objects
    for role, username in USERNAMES.items():
        users.filter(pk=getattr(hall, role).pk).update(username=username)
        getattr(hall, role).refresh_from_db()
    event.refresh_from_db()
    return event


def originals(data: dict[str, Any]) -> dict[str, set[str]]:
    """What must not be in the anonymised file, by what it is: every value of the original
    archive that names a person or a club, or that somebody typed."""

    def values(section: str, *fields: str) -> list[str]:
        return [row[f] for row in data[section] for f in fields]

    found = {
        "the event's name, short name and venue": [data["event"][f] for f in ("name", "slug")]
        + [data["event"]["venue"]],
        "names": values("players", "name", "name_key"),
        "clubs": values("players", "club"),
        "EMA numbers": values("players", "ema_number"),
        "PINs": values("players", "pin_digest"),
        "usernames and e-mails": data["users"],
        "teams, stages, table labels": values("teams", "name")
        + values("stages", "name")
        + values("tables", "label"),
        "announcements": values("announcements", "text"),
        "reasons": values("round_status_changes", "reason")
        + values("results", "reason")
        + values("foul_reports", "reason")
        + values("voids", "reason")
        + values("sheet_hands", "reason"),
        "notes and explanations": values("foul_reports", "note", "explanation"),
        "devices and client keys": values("foul_reports", "user_agent", "idempotency_key")
        + values("voids", "user_agent")
        + values("sheet_hands", "idempotency_key"),
    }
    return {what: {v for v in found_values if v} for what, found_values in found.items()}
