"""Score sheets in a real browser: players at a riichi table sign in with their PINs on a phone
(390x844) and a tablet (768x1024), enter a whole hanchan and confirm each other's hands; the
sheet closes and the standings show the result. A referee keeps an MCR sheet whose hand names
a false win (the ledger keeps the penalty)."""

from __future__ import annotations

import pytest

from penalties.models import LedgerEntry
from scoring.results.models import TableResult
from scoring.sheets.models import SheetHand
from tests.support.browser import sign_in
from tournament.events.models import Event
from tournament.players.access import pins
from tournament.players.models import Player

pytestmark = pytest.mark.django_db(transaction=True)

# A hanchan in which the deal passes every hand: (winner, discarder, han, fu), seats 0-3 E S W N.
HANCHAN = [
    (1, 2, 3, 30),
    (2, 0, 2, 30),
    (3, 1, 1, 30),
    (0, 1, 4, 30),
    (1, 3, 2, 30),
    (3, 2, 3, 30),
    (0, 3, 1, 30),
    (2, 1, 2, 30),
]
FINAL = {"E": 36700, "S": 25200, "W": 26200, "N": 31900}


def enter_win(page, winner, discarder, han, fu):
    page.select_option("[name=kind]", "win")
    page.select_option("[name=winner]", str(winner))
    page.select_option("[name=discarder]", str(discarder))
    page.fill("[name=han]", str(han))
    page.fill("[name=fu]", str(fu))
    page.click("button:has-text('Record the hand')")
    page.wait_for_selector(".messages li")


def confirm(page, number):
    page.reload()
    page.click(f"tr[data-hand='{number}'] button:has-text('Confirm')")
    page.wait_for_selector(f"tr[data-hand='{number}']:not(.pending)")


def test_players_enter_a_hanchan_with_pins_and_the_standings_show_it(
    make_hall, live_server, phone, tablet, shoot
):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    pins.ensure_pins(hall.event)
    slug = hall.event.slug
    south = sign_in(phone, live_server.url, slug, hall.south)
    west = sign_in(tablet, live_server.url, slug, hall.west)
    shoot(south, "sheet-player-phone-start")
    for number, (winner, discarder, han, fu) in enumerate(HANCHAN, start=1):
        # The hand is entered on one device and confirmed on the other, alternately.
        author, checker = (south, west) if number % 2 else (west, south)
        author.reload()
        enter_win(author, winner, discarder, han, fu)
        assert author.locator(f"tr[data-hand='{number}'].pending").count() == 1
        if number == 3:
            shoot(author, "sheet-player-pending")
        confirm(checker, number)
    shoot(south, "sheet-player-phone-closed")
    shoot(west, "sheet-player-tablet-closed")
    west.reload()
    assert "The sheet is closed" in west.inner_text("main")
    totals = [west.inner_text(f"[data-wind='{i}']") for i in range(4)]
    assert totals == [str(FINAL[w]) for w in "ESWN"]
    result = TableResult.objects.get(table__round__event=hall.event, table__number=1)
    assert result.sheet_id and result.entered_by is None and result.counts
    assert {s.wind: s.score for s in result.scores.all()} == FINAL
    assert SheetHand.objects.filter(entered_by_player__isnull=False).count() == 8

    standings = phone.new_page()
    standings.goto(f"{live_server.url}/e/{slug}/")
    standings.wait_for_selector("table.standings")
    text = standings.inner_text("table.standings")
    # 36700 - 30000 + 15000 uma = 21700 raw: shown as the east player's total.
    assert hall.east.name in text and "21.7" in text
    shoot(standings, "sheet-standings-phone")


def test_a_referee_keeps_an_mcr_sheet_with_a_linked_false_win(
    make_hall, live_server, tablet, phone, shoot
):
    hall = make_hall("mcr")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True)
    foul = hall.foul(hall.floor, "false_win", hall.south, {"reason": "under_minimum"})
    assert foul.status_code == 201, foul.content
    report = foul.json()["id"]
    for context, name in ((tablet, "tablet"), (phone, "phone")):
        page = context.new_page()
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("[name=username]", hall.head.username)
        page.fill("[name=password]", "pw-" + hall.head.username)
        page.click("button[type=submit]")
        page.goto(f"{live_server.url}/sheets/{hall.event.slug}/r1/t1/")
        page.wait_for_selector("[data-testid=totals]")
        if name == "tablet":
            # South declared a false win: the hand ends as a draw naming the report.
            page.select_option("[name=kind]", "draw")
            page.select_option("[name=foul_report]", str(report))
            page.click("button:has-text('Record the hand')")
            page.wait_for_selector("tr[data-hand='1']")
            assert f"Foul report #{report}" in page.inner_text("tr[data-hand='1']")
            # Under 8 fan is refused with the rulebook's message, nothing written.
            page.select_option("[name=kind]", "win")
            page.select_option("[name=winner]", "0")
            page.select_option("[name=discarder]", "1")
            page.fill("[name=fan]", "7")
            page.fill("[name=bonus]", "1")
            page.click("button:has-text('Record the hand')")
            page.wait_for_selector(".errors, .errorlist")
            assert "at least 8 fan" in page.inner_text("main")
            shoot(page, "sheet-mcr-refused-tablet")
        else:
            page.select_option("[name=kind]", "win")
            page.select_option("[name=winner]", "0")
            page.select_option("[name=discarder]", "1")
            page.fill("[name=fan]", "12")
            page.click("button:has-text('Record the hand')")
            page.wait_for_selector("tr[data-hand='2']")
            totals = [page.inner_text(f"[data-wind='{i}']") for i in range(4)]
            assert totals == ["36", "\u221220", "\u22128", "\u22128"]  # a true minus sign
            shoot(page, "sheet-mcr-phone")
    assert SheetHand.objects.get(number=1).foul_report_id == report
    # The false win's points stay in the ledger alone, never copied onto the sheet.
    assert LedgerEntry.objects.filter(report_id=report).exists()


def test_director_prints_player_cards_and_the_public_sees_live_tables(
    make_hall, live_server, tablet, phone, shoot
):
    import uuid

    from scoring.sheets import services as sheets

    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    slug = hall.event.slug
    page = tablet.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("[name=username]", hall.director.username)
    page.fill("[name=password]", "pw-" + hall.director.username)
    page.click("button[type=submit]")
    page.goto(f"{live_server.url}/director/{slug}/player-cards/")
    card = page.locator(f"[data-player='{hall.south.pk}']")
    old = card.inner_text()
    assert old == pins.pin_of(Player.objects.get(pk=hall.south.pk))
    shoot(page, "sheet-player-cards-tablet")
    page.locator(".card", has=card).locator("button:has-text('New PIN')").click()
    page.wait_for_selector("[role=status]")
    assert page.locator(f"[data-player='{hall.south.pk}']").inner_text() != old

    from tournament.rounds.models import Table

    table = Table.objects.select_related("round__event").get(round__event=hall.event, number=1)
    sheets.add_hand(
        table,
        {"kind": "win", "winner": 1, "discarder": 2, "han": 3, "fu": 30},
        author=sheets.Author(user=hall.head),
        number=1,
        idempotency_key=uuid.uuid4().hex,
    )
    public = phone.new_page()
    public.goto(f"{live_server.url}/e/{slug}/rounds/1/")
    public.wait_for_selector("#live-tables tr[data-table='1']")
    assert "33900" in public.inner_text("#live-tables")
    shoot(public, "sheet-live-tables-phone")
