"""The referee's pages without a browser: forms post normally, errors sit next to fields."""

from __future__ import annotations

import pytest
from django.test import Client

from penalties.models import FoulReport
from tournament.rounds import services as round_services
from tournament.rounds.models import Round
from tournament.rounds.services import seats
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment
from tournament.staff.services import invitations

pytestmark = pytest.mark.django_db


def web(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page(h, tail=""):
    return f"/referee/{h.event.slug}/{tail}"


def test_my_tables_lists_assigned_tables_first(make_hall):
    h = make_hall("mcr")
    response = web(h.other_floor).get(page(h))
    assert response.status_code == 200
    numbers = [t["table"].number for t in response.context["tables"]]
    assert numbers == [2, 1]
    assert [t["mine"] for t in response.context["tables"]] == [True, False]


def test_table_page_shows_seats_and_foul_buttons(hall):
    response = web(hall.floor).get(page(hall, "r1/t1/"))
    assert response.status_code == 200
    text = response.content.decode()
    for player in (hall.east, hall.south, hall.west, hall.north):
        assert player.name in text
    for code in (
        "false_win",
        "exposed_tiles",
        "wrong_wall_draw",
        "long_hand",
        "short_hand",
        "wrong_claim",
        "misnamed_discard",
        "referee_decision",
    ):
        assert f"/r1/t1/{code}/" in text
    assert "?all=1" in text


def test_unassigned_referee_gets_403(hall, make_user):
    assert web(hall.other_floor).get(page(hall, "r1/t1/")).status_code == 403
    assert web(hall.other_floor).get(page(hall, "r1/t1/false_win/")).status_code == 403
    assert web(make_user("stranger")).get(page(hall, "r1/t1/")).status_code == 403
    response = web(hall.other_floor).post(
        page(hall, "r1/t1/false_win/"),
        {"offender": hall.south.pk, "idempotency_key": "x1", "action": "save"},
    )
    assert response.status_code == 403
    assert FoulReport.objects.count() == 0


def test_record_a_false_win_by_form(hall):
    client = web(hall.floor)
    form = client.get(page(hall, "r1/t1/false_win/")).context["form"]
    key = form.initial["idempotency_key"]
    data = {
        "offender": hall.south.pk,
        "d_others_exposed": "on",
        "idempotency_key": key,
        "action": "save",
        "d_reason": "invalid_hand",
    }
    response = client.post(page(hall, "r1/t1/false_win/"), data)
    assert response.status_code == 302
    report = FoulReport.objects.get()
    assert response["Location"] == f"/referee/{hall.event.slug}/fouls/{report.pk}/"
    receipt = client.get(response["Location"])
    assert f"Report #{report.pk} recorded" in receipt.content.decode()
    # The same form posted again (a double tap without JavaScript) stores nothing new.
    again = client.post(page(hall, "r1/t1/false_win/"), data)
    assert again.status_code == 302 and FoulReport.objects.count() == 1


def test_preview_shows_consequences_and_stores_nothing(hall):
    response = web(hall.floor).post(
        page(hall, "r1/t1/false_win/"),
        {
            "offender": hall.east.pk,
            "d_others_exposed": "on",
            "idempotency_key": "p1",
            "action": "preview",
        },
    )
    assert response.status_code == 200
    assert "East pays 300 to each opponent" in response.context["preview"]
    assert "East passes" in response.context["preview"]
    assert FoulReport.objects.count() == 0


def test_json_answers_for_the_offline_queue(hall):
    client = web(hall.floor)
    data = {"offender": hall.south.pk, "idempotency_key": "q1", "action": "save"}
    first = client.post(page(hall, "r1/t1/short_hand/"), data, HTTP_ACCEPT="application/json")
    assert first.status_code == 201 and first.json()["created"] is True
    again = client.post(page(hall, "r1/t1/short_hand/"), data, HTTP_ACCEPT="application/json")
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    bad = client.post(
        page(hall, "r1/t1/exposed_tiles/"),
        {
            "offender": hall.south.pk,
            "idempotency_key": "q2",
            "action": "save",
            "d_source": "own_hand",
            "d_count": "15",
        },
        HTTP_ACCEPT="application/json",
    )
    assert bad.status_code == 400 and "d_count" in bad.json()["errors"]


@pytest.mark.parametrize(
    "data,field",
    [
        ({"d_source": "own_hand", "d_count": "-1"}, "d_count"),
        ({"d_source": "own_hand", "d_count": "15"}, "d_count"),
        ({"d_count": "2"}, "d_source"),
    ],
)
def test_details_out_of_range_are_shown_next_to_the_field(hall, data, field):
    response = web(hall.floor).post(
        page(hall, "r1/t1/exposed_tiles/"),
        {"offender": hall.south.pk, "idempotency_key": "e1", "action": "save", **data},
    )
    assert response.status_code == 400
    assert field in response.context["form"].errors
    assert FoulReport.objects.count() == 0


def test_empty_seat_cannot_be_chosen(make_hall):
    h = make_hall("classical")
    table = h.event.rounds.get(number=1).tables.get(number=1)
    round_services.update_round(
        h.event.rounds.get(number=1), status=Round.Status.SEATED, reason="Reseat table 1"
    )
    seats.seat_table(table, {"E": h.east.pk, "S": h.south.pk, "W": h.west.pk})
    round_services.update_round(h.event.rounds.get(number=1), status=Round.Status.LIVE)
    client = web(h.floor)
    assert "empty seat" in client.get(page(h, "r1/t1/")).content.decode()
    response = client.post(
        page(h, "r1/t1/false_win/"),
        {"offender": h.north.pk, "idempotency_key": "s1", "action": "save"},
    )
    assert response.status_code == 400
    assert "offender" in response.context["form"].errors
    assert FoulReport.objects.count() == 0


def test_closed_round_refused_for_floor_referee_by_form(hall):
    round_services.update_round(hall.event.rounds.get(number=1), status=Round.Status.CLOSED)
    response = web(hall.floor).post(
        page(hall, "r1/t1/false_win/"),
        {"offender": hall.south.pk, "idempotency_key": "c1", "action": "save"},
    )
    assert response.status_code == 403
    director = web(hall.director)
    form = director.get(page(hall, "r1/t1/false_win/")).context["form"]
    assert "reason" in form.fields
    response = director.post(
        page(hall, "r1/t1/false_win/"),
        {"offender": hall.south.pk, "idempotency_key": "c2", "action": "save"},
    )
    assert response.status_code == 400 and "reason" in response.context["form"].errors
    assert FoulReport.objects.count() == 0


def test_csrf_protection_stays_on(hall):
    client = Client(enforce_csrf_checks=True)
    client.force_login(hall.floor)
    response = client.post(
        page(hall, "r1/t1/short_hand/"),
        {"offender": hall.south.pk, "idempotency_key": "z", "action": "save"},
    )
    assert response.status_code == 403
    assert FoulReport.objects.count() == 0


def test_head_referee_list_filters_and_void(hall):
    client = web(hall.floor)
    client.post(
        page(hall, "r1/t1/short_hand/"),
        {"offender": hall.south.pk, "idempotency_key": "a", "action": "save"},
    )
    client.post(
        page(hall, "r1/t1/false_win/"),
        {
            "offender": hall.west.pk,
            "idempotency_key": "b",
            "action": "save",
            "d_others_exposed": "on",
        },
    )
    assert web(hall.floor).get(page(hall, "fouls/")).status_code == 403
    head = web(hall.head)
    listing = head.get(page(hall, "fouls/?code=false_win"))
    assert [r.code for r in listing.context["reports"]] == ["false_win"]
    report = listing.context["reports"][0]
    head.post(page(hall, f"fouls/{report.pk}/void/"), {"reason": ""})
    assert not FoulReport.objects.filter(pk=report.pk, void__isnull=False).exists()
    head.post(page(hall, f"fouls/{report.pk}/void/"), {"reason": "Appeal upheld"})
    listing = head.get(page(hall, "fouls/"))
    text = listing.content.decode()
    assert "Appeal upheld" in text and "Voided by" in text


@pytest.mark.parametrize(
    "ruleset,shown,hidden",
    [
        ("classical", {"d_others_exposed", "d_co_offenders"}, {"d_revealed_count", "d_reason"}),
        ("riichi_ema", {"d_revealed"}, {"d_others_exposed"}),
        ("wsom", {"d_revealed_count"}, {"d_others_exposed", "d_reason"}),
    ],
)
def test_form_asks_what_the_ruleset_needs(make_hall, ruleset, shown, hidden):
    h = make_hall(ruleset)
    form = web(h.floor).get(page(h, "r1/t1/false_win/")).context["form"]
    fields = {name.split("__")[0] for name in form.fields}
    assert shown <= fields
    assert not hidden & fields


def test_a_scorekeeper_elsewhere_in_the_event_does_not_hide_it_from_referees(hall, make_user):
    staff_services.assign_referee(
        hall.event, make_user("keeper"), role=RefereeAssignment.Role.SCOREKEEPER
    )
    invitations.mark_assignments_seen(hall.floor)
    response = web(hall.floor).get("/referee/")
    assert response.status_code == 302
    assert response.url.endswith(f"/referee/{hall.event.slug}/")


def test_void_goes_back_only_to_a_page_of_this_site(hall):
    hall.foul(hall.floor, "short_hand", hall.south, {"count": 1})
    report = FoulReport.objects.get()
    head = web(hall.head)
    away = head.post(
        page(hall, f"fouls/{report.pk}/void/"),
        {"reason": "Appeal upheld", "next": "https://elsewhere.example/"},
    )
    assert away.url == page(hall, "fouls/")
    report2 = hall.foul(hall.floor, "short_hand", hall.west, {"count": 1}).json()["id"]
    back = head.post(
        page(hall, f"fouls/{report2}/void/"),
        {"reason": "Appeal upheld", "next": page(hall, "r1/t1/")},
    )
    assert back.url == page(hall, "r1/t1/")


def test_the_foul_list_shows_no_user_agent_string(hall):
    """Issue 43, item 16: the head referee's list showed "Mozilla/5.0 (X11; Linux..."; the
    agent string stays an audit field of the API."""
    agent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120"
    response = web(hall.floor).post(
        page(hall, "r1/t1/short_hand/"),
        {"offender": hall.south.pk, "count": 1, "idempotency_key": "ua-1", "action": "save"},
        HTTP_USER_AGENT=agent,
    )
    assert response.status_code == 302
    assert FoulReport.objects.get().user_agent == agent
    listing = web(hall.head).get(page(hall, "fouls/")).content.decode()
    assert "Mozilla" not in listing and "AppleWebKit" not in listing
    audit = hall.client(hall.head).get(f"/api/events/{hall.event.slug}/fouls/").json()
    assert audit["results"][0]["user_agent"] == agent
