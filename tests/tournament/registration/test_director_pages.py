"""The director's registration page, decisions, export and the check-in desk."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client

from tests.tournament.registration.conftest import person
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.registration import services
from tournament.registration.models import Registration, RegistrationLog, RegistrationMail
from tournament.registration.services import checkin, personal

pytestmark = pytest.mark.django_db


@pytest.fixture
def dclient(director):
    client = Client()
    client.force_login(director)
    return client


def test_the_page_lists_registrations_in_few_queries(
    open_event, dclient, django_assert_max_num_queries
):
    event = open_event(cap=3)
    for n in range(1, 30):
        services.sign_up(event, person(n))
    with django_assert_max_num_queries(16):
        page = dclient.get(f"/director/{event.slug}/registration/")
    assert page.status_code == 200
    assert "r29@example.org" in page.content.decode()


def test_refuse_mails_the_reason_and_move_up(
    open_event, dclient, django_capture_on_commit_callbacks
):
    event = open_event(cap=1)
    regs = [services.sign_up(event, person(n)) for n in (1, 2, 3)]
    url = f"/director/{event.slug}/registration/"
    dclient.post(f"{url}{regs[2].pk}/", {"action": "move_up", "reason": "Organiser"})
    with django_capture_on_commit_callbacks(execute=True):
        dclient.post(f"{url}{regs[0].pk}/", {"action": "refuse", "reason": "Banned last year"})
    # the last mail to r1 (a round also sends the earlier ones still waiting)
    assert "Banned last year" in [m.body for m in mail.outbox if m.to == ["r1@example.org"]][-1]
    statuses = dict(event.registrations.values_list("pk", "status"))
    assert statuses[regs[2].pk] == "offered" and statuses[regs[1].pk] == "waitlisted"
    assert RegistrationLog.objects.filter(kind="moved_up", reason="Organiser").exists()
    # without a reason nothing changes
    answer = dclient.post(f"{url}{regs[1].pk}/", {"action": "refuse", "reason": " "}, follow=True)
    assert "Give a reason" in answer.content.decode()


def test_adding_directly_takes_a_place_and_refuses_when_full(open_event, dclient):
    event = open_event(cap=1)
    url = f"/director/{event.slug}/registration/"
    dclient.post(url, {"add": "1", "name": "Direct One"})
    answer = dclient.post(url, {"add": "1", "name": "Direct Two"})
    assert "raise the cap" in answer.content.decode()
    assert list(event.players.values_list("name", flat=True)) == ["Direct One"]


def test_export_has_personal_data_and_deletion_keeps_the_name(
    open_event, dclient, director, django_capture_on_commit_callbacks
):
    event = open_event()
    with django_capture_on_commit_callbacks(execute=True):
        reg = services.sign_up(event, person(1))
    csv = dclient.get(f"/director/{event.slug}/registration/export.csv").content.decode()
    assert "r1@example.org" in csv and "05000001" in csv
    assert dclient.get(f"/director/{event.slug}/registration/export.xlsx").status_code == 200
    personal.erase(reg, director)
    reg = Registration.objects.select_related("contact").get(pk=reg.pk)
    player = Player.objects.get(pk=reg.player_id)
    assert (reg.name, reg.contact.email, reg.ema_number, player.name, player.ema_number) == (
        "Registrant 001",
        "",
        "",
        "Registrant 001",
        "",
    )
    assert RegistrationMail.objects.get().to == ""
    assert RegistrationLog.objects.filter(kind="erased").count() == 1
    assert (
        "r1@example.org"
        not in dclient.get(f"/director/{event.slug}/registration/export.csv").content.decode()
    )


def test_the_desk_searches_without_accents_and_checks_in_by_card(open_event, dclient, make_event):
    event = open_event(cap=4)
    services.sign_up(event, person(1, name="Šťastný Jiří"))
    services.sign_up(event, person(2))
    checkin.open_check_in(event)
    found = dclient.get(f"/director/{event.slug}/check-in/search", {"q": "STASTNY jiri"}).json()
    assert [r["name"] for r in found["results"]] == ["Šťastný Jiří"]
    page = dclient.get(f"/director/{event.slug}/check-in/")
    assert "camera=(self)" in page["Permissions-Policy"]
    player = Player.objects.get(name="Registrant 002")
    link = f"http://testserver/e/{event.slug}/card/{pins.card_token(player)}/"
    answer = dclient.post(f"/director/{event.slug}/check-in/player", {"card": link})
    assert answer.status_code == 200 and answer.json()["checked_in"] == 1
    other = make_event("elsewhere", players=4)
    foreign = f"http://testserver/e/other/card/{pins.card_token(other.players.first())}/"
    answer = dclient.post(f"/director/{event.slug}/check-in/player", {"card": foreign})
    assert answer.status_code == 400 and "another event" in answer.json()["error"]
    answer = dclient.post(
        f"/director/{event.slug}/check-in/player", {"player": other.players.first().pk}
    )
    assert answer.status_code == 400


def test_self_check_in_with_the_pin(open_event):
    event = open_event(cap=4)
    services.update_settings(event, self_check_in=True)
    services.sign_up(event, person(1))
    checkin.open_check_in(event)
    pins.ensure_pins(event)
    player = Player.objects.get()
    client = Client()
    wrong = client.post(
        f"/e/{event.slug}/check-in/",
        {"name": player.name, "pin": "000000" if pins.pin_of(player) != "000000" else "111111"},
    )
    assert "wrong" in wrong.content.decode()
    right = client.post(
        f"/e/{event.slug}/check-in/",
        {"name": "registrant 001", "pin": pins.pin_of(player)},
        follow=True,
    )
    assert "you are checked in" in right.content.decode()
    assert Registration.objects.get().player.attendance.how == "phone"
