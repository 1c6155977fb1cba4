"""The director gives a round's logs: each is matched to its table by its players' online
names (an unseated four get a new table, a table seated otherwise is seated as the log says),
nothing is written until the director confirms, then all are imported or none."""

from __future__ import annotations

import base64

import pytest

from rules.onlinelogs import parse_log
from scoring.onlinelogs.models import LogImport
from scoring.onlinelogs.services.names import set_online_names
from scoring.sheets.models import SheetHand
from tests.scoring.onlinelogs.conftest import log_bytes, name_table, table
from tournament.players import services as player_services
from tournament.rounds.models import Seat

LOGS = ["format6/usual.json", "usual.xml"]


def body(names, confirm=False):
    return {
        "logs": [{"content": log_bytes(n).decode(), "filename": n} for n in names],
        "confirm": confirm,
    }


@pytest.fixture
def hall(online_event):
    hall = online_event()
    name_table(hall.event, "format6/usual.json", number=1)
    # table 2's players hold the log's names in another seat order: East is the log's South
    players = [
        s.player
        for s in sorted(table(hall.event, 2).seats.all(), key=lambda s: "ESWN".index(s.wind))
    ]
    log = parse_log(log_bytes("usual.xml"))
    for player, online in zip(players, [*log.names[1:], log.names[0]], strict=True):
        set_online_names(player, {"tenhou": online}, user=hall.director)
    return hall


def url(hall):
    return f"/api/events/{hall.event.slug}/rounds/1/online-logs/"


def test_a_round_is_proposed_then_imported(hall):
    client = hall.client(hall.director)
    proposal = client.post(url(hall), body(LOGS), format="json")
    assert proposal.status_code == 200, proposal.json()
    first, second = proposal.json()
    assert (first["table"], first["reseat"], first["problem"]) == (1, False, "")
    assert (second["table"], second["reseat"], second["problem"]) == (2, True, "")
    assert SheetHand.objects.count() == 0 and LogImport.objects.count() == 0
    done = client.post(url(hall), body(LOGS, confirm=True), format="json")
    assert done.status_code == 201, done.json()
    assert [d["hands_added"] for d in done.json()] == [9, 16]
    # Table 2 now sits as the log says: its East is the log's first player.
    east = Seat.objects.get(table=table(hall.event, 2), wind="E").player
    assert east.online_names.get(platform="tenhou").name == "player1"


def test_four_unseated_players_get_a_new_table(hall):
    content = log_bytes("format6/nine_terminal_draw.json").decode()
    for seat in table(hall.event, 1).seats.all():  # they hold the log's names: free them
        set_online_names(seat.player, {"tenhou": ""}, user=hall.director)
    newcomers = [player_services.add_player(hall.event, name=f"New {i}") for i in range(4)]
    for player, online in zip(newcomers, parse_log(content.encode()).names, strict=True):
        set_online_names(player, {"tenhou": online}, user=hall.director)
    client = hall.client(hall.director)
    answer = client.post(url(hall), {"logs": [{"content": content}]}, format="json")
    assert answer.json()[0]["new_table"] and answer.json()[0]["table"] == 3
    done = client.post(url(hall), {"logs": [{"content": content}], "confirm": True}, format="json")
    assert done.status_code == 201, done.json()
    new = table(hall.event, 3)
    assert [new.seats.get(wind=w).player for w in "ESWN"] == newcomers


def test_a_problem_in_one_log_imports_none(hall):
    client = hall.client(hall.director)
    for seat in table(hall.event, 2).seats.all():
        set_online_names(seat.player, {"tenhou": ""}, user=hall.director)
    answer = client.post(url(hall), body(LOGS), format="json")
    assert "No player of this event has the tenhou.net name" in answer.json()[1]["problem"]
    refused = client.post(url(hall), body(LOGS, confirm=True), format="json")
    assert refused.status_code == 400
    assert SheetHand.objects.count() == 0 and LogImport.objects.count() == 0


def test_only_the_director_imports_a_round(hall):
    answer = hall.client(hall.head).post(url(hall), body(LOGS), format="json")
    assert answer.status_code == 403


def test_a_malformed_log_in_a_round_is_a_400(hall):
    bad = {"logs": [{"content": base64.b64encode(b"nonsense").decode()}]}
    answer = hall.client(hall.director).post(url(hall), bad, format="json")
    assert answer.status_code == 400
