"""Recording fees: what a person owes follows where they stand and the fee chosen for them;
payments and refunds are bounded by it; a mistake is reversed by a new row, once; a key sent
twice records once; the totals by method are the sum of the rows."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tournament.fees import reading, services
from tournament.fees.models import Fee, Payment
from tournament.registration import services as registration
from tournament.registration.models import Registration

pytestmark = pytest.mark.django_db


def line(event, name):
    return next(x for x in reading.lines(event) if x.name == name)


def test_who_owes_the_default_fee(fee_event):
    event = fee_event(registrants=6, cap=4)
    everyone = {x.name: x for x in reading.lines(event)}
    assert len(everyone) == 6
    holding = [x for x in everyone.values() if x.owes]
    assert len(holding) == 4 and all(x.due == 4000 and x.fee.name == "Standard" for x in holding)
    waiting = [x for x in everyone.values() if not x.owes]
    assert {x.state for x in waiting} == {"waitlisted"} and all(x.due == 0 for x in waiting)


def test_a_payment_is_bounded_by_what_is_left_and_recorded_once(fee_event, director):
    event = fee_event()
    first = line(event, "Registrant 001")
    paid = services.record_payment(
        event, first.key, amount=2500, method="cash", by=director, key="k1"
    )
    assert paid.line.to_pay == 1500 and not paid.replayed
    again = services.record_payment(
        event, first.key, amount=2500, method="cash", by=director, key="k1"
    )
    assert again.replayed and again.payment.pk == paid.payment.pk
    assert Payment.objects.count() == 1
    with pytest.raises(ValidationError, match="another record"):
        services.record_payment(event, first.key, amount=100, method="cash", by=director, key="k1")
    with pytest.raises(ValidationError, match="Only €15.00 is left to pay"):
        services.record_payment(event, first.key, amount=1600, method="card", by=director, key="k2")
    services.record_payment(event, first.key, amount=1500, method="card", by=director, key="k3")
    with pytest.raises(ValidationError, match="Nothing is left to pay"):
        services.record_payment(event, first.key, amount=1, method="card", by=director, key="k4")
    for wrong in (0, -5, 1.5, True, "10"):
        with pytest.raises(ValidationError):
            services.record_payment(
                event, first.key, amount=wrong, method="cash", by=director, key="k5"
            )
    with pytest.raises(ValidationError, match="cash, card or transfer"):
        services.record_payment(event, first.key, amount=1, method="cheque", by=director, key="k6")
    assert Payment.objects.count() == 2


def test_a_reduced_fee_then_a_refund_and_a_reversal(fee_event, director):
    event = fee_event()
    person = line(event, "Registrant 002")
    services.record_payment(event, person.key, amount=4000, method="card", by=director, key="a")
    reduced = Fee.objects.get(event=event, name="Reduced")
    chosen = services.choose_fee(event, person.key, reduced, director, "student")
    assert chosen.due == 2500 and chosen.to_give_back == 1500
    with pytest.raises(ValidationError, match="reason"):
        services.record_refund(
            event, person.key, amount=1500, method="cash", by=director, key="b", reason=" "
        )
    with pytest.raises(ValidationError, match="no more can be given back"):
        services.record_refund(
            event, person.key, amount=4001, method="cash", by=director, key="b", reason="x"
        )
    refund = services.record_refund(
        event, person.key, amount=1500, method="cash", by=director, key="b", reason="student"
    )
    assert refund.line.balance == 0
    payment = Payment.objects.get(key="a")
    with pytest.raises(ValidationError, match="reverse the refund first"):
        services.reverse(event, payment, by=director, reason="wrong person")
    undone = services.reverse(event, refund.payment, by=director, reason="typed twice")
    assert undone.payment.amount == -1500 and undone.payment.reverses_id == refund.payment.pk
    assert undone.line.to_give_back == 1500
    with pytest.raises(ValidationError, match="reversed already"):
        services.reverse(event, refund.payment, by=director, reason="again", key="other")
    with pytest.raises(ValidationError, match="not reversed"):
        services.reverse(event, undone.payment, by=director, reason="undo the undo")
    totals = reading.totals(event, reading.lines(event))
    card, cash = (next(m for m in totals.methods if m.method == k) for k in ("card", "cash"))
    assert (card.received, cash.refunded, totals.net) == (4000, 0, 4000)


def test_a_withdrawn_registrant_is_owed_what_they_paid(fee_event, director):
    event = fee_event()
    person = line(event, "Registrant 003")
    services.record_payment(event, person.key, amount=4000, method="transfer", by=director, key="t")
    registration.withdraw(Registration.objects.get(pk=person.registration_id))
    after = line(event, "Registrant 003")
    assert after.state == "withdrawn" and after.due == 0 and after.to_give_back == 4000
    # the first on the waitlist took the place and owes the fee now
    assert line(event, "Registrant 005").due == 4000


def test_amounts_are_fixed_once_money_moved(fee_event, director):
    event = fee_event()
    standard = Fee.objects.get(event=event, name="Standard")
    services.save_fee(event, standard, name="Standard", amount=4200)
    person = line(event, "Registrant 001")
    assert person.due == 4200
    services.record_payment(event, person.key, amount=100, method="cash", by=director, key="x")
    with pytest.raises(ValidationError, match="Payments are recorded"):
        services.save_fee(event, standard, name="Standard", amount=4000)
    with pytest.raises(ValidationError, match="Payments are recorded"):
        services.save_fee(event, None, name="Early", amount=3000, is_default=True)
    with pytest.raises(ValidationError, match="stays"):
        services.set_currency(event, "CZK")
    services.save_fee(event, standard, name="Full", amount=4200)  # a new name is fine
    assert services.save_fee(event, None, name="Helpers", amount=0).is_default is False


def test_a_player_without_a_contact_pays_once_as_one_person(make_event, director):
    from tournament.fees.reading import money

    event = make_event("fees-direct", players=4)
    services.save_fee(event, None, name="Standard", amount=money.parse("30", "EUR"))
    player = event.players.order_by("pk").first()
    before = line(event, player.name)
    assert before.key == f"p{player.pk}" and before.due == 3000
    paid = services.record_payment(
        event, before.key, amount=3000, method="cash", by=director, key="p"
    )
    assert paid.line.key == f"c{player.contact.pk}"
    assert [x.key for x in reading.lines(event)].count(paid.line.key) == 1
    assert reading.line_of(event, f"p{player.pk}").paid == 3000
