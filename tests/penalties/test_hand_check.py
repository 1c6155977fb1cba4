"""The referee's "check a hand" tool (issue 36): the tiles in, the fans out; an MCR win under
8 fan leads to a false-win form prefilled with the table, the offender and the hand, and the
check is kept with the report as append-only evidence."""

from __future__ import annotations

import json
import uuid
from urllib.parse import parse_qs, urlsplit

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.test import Client

from integrity.models import AppendOnlyError
from penalties.models import FoulReport, HandCheck

pytestmark = pytest.mark.django_db

SIX_AND_TWO = "123m456p678s234s9s9s 12f"  # 6 fan self-drawn + 2 flowers (winning tile 9s)


def web(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def check_url(h):
    return f"/referee/{h.event.slug}/r1/t1/check-hand/"


def test_the_table_page_leads_to_the_check(make_hall):
    h = make_hall("mcr")
    text = web(h.floor).get(f"/referee/{h.event.slug}/r1/t1/").content.decode()
    assert f"/referee/{h.event.slug}/r1/t1/check-hand/" in text
    classical = make_hall("classical")
    text = web(classical.floor).get(f"/referee/{classical.event.slug}/r1/t1/").content.decode()
    assert "check-hand" not in text
    assert web(classical.floor).get(check_url(classical)).status_code == 404


def test_an_mcr_hand_under_eight_leads_to_a_prefilled_false_win(make_hall):
    h = make_hall("mcr")
    client = web(h.floor)
    query = {
        "player": h.south.pk,
        "notation": SIX_AND_TWO,
        "tsumo": "1",
        "seat_wind": "1",
        "prevalent_wind": "0",
    }
    response = client.get(check_url(h), query)
    assert response.status_code == 200
    text = response.content.decode()
    assert "Fully Concealed Hand" in text and "不求人" in text
    result = response.context["result"]
    assert (result.fan, result.bonus, result.total) == (6, 2, 8)
    link = response.context["foul_url"]
    assert link.startswith(f"/referee/{h.event.slug}/r1/t1/false_win/?")
    params = parse_qs(urlsplit(link).query)
    assert params["offender"] == [str(h.south.pk)]
    assert params["d_reason"] == ["under_minimum"]

    form_page = client.get(link)
    assert form_page.status_code == 200
    form = form_page.context["form"]
    assert form.initial["offender"] == str(h.south.pk)
    assert json.loads(form.initial["hand_check"])["notation"] == SIX_AND_TWO
    shown = form_page.content.decode()
    assert "data-hand-evidence" in shown and "123m456p2346789s 9s 12f" in shown
    assert form_page.context["hand_check"]["total"] == 8

    body = {
        "offender": str(h.south.pk),
        "d_reason": "under_minimum",
        "idempotency_key": uuid.uuid4().hex,
        "hand_check": params["hand_check"][0],
        "action": "save",
    }
    saved = client.post(link.split("?")[0], body)
    assert saved.status_code == 302, saved.content.decode()[:2000]
    report = FoulReport.objects.get(event=h.event)
    assert report.offender == h.south
    check = HandCheck.objects.get(report=report)
    assert check.family == "mcr"
    assert (check.total, check.reaches_minimum) == (8, False)
    assert check.inputs["situation"]["tsumo"] is True
    assert check.result["fan"] == 6 and check.result["bonus"] == 2
    receipt = client.get(saved["Location"]).content.decode()
    assert "data-hand-evidence" in receipt and "123m456p2346789s 9s 12f" in receipt


def test_a_hand_over_eight_has_no_false_win_link(make_hall):
    h = make_hall("mcr")
    query = {"player": h.east.pk, "notation": "123m456p789s555z1s1s", "tsumo": "0",
             "seat_wind": "0", "prevalent_wind": "0"}  # fmt: skip
    response = web(h.floor).get(check_url(h), query)
    assert response.status_code == 200
    assert response.context["result"].fan == 13
    assert response.context["foul_url"] is None
    # Green Book payment: the discarder pays 8 + 13, each other player 8.
    assert response.context["paid"] == {"gain": 37, "tsumo": False, "discarder": 21, "others": 8}
    assert "The winner takes 37" in response.content.decode()


@pytest.mark.parametrize(
    ("notation", "words"),
    [
        ("11111m234p567s99s8s", "only four 1m"),
        ("234m567p678s99p34s", "this one has 13"),
        ("[124m] 567p678s99p34s5s", "not a set"),
        ("123m456p789s11z2z3z4z", "not a complete hand"),
        ("234m567p678s99p34s5x", "unknown tile code"),
    ],
)
def test_bad_tiles_are_named_on_the_form(make_hall, notation, words):
    h = make_hall("mcr")
    query = {"player": h.east.pk, "notation": notation, "tsumo": "0", "seat_wind": "0",
             "prevalent_wind": "0"}  # fmt: skip
    response = web(h.floor).get(check_url(h), query)
    assert response.status_code == 400
    assert words in response.content.decode()
    assert not HandCheck.objects.exists()


def test_a_riichi_check_reads_yaku_and_dora(make_hall):
    h = make_hall("riichi_ema", {"red_fives": True})
    query = {"player": h.south.pk, "notation": "234m067p678s99p34s5s", "tsumo": "1",
             "seat_wind": "1", "prevalent_wind": "0", "riichi": "riichi",
             "ippatsu": "on"}  # fmt: skip
    response = web(h.floor).get(check_url(h), query)
    assert response.status_code == 200
    result = response.context["result"]
    assert (result.han, result.fu) == (5, 20)
    keys = [line["key"] for line in response.context["lines"]]
    assert keys == ["tsumo", "riichi", "ippatsu", "pinfu", "aka_dora"]
    assert response.context["foul_url"] is None
    # South's mangan tsumo: the dealer pays 4000, the others 2000 each.
    assert response.context["paid"] == {"gain": 8000, "tsumo": True, "dealer": 4000, "others": 2000}
    ron = web(h.floor).get(check_url(h), {**query, "tsumo": "0", "ippatsu": ""})
    assert ron.context["paid"] == {"gain": 3900, "tsumo": False, "discarder": 3900, "others": 0}
    assert "The winner takes 3900 from the discarder." in ron.content.decode()
    with_counters = web(h.floor).get(check_url(h), {**query, "counters": "2", "sticks": "1"})
    assert with_counters.context["paid"] == {
        "gain": 8000 + 600 + 1000, "tsumo": True, "dealer": 4200, "others": 2200,
    }  # fmt: skip


def test_the_api_keeps_a_check_with_a_report_and_refuses_a_bad_one(make_hall):
    h = make_hall("mcr")
    hand = {"notation": SIX_AND_TWO, "situation": {"tsumo": True, "seat_wind": 1}}
    answer = h.foul(h.floor, "false_win", h.south, {"reason": "under_minimum"}, hand_check=hand)
    assert answer.status_code == 201, answer.content
    check = HandCheck.objects.get(report_id=answer.json()["id"])
    assert check.total == 8
    bad = h.foul(h.floor, "false_win", h.south, {}, hand_check={"notation": "12345m"})
    assert bad.status_code == 400
    assert "14 tiles" in bad.content.decode()
    assert FoulReport.objects.count() == 1


def test_a_check_is_append_only(make_hall):
    h = make_hall("mcr")
    hand = {"notation": SIX_AND_TWO, "situation": {"tsumo": True}}
    assert h.foul(h.floor, "false_win", h.south, {}, hand_check=hand).status_code == 201
    check = HandCheck.objects.get()
    check.total = 99
    with pytest.raises(AppendOnlyError):
        check.save()
    with pytest.raises(AppendOnlyError):
        HandCheck.objects.all().delete()
    for sql in ("UPDATE penalties_handcheck SET total = 99", "DELETE FROM penalties_handcheck"):
        with (
            pytest.raises((DatabaseError, IntegrityError)) as error,
            transaction.atomic(),
            connection.cursor() as cursor,
        ):
            cursor.execute(sql)
        assert "append-only" in str(error.value)
    assert HandCheck.objects.get().total == 8


def test_the_seat_and_prevailing_wind_come_from_the_seat_and_the_sheet(make_hall):
    """Issue 43, item 17: the seat wind stayed East for a player seated West."""
    from scoring.sheets import services as sheets
    from tournament.events.models import Event
    from tournament.rounds.models import Table

    h = make_hall("riichi_ema")
    client = web(h.floor)
    # West's pung of West winds (333z) is a yakuhai only when West is the seat wind.
    # As the page sends it: the winds as the form shows them at first.
    query = {
        "player": h.west.pk,
        "notation": "234m567p678s333z9p 9p",
        "tsumo": "1",
        "seat_wind": "",
        "prevalent_wind": "0",
    }
    result = client.get(check_url(h), query).context["result"]
    assert {line.key for line in result.lines} == {"tsumo", "seat_wind_west"}
    # A sheet where South has become the dealer (a non-dealer won): West's seat wind is South.
    Event.objects.filter(pk=h.event.pk).update(keeps_score_sheets=True)
    table = Table.objects.select_related("round__event").get(
        round__event=h.event, round__number=1, number=1
    )
    ron = {"kind": "win", "winner": 2, "discarder": 1, "han": 1, "fu": 30, "riichi": [3]}
    sheets.add_hand(
        table, ron, author=sheets.Author(user=h.head), number=1, idempotency_key=uuid.uuid4().hex
    )
    page = client.get(check_url(h))
    form = page.context["form"]
    assert form.initial["prevalent_wind"] == "0" and form.initial["counters"] == 0
    assert "P1-1 is East (the dealer)" in page.content.decode().replace("&quot;", '"')
    result = client.get(check_url(h), query).context["result"]
    assert {line.key for line in result.lines} == {"tsumo"}
    explicit = client.get(check_url(h), query | {"seat_wind": "2"}).context["result"]
    assert {line.key for line in explicit.lines} == {"tsumo", "seat_wind_west"}
