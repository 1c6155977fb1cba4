"""Issue 46, item 1 in the browser: the head referee on a tablet (768 px) signs in, opens
table 2 from their tables and gives it +7 minutes with a reason; the table's page shows its
own end, and the projector (1920x1080) shows table 2's end and that the round ends with it; on
their phones (390 px) a player of table 2 reads the later end and the extra time, counting
down, and a player of table 1 the common end."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tournament.events.models import Event
from tournament.players.access import pins
from tournament.rounds.models import Round, Seat, TableExtension

from .conftest import wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_head_referee_gives_a_table_seven_minutes_and_the_projector_shows_it(
    make_hall, tablet, browser, live_server, shoot
):
    hall = make_hall("classical", players=8)
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    start = timezone.now().replace(second=0, microsecond=0) - timedelta(minutes=30)
    Round.objects.filter(event=hall.event, number=1).update(
        clock_started_at=start, length_minutes=90
    )
    local = timezone.localtime(start + timedelta(minutes=97), hall.event.tzinfo)
    extended_end = local.strftime("%H:%M")
    common_end = timezone.localtime(start + timedelta(minutes=90), hall.event.tzinfo).strftime(
        "%H:%M"
    )

    page = tablet.new_page()
    page.goto(f"{live_server.url}/")
    page.click("text=Log in")
    page.fill("#id_username", hall.head.username)
    page.fill("#id_password", "pw-" + hall.head.username)
    page.click("button[type=submit]")
    page.goto(f"{live_server.url}/referee/")
    page.click(f"main a:has-text('{hall.event.name}')")
    page.click("a.table-link[href$='/t2/']")
    page.fill("#extend-minutes", "7")
    page.fill("#extend-reason", "Ruling on a dead wall")
    page.click("[data-extend-form] button[type=submit]")
    page.wait_for_selector("text=Table 2: +7 min.")
    ends = page.inner_text("[data-table-ends]")
    assert ends.startswith(f"Ends at {extended_end}") and "+7 min extra time" in ends
    assert "Ruling on a dead wall" in page.inner_text("[data-table-time]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 768
    shoot(page, "extra-time-tablet")
    assert list(TableExtension.objects.values_list("table__number", "minutes", "by")) == [
        (2, 7, hall.head.pk)
    ]

    projector = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en")
    screen = projector.new_page()
    screen.goto(f"{live_server.url}/e/{hall.event.slug}/projector/")
    wait_until(screen, "() => !!document.querySelector('[data-clock] .round-ends')")
    line = screen.inner_text("[data-clock] .extra[data-table='2']")
    assert line.startswith(f"Table 2: +7 min, ends {extended_end}")
    assert screen.inner_text("[data-clock] .round-ends") == (
        f"Round ends at {extended_end} (table 2)"
    )
    assert screen.locator("[data-clock] .extra[data-table='1']").count() == 0
    assert screen.evaluate("document.documentElement.scrollWidth") <= 1920
    shoot(screen, "extra-time-projector")
    projector.close()

    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en"
    )
    try:
        for number, end in ((2, extended_end), (1, common_end)):
            seat = Seat.objects.filter(round__event=hall.event, table__number=number).first()
            mine = phone.new_page()
            # the player card's QR code signs the phone in on the player's own page
            mine.goto(f"{live_server.url}/e/{hall.event.slug}/card/{pins.card_token(seat.player)}/")
            clock = mine.inner_text("[data-testid=clock]")
            assert f"left (ends at {end})" in clock, clock
            assert ("your table has 7 minutes extra time" in clock) == (number == 2)
            mine.wait_for_function(
                "text => document.querySelector('[data-testid=clock]').innerText !== text",
                arg=clock,
            )
            assert mine.evaluate("document.documentElement.scrollWidth") <= 390
            shoot(mine, f"extra-time-phone-table-{number}")
            mine.close()
    finally:
        phone.close()
