"""The fee API: what the pages do, the API does; amounts are integers in minor units; a
payment sent twice is recorded once; payments cannot be changed or deleted, only reversed."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournament.fees.models import Fee, Payment

pytestmark = pytest.mark.django_db


def test_the_schedule_and_the_currency_through_the_api(open_event, director_api):
    event = open_event(cap=2, slug="fees-api")
    base = f"/api/events/{event.slug}/fees/"
    assert director_api.get(base).json()["fees"] == []
    made = director_api.post(
        f"{base}schedule/", {"name": "Standard", "amount": 3000}, format="json"
    )
    assert made.status_code == 201 and made.json()["is_default"] is True
    late = director_api.post(f"{base}schedule/", {"name": "Late", "amount": 4000}, format="json")
    assert late.json()["is_default"] is False
    same = director_api.post(f"{base}schedule/", {"name": "late", "amount": 1}, format="json")
    assert same.status_code == 400 and "name" in same.json()
    changed = director_api.put(
        f"{base}schedule/{late.json()['id']}/",
        {"name": "Late", "amount": 4500, "is_default": True},
        format="json",
    )
    assert changed.status_code == 200
    assert Fee.objects.get(event=event, is_default=True).name == "Late"
    assert director_api.patch(base, {"currency": "JPY"}, format="json").json()["exponent"] == 0
    assert director_api.patch(base, {"currency": "XYZ"}, format="json").status_code == 400
    summary = director_api.get(base).json()
    assert summary["currency"] == "JPY" and [f["amount"] for f in summary["fees"]] == [30, 45]
    gone = director_api.delete(f"{base}schedule/{made.json()['id']}/")
    assert gone.status_code == 204 and Fee.objects.filter(event=event).count() == 1


def test_payments_refunds_and_reversals_through_the_api(fee_event, director_api):
    event = fee_event(registrants=3)
    base = f"/api/events/{event.slug}/fees/"
    people = director_api.get(f"{base}people/").json()
    assert [p["balance"] for p in people] == [4000, 4000, 4000]
    key = people[0]["key"]
    body = {"person": key, "kind": "payment", "amount": 4000, "method": "card", "key": "a1"}
    first = director_api.post(f"{base}payments/", body, format="json")
    assert first.status_code == 201, first.content
    again = director_api.post(f"{base}payments/", body, format="json")
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    over = director_api.post(f"{base}payments/", {**body, "key": "a2", "amount": 1}, format="json")
    assert over.status_code == 400 and "Nothing is left to pay." in str(over.json())
    unpaid = director_api.get(f"{base}people/?unpaid=true").json()
    assert len(unpaid) == 2 and key not in {p["key"] for p in unpaid}
    refund = {**body, "kind": "refund", "amount": 1000, "key": "r1"}
    assert director_api.post(f"{base}payments/", refund, format="json").status_code == 400
    refund["reason"] = "Student after all"
    assert director_api.post(f"{base}payments/", refund, format="json").status_code == 201
    reversal = director_api.post(
        f"{base}payments/{first.json()['id']}/reverse/", {"reason": "x"}, format="json"
    )
    assert reversal.status_code == 400  # the refund first
    rows = director_api.get(f"{base}payments/").json()["results"]
    refund_id = next(r["id"] for r in rows if r["kind"] == "refund")
    undone = director_api.post(
        f"{base}payments/{refund_id}/reverse/", {"reason": "typed by mistake"}, format="json"
    )
    assert undone.status_code == 201 and undone.json()["amount"] == -1000
    payment = f"{base}payments/{first.json()['id']}/"
    for method in ("put", "patch", "delete"):
        assert getattr(director_api, method)(payment).status_code in (404, 405)
    assert director_api.delete(f"{base}payments/").status_code == 405
    totals = director_api.get(base).json()["totals"]
    assert totals["received"] == 4000 and totals["refunded"] == 0 and totals["to_pay"] == 8000
    assert Payment.objects.count() == 3


def test_the_fee_of_a_person_and_who_may_see_it(fee_event, director_api, make_user):
    event = fee_event(registrants=1)
    base = f"/api/events/{event.slug}/fees/"
    key = director_api.get(f"{base}people/").json()[0]["key"]
    reduced = Fee.objects.get(event=event, name="Reduced")
    chosen = director_api.post(f"{base}people/{key}/fee/", {"fee": reduced.pk}, format="json")
    assert chosen.json()["due"] == 2500 and chosen.json()["chosen"] is True
    waived = director_api.post(f"{base}people/{key}/fee/", {"fee": None}, format="json")
    assert waived.json()["due"] == 0
    assert director_api.get(f"{base}people/x9/").status_code == 404
    stranger = APIClient()
    stranger.force_authenticate(make_user("stranger"))
    assert stranger.get(f"{base}people/").status_code in (403, 404)
    body = {"person": key, "kind": "payment", "amount": 1, "method": "cash", "key": "s"}
    assert stranger.post(f"{base}payments/", body, format="json").status_code in (403, 404)
    assert APIClient().get(base).status_code in (401, 403, 404)
