"""A person sees their own fee on their own pages: the registrant on the private registration
page, the player on their page; the same figures the desk recorded, in their language."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from tests.support.players import player_client
from tournament.contacts.models import Contact
from tournament.events.models import Event
from tournament.fees import reading, services
from tournament.fees.reading import money
from tournament.registration import services as registration
from tournament.registration.models import Registration

pytestmark = pytest.mark.django_db


def test_the_registrant_sees_what_is_left_to_pay_in_their_language(fee_event, director):
    event = fee_event(registrants=1)
    reg = Registration.objects.get(event=event)
    line = reading.line_of(event, f"c{reg.contact_id}")
    services.record_payment(event, line.key, amount=1550, method="cash", by=director, key="k")
    page = Client().get(registration.link_url(reg)).content.decode()
    assert "Still to pay: €24.50" in page and "€15.50" in page
    Contact.objects.filter(pk=reg.contact_id).update(language="fr")
    french = Client().get(registration.link_url(reg)).content.decode()
    assert "24,50\u00a0€" in french


def test_a_registrant_without_fees_sees_no_fee_part(open_event):
    event = open_event(cap=2, slug="no-fees")
    registration.sign_up(event, {"name": "Nobody Pays", "email": "n@example.org"})
    reg = Registration.objects.get(event=event)
    assert 'data-testid="my-fee"' not in Client().get(registration.link_url(reg)).content.decode()


def test_the_player_sees_the_fee_paid_on_their_page(make_hall, director):
    cache.clear()
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    event = Event.objects.get(pk=hall.event.pk)
    services.save_fee(event, None, name="Standard", amount=money.parse("30", "EUR"))
    client = player_client(hall, hall.south)
    page = client.get(f"/e/{event.slug}/play/").content.decode()
    assert "Still to pay: €30.00" in page
    services.record_payment(
        event, f"p{hall.south.pk}", amount=3000, method="card", by=director, key="s"
    )
    page = client.get(f"/e/{event.slug}/play/").content.decode()
    assert "Paid in full" in page and "Still to pay" not in page
