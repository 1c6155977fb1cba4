"""Seat corrections after play: what each kind of record becomes, who may correct, when it is
refused, and that nothing is written when it is."""

from __future__ import annotations

import json
import uuid
from collections import Counter

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import DatabaseError, IntegrityError, connection, transaction

from integrity.models import AppendOnlyError
from penalties.current import current_reports
from penalties.models import FoulReport, LedgerEntry, Replacement
from scoring.exports.reading.archive import archive_json
from scoring.reseat import services as reseat
from scoring.reseat.models import SeatCorrection
from scoring.results import services as result_services
from scoring.results.models import TableResult
from scoring.sheets import services as sheets
from scoring.sheets.models import SheetHand
from scoring.sheets.services import Author
from scoring.verify import event_differences
from tests.support.archive_event import run
from tests.support.players import player_client
from tournament.events.models import Event
from tournament.rounds import services as round_services
from tournament.rounds.models import Round, Seat, Table

pytestmark = pytest.mark.django_db


def table_of(event) -> Table:
    return Table.objects.select_related("round__event").get(
        round__event=event, round__number=1, number=1
    )


def seating(table) -> dict[str, int]:
    return dict(Seat.objects.filter(table=table).values_list("wind", "player_id"))


def swap(hall, user=None, *, table=None, key=None, **extra):
    extra.setdefault("swap", [hall.east.pk, hall.south.pk])
    return reseat.correct_seats(
        table or table_of(hall.event),
        user or hall.director,
        reason=extra.pop("reason", "They sat in each other's seats"),
        idempotency_key=key or uuid.uuid4().hex,
        **extra,
    )


def with_sheets(hall):
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    hall.event.refresh_from_db()
    return hall


def net_by_player(event) -> Counter:
    """What the standing ledger entries move, per player."""
    moved: Counter = Counter()
    for entry in LedgerEntry.objects.filter(event=event):
        if entry.kind == "transfer":
            moved[entry.player_id] -= entry.points
            moved[entry.counterpart_id] += entry.points
        elif entry.kind == "deduct":
            moved[entry.player_id] += entry.points
    return moved


def test_fouls_priced_by_the_seat_are_voided_and_recorded_again(
    make_hall, django_capture_on_commit_callbacks
):
    """French rules: an East offender of a false mah-jong pays 500 to each player, another
    offender 1000 (500 to East). South's foul, with South really East, costs 1500."""
    hall = with_sheets(make_hall("french"))
    table = table_of(hall.event)
    fouled = hall.foul(hall.floor, "false_win", hall.south, {"others_exposed": True})
    assert fouled.status_code == 201, fouled.content
    warning = hall.foul(hall.floor, "slow_play", hall.west, {"seconds": 20})
    assert warning.status_code == 201, warning.content
    sheets.add_hand(
        table,
        {"kind": "points", "points": [0, 0, 0, 0]},
        author=Author(user=hall.head),
        number=1,
        idempotency_key="h1",
        foul_report=fouled.json()["id"],
    )
    assert net_by_player(hall.event)[hall.south.pk] == -1000
    plan = reseat.plan_correction(table, hall.director, swap=[hall.east.pk, hall.south.pk])
    assert [item.report.pk for item in plan.fouls] == [fouled.json()["id"]] and plan.kept == 1
    with django_capture_on_commit_callbacks(execute=True):
        correction, _created = swap(hall)
    ((voided, replacement),) = correction.written["reports"]
    assert voided == fouled.json()["id"]
    report = FoulReport.objects.get(pk=replacement)
    assert (report.offender_id, report.code) == (hall.south.pk, "false_win")
    assert report.details == FoulReport.objects.get(pk=voided).details
    assert Replacement.objects.filter(replaced_id=voided, replacement_id=replacement).exists()
    assert "Seats corrected by" in FoulReport.objects.get(pk=voided).void.reason
    moved = net_by_player(hall.event)
    assert moved[hall.south.pk] == -1500
    assert moved[hall.east.pk] == moved[hall.west.pk] == moved[hall.north.pk] == 500
    # The warning costs the same at any seat: it stays as it was.
    assert FoulReport.objects.filter(pk=warning.json()["id"], void__isnull=True).exists()
    # The hand that named the report now reads the replacement.
    hand = SheetHand.objects.filter(sheet__table=table, number=1).order_by("-version").first()
    assert current_reports([hand.foul_report_id])[hand.foul_report_id].id == replacement
    hall.event.refresh_from_db()
    assert event_differences(hall.event) == []


def test_a_table_without_a_sheet_keeps_each_players_score(
    make_hall, django_capture_on_commit_callbacks
):
    hall = make_hall("mcr")
    table = table_of(hall.event)
    with django_capture_on_commit_callbacks(execute=True):
        result_services.enter_result(table, hall.director, {"E": 40, "S": 5, "W": 0, "N": -45})
        correction, _created = swap(hall)
    assert correction.written["result_version"] == 2
    latest = TableResult.objects.get(table=table, version=2)
    assert latest.counts and "Seats corrected by" in latest.reason
    scores = {s.player_id: (s.wind, s.score) for s in latest.scores.all()}
    assert scores[hall.east.pk] == ("S", 40)
    assert scores[hall.south.pk] == ("E", 5)
    assert scores[hall.west.pk] == ("W", 0)
    first = {
        s.player_id: (s.wind, s.score)
        for s in TableResult.objects.get(table=table, version=1).scores.all()
    }
    assert first[hall.east.pk] == ("E", 40)
    hall.event.refresh_from_db()
    assert event_differences(hall.event) == []


def test_the_players_page_seen_before_shows_the_real_seat(
    make_hall, django_capture_on_commit_callbacks
):
    """A table with nothing recorded yet (no hand, no result, no foul): the player's page
    polled with its ETag is answered again, with the seat they really have."""
    hall = with_sheets(make_hall("mcr"))
    phone = player_client(hall, hall.east)
    url = f"/e/{hall.event.slug}/play/"
    live = {"HTTP_X_REQUESTED_WITH": "live"}  # the part the page polls (static/js/live.js)
    first = phone.get(url, **live)
    assert "Round 1: table 1, East" in first.content.decode()
    assert phone.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **live).status_code == 304
    with django_capture_on_commit_callbacks(execute=True):
        swap(hall)
    again = phone.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **live)
    assert again.status_code == 200
    assert "Round 1: table 1, South" in again.content.decode()


def test_refused_once_the_round_is_closed_until_the_director_reopens_it(make_hall):
    hall = make_hall("mcr")
    table = table_of(hall.event)
    result_services.enter_result(table, hall.director, {"E": 40, "S": 5, "W": 0, "N": -45})
    round_ = table.round
    round_services.update_round(round_, status=Round.Status.CLOSED)
    before = seating(table)
    with pytest.raises(reseat.SeatConflict) as refused:
        swap(hall, table=table_of(hall.event))
    assert "closed" in refused.value.message and "reopens" in refused.value.message
    assert seating(table) == before and not SeatCorrection.objects.exists()
    assert TableResult.objects.filter(table=table).count() == 1
    round_services.update_round(
        Round.objects.get(pk=round_.pk), status=Round.Status.LIVE, reason="Seats were wrong"
    )
    correction, created = swap(hall)
    assert created and seating(table)["E"] == hall.south.pk


def test_who_may_correct(make_hall, make_user):
    hall = make_hall("mcr")
    with pytest.raises(PermissionDenied):
        swap(hall, hall.floor)
    with pytest.raises(PermissionDenied):
        swap(hall, make_user("stranger"))
    assert not SeatCorrection.objects.exists()
    _correction, created = swap(hall, hall.head)
    assert created
    round_services.update_round(
        Round.objects.get(pk=table_of(hall.event).round_id),
        status=Round.Status.SEATED,
        reason="Not started after all",
    )
    with pytest.raises(PermissionDenied):
        swap(hall, hall.head, swap=[hall.west.pk, hall.north.pk])
    _correction, created = swap(hall, hall.director, swap=[hall.west.pk, hall.north.pk])
    assert created


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda h: {"swap": [h.east.pk, h.east.pk]}, "swap"),
        (lambda h: {"swap": [h.east.pk, 999999]}, "swap"),
        (lambda h: {"swap": [h.east.pk]}, "swap"),
        (lambda h: {"seats": {"E": h.south.pk, "S": h.east.pk, "W": h.west.pk}}, "seats"),
        (
            lambda h: {"seats": {"E": h.east.pk, "S": h.south.pk, "W": h.west.pk, "N": h.north.pk}},
            "seats",
        ),
        (
            lambda h: {
                "seats": {"E": h.south.pk, "S": h.south.pk, "W": h.west.pk, "N": h.north.pk}
            },
            "seats",
        ),
        (lambda h: {"reason": " "}, "reason"),
        (lambda h: {"reason": "x" * 501}, "reason"),
    ],
)
def test_bad_input_writes_nothing(make_hall, change, field):
    hall = with_sheets(make_hall("riichi_ema"))
    table = table_of(hall.event)
    sheets.add_hand(
        table, {"kind": "draw"}, author=Author(user=hall.head), number=1, idempotency_key="h1"
    )
    before = seating(table)
    extra = change(hall)
    if "seats" in extra:
        extra["swap"] = None
    with pytest.raises(ValidationError) as refused:
        swap(hall, **extra)
    assert field in refused.value.message_dict
    assert seating(table) == before
    assert not SeatCorrection.objects.exists()
    assert SheetHand.objects.count() == 1


def test_seats_changed_meanwhile(make_hall):
    hall = make_hall("mcr")
    stale = seating(table_of(hall.event))
    swap(hall)
    with pytest.raises(reseat.SeatConflict):
        swap(hall, swap=[hall.west.pk, hall.north.pk], based_on=stale)
    assert SeatCorrection.objects.count() == 1


def test_waiting_hands_and_strikes_still_wait(make_hall):
    hall = with_sheets(make_hall("riichi_ema"))
    table = table_of(hall.event)
    head = Author(user=hall.head)
    win = {"kind": "win", "winner": 1, "discarder": 2, "han": 3, "fu": 30}
    sheets.add_hand(table, win, author=head, number=1, idempotency_key="h1")
    sheets.add_hand(
        table, {"kind": "draw"}, author=Author(player=hall.west), number=2, idempotency_key="h2"
    )
    sheets.strike_hand(
        table, 1, author=Author(player=hall.north), reason="Never happened",
        based_on_version=1, idempotency_key="s1",
    )  # fmt: skip
    shown = {h.number: (h.counts, h.striking) for h in sheets.read_sheet(table).hands}
    assert shown == {1: (False, True), 2: (False, False)}
    correction, _created = swap(hall)
    assert correction.written["hands"] == [[1, 4], [2, 2]]
    view = sheets.read_sheet(table)
    assert {h.number: (h.counts, h.striking) for h in view.hands} == shown
    assert view.hands[0].data["wins"][0]["winner"] == 0  # the South player really sat East
    # The strike still waits for another player's confirmation; its author cannot confirm it.
    with pytest.raises(PermissionDenied):
        sheets.confirm_hand(table, 1, author=Author(player=hall.north), version=4)
    sheets.confirm_hand(table, 1, author=Author(player=hall.west), version=4)
    assert [h.number for h in sheets.read_sheet(table).hands] == [2]


def test_a_hand_entered_by_its_tiles_is_counted_again(make_hall):
    """Bob won with a pung of East: at South (as recorded) it is only the round's wind, 1 han;
    he really sat East, where it is his seat wind too: 2 han."""
    hall = with_sheets(make_hall("riichi_ema", {"tiles_on_sheet": True}))
    table = table_of(hall.event)
    hand = {
        "kind": "win",
        "winner": 1,
        "discarder": 2,
        "tiles": {"notation": "111z234m567p789s55p", "situation": {}},
    }
    sheets.add_hand(table, hand, author=Author(user=hall.head), number=1, idempotency_key="t1")
    stored = SheetHand.objects.get(sheet__table=table)
    swap(hall)
    after = SheetHand.objects.get(sheet__table=table, version=2)
    assert after.data["wins"][0]["winner"] == 0
    assert after.data["wins"][0]["han"] == stored.data["wins"][0]["han"] + 1
    assert after.data["tiles"]["notation"] == stored.data["tiles"]["notation"]


def test_tiles_recorded_elsewhere_keep_their_count(make_hall):
    """A hand imported with its tiles from a game log (their ``source`` named) keeps the
    log's count: its seats move, nothing is counted again."""
    hall = with_sheets(make_hall("riichi_ema", {"tiles_on_sheet": True}))
    table = table_of(hall.event)
    sheets.add_hand(
        table, {"kind": "draw"}, author=Author(user=hall.head), number=1, idempotency_key="d1"
    )
    sheet = SheetHand.objects.get(sheet__table=table).sheet
    tiles = {"notation": "111z234m567p789s55p", "situation": {}, "source": "log"}
    SheetHand.objects.create(
        sheet=sheet,
        number=2,
        kind="win",
        data={"kind": "win", "wins": [{"winner": 1, "han": 1, "fu": 30}], "discarder": 2}
        | {"tiles": tiles},
        idempotency_key="log-2",
        entered_by=hall.head,
    )
    swap(hall)
    after = SheetHand.objects.get(sheet__table=table, number=2, version=2)
    assert after.data["wins"] == [{"winner": 0, "han": 1, "fu": 30}]
    assert after.data["tiles"] == tiles


def test_a_hands_key_cannot_pass_for_a_correction(make_hall):
    hall = with_sheets(make_hall("riichi_ema"))
    with pytest.raises(ValidationError) as refused:
        sheets.add_hand(
            table_of(hall.event), {"kind": "draw"}, author=Author(user=hall.head), number=1,
            idempotency_key="reseat-abc-1",
        )  # fmt: skip
    assert "idempotency_key" in refused.value.message_dict
    assert not SheetHand.objects.exists()


def test_a_correction_is_never_updated_or_deleted(make_hall):
    hall = make_hall("mcr")
    correction, _created = swap(hall)
    with pytest.raises(AppendOnlyError):
        correction.save()
    with pytest.raises(AppendOnlyError):
        SeatCorrection.objects.all().delete()
    for sql in (
        "UPDATE scoring_seatcorrection SET reason = 'quietly'",
        "DELETE FROM scoring_seatcorrection",
    ):
        with (
            pytest.raises((DatabaseError, IntegrityError)),
            transaction.atomic(),
            connection.cursor() as cursor,
        ):
            cursor.execute(sql)
    assert SeatCorrection.objects.get().reason == "They sat in each other's seats"


def test_the_archive_carries_the_correction(make_hall, tmp_path):
    hall = with_sheets(make_hall("riichi_ema"))
    table = table_of(hall.event)
    win = {"kind": "win", "winner": 1, "discarder": 2, "han": 3, "fu": 30}
    sheets.add_hand(table, win, author=Author(user=hall.head), number=1, idempotency_key="h1")
    sheets.close_sheet(table, author=Author(user=hall.head), reason="Time")
    correction, _created = swap(hall)
    original = archive_json(hall.event)
    archive = json.loads(original)
    assert archive["version"] == 6
    (row,) = archive["seat_corrections"]
    assert row["id"] == correction.pk and row["made_by"] == hall.director.username
    seats = {(s["table"], s["wind"]): s["player"] for s in archive["seats"]}
    assert seats[(table.pk, "E")] == hall.south.pk
    hands = [
        (h["number"], h["version"], h["data"]["wins"][0]["winner"]) for h in archive["sheet_hands"]
    ]
    assert hands == [(1, 1, 1), (1, 2, 0)]
    # It imports into an empty database, exports the same again and verifies.
    path = tmp_path / "archive.json"
    path.write_text(original, encoding="utf-8")
    fresh = tmp_path / "fresh"
    run(fresh, "migrate", "--no-input", "-v", "0")
    run(fresh, "import_event", str(path), "--create-users")
    assert run(fresh, "export_event", hall.event.slug) == original
    assert "consistent" in run(fresh, "verify", hall.event.slug)
