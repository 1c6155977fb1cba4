"""Fees in a real browser (issue 46, item 3): the director, from the public home page, sets
the fees, runs the check-in desk at tablet width (768 px) recording payments with one tap and
several at once, reads the totals by method, reverses a mistake after the question and
downloads the CSV; a player on a phone (390 px, in Polish) sees on their own page what they
owe and paid."""

from __future__ import annotations

import csv
import io
from collections import Counter
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from django.utils import timezone

from tests.e2e.conftest import wait_until
from tests.tournament.registration.conftest import person
from tournament.events.models import Event
from tournament.fees import services
from tournament.fees.models import Payment
from tournament.fees.reading import money
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.registration import services as registration
from tournament.registration.services import checkin

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Šťastný Jiří", "Ólafur Arnalds", "Zoë Kravitz", "Łukasz Nowak", "Eero Saarinen"]


def no_sideways_scrolling(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate(
        "document.documentElement.clientWidth"
    )


def desk_event(make_event):
    event = make_event("fee-desk", players=0)
    registration.update_settings(
        event,
        opens_at=timezone.now() - timedelta(hours=1),
        closes_at=timezone.now() + timedelta(days=3),
        cap=5,
    )
    for n, name in enumerate(NAMES, 1):
        registration.sign_up(event, person(n, name=name))
    checkin.open_check_in(event)
    return event


def fee_row(page, name):
    return page.locator("[data-testid=results] li", has_text=name).locator(".fee-row")


def find(page, query, name):
    page.fill("#desk-search", query)
    page.locator("[data-testid=results] li", has_text=name).wait_for()


def test_the_desk_records_payments_and_the_director_reads_the_totals(
    tablet, live_server, make_event, director, shoot
):
    event = desk_event(make_event)
    page = tablet.new_page()
    page.goto(f"{live_server.url}/")
    page.click("text=Log in")
    page.fill("#id_username", director.username)
    page.fill("#id_password", "pw-" + director.username)
    page.click("button[type=submit]")
    page.locator("li", has_text=event.name).locator("text=Manage").click()
    page.click("nav.tabs a:has-text('Fees')")
    assert page.locator("[data-testid=no-fees]").is_visible()
    page.click("text=Set the fee amounts")
    page.fill("#id_new-name", "Standard")
    page.fill("#id_new-amount", "40")
    page.click("button[value=add]")
    page.fill("#id_new-name", "Reduced")
    page.fill("#id_new-amount", "25,5")
    page.click("button[value=add]")
    assert page.locator("[data-testid=schedule] tr[data-fee]").count() == 2
    no_sideways_scrolling(page)
    shoot(page, "fees-settings-tablet")

    page.click(".fee-links >> text=Check-in desk")
    # one tap checks Jiří in, one tap records his cash
    find(page, "stastny", NAMES[0])
    assert fee_row(page, NAMES[0]).inner_text().startswith("To pay: €40.00")
    page.locator("[data-testid=results] li", has_text=NAMES[0]).locator("button").first.click()
    wait_until(page, "document.querySelector('[data-testid=checked-in]').textContent === '1'")
    page.locator("[data-testid=results] li", has_text=NAMES[0]).locator(".in").wait_for()
    fee_row(page, NAMES[0]).locator("button[data-method=cash]").click()
    wait_until(
        page, "document.querySelector('[data-testid=feedback]').textContent.includes('paid')"
    )
    assert page.inner_text("[data-testid=feedback]") == "Šťastný Jiří paid €40.00 (cash)."
    assert fee_row(page, NAMES[0]).inner_text().startswith("Paid: €40.00")
    # Zoë is a student: the reduced fee, then a double tap on the card button records once
    find(page, "zoe", NAMES[2])
    fee_row(page, NAMES[2]).locator("select").select_option(label="Reduced (€25.50)")
    wait_until(page, "document.querySelector('[data-testid=feedback]').textContent.includes('Zoë')")
    assert fee_row(page, NAMES[2]).inner_text().startswith("To pay: €25.50")
    fee_row(page, NAMES[2]).locator("button[data-method=card]").dblclick()
    wait_until(
        page, "document.querySelector('[data-testid=feedback]').textContent.includes('card')"
    )
    page.wait_for_timeout(500)
    assert Payment.objects.filter(method="card").count() == 1
    no_sideways_scrolling(page)
    shoot(page, "fees-desk-tablet")

    # two arrive together: checked in together, they pay together by transfer
    for name in NAMES[1], NAMES[3]:
        page.locator("[data-testid=missing] label", has_text=name).locator("input").check()
    page.click("[data-testid=check-in-selected]")
    page.wait_for_load_state()
    to_pay = page.locator("[data-testid=to-pay] li")
    assert to_pay.count() == 2 and "€40.00" in to_pay.first.inner_text()
    for box in page.locator("[data-testid=to-pay] input").all():
        box.check()
    shoot(page, "fees-desk-selected-tablet")
    page.click("[data-testid=pay-selected-transfer]")
    page.wait_for_load_state()
    assert "2 persons paid, €80.00 in all" in page.inner_text(".messages")
    page.go_back()  # Back and reload: the form is not sent again
    page.reload()
    page.go_forward()
    assert Payment.objects.count() == 4
    assert page.locator("[data-testid=to-pay] li").count() == 0

    # the director's totals: by method, who still has to pay, and the CSV says the same
    page.click(".desk-fees >> text=Fees")
    totals = page.locator("[data-testid=totals]")
    assert "€40.00" in totals.locator("tr[data-method=cash]").inner_text()
    assert "€25.50" in totals.locator("tr[data-method=card]").inner_text()
    assert "€80.00" in totals.locator("tr[data-method=transfer]").inner_text()
    assert "€145.50" in totals.locator("tr[data-method=all]").inner_text()
    assert page.locator("[data-testid=unpaid] li").all_inner_texts()[0].startswith(NAMES[4])
    no_sideways_scrolling(page)
    shoot(page, "fees-totals-tablet")
    with page.expect_download() as download:
        page.click("text=every payment (CSV)")
    text = Path(download.value.path()).read_text(encoding="utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    by_method = Counter()
    for row in rows:
        by_method[row["method"]] += Decimal(row["amount"])
    assert by_method == {"cash": Decimal("40.00"), "card": Decimal("25.50"), "transfer": 80}

    # Jiří paid by card in fact: his cash is reversed (asked first), then recorded by card
    page.locator("[data-testid=everyone] a", has_text=NAMES[0]).click()
    page.fill("[data-testid=history] input[name=reason]", "Paid by card in fact")
    page.click("[data-testid=history] button[value=reverse]")
    page.wait_for_selector("[data-confirm]")
    assert "Reverse the payment of €40.00 (cash)" in page.inner_text("body")
    shoot(page, "fees-reverse-question-tablet")
    page.click("[data-confirm-yes]")
    page.wait_for_load_state()
    assert "−€40.00" in page.inner_text("[data-testid=history]") or "-€40.00" in page.inner_text(
        "[data-testid=history]"
    )
    page.check("[data-testid=pay-form] input[value=card]")
    page.click("[data-testid=pay-form] button[value=pay]")
    page.wait_for_load_state()
    assert page.inner_text("[data-testid=balance]") == "settled"
    no_sideways_scrolling(page)
    shoot(page, "fees-person-tablet")
    page.click(".fee-links >> text=Fees")
    assert "€0.00" in page.locator("tr[data-method=cash] [data-net]").inner_text()
    assert "€65.50" in page.locator("tr[data-method=card] [data-net]").inner_text()
    assert Payment.objects.count() == 6


def test_a_player_sees_what_they_owe_and_paid_on_a_phone(
    make_hall, live_server, browser, director, shoot
):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    event = Event.objects.get(pk=hall.event.pk)
    services.save_fee(event, None, name="Standard", amount=money.parse("30", "EUR"))
    services.record_payment(
        event, f"p{hall.south.pk}", amount=1500, method="cash", by=director, key="half"
    )
    south = Player.objects.get(pk=hall.south.pk)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="pl",
        bypass_csp=True,
    )  # fmt: skip
    try:
        page = context.new_page()
        # the card's QR code signs the phone in on the player's own page
        page.goto(f"{live_server.url}/e/{event.slug}/card/{pins.card_token(south)}/")
        page.wait_for_selector("[data-testid=my-fee]")
        fee = page.inner_text("[data-testid=my-fee]")
        assert "Wpisowe" in fee and "30,00\u00a0€" in fee and "15,00\u00a0€" in fee
        assert page.inner_text("[data-testid=my-fee-balance]") == (
            "Pozostało do zapłaty: 15,00\u00a0€"
        )
        no_sideways_scrolling(page)
        shoot(page, "fees-player-phone")
        services.record_payment(
            event, f"p{hall.south.pk}", amount=1500, method="card", by=director, key="rest"
        )
        page.goto(f"{live_server.url}/")
        page.click(f"text={event.name}")
        page.click("[data-my-page]")
        page.wait_for_selector("[data-testid=my-fee]")
        assert page.inner_text("[data-testid=my-fee-balance]") == (
            "Zapłacono w całości. Dziękujemy!"
        )
    finally:
        context.close()
