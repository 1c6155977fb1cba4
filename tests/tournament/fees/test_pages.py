"""The director's fee pages and the desk's fee endpoints, through the test client: the pages
show what the services recorded, every form's mistake is a message and changes nothing, a
form sent twice records once, and a reversal asks first."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tournament.fees import reading
from tournament.fees.models import Fee, FeeChoice, Payment
from tournament.registration.services import checkin

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_of(director):
    client = Client()
    client.force_login(director)
    return client


def test_the_fees_page_lists_totals_and_who_still_has_to_pay(fee_event, client_of, director):
    from tournament.fees import services

    event = fee_event()
    first = reading.lines(event)[0]
    services.record_payment(event, first.key, amount=4000, method="card", by=director, key="1")
    page = client_of.get(f"/director/{event.slug}/fees/")
    html = page.content.decode()
    assert page.status_code == 200
    assert re.search(r'data-method="card">.*?€40\.00.*?€0\.00.*?€40\.00', html, re.S)
    unpaid = html.split('data-testid="unpaid"')[1].split("</ul>")[0]
    assert unpaid.count("data-person=") == 3 and first.key not in unpaid
    assert "€120.00" in html  # three still to pay 40 each


def test_a_payment_form_sent_twice_records_once(fee_event, client_of):
    event = fee_event()
    person = reading.lines(event)[0]
    url = f"/director/{event.slug}/fees/{person.key}/"
    form = client_of.get(url).content.decode()
    key = re.search(r'name="pay-key" value="([0-9a-f]+)"', form).group(1)
    body = {"action": "pay", "pay-amount": "40", "pay-method": "cash", "pay-key": key}
    first = client_of.post(url, body)
    assert first.status_code == 302
    again = client_of.post(url, body, follow=True)
    assert "This was recorded already." in again.content.decode()
    assert Payment.objects.count() == 1
    wrong = client_of.post(url, {**body, "pay-key": "other", "pay-amount": "1,005"})
    assert wrong.status_code == 400 and "at most 2 decimals" in wrong.content.decode()
    assert Payment.objects.count() == 1


def test_a_reversal_asks_then_records_a_new_row(fee_event, client_of, director):
    from tournament.fees import services

    event = fee_event()
    person = reading.lines(event)[0]
    paid = services.record_payment(
        event, person.key, amount=4000, method="cash", by=director, key="x"
    ).payment
    url = f"/director/{event.slug}/fees/{person.key}/"
    body = {"action": "reverse", "payment": paid.pk, "reason": "paid by card in fact"}
    asked = client_of.post(url, body)
    assert asked.status_code == 409
    assert "Reverse the payment of €40.00 (cash)" in asked.content.decode()
    assert Payment.objects.count() == 1
    token = re.search(r'name="confirm" value="([0-9a-f]+)"', asked.content.decode()).group(1)
    done = client_of.post(url, {**body, "confirm": token})
    assert done.status_code == 302
    assert list(Payment.objects.values_list("amount", flat=True)) == [4000, -4000]
    page = client_of.get(url).content.decode()
    assert "paid by card in fact" in page and "reversed" in page


def test_the_settings_page_adds_changes_and_deletes_fees(fee_event, client_of):
    event = fee_event(registrants=0)
    url = f"/director/{event.slug}/fees/settings/"
    added = client_of.post(url, {"action": "add", "new-name": "Helpers", "new-amount": "0"})
    assert added.status_code == 302 and Fee.objects.filter(event=event, name="Helpers").exists()
    bad = client_of.post(url, {"action": "add", "new-name": "Kids", "new-amount": "ten"})
    assert bad.status_code == 400 and "Enter an amount such as 40 or 40.50." in bad.content.decode()
    late = Fee.objects.get(event=event, name="Late")
    row = {f"fee{late.pk}-name": "Late", f"fee{late.pk}-amount": "55"}
    saved = client_of.post(url, {"action": "save", "fee": late.pk, **row})
    assert saved.status_code == 302 and Fee.objects.get(pk=late.pk).amount == 5500
    client_of.post(url, {"action": "delete", "fee": late.pk})
    assert not Fee.objects.filter(pk=late.pk).exists()
    currency = client_of.post(url, {"action": "currency", "currency": "CZK"})
    assert currency.status_code == 302
    assert "CZK40.00" in client_of.get(url).content.decode()  # the standard fee, in crowns


def test_the_desk_pays_with_one_tap_and_several_at_once(fee_event, client_of):
    event = fee_event(registrants=4)
    checkin.open_check_in(event)
    players = list(event.players.order_by("pk"))
    for player in players:
        checkin.check_in(event, player)
    found = client_of.get(f"/director/{event.slug}/check-in/search?q=registrant").json()["results"]
    assert all(row["fee"]["to_pay"] == 4000 for row in found)
    first = found[0]["fee"]
    tap = {"person": first["key"], "amount": "4000", "method": "card", "key": "tap-1"}
    answer = client_of.post(f"/director/{event.slug}/fees/desk/pay", tap).json()
    assert answer["fee"]["to_pay"] == 0 and len(answer["to_pay"]) == 3
    twice = client_of.post(f"/director/{event.slug}/fees/desk/pay", tap).json()
    assert twice["message"] == "This was recorded already."
    reduced = Fee.objects.get(event=event, name="Reduced")
    choice = {"person": found[1]["fee"]["key"], "fee": reduced.pk}
    chosen = client_of.post(f"/director/{event.slug}/fees/desk/pay", choice).json()
    assert chosen["fee"]["to_pay"] == 2500 and FeeChoice.objects.count() == 1
    desk = client_of.get(f"/director/{event.slug}/check-in/").content.decode()
    key = re.search(r'name="key" value="([0-9a-f]+)"', desk).group(1)
    people = re.findall(r'name="person" value="(c\d+:\d+)"', desk)
    assert len(people) == 3
    body = {"key": key, "person": people, "method": "cash"}
    done = client_of.post(f"/director/{event.slug}/fees/desk/selected", body, follow=True)
    assert "3 persons paid, €105.00 in all" in done.content.decode()
    again = client_of.post(f"/director/{event.slug}/fees/desk/selected", body, follow=True)
    assert "This was recorded already." in again.content.decode()
    assert Payment.objects.filter(method="cash").count() == 3
    assert sum(line.to_pay for line in reading.lines(event)) == 0


def test_only_the_director_sees_the_fees(fee_event, make_user):
    event = fee_event(registrants=1)
    other = Client()
    other.force_login(make_user("someone"))
    assert other.get(f"/director/{event.slug}/fees/").status_code in (403, 404)
    tap = {"person": reading.lines(event)[0].key, "amount": "4000", "method": "card", "key": "k"}
    assert other.post(f"/director/{event.slug}/fees/desk/pay", tap).status_code in (403, 404)
    assert not Payment.objects.exists()
