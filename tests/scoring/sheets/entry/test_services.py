"""Score sheets through the services: hands stored once, bad input refused with nothing
written, players' hands counted after a confirmation, the sheet closing into a table result
and corrections after that, a constant number of queries per hand."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from integrity.models import AppendOnlyError
from scoring.results.models import TableResult
from scoring.sheets import services as sheets
from scoring.sheets.models import HandConfirmation, ScoreSheet, SheetHand
from scoring.sheets.services import Author, HandConflict
from tests.support.ledger import Ledger
from tests.support.sheets import (
    E,
    N,
    S,
    W,
    add,
    enable,
    key,
    mcr_win,
    riichi_hanchan,
    ron,
    table_of,
)
from tournament.events.models import Event
from tournament.rounds.models import Round


@pytest.fixture
def mcr_hall(make_hall):
    hall = make_hall("mcr")
    enable(hall.event)
    return hall


def test_example_9_on_a_sheet(mcr_hall):
    table = table_of(mcr_hall.event)
    hand, created = add(table, mcr_win(E, 12, discarder=S), Author(user=mcr_hall.head), 1)
    assert created and hand.version == 1 and hand.kind == "win"
    view = sheets.read_sheet(table)
    assert view.played_totals == (36, -20, -8, -8)
    assert view.next_number == 2
    assert view.counted_totals == (36, -20, -8, -8)


@pytest.mark.parametrize(
    ("ruleset", "data", "field", "words"),
    [
        ("mcr", mcr_win(N, 7, bonus=1), "win.fan", "at least 8 fan"),
        ("riichi_ema", ron(S, W, han=0), "win.han", "at least 1 han"),
        ("riichi_ema", ron(S, W, han=2, fu=35), "win.fu", "not 35"),
        ("mcr", mcr_win(E, 8, discarder=E), "discarder", "cannot also be the discarder"),
        ("wsom", {"kind": "points", "points": [10, -5, 0, 0]}, "points", "not 0"),
        ("mcr", {"kind": "points", "points": [0, 0, 0, 0]}, "kind", "not scored"),
        ("mcr", {"kind": "win", "fan": 8}, "win.winner", "winner"),
    ],
)
def test_bad_hands_are_refused_with_a_message_and_nothing_is_written(
    make_hall, ruleset, data, field, words
):
    hall = make_hall(ruleset)
    enable(hall.event)
    table = table_of(hall.event)
    with pytest.raises(ValidationError) as error:
        add(table, data, Author(user=hall.head), 1)
    assert words in " ".join(error.value.message_dict[field])
    assert not SheetHand.objects.exists()


def test_a_hand_on_a_closed_sheet_is_refused(mcr_hall):
    table = table_of(mcr_hall.event)
    add(table, mcr_win(E, 8), Author(user=mcr_hall.head), 1)
    sheets.close_sheet(table, author=Author(user=mcr_hall.head))
    with pytest.raises(ValidationError) as error:
        add(table, mcr_win(E, 8), Author(user=mcr_hall.head), 2)
    assert "closed" in str(error.value)
    assert SheetHand.objects.count() == 1


def test_an_event_without_sheets_refuses_hands(make_hall):
    hall = make_hall("mcr")
    with pytest.raises(ValidationError, match="keeps no score sheets"):
        add(table_of(hall.event), mcr_win(E, 8), Author(user=hall.head), 1)


def test_two_devices_with_the_same_number_one_is_stored(mcr_hall):
    table = table_of(mcr_hall.event)
    first, _ = add(table, mcr_win(E, 8), Author(user=mcr_hall.head), 1, k="device-a")
    with pytest.raises(HandConflict) as conflict:
        add(table, mcr_win(S, 9), Author(user=mcr_hall.head), 1, k="device-b")
    assert conflict.value.hand.pk == first.pk
    replay, created = add(table, mcr_win(E, 8), Author(user=mcr_hall.head), 1, k="device-a")
    assert replay.pk == first.pk and not created
    assert SheetHand.objects.count() == 1


def test_a_number_out_of_turn_is_refused(mcr_hall):
    table = table_of(mcr_hall.event)
    with pytest.raises(ValidationError, match="hand 1"):
        add(table, mcr_win(E, 8), Author(user=mcr_hall.head), 3)


def test_a_full_mcr_game_closes_into_a_result_and_a_later_correction_versions_it(mcr_hall):
    event, floor = mcr_hall.event, mcr_hall.head
    table = table_of(event)
    for number in range(1, 17):
        add(table, mcr_win((number - 1) % 4, 8), Author(user=floor), number)
    view = sheets.read_sheet(table)
    assert view.is_closed and view.is_over
    result = TableResult.objects.get(table=table)
    assert result.sheet_id == view.sheet.pk and result.version == 1 and result.counts
    assert {s.wind: s.score for s in result.scores.all()} == {"E": 0, "S": 0, "W": 0, "N": 0}
    with pytest.raises(ValidationError, match="reason"):
        sheets.correct_hand(
            table, 1, mcr_win(E, 10), author=Author(user=floor), reason=" ",
            based_on_version=1, idempotency_key=key(),
        )  # fmt: skip
    hand, _ = sheets.correct_hand(
        table, 1, mcr_win(E, 10), author=Author(user=floor), reason="fan miscounted",
        based_on_version=1, idempotency_key=key(),
    )  # fmt: skip
    assert hand.version == 2
    latest = TableResult.objects.filter(table=table).order_by("-version").first()
    assert latest.version == 2 and latest.reason == "fan miscounted" and latest.sheet_id
    assert {s.wind: s.score for s in latest.scores.all()} == {"E": 6, "S": -2, "W": -2, "N": -2}
    assert SheetHand.objects.filter(sheet__table=table, number=1).count() == 2
    assert sheets.sheet_differences(event) == []


def test_a_stale_correction_is_a_conflict(mcr_hall):
    table = table_of(mcr_hall.event)
    add(table, mcr_win(E, 8), Author(user=mcr_hall.head), 1)
    sheets.correct_hand(
        table, 1, mcr_win(E, 9), author=Author(user=mcr_hall.head), reason="typo",
        based_on_version=1, idempotency_key=key(),
    )  # fmt: skip
    with pytest.raises(HandConflict) as conflict:
        sheets.correct_hand(
            table, 1, mcr_win(E, 10), author=Author(user=mcr_hall.head), reason="typo",
            based_on_version=1, idempotency_key=key(),
        )  # fmt: skip
    assert conflict.value.hand.version == 2


def test_a_players_hand_counts_once_another_player_confirms_it(riichi_hall):
    hall = riichi_hall
    table = table_of(hall.event)
    hand, _ = add(table, ron(S, W, 3, 30), Author(player=hall.south), 1)
    view = sheets.read_sheet(table)
    assert view.played_totals == (30000, 33900, 26100, 30000)
    assert view.counted_totals == (30000, 30000, 30000, 30000)
    assert [h.number for h in view.pending] == [1]
    with pytest.raises(PermissionDenied):
        sheets.confirm_hand(table, 1, author=Author(player=hall.south), version=1)
    sheets.confirm_hand(table, 1, author=Author(player=hall.west), version=1)
    assert sheets.read_sheet(table).counted_totals == (30000, 33900, 26100, 30000)
    with pytest.raises(ValidationError, match="needs no confirmation"):
        sheets.confirm_hand(table, 1, author=Author(user=hall.head), version=1)
    assert HandConfirmation.objects.count() == 1


def test_players_of_another_table_or_a_round_not_live_may_not_enter(riichi_hall):
    hall = riichi_hall
    table = table_of(hall.event)
    outsider = table_of(hall.event, 2).seats.first().player
    with pytest.raises(PermissionDenied):
        add(table, ron(S, W), Author(player=outsider), 1)
    Round.objects.filter(event=hall.event).update(status=Round.Status.SEATED)
    table = table_of(hall.event)
    with pytest.raises(PermissionDenied):
        add(table, ron(S, W), Author(player=hall.south), 1)
    assert not SheetHand.objects.exists()


def test_players_may_not_enter_unless_the_event_lets_them(make_hall):
    hall = make_hall("riichi_ema")
    enable(hall.event, players=False)
    with pytest.raises(PermissionDenied):
        add(table_of(hall.event), ron(S, W), Author(player=hall.south), 1)


def test_a_riichi_hanchan_entered_by_players_closes_once_the_last_hand_is_confirmed(
    riichi_hall,
):
    hall = riichi_hall
    players = [hall.east, hall.south, hall.west, hall.north]
    table = table_of(hall.event)
    for number, data in enumerate(riichi_hanchan(), start=1):
        author = players[data["winner"]]
        add(table, data, Author(player=author), number)
        confirmer = players[(data["winner"] + 1) % 4]
        if number < 8:
            sheets.confirm_hand(table, number, author=Author(player=confirmer), version=1)
    assert not TableResult.objects.filter(table=table).exists()
    sheets.confirm_hand(table, 8, author=Author(player=hall.south), version=1)
    result = TableResult.objects.get(table=table)
    assert result.entered_by is None and result.sheet_id and result.counts
    assert sorted(s.score for s in result.scores.all()) == [30000] * 4
    with pytest.raises(PermissionDenied):
        sheets.correct_hand(
            table, 1, ron(S, W, 2), author=Author(player=hall.south), reason="x",
            based_on_version=1, idempotency_key=key(),
        )  # fmt: skip


def test_a_false_win_links_its_foul_report_and_the_ledger_keeps_the_points(mcr_hall, director):
    hall = mcr_hall
    table = table_of(hall.event)
    other = table_of(hall.event, 2)
    report = Ledger(director).transfers(
        table, hall.south, {hall.east: 10, hall.west: 10, hall.north: 10}
    )
    elsewhere = Ledger(director).transfers(other, other.seats.first().player, {})
    with pytest.raises(ValidationError, match="foul report of this table"):
        add(table, {"kind": "draw"}, Author(user=hall.head), 1, foul_report=elsewhere.pk)
    hand, _ = add(table, {"kind": "draw"}, Author(user=hall.head), 1, foul_report=report.pk)
    assert hand.foul_report_id == report.pk
    assert sheets.read_sheet(table).played_totals == (0, 0, 0, 0)


def test_hands_are_append_only(mcr_hall):
    table = table_of(mcr_hall.event)
    hand, _ = add(table, mcr_win(E, 8), Author(user=mcr_hall.head), 1)
    with pytest.raises(AppendOnlyError):
        hand.save()
    with pytest.raises(AppendOnlyError):
        SheetHand.objects.filter(pk=hand.pk).delete()


def queries_for_hand(table, author, number) -> int:
    with CaptureQueriesContext(connection) as queries:
        add(table, mcr_win((number - 1) % 4, 8), author, number)
    return len(queries)


def test_the_query_count_per_hand_does_not_grow_with_the_sheet(mcr_hall):
    table = table_of(mcr_hall.event)
    author = Author(user=mcr_hall.head)
    add(table, mcr_win(E, 8), author, 1)
    counts = [queries_for_hand(table, author, n) for n in range(2, 15)]
    # The head referee's rights (1), savepoint, the locked sheet (1), its hands (1), the insert
    # (1), savepoint release: the same on hand 2 and hand 14.
    assert len(set(counts)) == 1, counts
    assert counts[0] <= 8


def test_live_tables_and_player_statistics(riichi_hall):
    hall = riichi_hall
    table = table_of(hall.event)
    floor = Author(user=hall.head)
    add(table, ron(S, W, 3, 30, riichi=[S]), floor, 1)
    add(table, {"kind": "draw", "tenpai": [S, W]}, floor, 2)
    add(table, ron(S, E, 1, 30), Author(player=hall.south), 3)
    live = sheets.live_tables(table.round)
    assert [(t.number, t.hands, t.closed) for t in live] == [(1, 2, False)]
    view = sheets.read_sheet(table)
    assert live[0].totals == view.played.lines[1].totals
    from scoring.stats.reading import player_statistics

    stats = player_statistics(hall.event, hall.south.pk).stats
    assert (stats.hands, stats.wins, stats.deal_ins, stats.riichi) == (2, 1, 0, 1)
    assert stats.average_win == 3900
    west = player_statistics(hall.event, hall.west.pk).stats
    assert (west.wins, west.deal_ins) == (0, 1)
    other = table_of(hall.event, 2).seats.first().player
    assert player_statistics(hall.event, other.pk) is None


def test_verify_finds_a_result_that_differs_from_its_sheet(mcr_hall, director):

    from scoring.results import services as result_services

    table = table_of(mcr_hall.event)
    add(table, mcr_win(E, 8), Author(user=mcr_hall.head), 1)
    sheets.close_sheet(table, author=Author(user=mcr_hall.head))
    assert sheets.sheet_differences(mcr_hall.event) == []
    sheet = ScoreSheet.objects.get(table=table)
    result_services.enter_result(
        table, director, {"E": 0, "S": 0, "W": 0, "N": 0}, based_on_version=1,
        reason="tampered", sheet=sheet,
    )  # fmt: skip
    problems = sheets.sheet_differences(mcr_hall.event)
    assert len(problems) == 1 and "differs from its sheet" in problems[0]


@pytest.mark.parametrize("table", ["scoring_sheethand", "scoring_handconfirmation"])
def test_the_database_refuses_raw_update_and_delete_of_hands(riichi_hall, table):
    """Triggers on SQLite and PostgreSQL (and TRUNCATE on PostgreSQL), like the ledger's."""
    from django.db import DatabaseError, IntegrityError, transaction

    hall = riichi_hall
    sheet_table = table_of(hall.event)
    add(sheet_table, ron(S, W), Author(player=hall.south), 1)
    sheets.confirm_hand(sheet_table, 1, author=Author(player=hall.west), version=1)
    statements = [f"UPDATE {table} SET created_at = created_at", f"DELETE FROM {table}"]
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            # The inserts left deferred foreign key checks, which TRUNCATE waits for.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        statements.append(f"TRUNCATE {table} CASCADE")
    for statement in statements:
        with (
            pytest.raises((DatabaseError, IntegrityError), match="append-only"),
            transaction.atomic(),
            connection.cursor() as cursor,
        ):
            cursor.execute(statement)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {table}")
        assert cursor.fetchone()[0] == 1


def test_the_same_number_after_the_last_hand_closed_the_sheet_is_a_conflict(riichi_hall):
    """The other device's hand ended the game: the late device gets 409 with that hand, not
    "the sheet is closed"."""
    hall = riichi_hall
    table = table_of(hall.event)
    hands = riichi_hanchan()
    for number, data in enumerate(hands, start=1):
        add(table, data, Author(user=hall.head), number, k=f"a{number}")
    assert sheets.read_sheet(table).is_closed
    with pytest.raises(HandConflict) as conflict:
        add(table, hands[-1], Author(user=hall.director), 8, k="late-device")
    assert conflict.value.hand.number == 8


def test_a_sheet_whose_options_changed_reads_as_far_as_it_plays(mcr_hall, client):
    hall = mcr_hall
    table = table_of(hall.event)
    for number in range(1, 6):
        add(table, mcr_win(E, 8), Author(user=hall.head), number, same_again=True)
    Event.objects.filter(pk=hall.event.pk).update(ruleset_options={"game_length": 3})
    table = table_of(hall.event)
    view = sheets.read_sheet(table)
    assert len(view.hands) == 3 and "game is over" in view.problem
    assert [t.hands for t in sheets.live_tables(table.round)] == [3]
    client.force_login(hall.head)
    page = client.get(f"/sheets/{hall.event.slug}/r1/t1/")
    assert page.status_code == 200 and "options changed" in page.content.decode()
