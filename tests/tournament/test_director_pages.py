"""Director pages: each form stores what is valid and explains, next to the field, what is not."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tournament.events.models import Event
from tournament.rounds.models import Round, Seat
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment

pytestmark = pytest.mark.django_db


@pytest.fixture
def web(director):
    client = Client()
    client.force_login(director)
    return client


def page(event, tail=""):
    return f"/director/{event.slug}/{tail}"


def test_pages_render_for_the_director(web, event):
    for tail in ("", "edit/", "players/", "rounds/", "rounds/1/seating/", "referees/"):
        response = web.get(page(event, tail))
        assert response.status_code == 200, tail
        assert b'name="viewport"' in response.content


def test_other_users_get_403_or_login(event, other_director, make_user):
    anonymous = Client()
    assert anonymous.get(page(event)).status_code == 302
    for user in (other_director, make_user("someone")):
        client = Client()
        client.force_login(user)
        assert client.get(page(event, "players/")).status_code == 403
        assert client.post(page(event, "players/"), {"add": "1", "name": "X"}).status_code == 403
    assert event.players.filter(name="X").count() == 0


def test_create_event(web):
    response = web.post(
        "/director/new/",
        {
            "name": "Helsinki Riichi Open",
            "slug": "helsinki-riichi",
            "ruleset": "riichi_ema",
            "ruleset_options": "{}",
            "status": "draft",
            "venue": "Helsinki",
            "is_public": "on",
        },
    )
    assert response.status_code == 302
    assert Event.objects.get(slug="helsinki-riichi").director.username == "dir"


def test_non_director_cannot_create_events(make_user):
    client = Client()
    client.force_login(make_user("player"))
    assert client.get("/director/new/").status_code == 403


def test_event_form_errors(web, event):
    response = web.post(
        "/director/new/",
        {
            "name": "Dup",
            "slug": event.slug,
            "ruleset": "mcr",
            "ruleset_options": "{}",
            "status": "draft",
            "start_date": "2026-05-02",
            "end_date": "2026-05-01",
        },
    )
    assert response.status_code == 200
    form = response.context["form"]
    assert "slug" in form.errors
    assert Event.objects.filter(name="Dup").count() == 0


def test_add_player_form(web, event):
    response = web.post(
        page(event, "players/"),
        {"add": "1", "name": "Ville Nieminen", "country": "FI", "ema_number": "11000007"},
    )
    assert response.status_code == 302
    response = web.post(
        page(event, "players/"),
        {"add": "1", "name": "Ville Nieminen", "country": "ZZ", "ema_number": "12"},
    )
    assert set(response.context["form"].errors) == {"country"}
    response = web.post(
        page(event, "players/"),
        {"add": "1", "name": "Ville Nieminen", "country": "FI", "ema_number": "12"},
    )
    assert set(response.context["form"].errors) == {"ema_number"}
    assert event.players.filter(name="Ville Nieminen").count() == 1


def test_file_upload_shows_a_preview_that_lists_bad_lines_and_imports_nothing(web, event):
    count = event.players.count()
    text = "name,country,club,ema_number\nA One,CZ,,07001111\nB Two,CZ,,bad\nA One,FR,,\n"
    response = web.post(
        page(event, "players/"),
        {"upload": "1", "file": SimpleUploadedFile("p.csv", text.encode())},
        follow=True,
    )
    assert response.status_code == 200
    assert [e.line for e in response.context["errors"]] == [3, 4]
    assert b"Line 3" in response.content and b"Line 4" in response.content
    assert b'name="confirm"' not in response.content
    assert event.players.count() == count


def test_drop_player_page(web, event):
    player = event.players.first()
    web.post(page(event, f"players/{player.pk}/status/"), {"status": "dropped"})
    player.refresh_from_db()
    assert player.status == "dropped"


def test_create_round_and_change_status(web, event):
    response = web.post(page(event, "rounds/"), {"length_minutes": "90"})
    assert response.status_code == 302
    assert event.rounds.filter(number=3, length_minutes=90).exists()
    web.post(page(event, "rounds/1/status/"), {"status": "live"})
    assert event.rounds.get(number=1).status == Round.Status.LIVE
    response = web.post(page(event, "rounds/3/status/"), {"status": "live"}, follow=True)
    assert event.rounds.get(number=3).status == Round.Status.PLANNED
    assert b"cannot become" in response.content


def _seating_post(event, tables):
    data = {}
    for t, ids in enumerate(tables, start=1):
        for wind, pid in zip("ESWN", ids, strict=False):
            data[f"t{t}_{wind}"] = str(pid) if pid else ""
    return data


def test_seat_round_by_hand(web, event):
    event.rounds.create(number=3)
    ids = list(event.players.order_by("pk").values_list("pk", flat=True))
    response = web.post(page(event, "rounds/3/seating/"), _seating_post(event, [ids[4:8], ids[:4]]))
    assert response.status_code == 302
    seats = Seat.objects.filter(round__number=3, round__event=event)
    assert seats.count() == 8
    assert seats.get(table__number=1, wind="E").player_id == ids[4]


def test_seat_round_form_rejects_a_player_twice(web, event):
    ids = list(event.players.order_by("pk").values_list("pk", flat=True))
    before = list(Seat.objects.order_by("pk").values_list("pk", "player_id"))
    response = web.post(
        page(event, "rounds/2/seating/"), _seating_post(event, [ids[:4], [ids[0], *ids[5:8]]])
    )
    assert response.status_code == 200
    assert "t2_E" in response.context["form"].errors
    assert list(Seat.objects.order_by("pk").values_list("pk", "player_id")) == before


def test_seat_round_form_refuses_a_closed_round(web, event):
    Round.objects.filter(event=event, number=1).update(status=Round.Status.CLOSED)
    ids = list(event.players.order_by("pk").values_list("pk", flat=True))
    before = list(Seat.objects.order_by("pk").values_list("pk", "player_id"))
    response = web.post(page(event, "rounds/1/seating/"), _seating_post(event, [ids[4:8], ids[:4]]))
    assert response.status_code == 200
    assert "closed" in str(response.context["form"].non_field_errors())
    assert list(Seat.objects.order_by("pk").values_list("pk", "player_id")) == before


def test_assign_and_remove_roles_of_known_staff(web, event, make_user, make_event):
    ref1 = make_user("ref1")
    other = make_event("autumn-open", players=4)
    staff_services.assign_referee(other, ref1, role=RefereeAssignment.Role.HEAD)
    response = web.post(
        page(event, "referees/"),
        {
            "assign": "1",
            "assign-person": str(ref1.pk),
            "assign-roles": ["floor", "scorekeeper"],
            "assign-table_numbers": "1, 2",
        },
    )
    assert response.status_code == 302
    roles = RefereeAssignment.objects.filter(event=event, user=ref1).order_by("role")
    assert [(a.role, a.table_numbers) for a in roles] == [
        ("floor", [1, 2]),
        ("scorekeeper", [1, 2]),
    ]
    response = web.post(
        page(event, "referees/"),
        {"assign": "1", "assign-person": str(ref1.pk), "assign-table_numbers": "x"},
    )
    assert set(response.context["roles_form"].errors) == {"roles", "table_numbers"}
    floor = roles.get(role="floor")
    web.post(page(event, f"referees/{floor.pk}/remove/"))
    assert list(
        RefereeAssignment.objects.filter(event=event, user=ref1).values_list("role", flat=True)
    ) == ["scorekeeper"]


def test_home_lists_public_events(event, make_event):
    make_event("secret", public=False)
    response = Client().get("/")
    assert event.name.encode() in response.content
    assert b"Secret" not in response.content
    # an event without a venue or dates shows no empty part between the dots
    Event.objects.filter(pk=event.pk).update(venue="", start_date=None, end_date=None)
    assert "· ·" not in " ".join(Client().get("/").content.decode().split())


def test_table_cards_carry_a_qr_code_to_the_table_page(web, event):
    """The QR code opens the table's public page (issue 32): a player gets the live sheet and
    the sign-in there, never the staff login."""
    response = web.get(page(event, "rounds/1/cards/"))
    assert response.status_code == 200
    text = response.content.decode()
    assert text.count('class="card"') == event.rounds.get(number=1).tables.count()
    assert f'data-url="http://testserver/e/{event.slug}/r1/t1/"' in text
    assert "/referee/" not in text
    assert "<svg" in text


def test_hall_announcements_and_extra_time(web, event):
    web.post(page(event, "rounds/1/status/"), {"status": "live"})
    web.post(page(event, "hall/"), {"announce": "1", "text": "Round 2 starts at 14:00"})
    announcement = event.announcements.get()
    assert announcement.is_active
    web.post(page(event, "hall/"), {"toggle": announcement.pk})
    announcement.refresh_from_db()
    assert not announcement.is_active
    extra = {"table": "2", "minutes": "7", "reason": "ruling", "key": "k1"}
    web.post(page(event, "rounds/1/extra-time/"), {**extra, "next": page(event, "hall/")})
    table = event.rounds.get(number=1).tables.get(number=2)
    assert [(e.minutes, e.reason) for e in table.extensions.all()] == [(7, "ruling")]
    response = web.post(
        page(event, "rounds/1/extra-time/"), {**extra, "minutes": "500", "key": "k2"}, follow=True
    )
    assert b"from 1 to 120" in response.content
    assert table.extensions.count() == 1
    assert b"ruling" in web.get(page(event, "hall/")).content
    assert web.get(page(event, "hall/")).status_code == 200


def test_twelve_rounds_are_added_at_once_numbered_on(web, make_event):
    """Issue 31, item 22: rounds 1 to 12 in one step, the next number prefilled."""
    event = make_event("many-rounds", players=8)
    event.rounds.all().delete()
    page_before = web.get(page(event, "rounds/"))
    assert page_before.context["form"].initial["number"] == 1
    answer = web.post(
        page(event, "rounds/"), {"number": "1", "count": "12", "length_minutes": "90"}, follow=True
    )
    assert "Rounds 1 to 12 created." in answer.content.decode()
    assert list(event.rounds.order_by("number").values_list("number", flat=True)) == list(
        range(1, 13)
    )
    assert web.get(page(event, "rounds/")).context["form"].initial["number"] == 13
    again = web.post(page(event, "rounds/"), {"number": "12", "count": "3", "length_minutes": "90"})
    assert "Round 12 already exists." in again.content.decode()
    assert event.rounds.count() == 12  # all or none
