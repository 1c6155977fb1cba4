"""Online game logs in a real browser: a player imports their table's tenhou.net log from
their own page on a phone (390 px), another player of the table confirms a hand; the director
imports a round of four logs on a tablet (768 px), checks where each goes, and confirms."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.onlinelogs import parse_log, preset_options
from scoring.onlinelogs.services.names import set_online_names
from scoring.sheets import services as sheets
from scoring.sheets.models import SheetHand
from tests.e2e.conftest import PHONE
from tests.scoring.onlinelogs.conftest import DATA, log_bytes, table
from tournament.events.models import Event
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.rounds.models import Seat

pytestmark = pytest.mark.django_db(transaction=True)
WINDS = "ESWN"


def riichi_hall(make_hall, players: int):
    hall = make_hall("riichi_wrc", preset_options("tenhou"), players=players)
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    hall.event.refresh_from_db()
    pins.ensure_pins(hall.event)
    return hall


def seated(event, number):
    return [
        s.player
        for s in sorted(
            Seat.objects.filter(table=table(event, number)), key=lambda s: WINDS.index(s.wind)
        )
    ]


def renamed_log(tmp_path: Path, name: str, prefix: str) -> tuple[Path, list[str]]:
    """A copy of a stored tenhou.net log whose four players carry other names (four games of
    one round are four sets of players)."""
    content = log_bytes(name).decode()
    names = list(parse_log(log_bytes(name)).names)
    for i, old in enumerate(names):
        content = content.replace(f'n{i}="{old}"', f'n{i}="{prefix}{old}"')
    path = tmp_path / f"{prefix}{Path(name).name}"
    path.write_text(content)
    return path, [prefix + n for n in names]


def sign_in(page, url, event, player):
    page.goto(f"{url}/")
    page.click(f"a:has-text('{event.name}')")
    page.click("[data-my-page]")
    page.fill("[name=table]", "1")
    page.click("button:has-text('Next')")
    page.check(f"[name=player][value='{player.pk}']")
    page.fill("[name=pin]", pins.pin_of(Player.objects.get(pk=player.pk)))
    page.click("button:has-text('Sign in')")
    page.wait_for_selector("[data-testid=totals]")


def no_sideways_scrolling(page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_player_imports_their_tables_log_on_a_phone(
    make_hall, live_server, phone, browser, shoot
):
    hall = riichi_hall(make_hall, 8)
    east, south, west, north = seated(hall.event, 1)
    page = phone.new_page()
    sign_in(page, live_server.url, hall.event, east)
    page.click("[data-testid=online-log-link]")
    page.wait_for_selector("[data-testid=names-form]")
    no_sideways_scrolling(page)
    shoot(page, "online-log-player-phone")

    # Without online names the log's players are unknown: refused, nothing stored.
    log_file = DATA / "usual.xml"
    page.set_input_files("[name=file]", str(log_file))
    page.click("button:has-text('Import the game')")
    page.wait_for_selector("[data-testid=import-errors]")
    assert "No player of this event has the tenhou.net name" in page.inner_text(
        "[data-testid=import-errors]"
    )
    assert SheetHand.objects.count() == 0
    shoot(page, "online-log-player-refused-phone")

    # The player sets their own name; the director sets the other three.
    page.fill("[name=tenhou]", "player1")
    page.click("button:has-text('Save my online names')")
    page.wait_for_selector(".messages li")
    for player, name in zip((south, west, north), ("player2", "player3", "player4"), strict=True):
        set_online_names(player, {"tenhou": name}, user=hall.director)

    page.set_input_files("[name=file]", str(log_file))
    page.click("button:has-text('Import the game')")
    page.wait_for_selector("[data-testid=totals]")
    assert "16 hands imported into table 1." in page.inner_text(".messages")
    assert "16 hands await a confirmation." in page.inner_text("body")
    no_sideways_scrolling(page)
    shoot(page, "online-log-player-imported-phone")
    # Reload and Back store nothing twice.
    page.reload()
    page.go_back()
    assert SheetHand.objects.count() == 16

    # Another player of the table, on their own phone, confirms the first hand, as with hands
    # entered here.
    second_phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    other = second_phone.new_page()
    sign_in(other, live_server.url, hall.event, south)
    other.click("tr[data-hand='1'] button:has-text('Confirm')")
    other.wait_for_selector("tr[data-hand='1']:not(.pending)")
    second_phone.close()
    view = sheets.read_sheet(table(hall.event, 1))
    assert view.hands[0].counts and not view.hands[1].counts


def test_the_director_imports_a_round_of_four_logs_on_a_tablet(
    make_hall, live_server, tablet, shoot, tmp_path
):
    hall = riichi_hall(make_hall, 16)
    games = ["usual.xml", "nagashi.xml", "pao_ron.xml", "west.xml"]
    files = []
    for number, game in enumerate(games, start=1):
        path, names = renamed_log(tmp_path, game, f"t{number}-")
        files.append(path)
        players = seated(hall.event, number)
        if number == 2:  # table 2 played online in another seat order than seated
            names = names[1:] + names[:1]
        for player, name in zip(players, names, strict=True):
            set_online_names(player, {"tenhou": name}, user=hall.director)

    page = tablet.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", hall.director.username)
    page.fill("#id_password", "pw-" + hall.director.username)
    page.click("button[type=submit]")
    page.goto(f"{live_server.url}/")
    page.click("a:has-text('Manage')")
    page.click("nav a:has-text('Rounds')")
    page.click("a:has-text('Round board')")
    page.click("[data-testid=online-logs-link]")
    page.wait_for_selector("[data-testid=round-form]")
    for i, path in enumerate(files, start=1):
        page.set_input_files(f"[name=file{i}]", str(path))
    page.click("button:has-text('Check where the games go')")
    page.wait_for_selector("[data-testid=proposal]")
    rows = page.locator("[data-testid=proposal] tbody tr")
    assert rows.count() == 4
    assert "Seated again as in the log" in rows.nth(1).inner_text()
    assert "Seats as seated" in rows.nth(0).inner_text()
    assert SheetHand.objects.count() == 0
    no_sideways_scrolling(page)
    shoot(page, "online-logs-round-proposal-tablet")

    page.click("button:has-text('Confirm and import 4 games')")
    page.wait_for_selector(".messages li")
    assert page.locator(".messages li").count() == 4
    shoot(page, "online-logs-round-imported-tablet")
    page.go_back()  # the confirmation page again: nothing is sent twice
    for number, game in enumerate(games, start=1):
        log = parse_log(log_bytes(game))
        view = sheets.read_sheet(table(hall.event, number))
        assert view.is_closed and tuple(view.played.final) == log.final
    assert SheetHand.objects.count() == sum(len(parse_log(log_bytes(g)).hands) for g in games)
