"""The signed-in player's own page (issue 32, item 2): my seat now and next with the round
clock, the game's state in words, what waits for me, my results and penalties (the public
explanation, never the private note), my place; the header names the signed-in player; the
public player page's tables stack on a phone; the page's queries do not grow with the sheet."""

from __future__ import annotations

import re
import uuid
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring.results import services as result_services
from scoring.sheets import services as sheets
from scoring.standings.services import reconcile as standings_reconcile
from tests.support.players import player_client
from tournament.events.models import Event
from tournament.players import services as player_services
from tournament.rounds import services as round_services
from tournament.rounds.models import Round, Table
from tournament.rounds.services import seats

pytestmark = pytest.mark.django_db

PRIVATE = "He swore at the table: watch him"
PUBLIC = "Declared a win on a hand of six points"


@pytest.fixture(autouse=True)
def clear_cache():
    cache.clear()


@pytest.fixture
def riichi(make_hall):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    hall.event.refresh_from_db()
    return hall


def play(hall) -> str:
    return f"/e/{hall.event.slug}/play/"


def ron(winner, discarder, han=1, fu=30):
    return {"kind": "win", "winner": winner, "discarder": discarder, "han": han, "fu": fu}


def staff_hand(hall, number, hand):
    table = Table.objects.select_related("round__event").get(round__event=hall.event, number=1)
    sheets.add_hand(
        table, hand, number=number, author=sheets.Author(user=hall.head),
        idempotency_key=uuid.uuid4().hex,
    )  # fmt: skip


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_my_seat_opponents_and_the_round_clock(riichi):
    Round.objects.filter(event=riichi.event, number=1).update(
        clock_started_at=timezone.now() - timedelta(minutes=30), length_minutes=90
    )
    page = player_client(riichi, riichi.south).get(play(riichi)).content.decode()
    seat = page.split('data-testid="my-seat"')[1].split("</section>")[0]
    assert "Round 1: table 1, South" in text_of(seat)
    for opponent in (riichi.east, riichi.west, riichi.north):
        assert opponent.name in seat
    clock = text_of(seat.split('data-testid="clock"')[1].split("</p>")[0])
    # What is left, as the hall's clocks show it; the phone counts it down from there.
    assert re.search(r"Round clock: (59:5\d|1:00:00) left \(ends at \d\d:\d\d\)", clock), clock
    counting = seat.split("data-countdown")[1].split(">")[0]
    assert 3590 <= int(re.search(r'data-remaining="(\d+)"', counting)[1]) <= 3600
    assert "Round clock: {LEFT} left" in counting and "time is up" in counting


def test_my_next_seat_is_shown(riichi):
    round2 = round_services.create_round(riichi.event, number=2)
    ids = list(riichi.event.players.order_by("-pk").values_list("pk", flat=True))
    seats.seat_round(round2, [ids[:4], ids[4:]])
    page = player_client(riichi, riichi.south).get(play(riichi)).content.decode()
    nxt = text_of(page.split('data-testid="seat-next"')[1].split("</p>")[0])
    assert "Round 2: table" in nxt


def test_the_games_state_in_words(riichi):
    client = player_client(riichi, riichi.south)
    assert "East 1, 0 counters, 0 riichi sticks" in text_of(
        client.get(play(riichi)).content.decode()
    )
    # The dealer (East) wins: the deal stays with him, a counter is added.
    staff_hand(riichi, 1, ron(0, 2))
    assert "East 1, 1 counter, 0 riichi sticks" in text_of(
        client.get(play(riichi)).content.decode()
    )
    # South wins with East's riichi stick left over? No: a non-dealer win passes the deal.
    staff_hand(riichi, 2, {**ron(1, 2), "riichi": [3]})
    assert "East 2, 0 counters, 0 riichi sticks" in text_of(
        client.get(play(riichi)).content.decode()
    )


def test_the_header_names_the_signed_in_player_not_a_staff_login(riichi):
    page = player_client(riichi, riichi.south).get(play(riichi)).content.decode()
    header = page.split('<header class="site-header">')[1].split("</header>")[0]
    assert riichi.south.name in header and "Sign out" in header
    assert "Log in" not in header


def test_hands_to_confirm_wait_for_the_others_not_for_their_author(riichi):
    south = player_client(riichi, riichi.south)
    form = {
        "action": "add", "number": 1, "idempotency_key": "k1", "kind": "win", "winner": 1,
        "discarder": 2, "han": 3, "fu": 30,
    }  # fmt: skip
    assert south.post(play(riichi), form).status_code == 302
    mine = south.get(play(riichi)).content.decode()
    assert "Hand 1 awaits your confirmation." not in mine
    west = player_client(riichi, riichi.west).get(play(riichi)).content.decode()
    waiting = west.split('data-testid="waiting"')[1].split("</section>")[0]
    assert "Hand 1 awaits your confirmation." in waiting


def test_my_results_and_penalties_show_the_explanation_never_the_note(riichi):
    answer = riichi.foul(
        riichi.floor, "false_win", riichi.south, {"reason": "invalid_hand"},
        note=PRIVATE, explanation=PUBLIC,
    )  # fmt: skip
    assert answer.status_code == 201, answer.content
    table = Table.objects.get(round__event=riichi.event, round__number=1, number=2)
    result_services.enter_result(
        table, riichi.director, {"E": 45000, "S": 35000, "W": 25000, "N": 15000}
    )
    standings_reconcile.reconcile_event(riichi.event.pk)
    page = player_client(riichi, riichi.south).get(play(riichi)).content.decode()
    penalties = page.split('data-testid="my-penalties"')[1].split("</ul>")[0]
    assert PUBLIC in penalties
    assert PRIVATE not in page
    assert 'data-testid="my-standing"' in page
    # A player of table 2 sees his result.
    other = riichi.event.players.get(seats__table=table, seats__wind="E")
    page = player_client(riichi, other).get(play(riichi)).content.decode()
    assert "Round 1, table 2" in text_of(page.split('data-testid="my-results"')[1])


def test_the_public_player_pages_tables_stack_on_a_phone(riichi):
    table = Table.objects.get(round__event=riichi.event, round__number=1, number=1)
    result_services.enter_result(
        table, riichi.director, {"E": 45000, "S": 35000, "W": 25000, "N": 15000}
    )
    standings_reconcile.reconcile_event(riichi.event.pk)
    page = (
        player_client(riichi, riichi.south)
        .get(f"/e/{riichi.event.slug}/players/{riichi.south.pk}/")
        .content.decode()
    )
    tables = page.split('data-testid="tables-played"')[0].rsplit("<table", 1)[1]
    assert "stack-on-phone" in tables
    body = page.split('data-testid="tables-played"')[1].split("</table>")[0]
    assert 'data-label="With uma"' in body and 'data-label="Score"' in body


def _count(client, url) -> int:
    client.get(url)  # warm: the ranking and the snapshot's rows are kept per process
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_play_pages_queries_do_not_grow_with_the_sheet_or_the_event(
    make_hall, django_assert_num_queries
):
    counts = []
    for players, hands in ((8, 1), (24, 6)):
        hall = make_hall("riichi_ema", players=players)
        Event.objects.filter(pk=hall.event.pk).update(
            keeps_score_sheets=True, players_enter_hands=True
        )
        for number in range(1, hands + 1):
            staff_hand(hall, number, ron(1 + number % 3, 0))
        standings_reconcile.reconcile_event(hall.event.pk)
        client = player_client(hall, hall.south)
        counts.append(_count(client, play(hall)))
    assert counts[0] == counts[1], counts
    with django_assert_num_queries(counts[0]):
        client.get(play(hall))


def test_the_live_part_answers_304_until_my_table_moves(riichi):
    client = player_client(riichi, riichi.south)
    live = {"HTTP_X_REQUESTED_WITH": "live"}
    first = client.get(play(riichi), **live)
    assert first.status_code == 200
    body = first.content.decode()
    assert body.lstrip().startswith('<div id="my-live"') and "<html" not in body
    etag = first["ETag"]
    assert client.get(play(riichi), HTTP_IF_NONE_MATCH=etag, **live).status_code == 304
    # The full page starts the refreshes from the same tag: its first poll costs a 304.
    assert etag.replace('"', "&quot;") in client.get(play(riichi)).content.decode()
    staff_hand(riichi, 1, ron(0, 2))
    moved = client.get(play(riichi), HTTP_IF_NONE_MATCH=etag, **live)
    assert moved.status_code == 200
    assert "East 1, 1 counter, 0 riichi sticks" in text_of(moved.content.decode())
    signed_out = riichi.client(None)
    assert signed_out.get(play(riichi), **live).status_code == 403


def test_the_live_parts_queries_do_not_grow_with_the_sheet_or_the_event(make_hall):
    counts = []
    for players, hands in ((8, 1), (24, 6)):
        hall = make_hall("riichi_ema", players=players)
        Event.objects.filter(pk=hall.event.pk).update(
            keeps_score_sheets=True, players_enter_hands=True
        )
        for number in range(1, hands + 1):
            staff_hand(hall, number, ron(1 + number % 3, 0))
        client = player_client(hall, hall.south)
        live = {"HTTP_X_REQUESTED_WITH": "live"}
        etag = client.get(play(hall), **live)["ETag"]
        with CaptureQueriesContext(connection) as fresh:
            assert client.get(play(hall), **live).status_code == 200
        with CaptureQueriesContext(connection) as same:
            assert client.get(play(hall), HTTP_IF_NONE_MATCH=etag, **live).status_code == 304
        counts.append((len(fresh), len(same)))
    assert counts[0] == counts[1], counts
    assert counts[0][1] < counts[0][0]


def test_a_disputed_hand_waits_on_my_page_and_moves_its_live_part(riichi):
    """A dispute is a row of its own, not a hand version: the live part's tag must move with
    it, and what waits for me must say the hand is disputed."""
    client = player_client(riichi, riichi.south)
    live = {"HTTP_X_REQUESTED_WITH": "live"}
    staff_hand(riichi, 1, ron(0, 2))
    etag = client.get(play(riichi), **live)["ETag"]
    table = Table.objects.select_related("round__event").get(round__event=riichi.event, number=1)
    sheets.dispute_hand(
        table, 1, author=sheets.Author(player=riichi.west), version=1, reason="1 han, not 2"
    )
    moved = client.get(play(riichi), HTTP_IF_NONE_MATCH=etag, **live)
    assert moved.status_code == 200
    assert "Hand 1 is disputed" in text_of(moved.content.decode())


def test_the_live_part_stays_304_while_the_clock_runs_and_other_tables_finish(riichi, monkeypatch):
    """A minute passing and another table's result reach every phone of the hall at the same
    moment: neither may send them all the live part again. A pause does move it."""
    Round.objects.filter(event=riichi.event, number=1).update(
        clock_started_at=timezone.now() - timedelta(minutes=30), length_minutes=90
    )
    client = player_client(riichi, riichi.south)
    live = {"HTTP_X_REQUESTED_WITH": "live"}
    first = client.get(play(riichi), **live)
    etag = first["ETag"]
    # Two minutes later: the same end, the same part (the phone counts the minutes down).
    later = timezone.now() + timedelta(minutes=2)
    monkeypatch.setattr(timezone, "now", lambda: later)
    assert client.get(play(riichi), HTTP_IF_NONE_MATCH=etag, **live).status_code == 304
    again = client.get(play(riichi), **live).content.decode()
    assert (
        re.search(r'data-remaining="(\d+)"', again)[1]
        != re.search(r'data-remaining="(\d+)"', first.content.decode())[1]
    )
    monkeypatch.undo()
    table = Table.objects.get(round__event=riichi.event, round__number=1, number=2)
    result_services.enter_result(
        table, riichi.director, {"E": 45000, "S": 35000, "W": 25000, "N": 15000}
    )
    standings_reconcile.reconcile_event(riichi.event.pk)
    assert client.get(play(riichi), HTTP_IF_NONE_MATCH=etag, **live).status_code == 304
    round_services.round_clock_action(Round.objects.get(event=riichi.event, number=1), "pause")
    paused = client.get(play(riichi), HTTP_IF_NONE_MATCH=etag, **live)
    assert paused.status_code == 200
    assert "Round clock paused" in text_of(paused.content.decode())


def test_a_renamed_opponent_moves_the_live_part(riichi):
    client = player_client(riichi, riichi.south)
    live = {"HTTP_X_REQUESTED_WITH": "live"}
    etag = client.get(play(riichi), **live)["ETag"]
    player_services.update_player(riichi.west, name="Renamed West")
    moved = client.get(play(riichi), HTTP_IF_NONE_MATCH=etag, **live)
    assert moved.status_code == 200
    assert "Renamed West" in moved.content.decode()
