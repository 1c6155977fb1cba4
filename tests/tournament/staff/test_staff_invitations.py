"""Staff accounts without the admin: invitation links a director hands over, accepted with a
new account or an existing one, and the notice of new roles on the referee page."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment, StaffInvitation
from tournament.staff.services import invitations

pytestmark = pytest.mark.django_db
Role = RefereeAssignment.Role


@pytest.fixture
def web(director):
    client = Client()
    client.force_login(director)
    return client


def invite(web, event, **fields) -> str:
    """Create an invitation on the staff page; the link it shows once."""
    data = {"invite": "1", "invite-roles": ["floor", "scorekeeper"], "invite-table_numbers": "1-2"}
    data.update(fields)
    response = web.post(f"/director/{event.slug}/referees/", data)
    assert response.status_code == 302, response.context and response.context["invite_form"].errors
    page = web.get(f"/director/{event.slug}/referees/")
    link = page.context["new_link"]["url"]
    assert "<svg" in page.context["new_link"]["qr"]
    again = web.get(f"/director/{event.slug}/referees/")
    assert again.context["new_link"] is None  # shown once
    return link.removeprefix("http://testserver")


def test_a_new_person_creates_an_account_from_the_link_and_holds_the_roles(event, web):
    link = invite(web, event, **{"invite-note": "Jana at the door"})
    invitation = StaffInvitation.objects.get()
    assert invitation.note == "Jana at the door" and invitation.token_hash not in link
    visitor = Client()
    page = visitor.get(link)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Floor referee" in text and "Scorekeeper" in text and "Jana at the door" not in text
    response = visitor.post(
        link,
        {
            "create": "1",
            "username": "jana",
            "password": "a long pass 42",
            "password_again": "a long pass 42",
        },
    )
    assert response.status_code == 302 and response.url == "/referee/"
    jana = get_user_model().objects.get(username="jana")
    roles = {a.role: a.table_numbers for a in RefereeAssignment.objects.filter(user=jana)}
    assert roles == {Role.FLOOR: [1, 2], Role.SCOREKEEPER: [1, 2]}
    assert visitor.get("/referee/").status_code in (200, 302)  # logged in
    assert Client().get(link).status_code == 404  # used up
    # Accepted: the director may give her more roles directly from now on.
    assert jana in staff_services.known_staff(event.director)


def test_bad_account_details_are_explained_and_nothing_is_created(event, web, make_user):
    make_user("taken")
    link = invite(web, event)
    visitor = Client()
    response = visitor.post(
        link, {"create": "1", "username": "taken", "password": "x", "password_again": "y"}
    )
    errors = response.context["form"].errors
    assert set(errors) >= {"password_again", "password"}
    response = visitor.post(
        link,
        {
            "create": "1",
            "username": "TAKEN",
            "password": "a long pass 42",
            "password_again": "a long pass 42",
        },
    )
    assert response.context["form"].errors["username"] == [
        "This username is taken; choose another."
    ]
    assert not RefereeAssignment.objects.filter(
        event=event, user__username__iexact="taken"
    ).exists()
    assert StaffInvitation.objects.get().accepted_at is None


def test_a_person_with_an_account_logs_in_and_accepts(event, web, make_user):
    veteran = make_user("veteran")
    link = invite(web, event, **{"invite-roles": ["head"], "invite-table_numbers": ""})
    client = Client()
    client.force_login(veteran)
    page = client.get(link)
    assert "Accept as veteran" in page.content.decode()
    client.post(link, {"accept": "1"})
    assert RefereeAssignment.objects.get(user=veteran).role == Role.HEAD
    anonymous = Client().get(link.replace(link.split("/")[-2], "not-a-token"))
    assert anonymous.status_code == 404


def test_the_director_cannot_accept_their_own_invitation(event, web):
    link = invite(web, event)
    response = web.post(link, {"accept": "1"})
    assert "already have every right" in response.content.decode()
    assert not RefereeAssignment.objects.filter(user=event.director).exists()


def test_expired_renewed_and_withdrawn_links_stop_working(event, web, director):
    invitation, token = invitations.create_invitation(event, director, roles=["floor"])
    link = f"/staff/invitation/{token}/"
    assert Client().get(link).status_code == 200
    StaffInvitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now())
    assert Client().get(link).status_code == 404
    web.post(f"/director/{event.slug}/referees/invitations/{invitation.pk}/renew/")
    new_link = web.get(f"/director/{event.slug}/referees/").context["new_link"]["url"]
    assert Client().get(link).status_code == 404
    assert Client().get(new_link).status_code == 200
    web.post(f"/director/{event.slug}/referees/invitations/{invitation.pk}/withdraw/")
    assert Client().get(new_link).status_code == 404
    assert not StaffInvitation.objects.exists()


def test_a_link_works_once_even_when_two_people_open_it(event, director, make_user):
    invitation, token = invitations.create_invitation(event, director, roles=["floor"])
    first, second = make_user("first"), make_user("second")
    invitations.accept_invitation(invitation, first)
    with pytest.raises(Exception) as error:
        invitations.accept_invitation(invitation, second)
    assert "no longer valid" in str(error.value)
    assert not RefereeAssignment.objects.filter(user=second).exists()


def test_invitation_table_numbers_are_checked(event, web):
    response = web.post(
        f"/director/{event.slug}/referees/",
        {"invite": "1", "invite-roles": ["floor"], "invite-table_numbers": "7"},
    )
    assert "1 to 2" in response.context["invite_form"].errors["table_numbers"][0]
    assert not StaffInvitation.objects.exists()


def test_new_roles_are_shown_on_the_referee_page_until_acknowledged(event, make_user, make_event):
    referee = make_user("ref")
    staff_services.assign_referee(event, referee, role=Role.FLOOR, table_numbers=[1])
    client = Client()
    client.force_login(referee)
    home = client.get("/")
    assert "1 new staff role" in home.content.decode()
    page = client.get("/referee/")
    assert page.status_code == 200  # no redirect to the only event while a role is new
    text = page.content.decode()
    assert "You have 1 new role." in text and event.name in text and "tables 1" in text
    client.post("/staff/roles/seen/", {"next": "/referee/"})
    assert RefereeAssignment.objects.get(user=referee).seen_at is not None
    assert client.get("/referee/").status_code == 302  # straight to the only event again
    staff_services.assign_referee(
        make_event("second-cup", players=4), referee, role=Role.SCOREKEEPER
    )
    assert "You have 1 new role." in client.get("/referee/").content.decode()


def test_the_staff_api(event, director_api, make_user):
    url = f"/api/events/{event.slug}/invitations/"
    response = director_api.post(url, {"roles": ["floor"], "table_numbers": [2]}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["url"].endswith(f"/staff/invitation/{body['token']}/")
    assert [i["id"] for i in director_api.get(url).json()["results"]] == [body["id"]]
    assert "token" not in director_api.get(url).json()["results"][0]
    anonymous = Client()
    accepted = anonymous.post(
        "/api/invitations/accept/",
        {
            "token": body["token"],
            "username": "api-ref",
            "password": "a long pass 42",
            "password_again": "a long pass 42",
        },
        content_type="application/json",
    )
    assert accepted.status_code == 201, accepted.content
    assert accepted.json()[0]["role"] == "floor"
    again = anonymous.post(
        "/api/invitations/accept/", {"token": body["token"]}, content_type="application/json"
    )
    assert again.status_code == 404
    candidates = director_api.get(f"/api/events/{event.slug}/referees/candidates/").json()
    assert [c["username"] for c in candidates["results"]] == ["api-ref"]
    response = director_api.post(
        f"/api/events/{event.slug}/referees/",
        {"username": "api-ref", "role": "scorekeeper"},
        format="json",
    )
    assert response.status_code == 201
    roles = director_api.get(f"/api/events/{event.slug}/referees/").json()["results"]
    assert sorted(r["role"] for r in roles if r["username"] == "api-ref") == [
        "floor",
        "scorekeeper",
    ]
    ref = get_user_model().objects.get(username="api-ref")
    mine = Client()
    mine.force_login(ref)
    listed = mine.get("/api/me/roles/").json()
    assert {(r["role"], r["new"]) for r in listed} == {("floor", True), ("scorekeeper", True)}
    assert mine.post("/api/me/roles/seen/").status_code == 204
    assert not any(r["new"] for r in mine.get("/api/me/roles/").json())


def test_invitations_expire_after_the_configured_days(event, director, settings):
    settings.STAFF_INVITATION_DAYS = 2
    invitation, _token = invitations.create_invitation(event, director, roles=["floor"])
    assert timedelta(days=2) - (invitation.expires_at - timezone.now()) < timedelta(minutes=1)


def test_a_link_tells_of_taken_usernames_a_few_times_only(event, web, make_user):
    """Issue 31, item 9: the page must say when a username cannot be had, and so whether an
    account exists; one link answers that for three names, not for a list."""
    for name in ("anna", "bert", "cyril", "dana"):
        make_user(name)
    link = invite(web, event)
    visitor = Client()

    def create(username):
        return visitor.post(
            link,
            {
                "create": "1",
                "username": username,
                "password": "a long pass 42",
                "password_again": "a long pass 42",
            },
        )

    for name in ("anna", "bert", "cyril"):
        assert create(name).context["form"].errors["username"] == [
            "This username is taken; choose another."
        ]
    refused = create("dana").content.decode()
    assert "Too many usernames were already taken with this link." in refused
    assert "This username is taken" not in refused
    assert "Too many usernames" in create("somebody-new").content.decode()
    assert not get_user_model().objects.filter(username="somebody-new").exists()
