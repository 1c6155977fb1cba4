"""A floor referee at a table with a tablet (768x1024), on good and on bad Wi-Fi."""

from __future__ import annotations

import uuid

import pytest

from penalties.models import FoulReport, LedgerEntry
from tests.e2e.conftest import wait_until
from tests.support.browser import login, seat

pytestmark = pytest.mark.django_db(transaction=True)


class Taps:
    """Counts the referee's taps (clicks and checks) from the table page to the receipt."""

    def __init__(self, page):
        self.page = page
        self.count = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.tap()
        self.count += 1


@pytest.fixture
def table_url(hall, live_server):
    return f"{live_server.url}/referee/{hall.event.slug}/r1/t1/"


def test_record_three_fouls_and_see_them_in_the_api(hall, live_server, tablet, table_url, shoot):
    page = tablet.new_page()
    login(page, live_server, hall.floor)
    page.goto(table_url)  # the address the QR code on the table card holds
    shoot(page, "referee-table")
    assert page.locator(".seats").inner_text().count("P") == 4

    taps = Taps(page)
    taps.tap("a.button:has-text('False win')")
    page.wait_for_selector("form[data-offline-form]")
    taps.tap(seat(hall.south))
    taps.tap("label:has-text('Another player exposed tiles')")
    wait_until(page, "document.querySelector('[data-preview]').textContent.includes('pays 300')")
    shoot(page, "referee-false-win-form")
    taps.tap("button[data-save]")
    page.wait_for_selector(".receipt")
    shoot(page, "referee-receipt")
    assert taps.count <= 5
    assert "South pays 300 to each opponent" in page.inner_text("[data-consequences]")

    page.goto(table_url)
    page.tap("a.button:has-text('Exposed tiles')")
    page.tap(seat(hall.west))
    page.tap("label:has-text('Own hand')")
    page.tap("button[data-save]")
    page.wait_for_selector(".receipt")

    page.goto(table_url)
    page.tap("a.button:has-text('Wrong wall draw')")
    page.tap(seat(hall.north))
    page.tap("button[data-save]")
    page.wait_for_selector(".receipt")

    api = page.request.get(f"{live_server.url}/api/events/{hall.event.slug}/discipline/").json()
    rows = {r["player"]: r for r in api}
    assert rows[hall.south.pk]["table_points"] == -900
    assert rows[hall.east.pk]["table_points"] == 300
    assert FoulReport.objects.count() == 3
    print(f"taps to record a false win: {taps.count}")


def test_offline_reports_are_queued_and_sent_once(hall, live_server, tablet, table_url, shoot):
    page = tablet.new_page()
    login(page, live_server, hall.floor)
    page.goto(table_url + "short_hand/")
    tablet.set_offline(True)
    page.tap(seat(hall.south))
    page.tap("button[data-save]")
    page.wait_for_selector("[data-queue-badge]:not([hidden])")
    page.tap(seat(hall.west))
    page.tap("button[data-save]")
    wait_until(page, "document.querySelector('[data-queue-count]').textContent === '2'")
    shoot(page, "referee-offline-queue")
    assert FoulReport.objects.count() == 0
    page.close()  # the tab is closed while offline: the queue stays in the browser

    tablet.set_offline(False)
    page = tablet.new_page()
    page.goto(table_url)
    wait_until(
        page,
        "JSON.parse(localStorage.getItem('mahjong.foulQueue.v1') || '[]').length === 0",
        timeout=20,
    )
    assert FoulReport.objects.count() == 2
    assert sorted(FoulReport.objects.values_list("offender_id", flat=True)) == sorted(
        [hall.south.pk, hall.west.pk]
    )
    page.reload()
    page.wait_for_timeout(500)
    assert FoulReport.objects.count() == 2


def test_both_texts_go_through_the_offline_queue_once(hall, live_server, tablet, table_url):
    """Issue 31, item 10: the form says which text is public; a report saved offline with both
    is sent once, each text in its place, and the public page shows only the explanation."""
    page = tablet.new_page()
    login(page, live_server, hall.floor)
    page.goto(table_url + "short_hand/")
    assert "shown on the public penalties page" in page.inner_text("#field-explanation")
    assert "staff only" in page.inner_text("#field-note")
    tablet.set_offline(True)
    page.tap(seat(hall.south))
    page.fill("[name=explanation]", "Thirteen tiles after a call")
    page.fill("[name=note]", "Argued with the referee")
    page.tap("button[data-save]")
    page.wait_for_selector("[data-queue-badge]:not([hidden])")
    assert FoulReport.objects.count() == 0
    tablet.set_offline(False)
    page.goto(table_url)
    wait_until(
        page,
        "JSON.parse(localStorage.getItem('mahjong.foulQueue.v1') || '[]').length === 0",
        timeout=20,
    )
    page.reload()
    page.wait_for_timeout(500)
    report = FoulReport.objects.get()
    assert (report.explanation, report.note) == (
        "Thirteen tiles after a call",
        "Argued with the referee",
    )
    page.goto(f"{live_server.url}/e/{hall.event.slug}/penalties/")
    shown = page.inner_text("main")
    assert "Thirteen tiles after a call" in shown and "Argued with the referee" not in shown


def test_double_tap_on_save_stores_one_report(hall, live_server, tablet, table_url):
    page = tablet.new_page()
    login(page, live_server, hall.floor)
    page.goto(table_url + "short_hand/")
    page.tap(seat(hall.east))
    page.dblclick("button[data-save]")
    page.wait_for_selector(".receipt")
    assert FoulReport.objects.count() == 1
    assert LedgerEntry.objects.filter(report__isnull=False).count() == 1


def test_unassigned_referee_gets_403(hall, live_server, tablet, table_url):
    page = tablet.new_page()
    login(page, live_server, hall.other_floor)
    response = page.goto(table_url)
    assert response.status == 403
    api = page.request.post(
        f"{live_server.url}/api/events/{hall.event.slug}/fouls/",
        data={
            "round": 1,
            "table": 1,
            "offender": hall.south.pk,
            "code": "short_hand",
            "idempotency_key": "x",
        },
        headers={
            "X-CSRFToken": next(c["value"] for c in tablet.cookies() if c["name"] == "csrftoken")
        },
    )
    assert api.status == 403


def test_logging_out_forgets_the_tablets_pages_even_offline(hall, live_server, tablet, shoot):
    """A shared tablet (issue 31, item 8): after the head referee logs out from the header of any
    page, going offline and opening the foul list shows none of their pages."""
    hall.foul(hall.floor, "short_hand", hall.south, note="Seen by the head referee only")
    page = tablet.new_page()
    login(page, live_server, hall.head)
    base = f"{live_server.url}/referee/{hall.event.slug}/"
    page.goto(base)
    wait_until(page, "navigator.serviceWorker.controller !== null", timeout=20)
    page.goto(base + "fouls/")
    page.wait_for_selector("table.foul-list")
    page.click("header button:has-text('Log out')")
    page.wait_for_load_state()
    tablet.set_offline(True)
    try:
        page.goto(base + "fouls/")
        shown = page.content()
    except Exception:  # no page kept at all: the browser's own offline error
        shown = ""
    finally:
        tablet.set_offline(False)
    shoot(page, "referee-logged-out-offline")
    assert "Seen by the head referee only" not in shown
    assert hall.head.username not in shown
    assert "foul-list" not in shown


def test_an_offline_save_leaves_an_empty_form(hall, live_server, tablet, table_url):
    """Issue 31, item 22: after a save kept on the tablet, the form starts afresh."""
    page = tablet.new_page()
    login(page, live_server, hall.floor)
    page.goto(table_url + "short_hand/")
    tablet.set_offline(True)
    try:
        page.tap(seat(hall.south))
        page.fill("[name=note]", "Kept for later")
        page.tap("button[data-save]")
        page.wait_for_selector("[data-queue-badge]:not([hidden])")
        assert not page.is_checked(f"input[name=offender][value='{hall.south.pk}']")
        assert page.input_value("[name=note]") == ""
    finally:
        tablet.set_offline(False)
    # Back online, the tablet sends the kept report; waiting for it leaves no request in
    # flight while the database is emptied after the test (that race failed a CI run).
    wait_until(
        page,
        "JSON.parse(localStorage.getItem('mahjong.foulQueue.v1') || '[]').length === 0",
        timeout=20,
    )
    assert FoulReport.objects.filter(note="Kept for later").count() == 1


def test_the_foul_list_fits_a_portrait_tablet(hall, live_server, tablet, shoot):
    """The head referee's foul list at 768 px: its seven columns became 777 px wide (the Void
    column's form); a portrait tablet shows each report as a card instead."""
    tablet_agent = (
        "Mozilla/5.0 (Linux; Android 14; SM-X210 Build/UP1A.231005.007) AppleWebKit/537.36 "
        "(KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
    )
    body = {
        "round": 1,
        "table": 1,
        "offender": hall.south.pk,
        "code": "short_hand",
        "details": {},
        "idempotency_key": uuid.uuid4().hex,
        "note": "A private note long enough to wrap",
    }
    sent = hall.client(hall.floor).post(
        hall.url + "fouls/", body, format="json", HTTP_USER_AGENT=tablet_agent
    )
    assert sent.status_code == 201, sent.content
    page = tablet.new_page()
    login(page, live_server, hall.head)
    page.goto(f"{live_server.url}/referee/{hall.event.slug}/fouls/")
    page.wait_for_selector("table.foul-list")
    shoot(page, "referee-foul-list-portrait")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the foul list is {overflow} px wider than the tablet"
