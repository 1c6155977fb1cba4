"""The issue's acceptance: 40 registrants through the check-in desk, paying by cash, card
and transfer (some before the day, some together, one with a reduced fee, one refunded, one
mistake reversed); the totals by method equal the sum of the payments, the CSV files say the
same, and nothing can be deleted, only refunded or reversed."""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from decimal import Decimal

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.test import Client

from tests.tournament.registration.conftest import person
from tournament.fees import reading, services
from tournament.fees.models import Fee, Payment
from tournament.fees.reading import money
from tournament.registration import services as registration
from tournament.registration.models import Registration
from tournament.registration.services import checkin

pytestmark = pytest.mark.django_db

METHODS = ("cash", "card", "transfer")


def csv_rows(response) -> list[dict]:
    text = b"".join(response.streaming_content if response.streaming else [response.content])
    return list(csv.DictReader(io.StringIO(text.decode("utf-8-sig"))))


def test_forty_registrants_pay_at_the_desk(open_event, director):
    event = open_event(cap=40, slug="forty")
    for n in range(1, 41):
        registration.sign_up(event, person(n))
    for name, amount in (("Standard", "35"), ("Reduced", "20"), ("Late", "45")):
        services.save_fee(event, None, name=name, amount=money.parse(amount, "EUR"))
    desk = Client()
    desk.force_login(director)
    base = f"/director/{event.slug}"
    # four paid by transfer before the day, on the director's page of each
    for line in reading.lines(event)[:4]:
        page = desk.get(f"{base}/fees/{line.key}/").content.decode()
        key = re.search(r'name="pay-key" value="(\w+)"', page).group(1)
        body = {"action": "pay", "pay-amount": "35", "pay-method": "transfer", "pay-key": key}
        assert desk.post(f"{base}/fees/{line.key}/", body).status_code == 302
    checkin.open_check_in(event)
    reduced = Fee.objects.get(event=event, name="Reduced")
    for n in range(1, 41):
        found = desk.get(f"{base}/check-in/search", {"q": f"Registrant {n:03d}"}).json()["results"]
        (row,) = found
        answer = desk.post(f"{base}/check-in/player", {"player": row["pk"]})
        assert answer.status_code == 200, answer.content
        fee = row["fee"]
        if n <= 4:
            assert fee["to_pay"] == 0  # paid by transfer
            continue
        if n % 10 == 0:  # a student: the reduced fee first
            chosen = desk.post(f"{base}/fees/desk/pay", {"person": fee["key"], "fee": reduced.pk})
            fee = chosen.json()["fee"]
        if n > 34:
            continue  # they pay together below
        tap = {
            "person": fee["key"],
            "amount": fee["to_pay"],
            "method": METHODS[n % 2],  # cash and card
            "key": f"tap-{n}",
        }
        assert desk.post(f"{base}/fees/desk/pay", tap).json()["fee"]["to_pay"] == 0
        if n == 7:  # the answer was lost: the desk sends the same tap again
            assert desk.post(f"{base}/fees/desk/pay", tap).json()["message"] == (
                "This was recorded already."
            )
    page = desk.get(f"{base}/check-in/").content.decode()
    selected = re.findall(r'name="person" value="(c\d+:\d+)"', page)
    assert len(selected) == 6
    key = re.search(r'name="key" value="(\w+)"', page).group(1)
    body = {"key": key, "person": selected, "method": "cash"}
    assert desk.post(f"{base}/fees/desk/selected", body).status_code == 302
    # registrant 5 paid by card in fact: the cash row is reversed, the card payment recorded
    five = next(x for x in reading.lines(event) if x.name == "Registrant 005")
    row = Payment.objects.get(contact_id=five.contact_id)
    question = {"action": "reverse", "payment": row.pk, "reason": "Paid by card in fact"}
    asked = desk.post(f"{base}/fees/{five.key}/", question)
    confirm = re.search(r'name="confirm" value="(\w+)"', asked.content.decode()).group(1)
    desk.post(f"{base}/fees/{five.key}/", {**question, "confirm": confirm})
    page = desk.get(f"{base}/fees/{five.key}/").content.decode()
    key = re.search(r'name="pay-key" value="(\w+)"', page).group(1)
    body = {"action": "pay", "pay-amount": "35", "pay-method": "card", "pay-key": key}
    desk.post(f"{base}/fees/{five.key}/", body)
    assert {x.checked_in for x in reading.lines(event)} == {True}
    # registrant 12 withdraws before round 1: the fee is given back in cash
    twelve = next(x for x in reading.lines(event) if x.name == "Registrant 012")
    registration.withdraw(Registration.objects.get(pk=twelve.registration_id))
    twelve = next(x for x in reading.lines(event) if x.name == "Registrant 012")
    assert (twelve.state, twelve.due, twelve.to_give_back) == ("withdrawn", 0, 3500)
    page = desk.get(f"{base}/fees/{twelve.key}/").content.decode()
    key = re.search(r'name="refund-key" value="(\w+)"', page).group(1)
    body = {
        "action": "refund",
        "refund-amount": "35",
        "refund-method": "cash",
        "refund-reason": "Left before round 1",
        "refund-key": key,
    }
    assert desk.post(f"{base}/fees/{twelve.key}/", body).status_code == 302
    everyone = reading.lines(event)
    assert len(everyone) == 40 and {x.balance for x in everyone} == {0}

    # the totals by method are the sum of the rows, of the lines, of the page, of the CSV files
    rows = list(Payment.objects.filter(event=event))
    sums = Counter()
    for row in rows:
        sums[row.kind, row.method] += row.amount
    totals = reading.totals(event, everyone)
    for m in totals.methods:
        assert (m.received, m.refunded) == (sums["payment", m.method], sums["refund", m.method])
    assert totals.received == sum(x.paid for x in everyone) == 4 * 3500 + 32 * 3500 + 4 * 2000 + 0
    assert totals.refunded == sum(x.refunded for x in everyone) == 3500
    assert sum(1 for r in rows if r.reverses_id) == 1
    page = desk.get(f"{base}/fees/").content.decode()
    for m in totals.methods:
        shown = [money.shown(v, "EUR") for v in (m.received, m.refunded, m.net)]
        assert re.search(
            rf'data-method="{m.method}">.*?{re.escape(shown[0])}.*?{re.escape(shown[1])}.*?'
            rf"{re.escape(shown[2])}",
            page,
            re.S,
        ), m
    payments = csv_rows(desk.get(f"{base}/export/payments.csv"))
    # a payment each, the reversal and the payment recorded again, the refund
    assert len(payments) == len(rows) == 40 + 2 + 1
    by_method = Counter()
    for row in payments:
        by_method[row["kind"], row["method"]] += Decimal(row["amount"])
    for m in totals.methods:
        assert by_method["payment", m.method] == money.decimal(m.received, "EUR")
        assert by_method["refund", m.method] == money.decimal(m.refunded, "EUR")
    people = csv_rows(desk.get(f"{base}/export/fees.csv"))
    assert len(people) == 40
    assert sum(Decimal(r["paid"]) for r in people) == money.decimal(totals.received, "EUR")
    assert {Decimal(r["balance"]) for r in people} == {Decimal("0.00")}
    # nothing can be deleted, only refunded or reversed
    for sql in ("DELETE FROM tournament_payment", "UPDATE tournament_payment SET amount = 0"):
        with (
            pytest.raises((DatabaseError, IntegrityError)),
            transaction.atomic(),
            connection.cursor() as cursor,
        ):
            cursor.execute(sql)
    assert Payment.objects.count() == len(rows)
