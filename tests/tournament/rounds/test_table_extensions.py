"""One table's extra time (issue 46, item 1): the head referee or the director gives a table
+N minutes with a reason, recorded append-only; that table's clock on the round board, the
projector, the referee's table page and its players' pages ends later than the other table's;
the round's end waits for the last table; the round's page lists the extensions; bad input
is refused with a reason and stores nothing; the API gives and reads it."""

from __future__ import annotations

import re
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection, transaction
from django.db.utils import DatabaseError
from django.test import Client
from django.utils import timezone

from integrity.models import AppendOnlyError
from tests.support.players import player_client
from tournament.events.models import Event
from tournament.hall import services as hall_services
from tournament.rounds import services as round_services
from tournament.rounds.models import Round, Seat, Table, TableExtension
from tournament.rounds.reading import tabletimes

pytestmark = pytest.mark.django_db

ZONE = "Europe/Helsinki"
START = timezone.now().replace(second=0, microsecond=0) - timedelta(minutes=30)


@pytest.fixture
def two_tables(make_hall):
    """Two tables playing round 1 (90 minutes, started 30 minutes ago), in Helsinki time, whose
    players follow the round on their play page."""
    hall = make_hall("riichi_ema", players=8)
    Event.objects.filter(pk=hall.event.pk).update(
        time_zone=ZONE, keeps_score_sheets=True, players_enter_hands=True
    )
    hall.event.refresh_from_db()
    Round.objects.filter(event=hall.event, number=1).update(
        clock_started_at=START, length_minutes=90
    )
    return hall


def table(hall, number: int) -> Table:
    return Table.objects.select_related("round__event").get(
        round__event=hall.event, round__number=1, number=number
    )


def extend(
    hall, number: int = 2, *, user=None, minutes=7, reason="Ruling on a dead wall", key="k1"
):
    return hall_services.extend_table(
        table(hall, number),
        user or hall.head,
        minutes=minutes,
        reason=reason,
        idempotency_key=key,
    )


def hh_mm(moment) -> str:
    return moment.astimezone(ZoneInfo(ZONE)).strftime("%H:%M")


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def staff(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


COMMON_END = START + timedelta(minutes=90)
EXTENDED_END = COMMON_END + timedelta(minutes=7)


def test_the_extended_table_ends_later_everywhere_and_the_round_waits_for_it(two_tables):
    hall = two_tables
    extension, created = extend(hall)
    assert created and (extension.minutes, extension.by) == (7, hall.head)
    slug = hall.event.slug

    # The round board (staff): each tile its own end, the round's end the last table's.
    board = staff(hall.director).get(f"/director/{slug}/rounds/1/board.json").json()
    tiles = {t["number"]: t for t in board["tables"]}
    assert (tiles[1]["extra_minutes"], tiles[1]["ends_at"]) == (0, "")
    assert (tiles[2]["extra_minutes"], tiles[2]["ends_at"]) == (7, hh_mm(EXTENDED_END))
    assert tiles[2]["extra_label"] == f"+7 min, ends {hh_mm(EXTENDED_END)}"
    clock = board["clock"]
    assert clock["ends_at"].startswith(COMMON_END.astimezone(ZoneInfo(ZONE)).isoformat()[:16])
    assert clock["round_ends_at"].startswith(
        EXTENDED_END.astimezone(ZoneInfo(ZONE)).isoformat()[:16]
    )
    assert clock["round_ends_text"] == f"Round ends at {hh_mm(EXTENDED_END)} (table 2)"
    assert clock["last_tables"] == [2]
    page = text_of(staff(hall.director).get(f"/director/{slug}/rounds/1/").content.decode())
    assert f"Round ends at {hh_mm(EXTENDED_END)} (table 2)" in page
    assert "Ruling on a dead wall" in page and hall.head.username in page

    # The projector: the extended table with its own end, and the round's end.
    feed = Client().get(f"/e/{slug}/projector.json").json()["clock"]
    assert feed["ends_at"] == clock["ends_at"]
    assert [(e["table"], e["minutes"], e["text"]) for e in feed["extra"]] == [
        (2, 7, f"Table 2: +7 min, ends {hh_mm(EXTENDED_END)}")
    ]
    assert feed["round_ends_at"] == clock["round_ends_at"]
    assert feed["round_ends_text"] == clock["round_ends_text"]

    # The referee's table pages: each table its own end.
    for number, end in ((1, COMMON_END), (2, EXTENDED_END)):
        html = staff(hall.head).get(f"/referee/{slug}/r1/t{number}/").content.decode()
        ends = text_of(html.split("data-table-ends>")[1].split("</p>")[0])
        assert ends.startswith(f"Ends at {hh_mm(end)}")
        assert ("+7 min extra time" in ends) == (number == 2)

    # Both tables' players: their live pages show different ends.
    seat_2 = Seat.objects.filter(table=table(hall, 2)).select_related("player").first()
    shown = {}
    for player in (hall.east, seat_2.player):
        html = player_client(hall, player).get(f"/e/{slug}/play/").content.decode()
        shown[player.pk] = text_of(html.split('data-testid="clock"')[1].split("</p>")[0])
    assert f"(ends at {hh_mm(COMMON_END)})" in shown[hall.east.pk]
    assert "extra time" not in shown[hall.east.pk]
    assert f"(ends at {hh_mm(EXTENDED_END)})" in shown[seat_2.player.pk]
    assert "your table has 7 minutes extra time" in shown[seat_2.player.pk]

    # The round's page lists the extensions and says when the round ends.
    report = text_of(Client().get(f"/e/{slug}/rounds/1/").content.decode())
    assert f"Round ends at {hh_mm(EXTENDED_END)} (table 2)" in report
    assert "Extra time" in report and "+7" in report and "Ruling on a dead wall" in report


def test_the_round_ends_with_its_last_table_and_extensions_add_up(two_tables):
    hall = two_tables
    round_ = Round.objects.get(event=hall.event, number=1)
    now = timezone.now()
    assert tabletimes.round_times(round_, now).ends.ends_at == COMMON_END
    extend(hall, 1, minutes=3, key="a")
    extend(hall, 2, minutes=7, key="b", user=hall.director)
    times = tabletimes.round_times(round_, now)
    assert times.extra == {1: 3, 2: 7}
    assert times.tables[1].ends_at == COMMON_END + timedelta(minutes=3)
    assert times.ends.ends_at == EXTENDED_END and times.last_tables == [2]
    extend(hall, 1, minutes=4, key="c")
    times = tabletimes.round_times(round_, now)
    assert times.tables[1].ends_at == times.tables[2].ends_at == EXTENDED_END
    assert times.last_tables == [1, 2]
    # The round's clock (pause, +5 for every table) moves every table's end alike.
    round_services.round_clock_action(round_, "extend", minutes=5)
    round_.refresh_from_db()
    assert tabletimes.round_times(round_, now).ends.ends_at == EXTENDED_END + timedelta(minutes=5)


def stored() -> list[tuple]:
    return list(TableExtension.objects.values_list("table__number", "minutes", "reason"))


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"minutes": 0}, "minutes", "from 1 to 120"),
        ({"minutes": -7}, "minutes", "from 1 to 120"),
        ({"minutes": 121}, "minutes", "from 1 to 120"),
        ({"minutes": "seven"}, "minutes", "from 1 to 120"),
        ({"minutes": True}, "minutes", "from 1 to 120"),
        ({"minutes": 7.5}, "minutes", "from 1 to 120"),
        ({"reason": "   "}, "reason", "Say why"),
        ({"reason": "x" * 501}, "reason", "at most 500"),
        ({"reason": "a\x00b"}, "reason", "control character"),
        ({"key": ""}, "idempotency_key", "idempotency key"),
    ],
)
def test_bad_input_is_refused_with_a_reason_and_nothing_stored(two_tables, changes, field, message):
    with pytest.raises(ValidationError) as refused:
        extend(two_tables, **changes)
    assert message in " ".join(refused.value.message_dict[field])
    assert stored() == []


def test_who_may_and_when(two_tables):
    hall = two_tables
    for user in (hall.floor, hall.other_floor):
        with pytest.raises(PermissionDenied, match="director or the head referee"):
            extend(hall, 1, user=user)
    extend(hall, minutes=120, key="a")
    extend(hall, minutes=120, key="b")
    with pytest.raises(ValidationError, match="240 extra minutes already: at most 240"):
        extend(hall, minutes=1, key="c")
    round_ = Round.objects.get(event=hall.event, number=1)
    round_services.update_round(round_, status=Round.Status.CLOSED, by=hall.director)
    with pytest.raises(hall_services.ExtensionConflict, match="Round 1 is closed"):
        extend(hall, 1, key="d", user=hall.director)
    assert stored() == [(2, 120, "Ruling on a dead wall")] * 2


def test_a_replay_stores_once_and_a_reused_key_is_refused(two_tables):
    hall = two_tables
    first, created = extend(two_tables)
    again, created_again = extend(two_tables)
    assert created and not created_again and again.pk == first.pk
    with pytest.raises(hall_services.ExtensionConflict, match="already used"):
        extend(hall, minutes=8)
    assert stored() == [(2, 7, "Ruling on a dead wall")]


def test_extensions_are_append_only_below_the_application(two_tables):
    extension, _ = extend(two_tables)
    with pytest.raises(AppendOnlyError):
        extension.save()
    with pytest.raises(AppendOnlyError):
        extension.delete()
    with pytest.raises(AppendOnlyError):
        TableExtension.objects.filter(pk=extension.pk).update(minutes=1)
    for sql in (
        "UPDATE tournament_tableextension SET minutes = 1",
        "DELETE FROM tournament_tableextension",
    ):
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
    assert stored() == [(2, 7, "Ruling on a dead wall")]


def test_the_tablet_form_and_the_board_form(two_tables):
    hall = two_tables
    slug = hall.event.slug
    head = staff(hall.head)
    answer = head.post(
        f"/referee/{slug}/r1/t2/extra-time/",
        {"minutes": "7", "reason": "Long ruling", "key": "t1"},
        follow=True,
    )
    assert "Table 2: +7 min." in answer.content.decode()
    refused = head.post(
        f"/referee/{slug}/r1/t1/extra-time/",
        {"minutes": "7", "reason": "", "key": "t2"},
        follow=True,
    )
    assert "Say why the table gets extra time." in refused.content.decode()
    floor = staff(hall.floor).post(
        f"/referee/{slug}/r1/t1/extra-time/", {"minutes": "7", "reason": "x", "key": "t3"}
    )
    assert floor.status_code == 403
    assert 'name="reason"' not in staff(hall.floor).get(f"/referee/{slug}/r1/t1/").content.decode()
    board = staff(hall.director).post(
        f"/director/{slug}/rounds/1/extra-time/",
        {"table": "1", "minutes": "3", "reason": "Late start", "key": "b1",
         "next": f"/director/{slug}/rounds/1/"},
    )  # fmt: skip
    assert board.status_code == 302 and board["Location"] == f"/director/{slug}/rounds/1/"
    assert stored() == [(2, 7, "Long ruling"), (1, 3, "Late start")]


def test_the_api(two_tables):
    hall = two_tables
    base = f"/api/events/{hall.event.slug}/rounds/1/tables/2/extensions/"
    body = {"minutes": 7, "reason": "Ruling on a dead wall", "idempotency_key": "api-1"}
    created = hall.client(hall.head).post(base, body, format="json")
    assert created.status_code == 201, created.content
    assert created.json()["minutes"] == 7 and created.json()["by"] == hall.head.username
    resent = hall.client(hall.head).post(base, body, format="json")
    assert resent.status_code == 200 and resent.json()["id"] == created.json()["id"]
    assert (
        hall.client(hall.head).post(base, {**body, "minutes": 8}, format="json").status_code == 409
    )
    bad = hall.client(hall.head).post(base, {**body, "reason": "", "idempotency_key": "x"})
    assert bad.status_code == 400 and "Say why" in bad.json()["reason"][0]
    bad = hall.client(hall.head).post(base, {**body, "minutes": 0, "idempotency_key": "y"})
    assert bad.status_code == 400 and "from 1 to 120" in bad.json()["minutes"][0]
    floor = hall.client(hall.floor).post(base, {**body, "idempotency_key": "z"}, format="json")
    assert floor.status_code == 403
    assert Client().post(base, body, content_type="application/json").status_code in (401, 403)
    assert TableExtension.objects.count() == 1

    read = Client().get(base).json()
    assert read["extra_minutes"] == 7 and read["extensions"][0]["reason"] == body["reason"]
    assert read["ends_at"].startswith(EXTENDED_END.astimezone(ZoneInfo(ZONE)).isoformat()[:16])
    assert read["ends_at"].endswith(("+02:00", "+03:00"))
    tables = Client().get(f"/api/events/{hall.event.slug}/rounds/1/tables/").json()
    tables = tables["results"] if isinstance(tables, dict) else tables
    ends = {t["number"]: (t["extra_minutes"], t["ends_at"][:16]) for t in tables}
    assert ends[1] == (0, COMMON_END.astimezone(ZoneInfo(ZONE)).isoformat()[:16])
    assert ends[2] == (7, EXTENDED_END.astimezone(ZoneInfo(ZONE)).isoformat()[:16])
    round_ = Client().get(f"/api/events/{hall.event.slug}/rounds/1/").json()
    assert round_["ends_at"][:16] == ends[2][1]

    round_obj = Round.objects.get(event=hall.event, number=1)
    round_services.update_round(round_obj, status=Round.Status.CLOSED, by=hall.director)
    closed = hall.client(hall.director).post(
        base, {**body, "idempotency_key": "late"}, format="json"
    )
    assert closed.status_code == 409 and "closed" in closed.json()["round"][0]
    assert TableExtension.objects.count() == 1
