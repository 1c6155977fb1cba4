"""The tablet's result page (issue 16 §1 and §3): who reaches it, the sum check, bad input
that writes nothing, corrections with a reason, stale versions side by side, idempotency."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.results.models import TableResult
from tournament.events.models import Event
from tournament.rounds import services as round_services
from tournament.rounds.models import Round
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment


@pytest.fixture
def riichi(make_hall, make_user):
    hall = make_hall("riichi_ema")
    keeper = make_user("keeper")
    staff_services.assign_referee(
        hall.event, keeper, role=RefereeAssignment.Role.SCOREKEEPER, table_numbers=[1]
    )
    hall.keeper = keeper
    return hall


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def url(hall, table=1, round_=1) -> str:
    return f"/referee/{hall.event.slug}/r{round_}/t{table}/result/"


def body(e="40000", s="30000", w="30000", n="20000", **extra) -> dict:
    return {
        "score_E": e,
        "score_S": s,
        "score_W": w,
        "score_N": n,
        "idempotency_key": extra.pop("key", "key-1"),
        "based_on_version": extra.pop("base", 0),
        **extra,
    }


def test_the_page_shows_seats_winds_and_the_target(riichi):
    page = client_for(riichi.keeper).get(url(riichi))
    assert page.status_code == 200
    text = page.content.decode()
    for player in (riichi.east, riichi.south, riichi.west, riichi.north):
        assert player.name in text
    assert "East · " in text and 'data-expected="120000"' in text


def test_a_scorekeeper_enters_a_result(riichi):
    answer = client_for(riichi.keeper).post(url(riichi), body())
    assert answer.status_code == 302
    result = TableResult.objects.get()
    assert (result.version, result.entered_by, result.idempotency_key) == (
        1,
        riichi.keeper,
        "key-1",
    )
    page = client_for(riichi.keeper).get(url(riichi)).content.decode()
    assert "40\u00a0000" in page and "Save correction" in page


@pytest.mark.parametrize(
    "data, message",
    [
        (body(n="19000"), "Adds up to 119\u00a0000, 1\u00a0000 short."),
        (body(n=""), "Enter the score of this seat"),
        (body(n="20000.5"), "20000.5 is not a whole number."),
        (body(n="abc"), "abc is not a whole number."),
    ],
)
def test_bad_input_says_why_and_writes_nothing(riichi, data, message):
    answer = client_for(riichi.keeper).post(url(riichi), data)
    assert answer.status_code == 400
    assert message in answer.content.decode()
    assert not TableResult.objects.exists()


def test_digit_groups_are_read(riichi):
    client_for(riichi.keeper).post(url(riichi), body(e="40 000", n="20\u00a0000"))
    assert sorted(s.score for s in TableResult.objects.get().scores.all()) == [
        20000,
        30000,
        30000,
        40000,
    ]


def test_a_correction_needs_a_reason(riichi):
    client = client_for(riichi.keeper)
    client.post(url(riichi), body())
    answer = client.post(url(riichi), body(e="35000", w="35000", key="key-2", base=1))
    assert answer.status_code == 400
    assert "Say why the result is corrected." in answer.content.decode()
    assert TableResult.objects.count() == 1
    answer = client.post(
        url(riichi), body(e="35000", w="35000", key="key-2", base=1, reason="Misread")
    )
    assert answer.status_code == 302 and TableResult.objects.count() == 2


def test_a_stale_correction_shows_both_versions_and_stores_nothing(riichi):
    keeper, head = client_for(riichi.keeper), client_for(riichi.head)
    keeper.post(url(riichi), body())
    head.post(url(riichi), body(e="35000", w="35000", key="h", base=1, reason="Head checked"))
    answer = keeper.post(url(riichi), body(e="45000", s="25000", key="k2", base=1, reason="Typo"))
    assert answer.status_code == 409
    text = answer.content.decode()
    assert "data-conflict" in text and "45\u00a0000" in text and "35\u00a0000" in text
    assert TableResult.objects.count() == 2
    json = keeper.post(
        url(riichi),
        body(e="45000", s="25000", key="k2", base=1, reason="Typo"),
        headers={"Accept": "application/json"},
    ).json()
    assert json["conflict"]["version"] == 2
    assert [r["theirs"] for r in json["conflict"]["rows"]] == [
        "35\u00a0000",
        "30\u00a0000",
        "35\u00a0000",
        "20\u00a0000",
    ]


def test_a_resend_of_the_same_key_is_stored_once(riichi):
    client = client_for(riichi.keeper)
    first = client.post(url(riichi), body(), headers={"Accept": "application/json"})
    again = client.post(url(riichi), body(), headers={"Accept": "application/json"})
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["created"] is False
    assert TableResult.objects.count() == 1


def test_a_reason_over_2000_characters_is_refused(riichi):
    answer = client_for(riichi.keeper).post(url(riichi), body(reason="x" * 2001))
    assert answer.status_code == 400 and not TableResult.objects.exists()


def test_floor_referees_only_where_the_event_allows(riichi):
    answer = client_for(riichi.floor).get(url(riichi))
    assert answer.status_code == 403
    assert "My tables" in answer.content.decode()
    Event.objects.filter(pk=riichi.event.pk).update(floor_referees_enter_results=True)
    assert client_for(riichi.floor).get(url(riichi)).status_code == 200
    assert client_for(riichi.floor).get(url(riichi, table=2)).status_code == 403


def test_a_closed_round_needs_the_director_and_a_reason(riichi):
    round_services.update_round(riichi.event.rounds.get(number=1), status=Round.Status.CLOSED)
    answer = client_for(riichi.keeper).post(url(riichi), body())
    assert answer.status_code == 403 and "closed" in answer.content.decode()
    director = client_for(riichi.director)
    answer = director.post(url(riichi), body())
    assert answer.status_code == 400 and not TableResult.objects.exists()
    assert director.post(url(riichi), body(reason="Sheet found late")).status_code == 302


def test_confirming_is_a_write_like_entering(riichi):
    Event.objects.filter(pk=riichi.event.pk).update(results_need_confirmation=True)
    client_for(riichi.keeper).post(url(riichi), body())
    head = client_for(riichi.head)
    assert "Confirm version 1" in head.get(url(riichi)).content.decode()
    confirm = {"action": "confirm", "version": 1, "idempotency_key": "c1"}
    answer = head.post(url(riichi), confirm, headers={"Accept": "application/json"})
    assert answer.status_code == 200
    again = head.post(url(riichi), confirm, headers={"Accept": "application/json"})
    assert again.status_code == 200
    result = TableResult.objects.get()
    assert result.counts and result.confirmed_by == riichi.head


def test_links_from_the_referee_pages(riichi):
    client = client_for(riichi.keeper)
    tables = client.get(f"/referee/{riichi.event.slug}/").content.decode()
    assert url(riichi) in tables
    table = client.get(f"/referee/{riichi.event.slug}/r1/t1/").content.decode()
    assert url(riichi) in table and "Record a foul" not in table


def test_a_correction_starts_from_the_current_scores_and_says_corrected(riichi):
    """Issue 31, item 14: the form is prefilled with the latest version; after a correction the
    page says so."""
    client = client_for(riichi.keeper)
    client.post(url(riichi), body())
    page = client.get(url(riichi)).content.decode()
    assert 'value="40000"' in page and 'value="20000"' in page
    answer = client.post(
        url(riichi), body(e="35000", w="35000", key="key-2", base=1, reason="Misread"), follow=True
    )
    assert "Version 2 saved: the result is corrected." in answer.content.decode()
