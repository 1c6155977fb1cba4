"""The director's decisions on the registration page (issue 43): deleting personal data asks
first (item 2); approving says what really happened, a place or the waitlist (item 13);
several registrations are approved at once, in order of arrival (item 11)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.support.confirming import confirm_form
from tests.tournament.registration.conftest import person
from tournament.registration import services
from tournament.registration.models import Registration, RegistrationLog

S = Registration.Status
pytestmark = pytest.mark.django_db


@pytest.fixture
def dclient(director):
    client = Client()
    client.force_login(director)
    return client


def page_url(event) -> str:
    return f"/director/{event.slug}/registration/"


def messages_of(answer) -> str:
    return " ".join(str(m) for m in answer.context["messages"])


def test_deleting_personal_data_asks_first_and_a_double_tap_only_asks_again(open_event, dclient):
    event = open_event()
    reg = services.sign_up(event, person(1))
    url = f"{page_url(event)}{reg.pk}/"
    asked = dclient.post(url, {"action": "erase"})
    page = asked.content.decode()
    assert asked.status_code == 409
    assert "Delete the personal data of Registrant 001?" in page
    assert "This cannot be undone" in page and "Cancel" in page
    assert dclient.post(url, {"action": "erase"}).status_code == 409  # tapped twice
    reg.refresh_from_db()
    assert reg.contact.email == "r1@example.org" and reg.erased_at is None
    # the answer for one registration does not delete another's data
    other = services.sign_up(event, person(2))
    action, fields = confirm_form(asked)
    assert dclient.post(f"{page_url(event)}{other.pk}/", fields).status_code == 409
    assert Registration.objects.get(pk=other.pk).erased_at is None
    assert dclient.post(action, fields).status_code == 302
    reg.refresh_from_db()
    assert reg.contact.email == "" and reg.erased_at is not None
    assert RegistrationLog.objects.filter(kind="erased").count() == 1


def test_an_answer_counts_for_its_own_user_only(open_event, dclient, make_user):
    event = open_event()
    reg = services.sign_up(event, person(1))
    url = f"{page_url(event)}{reg.pk}/"
    _action, fields = confirm_form(dclient.post(url, {"action": "erase"}))
    helper = make_user("codirector", director=True)
    event.director = helper
    event.save(update_fields=["director"])
    other = Client()
    other.force_login(helper)
    assert other.post(url, fields).status_code == 409
    assert Registration.objects.get(pk=reg.pk).erased_at is None


def test_approving_past_the_cap_says_the_registrant_waits(open_event, dclient):
    event = open_event(cap=1, approval=True)
    first, second = (services.sign_up(event, person(n)) for n in (1, 2))
    answer = dclient.post(f"{page_url(event)}{first.pk}/", {"action": "approve"}, follow=True)
    assert "Registrant 001 is approved and holds a place." in messages_of(answer)
    answer = dclient.post(f"{page_url(event)}{second.pk}/", {"action": "approve"}, follow=True)
    said = messages_of(answer)
    assert "every place is taken" in said and "waitlist (number 1)" in said
    assert "done" not in said
    assert Registration.objects.get(pk=second.pk).status == S.WAITLISTED


def test_several_registrations_are_approved_at_once_in_order_of_arrival(open_event, dclient):
    event = open_event(cap=2, approval=True)
    regs = [services.sign_up(event, person(n)) for n in (1, 2, 3)]
    page = dclient.get(page_url(event)).content.decode()
    assert page.count('name="selected"') == 3 and "Approve the selected" in page
    chosen = [regs[2].pk, regs[0].pk, regs[1].pk]  # ticked in any order
    answer = dclient.post(f"{page_url(event)}approve/", {"selected": chosen}, follow=True)
    said = messages_of(answer)
    assert "2 approved, holding places: Registrant 001, Registrant 002." in said
    assert "on the waitlist: Registrant 003" in said
    statuses = dict(event.registrations.values_list("pk", "status"))
    assert [statuses[r.pk] for r in regs] == [S.ACCEPTED, S.ACCEPTED, S.WAITLISTED]


def test_approving_several_is_all_or_nothing(open_event, dclient, director):
    event = open_event(cap=4, approval=True)
    regs = [services.sign_up(event, person(n)) for n in (1, 2, 3)]
    dclient.post(f"{page_url(event)}{regs[1].pk}/", {"action": "refuse", "reason": "Banned"})
    answer = dclient.post(
        f"{page_url(event)}approve/", {"selected": [r.pk for r in regs]}, follow=True
    )
    assert "Registrant 002 is not awaiting approval any more" in messages_of(answer)
    assert [r.status for r in Registration.objects.order_by("pk")] == [
        S.PENDING,
        S.REFUSED,
        S.PENDING,
    ]
    answer = dclient.post(f"{page_url(event)}approve/", {"all": "1"}, follow=True)
    assert "2 approved" in messages_of(answer)
    assert [r.status for r in Registration.objects.order_by("pk")] == [
        S.ACCEPTED,
        S.REFUSED,
        S.ACCEPTED,
    ]
