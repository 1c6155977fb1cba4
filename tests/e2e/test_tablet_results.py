"""Issue 16's acceptance in a real browser, at tablet (768) and phone (390) width: results
entered, corrected from another device and a stale correction shown side by side; a result
sent offline stored once; the director closing a round from the board with a table missing;
two taps on Save offline storing one report."""

from __future__ import annotations

import pytest

from penalties.models import FoulReport
from scoring.results.models import TableResult
from tests.e2e.conftest import PHONE, TABLET, wait_until
from tests.support.browser import login, seat
from tournament.rounds import services as round_services
from tournament.rounds.models import Round
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = ["tablet", "phone"]


@pytest.fixture
def riichi(make_hall, make_user):
    hall = make_hall("riichi_ema")
    keeper = make_user("keeper")
    staff_services.assign_referee(
        hall.event, keeper, role=RefereeAssignment.Role.SCOREKEEPER, table_numbers=[1]
    )
    hall.keeper = keeper
    return hall


def result_url(live_server, hall, table=1) -> str:
    return f"{live_server.url}/referee/{hall.event.slug}/r1/t{table}/result/"


def fill(page, e, s, w, n) -> None:
    for wind, value in zip("ESWN", (e, s, w, n), strict=True):
        page.fill(f"input[name=score_{wind}]", value)


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.parametrize("size", SIZES)
def test_result_entered_corrected_elsewhere_and_a_stale_correction_side_by_side(
    riichi, live_server, browser, request, size, shoot
):
    first = request.getfixturevalue(size)
    other = browser.new_context(
        viewport=TABLET if size == "tablet" else PHONE, has_touch=True, locale="en"
    )
    page = first.new_page()
    login(page, live_server, riichi.keeper)
    page.goto(f"{live_server.url}/referee/{riichi.event.slug}/r1/t1/")
    page.tap("a[data-result-link]")
    page.wait_for_selector("form[data-result-form]")
    fill(page, "40000", "30000", "30000", "19000")
    wait_until(
        page,
        "document.querySelector('[data-sum]').textContent"
        ".includes('Adds up to 119\\u00a0000, 1\\u00a0000 short')",
    )
    shoot(page, f"result-sum-short-{size}")
    page.fill("input[name=score_N]", "20000")
    wait_until(
        page, "document.querySelector('[data-sum]').textContent === 'Adds up to 120\\u00a0000.'"
    )
    page.tap("button[data-save]")
    page.wait_for_selector("table.versions")
    assert TableResult.objects.count() == 1
    no_sideways_scroll(page)

    # Both devices now see version 1; the head referee corrects it first.
    head = other.new_page()
    login(head, live_server, riichi.head)
    head.goto(result_url(live_server, riichi))
    fill(head, "35000", "30000", "35000", "20000")
    head.fill("textarea[name=reason]", "East and West misread")
    head.click("button[data-save]")
    wait_until(head, "document.querySelectorAll('table.versions tbody tr').length === 2")

    fill(page, "45000", "25000", "30000", "20000")
    page.fill("textarea[name=reason]", "Typo on the sheet")
    page.tap("button[data-save]")
    page.wait_for_selector("[data-conflict]")
    text = page.inner_text("[data-conflict]")
    assert "45\u00a0000" in text and "35\u00a0000" in text
    shoot(page, f"result-stale-side-by-side-{size}")
    no_sideways_scroll(page)
    assert TableResult.objects.count() == 2
    assert sorted(s.score for s in TableResult.objects.get(version=2).scores.all()) == [
        20000,
        30000,
        35000,
        35000,
    ]
    other.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_result_sent_offline_is_stored_once(riichi, live_server, request, size):
    context = request.getfixturevalue(size)
    page = context.new_page()
    login(page, live_server, riichi.keeper)
    page.goto(result_url(live_server, riichi))
    page.wait_for_selector("form[data-result-form]")
    context.set_offline(True)
    fill(page, "40000", "30000", "30000", "20000")
    page.tap("button[data-save]")
    page.wait_for_selector("[data-queue-badge]:not([hidden])")
    page.tap("button[data-save]")  # impatient: a second tap while offline
    page.wait_for_timeout(300)
    assert (
        page.evaluate("JSON.parse(localStorage.getItem('mahjong.foulQueue.v1') || '[]').length")
        == 1
    )
    assert TableResult.objects.count() == 0
    context.set_offline(False)
    wait_until(
        page,
        "JSON.parse(localStorage.getItem('mahjong.foulQueue.v1') || '[]').length === 0",
        timeout=20,
    )
    assert TableResult.objects.count() == 1


@pytest.mark.parametrize("size", SIZES)
def test_director_closes_a_round_from_the_board_with_a_table_missing(
    make_hall, live_server, request, size, shoot
):

    from scoring.results import services as result_services

    hall = make_hall("mcr", players=16)
    round1 = hall.event.rounds.get(number=1)
    for table in round1.tables.filter(number__in=[1, 2]):
        result_services.enter_result(table, hall.head, {"E": 40, "S": 5, "W": 0, "N": -45})
    context = request.getfixturevalue(size)
    page = context.new_page()
    login(page, live_server, hall.director)
    page.goto(f"{live_server.url}/director/{hall.event.slug}/rounds/1/")
    assert page.get_attribute("[data-table='3']", "data-state") == "none"
    no_sideways_scroll(page)
    # The board refreshes itself: a result entered elsewhere shows without a reload.
    result_services.enter_result(
        round1.tables.get(number=3), hall.head, {"E": 40, "S": 5, "W": 0, "N": -45}
    )
    wait_until(
        page,
        "document.querySelector(\"[data-table='3']\").getAttribute('data-state') === 'entered'",
        timeout=15,
    )
    page.tap("button[data-close-round]")
    page.wait_for_selector("[data-confirm]")
    assert "Table 4 has no counting result" in page.inner_text("[data-confirm]")
    shoot(page, f"board-confirm-close-{size}")
    assert Round.objects.get(pk=round1.pk).status == Round.Status.LIVE
    page.tap("button[data-confirm-yes]")
    page.wait_for_selector("text=Round 1 closed.")
    assert Round.objects.get(pk=round1.pk).status == Round.Status.CLOSED


@pytest.mark.parametrize("size", SIZES)
def test_two_taps_on_save_offline_store_one_report(hall, live_server, request, size):
    context = request.getfixturevalue(size)
    page = context.new_page()
    login(page, live_server, hall.floor)
    page.goto(f"{live_server.url}/referee/{hall.event.slug}/r1/t1/short_hand/")
    context.set_offline(True)
    page.tap(seat(hall.south))
    page.tap("button[data-save]")
    page.wait_for_selector("[data-queue-badge]:not([hidden])")
    page.tap("button[data-save]", force=True)  # the form starts afresh: Save waits for a change
    page.wait_for_timeout(300)
    assert page.inner_text("[data-queue-count]") == "1"
    context.set_offline(False)
    wait_until(
        page,
        "JSON.parse(localStorage.getItem('mahjong.foulQueue.v1') || '[]').length === 0",
        timeout=20,
    )
    assert FoulReport.objects.count() == 1


def test_the_referees_tables_and_forms_open_offline(hall, live_server, tablet):
    page = tablet.new_page()
    login(page, live_server, hall.floor)
    page.goto(f"{live_server.url}/referee/{hall.event.slug}/")
    expected = page.evaluate(
        "document.querySelector('[data-offline-urls]').getAttribute('data-offline-urls')"
        ".split(' ').filter(Boolean).length"
    )
    assert expected > 5
    wait_until(
        page,
        "(n) => caches.open('mahjong-referee-v1').then(c => c.keys()).then(k => k.length >= n)",
        arg=expected,
        timeout=30,
    )
    tablet.set_offline(True)
    page.goto(f"{live_server.url}/referee/{hall.event.slug}/r1/t1/")
    assert "Table 1, round 1" in page.inner_text("h1")
    page.goto(f"{live_server.url}/referee/{hall.event.slug}/r1/t1/short_hand/")
    page.wait_for_selector("form[data-offline-form]")
    page.tap(seat(hall.south))
    page.tap("button[data-save]")
    page.wait_for_selector("[data-queue-badge]:not([hidden])")
    tablet.set_offline(False)
    wait_until(
        page,
        "JSON.parse(localStorage.getItem('mahjong.foulQueue.v1') || '[]').length === 0",
        timeout=20,
    )
    assert FoulReport.objects.count() == 1


def test_the_head_referees_foul_list_fits_a_phone(hall, live_server, phone):
    for offender in (hall.south, hall.west, hall.north):
        hall.foul(hall.floor, "short_hand", offender, note="A long note " * 8)
    page = phone.new_page()
    login(page, live_server, hall.head)
    page.goto(f"{live_server.url}/referee/{hall.event.slug}/fouls/")
    page.wait_for_selector("table.foul-list")
    no_sideways_scroll(page)


def test_a_queued_report_refused_after_the_round_closed_says_why(hall, live_server, tablet):
    page = tablet.new_page()
    login(page, live_server, hall.floor)
    page.goto(f"{live_server.url}/referee/{hall.event.slug}/r1/t1/short_hand/")
    tablet.set_offline(True)
    page.tap(seat(hall.south))
    page.tap("button[data-save]")
    page.wait_for_selector("[data-queue-badge]:not([hidden])")
    round_services.update_round(hall.event.rounds.get(number=1), status=Round.Status.CLOSED)
    tablet.set_offline(False)
    page.wait_for_selector("[data-queue-rejected]:not([hidden])", timeout=20000)
    assert "Round 1 is closed" in page.inner_text("[data-queue-rejected]")
    assert FoulReport.objects.count() == 0
