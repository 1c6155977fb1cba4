"""Event day: one whole small event driven through its pages, as its users would, typing no
address but the home page's (issue 43's acceptance walk).

A director (768 px) creates the event, opens registration; eight phones (390 px) sign up (one
with a Polish name with Ł, one choosing Czech on a Czech phone); the director approves them
all at once, prints the player cards; the check-in desk (768 px) finds "lukasz" and scans a
card read from the printed sheet through a fake camera; check-in closes after its question;
the table cards are printed; two floor referees (768 px) join by the invitation's code; the
players sign in with their cards and enter and confirm a hanchan on each of the two tables,
with a dispute and its settlement; a floor referee records a foul and the director voids
another; the rounds close, the cut and the final are played, the final ranking is published
and the ranking across events shows it. The projector (1920x1080) follows.

Every QR code shown or printed is read by a real decoder (zxing-cpp), from the screenshot and
from the print PDF. Every page visited is checked for the seams: no raw code (foul codes,
ruleset keys, user agents), times in the event's zone (Asia/Kathmandu, +05:45, with the
browsers on UTC), and no English on the Czech phone. At the end: one address per person (the
sign-up's, on the notification page and in the director's count), and the same places on the
standings page, the player pages, the projector, the API and the CSV export.
"""

from __future__ import annotations

import csv
import io
import re
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM, PHONE, SCREENSHOTS, TABLET, wait_until
from tests.support.qr import codes_in, printed_codes, printed_pages, screenshot_codes, y4m_of

pytestmark = pytest.mark.django_db(transaction=True)

ZONE = "Asia/Kathmandu"  # +05:45: a whole hour here reads :15 in UTC
PROJECTOR = {"width": 1920, "height": 1080}
EVENT_NAME = "Himalaya Riichi Open"
PASSWORD = "a long referee passphrase 7"

# name, country, club, e-mail, language
SIGN_UPS = [
    ("Łukasz Żółkiewski", "PL", "Kraków Riichi", "lukasz@example.org", "pl"),
    ("Tereza Dvořáková", "CZ", "Praha Mahjong", "Tereza.Dvorakova@Example.cz", "cs"),
    ("Aino Mäkinen", "FI", "Espoo Riichi", "aino@example.org", "fi"),
    ("Søren Ørsted", "DK", "", "soren@example.org", "en"),
    ("Camille Hélène", "FR", "Paris Riichi", "camille@example.org", "fr"),
    ("Ingrid Berg", "NO", "", "ingrid@example.org", "en"),
    ("Jiří Šťastný", "CZ", "Brno", "jiri@example.org", "en"),
    ("Anna Kowalska", "PL", "", "anna@example.org", "pl"),
]
CZECH = "Tereza Dvořáková"

# A hanchan in which the deal passes every hand: (winner, discarder, han, fu), seats E S W N.
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
# Table 2's, with other values (no two players of the day tie).
HANCHAN_TWO = [
    (1, 2, 2, 30),
    (2, 0, 3, 30),
    (3, 1, 2, 30),
    (0, 1, 1, 30),
    (1, 3, 4, 30),
    (3, 2, 1, 30),
    (0, 3, 3, 30),
    (2, 1, 2, 30),
]

FINAL_SCORES = [45000, 34000, 25000, 16000]  # E S W N (EMA: 4 x 30 000)

RAW_CODE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\bmcr-\d|\briichi_(?:ema|wrc)\b|Mozilla/")
FILE_COLUMNS = {"ema_number"}  # the players file's column names, which its help names


@dataclass
class Day:
    """The people of the day, their pages and what the walk learnt on the way."""

    url: str
    browser: object
    contexts: list = field(default_factory=list)
    pages: dict = field(default_factory=dict)
    cards: dict = field(default_factory=dict)  # player name -> card link
    moments: list = field(default_factory=list)  # aware datetimes shown somewhere
    english: set = field(default_factory=set)  # msgids whose Czech differs
    closing: list = field(default_factory=list)  # browsers of their own (the desk's camera)

    def context(self, viewport, locale="en", **extra):
        context = self.browser.new_context(
            viewport=viewport, locale=locale, timezone_id="UTC", bypass_csp=True, **extra
        )
        context.set_default_timeout(15_000)
        self.contexts.append(context)
        return context

    def phone(self, locale="en"):
        return self.context(PHONE, locale, has_touch=True, is_mobile=True)


def fits(page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def shoot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"event-day-{name}.png"), full_page=True)


def seams(day: Day, page, *, czech: bool = False) -> str:
    """The checks every page passes: no raw code, every known moment in the event's time (its
    UTC reading nowhere), on the Czech phone no English. Returns the page's text."""
    page.wait_for_load_state()
    text = page.inner_text("body")
    raw = [code for code in RAW_CODE.findall(text) if code not in FILE_COLUMNS]
    assert not raw, f"raw codes on {page.url}: {raw}"
    for moment in day.moments:
        utc = moment.astimezone(ZoneInfo("UTC")).strftime("%H:%M")
        assert not re.search(rf"(?<![\d:]){utc}(?![\d])", text), f"{utc} (UTC) on {page.url}"
    if czech:
        assert page.locator("html").get_attribute("lang") == "cs", page.url
        lines = {line.strip() for line in text.splitlines()}
        lines |= {part.strip() for line in lines for part in re.split(r"[·|:]", line)}
        english = sorted(line for line in lines if line in day.english)
        assert not english, f"English on the Czech phone at {page.url}: {english}"
    return text


def english_msgids() -> set:
    """The interface's English strings whose Czech is another text (so seeing one on a Czech
    page means it was left untranslated)."""
    from tests.support.translations import parse

    po = Path(__file__).resolve().parents[2] / "locale" / "cs" / "LC_MESSAGES" / "django.po"
    found = set()
    for entry in parse(po):
        msgid = entry["msgid"]
        if not msgid or "%" in msgid or "{" in msgid or len(msgid) < 4:
            continue
        if entry["msgstr"].get(0) and entry["msgstr"][0] != msgid:
            found.add(msgid)
    return found


def local(moment: datetime) -> str:
    return moment.astimezone(ZoneInfo(ZONE)).strftime("%H:%M")


# -- the director sets the event up ----------------------------------------------------------


def director_logs_in(day: Day, director):
    page = day.context(TABLET).new_page()
    day.pages["director"] = page
    page.goto(day.url + "/")
    page.click("header a:has-text('Log in')")
    page.fill("#id_username", director.username)
    page.fill("#id_password", "pw-" + director.username)
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    return page


def create_the_event(day: Day, director) -> str:
    page = director_logs_in(day, director)
    page.click("main a:has-text('New event')")
    today = timezone.now().astimezone(ZoneInfo(ZONE)).date()
    page.fill("#id_name", EVENT_NAME)
    page.select_option("#id_ruleset", "riichi_ema")
    page.fill("#id_start_date", today.isoformat())
    page.fill("#id_end_date", today.isoformat())
    page.select_option("#id_time_zone", ZONE)
    page.fill("#id_venue", "Patan Durbar Hall")
    page.check("#id_is_public")
    page.check("#id_keeps_score_sheets")
    page.check("#id_players_enter_hands")
    fits(page)
    shoot(page, "director-new-event")
    page.click("main button[type=submit]:has-text('Save')")
    expect(page.locator(".messages")).to_contain_text("Event created.")
    slug = page.url.rstrip("/").rsplit("/", 1)[-1]
    seams(day, page)

    # registration: open an hour ago (event time), closing in two days, approval, a cap of 8
    page.click("nav.tabs a:has-text('Registration')")
    now = timezone.now().astimezone(ZoneInfo(ZONE)).replace(second=0, microsecond=0)
    page.fill("#id_opens_at", (now - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"))
    page.fill("#id_closes_at", (now + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M"))
    page.fill("#id_cap", "8")
    page.check("#id_needs_approval")
    page.check("#id_self_check_in")
    page.click("button[name=save]")
    page.wait_for_load_state()
    seams(day, page)
    fits(page)
    shoot(page, "director-registration-open")

    # two rounds in one batch: 90 minutes and a break of 20, the first in three hours; both
    # start at minutes (:00, :50) whose UTC reading (:15, :05) no whole-hour example matches
    day.round_one = (now + timedelta(hours=3)).replace(minute=0)
    day.round_two = day.round_one + timedelta(minutes=110)
    day.moments += [day.round_one, day.round_two]
    page.click("nav.tabs a:has-text('Rounds')")
    page.fill("#id_count", "2")
    page.fill("#id_starts_at", day.round_one.strftime("%Y-%m-%dT%H:%M"))
    page.fill("#id_length_minutes", "90")
    page.fill("#id_break_minutes", "20")
    page.click("button:has-text('Create round')")
    expect(page.locator(".messages")).to_contain_text("Rounds 1 to 2 created")
    text = seams(day, page)
    assert local(day.round_one) in text and local(day.round_two) in text

    # stages: the qualifying round, then a final of one round for the top four, by rank
    page.click("nav.tabs a:has-text('Stages')")
    page.fill("#id_name", "Qualifying")
    page.fill("#id_first_round", "1")
    page.fill("#id_last_round", "1")
    page.click("button[type=submit]:has-text('Add stage')")
    page.wait_for_load_state()
    page.fill("#id_name", "Final")
    page.fill("#id_first_round", "2")
    page.fill("#id_last_round", "2")
    page.fill("#id_cut_size", "4")
    page.select_option("#id_seating", "rank")
    page.click("button[type=submit]:has-text('Add stage')")
    page.wait_for_load_state()
    text = seams(day, page)
    assert "Qualifying" in text and "Final" in text
    fits(page)
    day.slug = slug


# -- eight phones sign up ---------------------------------------------------------------------


def sign_up(day: Day, name, country, club, email, language):
    czech = name == CZECH
    page = day.phone("cs-CZ" if czech else "en").new_page()
    day.pages[name] = page
    page.goto(day.url + "/")
    page.locator("li", has_text=EVENT_NAME).locator("[data-testid=sign-up-link]").click()
    seams(day, page, czech=czech)
    page.fill("#id_name", name)
    page.select_option("#id_country", country)
    if club:
        page.fill("#id_club", club)
    page.fill("#id_email", email)
    page.select_option("#id_language", language)
    fits(page)
    if czech:
        shoot(page, "phone-sign-up-cs")
    page.click("main button[type=submit]")
    page.wait_for_selector("[data-testid=status]")
    seams(day, page, czech=czech)
    fits(page)


def approve_all(day: Day):
    page = day.pages["director"]
    page.click("nav.tabs a:has-text('Registration')")
    emails = page.locator("td.email").all_inner_texts()
    assert sorted(emails) == sorted(e.lower() for *_, e, _ in SIGN_UPS)
    page.click("button:has-text('Approve all awaiting approval')")
    expect(page.locator(".messages")).to_contain_text("8 approved")
    seams(day, page)
    shoot(page, "director-approved")


def read_codes(page, expected: list[str]) -> None:
    """Every code of ``page`` read from its screenshot and from each printed sheet: each of
    ``expected`` once, nothing else."""
    assert sorted(c.text for c in screenshot_codes(page)) == sorted(expected), page.url
    sheets = printed_codes(page)
    assert sorted(c.text for sheet in sheets for c in sheet) == sorted(expected), page.url


def print_player_cards(day: Day):
    page = day.pages["director"]
    page.click("nav.tabs a:has-text('Players')")
    seams(day, page)
    page.click("a:has-text('Player cards')")
    page.wait_for_selector(".card .qr svg")
    seams(day, page)
    names = page.locator(".card h2").all_inner_texts()
    links = page.locator(".card [data-card-link]").evaluate_all(
        "qrs => qrs.map(q => q.dataset.cardLink)"
    )
    pins_ = page.locator(".card .pin").all_inner_texts()
    assert sorted(names) == sorted(name for name, *_ in SIGN_UPS)
    day.cards = dict(zip(names, links, strict=True))
    day.pins = dict(zip(names, pins_, strict=True))
    shoot(page, "director-player-cards")
    read_codes(page, links)
    day.card_sheet = printed_pages(page)
    page.go_back()
    page.wait_for_selector("nav.tabs")

    # check-in opens at the desk
    page.click("nav.tabs a:has-text('Registration')")
    page.click("a:has-text('Check-in desk')")
    page.click("button:has-text('Open check-in')")
    expect(page.locator("[data-testid=expected]")).to_have_text("8")
    seams(day, page)


def the_desk(day: Day, director, tmp_path, scanned: str):
    """The desk's tablet, its camera showing ``scanned``'s printed card."""
    video = tmp_path / "card.y4m"
    (sheet,) = [s for s in day.card_sheet if any(c.text == day.cards[scanned] for c in codes_in(s))]
    (code,) = [c for c in codes_in(sheet) if c.text == day.cards[scanned]]
    y4m_of(sheet, code, video)
    camera = day.browser.browser_type.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=[
            "--no-sandbox",
            "--disable-gpu",
            "--use-fake-ui-for-media-stream",
            "--use-fake-device-for-media-stream",
            f"--use-file-for-fake-video-capture={video}",
        ],
    )
    day.closing.append(camera)
    context = camera.new_context(viewport=TABLET, locale="en", timezone_id="UTC")
    context.grant_permissions(["camera"], origin=day.url)
    page = context.new_page()
    day.pages["desk"] = page
    page.goto(day.url + "/")
    page.click("header a:has-text('Log in')")
    page.fill("#id_username", director.username)
    page.fill("#id_password", "pw-" + director.username)
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    page.locator("li", has_text=EVENT_NAME).locator("a:has-text('Manage')").click()
    page.click("nav.tabs a:has-text('Registration')")
    page.click("a:has-text('Check-in desk')")
    return page


def check_in(day: Day, director, tmp_path):
    scanned = "Aino Mäkinen"
    desk = the_desk(day, director, tmp_path, scanned)
    seams(day, desk)
    desk.fill("#desk-search", "lukasz")
    found = desk.locator("[data-testid=results] li")
    expect(found).to_have_count(1)
    expect(found).to_contain_text("Łukasz Żółkiewski")
    found.locator("button").click()
    expect(desk.locator("[data-testid=checked-in]")).to_have_text("1")
    desk.click("#scan")
    expect(desk.locator("[data-testid=checked-in]")).to_have_text("2", timeout=30_000)
    expect(desk.locator("[data-testid=feedback]")).to_contain_text(f"{scanned} is checked in")
    fits(desk)
    shoot(desk, "desk-scanned")

    # the Czech player checks in on her own phone, her name typed without accents
    phone = day.pages[CZECH]
    phone.goto(day.url + "/")
    phone.locator("li", has_text=EVENT_NAME).locator("[data-testid=self-check-in-link]").click()
    seams(day, phone, czech=True)
    phone.fill("#id_name", "tereza dvorakova")
    phone.fill("#id_pin", day.pins[CZECH])
    phone.click("main button[type=submit]")
    expect(phone.locator(".messages")).to_contain_text(CZECH)
    seams(day, phone, czech=True)
    fits(phone)

    # the others arrive together: ticked and checked in at once
    desk.reload()
    expect(desk.locator("[data-testid=checked-in]")).to_have_text("3")
    for box in desk.locator("[data-testid=missing] input[type=checkbox]").all():
        box.check()
    desk.click("[data-testid=check-in-selected]")
    expect(desk.locator(".messages")).to_contain_text("5 players are checked in")
    expect(desk.locator("[data-testid=checked-in]")).to_have_text("8")
    seams(day, desk)

    # closing asks first, then seats round 1
    desk.click("[data-testid=close]")
    desk.wait_for_selector("[data-confirm]")
    question = desk.inner_text("[data-confirm]")
    assert "Round 1 is seated from the 8 players present" in question, question
    seams(day, desk)
    shoot(desk, "desk-close-question")
    desk.click("[data-confirm-yes]")
    expect(desk.locator(".messages")).to_contain_text("Check-in is closed and round 1 is seated.")
    seams(day, desk)


def print_table_cards(day: Day):
    page = day.pages["director"]
    page.click("nav.tabs a:has-text('Rounds')")
    row = page.locator("tr", has_text="Round 1")
    row.locator("a:has-text('Table cards')").click()
    page.wait_for_selector(".card .qr svg")
    seams(day, page)
    tables = [f"{day.url}/e/{day.slug}/r1/t{n}/" for n in (1, 2)]
    shoot(page, "director-table-cards")
    read_codes(page, tables)
    day.table_cards = tables
    page.go_back()
    page.wait_for_selector("nav.tabs")


def invite_referees(day: Day):
    """Two floor referees, one a table, each joining by the invitation's code."""
    director = day.pages["director"]
    for number in (1, 2):
        director.click("nav.tabs a:has-text('Staff')")
        director.check("#invite-title ~ form input[value=floor]")
        director.fill("#id_invite-table_numbers", str(number))
        director.fill("#id_invite-note", f"Floor {number}")
        director.click("button[name=invite]")
        director.wait_for_selector(".new-link")
        link = director.input_value("#invitation-link")
        seams(day, director)
        read_codes(director, [link])
        (code,) = screenshot_codes(director)
        page = day.context(TABLET).new_page()
        day.pages[f"floor{number}"] = page
        page.goto(code.text)  # the referee's tablet reads the code on the director's screen
        seams(day, page)
        page.fill("#id_username", f"floor{number}")
        page.fill("#id_password", PASSWORD)
        page.fill("#id_password_again", PASSWORD)
        page.click("button[name=create]")
        page.wait_for_load_state()
        seams(day, page)
        fits(page)


def round_status(day: Day, number: int, status: str):
    page = day.pages["director"]
    page.click("nav.tabs a:has-text('Rounds')")
    page.select_option(f"#round-status-{number}", status)
    page.locator("tr", has_text=f"Round {number}").locator("button:has-text('Set')").click()
    page.wait_for_load_state()
    seams(day, page)


def seating(number: int) -> dict:
    """Round ``number``'s tables: table number -> the names at E, S, W, N (as the players'
    pages and the seating list say)."""
    from tournament.rounds.models import Seat

    tables: dict = {}
    for seat in Seat.objects.filter(round__number=number, round__event__name=EVENT_NAME):
        tables.setdefault(seat.table.number, {})[seat.wind] = seat.player.name
    return {n: [winds[w] for w in "ESWN"] for n, winds in sorted(tables.items())}


def signed_in_with_the_card(day: Day, name: str):
    """The player's phone opens the link of the card's code."""
    page = day.pages[name]
    page.goto(day.cards[name])
    page.wait_for_selector("[data-testid=totals]")
    seams(day, page, czech=name == CZECH)
    fits(page)
    return page


def record(day: Day, page, name, winner, discarder, han, fu):
    page.reload()
    page.select_option("[name=kind]", "win")
    page.select_option("[name=winner]", str(winner))
    page.select_option("[name=discarder]", str(discarder))
    page.fill("[name=han]", str(han))
    page.fill("[name=fu]", str(fu))
    page.click("form.hand-form button[type=submit]")
    page.wait_for_selector(".messages li")
    seams(day, page, czech=name == CZECH)


def confirm(day: Day, page, name, number):
    page.reload()
    row = page.locator(f"tr[data-hand='{number}']")
    row.locator("form:has(input[name=action][value=confirm]) button").click()
    page.wait_for_selector(f"tr[data-hand='{number}']:not(.pending)")
    seams(day, page, czech=name == CZECH)


def play_round_one(day: Day):
    round_status(day, 1, "live")
    day.tables = seating(1)
    for names in day.tables.values():
        for name in names:
            signed_in_with_the_card(day, name)
    for number, names in day.tables.items():
        south, west = names[1], names[2]
        hands = HANCHAN if number == 1 else HANCHAN_TWO
        for hand, (winner, discarder, han, fu) in enumerate(hands, start=1):
            author, checker = (south, west) if hand % 2 else (west, south)
            if number == 2 and hand == 3:
                dispute_and_settle(day, names, author, checker, winner, discarder, han, fu)
                continue
            record(day, day.pages[author], author, winner, discarder, han, fu)
            confirm(day, day.pages[checker], checker, hand)
        page = day.pages[south]
        page.reload()
        assert page.locator("tr[data-hand].pending").count() == 0
        shoot(page, f"phone-sheet-table-{number}")


def dispute_and_settle(day: Day, names, author, checker, winner, discarder, han, fu):
    """Table 2, hand 3: the checker disputes it and calls the referee; the table's floor
    referee settles the dispute from the table's page; the hand then counts once confirmed."""
    record(day, day.pages[author], author, winner, discarder, han, fu)
    page = day.pages[checker]
    page.reload()
    page.click("tr[data-actions-for='3'] details.sheet-action summary")
    page.fill("tr[data-actions-for='3'] [name=reason]", "The discard was not his")
    page.click("tr[data-actions-for='3'] form:has(input[value=dispute]) button")
    page.wait_for_selector("tr[data-actions-for='3'] [data-dispute]")
    page.click("[data-calls] form:has(input[value=call]) button")
    page.wait_for_selector("[data-call]")
    seams(day, page, czech=checker == CZECH)
    shoot(page, "phone-disputed")

    referee = day.pages["floor2"]
    referee.goto(day.table_cards[1])  # the table card's code, read by the referee's tablet
    seams(day, referee)
    assert referee.locator("[data-floor-item=call]").count() == 1
    assert "The discard was not his" in referee.inner_text("[data-floor]")
    referee.click("[data-floor-item=call] form:has(input[value=take]) button")
    referee.wait_for_load_state()
    referee.click("a:has-text('Score sheet')")
    referee.locator("[data-dispute] form:has(input[value=settle]) button").click()
    referee.wait_for_load_state()
    assert referee.locator("[data-dispute]").count() == 0
    text = seams(day, referee)
    fits(referee)
    shoot(referee, "floor-settled")
    assert "The discard was not his" in text  # in the history
    confirm(day, page, checker, 3)


def record_chombo(day: Day, referee: str, table: int, offender: str) -> str:
    """The floor referee at ``table`` records a chombo from the table card's page; returns
    the receipt's text."""
    page = day.pages[referee]
    page.goto(day.table_cards[table - 1])  # the table card's code again
    page.click(".foul-buttons a:has-text('Chombo')")
    seams(day, page)
    page.locator("#field-offender label", has_text=offender).click()
    kinds = page.locator("#field-d_kind input[type=radio]")
    if kinds.count():
        kinds.first.check()
    elif page.locator("#id_d_kind").count():
        page.select_option("#id_d_kind", index=1)
    fits(page)
    page.click("button[data-save]")
    page.wait_for_selector("[data-consequences]")
    text = seams(day, page)
    shoot(page, f"floor-chombo-table-{table}")
    return text


def fouls_and_a_void(day: Day):
    one, two = day.tables[1], day.tables[2]
    day.chombo = one[0]  # East at table 1: stays
    day.voided = two[3]  # North at table 2: voided by the director
    record_chombo(day, "floor1", 1, day.chombo)
    record_chombo(day, "floor2", 2, day.voided)
    page = manage(day)
    page.click("nav.tabs a:has-text('Rounds')")
    page.locator("tr", has_text="Round 1").locator("a:has-text('Round board')").click()
    seams(day, page)
    page.click("[data-testid=foul-list-link]")
    seams(day, page)
    row = page.locator("table.foul-list tr", has_text=day.voided)
    row.locator("[name=reason]").fill("Appeal upheld: the hand was complete")
    row.locator("button:has-text('Void')").click()
    page.wait_for_load_state()
    text = seams(day, page)
    fits(page)
    shoot(page, "director-foul-list")
    assert "Voided by dir" in page.locator("table.foul-list tr", has_text=day.voided).inner_text()
    assert "Voided" not in page.locator("table.foul-list tr", has_text=day.chombo).inner_text()
    assert text.count("Chombo") >= 2


def manage(day: Day):
    """The director back on the event's pages from anywhere: the home page, then Manage."""
    page = day.pages["director"]
    page.click("header a.brand")
    page.locator("li", has_text=EVENT_NAME).locator("a:has-text('Manage')").click()
    page.wait_for_selector("nav.tabs")
    return page


def close_round(day: Day, number: int):
    page = manage(day)
    page.click("nav.tabs a:has-text('Rounds')")
    page.locator("tr", has_text=f"Round {number}").locator("a:has-text('Round board')").click()
    seams(day, page)
    confirm_sheets = page.locator("[data-confirm-sheets]")
    if confirm_sheets.count():
        confirm_sheets.click()
        page.wait_for_load_state()
        seams(day, page)
    expect(page.locator("[data-missing-line]")).to_have_text("Every table has a counting result.")
    page.click("button:has-text('Close the round')")
    page.wait_for_selector("[data-confirm]")
    seams(day, page)
    shoot(page, f"director-close-round-{number}")
    page.click("[data-confirm-yes]")
    page.wait_for_load_state()
    expect(page.locator("[data-round-status]")).to_have_text("Closed")
    seams(day, page)


def cut_and_final(day: Day):
    page = manage(day)
    page.click("nav.tabs a:has-text('Stages')")
    page.click("a:has-text('See the cut line')")
    seams(day, page)
    tied = page.locator("tr.cut-tied")
    open_seats = 4 - page.locator("tr.cut-in").count()
    for n in range(min(open_seats, tied.count())):
        tied.nth(n).locator("input[name=chosen]").check()
    fits(page)
    shoot(page, "director-cut")
    page.click("button[type=submit]:has-text('Confirm the cut')")
    expect(page.locator(".messages")).to_contain_text("Cut confirmed; round 2 is seated.")
    seams(day, page)
    round_status(day, 2, "live")
    (finalists,) = seating(2).values()
    day.finalists = finalists

    # the final's result, entered by the director on its table's page from the round board
    page.click("nav.tabs a:has-text('Rounds')")
    page.locator("tr", has_text="Round 2").locator("a:has-text('Round board')").click()
    page.click("li.tile[data-table='1'] a")
    seams(day, page)
    for box, score in zip(page.locator(".score-grid input").all(), FINAL_SCORES, strict=True):
        box.fill(str(score))
    page.click("button[data-save]")
    page.wait_for_load_state()
    seams(day, page)
    confirming = page.locator(".confirm-form button[type=submit]")
    if confirming.count():
        confirming.click()
        page.wait_for_load_state()
    shoot(page, "director-final-result")
    close_round(day, 2)


def publish(day: Day):
    page = manage(day)
    page.click("nav.tabs a:has-text('Ranking')")
    page.check("[name=is_ranking]")
    page.click("button[name=mark]")
    page.wait_for_load_state()
    seams(day, page)
    page.click("button[name=publish]")
    page.wait_for_selector("[data-confirm]")
    seams(day, page)
    shoot(page, "director-publish-question")
    page.click("[data-confirm-yes]")
    expect(page.locator(".messages")).to_contain_text("The final ranking is published")
    seams(day, page)


def one_address_per_person(day: Day):
    """Each player's notification page holds the address and the language given at sign-up;
    the director counts all eight as reachable by e-mail."""
    for name, _country, _club, email, language in SIGN_UPS:
        page = day.pages[name]
        page.click("[data-testid=notify-link]")
        assert page.locator("#n-email").input_value() == email.lower(), name
        assert page.locator("#n-language").input_value() == language, name
        seams(day, page, czech=name == CZECH)
        fits(page)
        if name == CZECH:
            shoot(page, "phone-notify-cs")
        page.go_back()
    page = manage(day)
    page.click("nav.tabs a:has-text('Notifications')")
    reach = page.locator("[data-testid=notify-reach] dd").all_inner_texts()
    assert reach[1] == "8", reach  # players with e-mail
    seams(day, page)


def places_everywhere(day: Day):
    """The same place for every player on the final ranking, the standings page, each player's
    page, the projector, the API and the CSV export."""
    page = manage(day)
    page.click("nav.tabs a:has-text('Public page')")
    page.click("nav.tabs a:has-text('Final ranking')")
    text = seams(day, page)
    final = {}
    for row in page.locator("table.final-ranking tbody tr").all():
        name = row.locator("a").inner_text()
        final[name] = int(row.locator("td").first.inner_text())
    assert sorted(final) == sorted(name for name, *_ in SIGN_UPS), text
    assert sorted(final.values()) == list(range(1, 9))
    winner = min(final, key=final.get)
    assert winner == day.finalists[0]  # East won the final

    page.click("nav.tabs a:has-text('Standings')")
    seams(day, page)
    shown = {
        row.locator("a").first.inner_text(): int(row.locator("[data-place]").inner_text())
        for row in page.locator("section.ranking-group tbody tr").all()
    }
    assert shown == final
    shoot(page, "public-standings")

    for name in final:
        page.click("nav.tabs a:has-text('Standings')")
        page.locator("section.ranking-group tbody tr a", has_text=name).first.click()
        assert page.locator("dd[data-place]").inner_text() == f"{final[name]} / 8", name
        seams(day, page)
    czech = day.pages[CZECH]
    czech.click("header a.brand")
    czech.click(f"main a:has-text('{EVENT_NAME}')")
    czech.locator("section.ranking-group tbody tr a", has_text=CZECH).first.click()
    assert czech.locator("dd[data-place]").inner_text() == f"{final[CZECH]} / 8"
    seams(day, czech, czech=True)
    fits(czech)
    shoot(czech, "phone-player-page-cs")

    projector = day.context(PROJECTOR).new_page()
    day.pages["projector"] = projector
    projector.goto(day.url + "/")
    projector.click(f"main a:has-text('{EVENT_NAME}')")
    projector.click("nav.tabs a:has-text('Projector')")
    wait_until(projector, "document.querySelector('[data-standings] table') !== null")
    rows = projector.locator("[data-standings] tbody tr:not(.group)")
    on_screen = {
        rows.nth(i).locator("td").nth(1).inner_text(): int(
            rows.nth(i).locator("td").first.inner_text()
        )
        for i in range(rows.count())
    }
    assert on_screen == final
    seams(day, projector)
    shoot(projector, "projector")

    answer = page.request.get(f"{day.url}/api/events/{day.slug}/standings/")
    assert answer.ok
    api = {row["player"]["name"]: row["place"] for row in answer.json()["rows"]}
    assert api == final

    director = manage(day)
    director.click("nav.tabs a:has-text('Exports')")
    seams(day, director)
    with director.expect_download() as download:
        director.click("a[download]:has-text('standings.csv')")
    lines = list(csv.reader(io.StringIO(Path(download.value.path()).read_text("utf-8-sig"))))
    column = lines[0].index("Ranking place")
    assert {line[1]: int(line[column]) for line in lines[1:]} == final


def the_ranking(day: Day):
    page = day.pages[CZECH]
    page.click("header a.brand")
    page.click("[data-testid=rankings-link]")
    seams(day, page, czech=True)
    fits(page)
    shoot(page, "phone-ranking-cs")


def test_event_day(browser, live_server, director, settings, tmp_path):
    settings.SEATING_TIME_BUDGET = 0.3
    settings.SITE_URL = live_server.url
    day = Day(url=live_server.url, browser=browser, english=english_msgids())
    steps = [
        lambda: create_the_event(day, director),
        *(lambda line=line: sign_up(day, *line) for line in SIGN_UPS),
        lambda: approve_all(day),
        lambda: print_player_cards(day),
        lambda: check_in(day, director, tmp_path),
        lambda: print_table_cards(day),
        lambda: invite_referees(day),
        lambda: play_round_one(day),
        lambda: fouls_and_a_void(day),
        lambda: close_round(day, 1),
        lambda: cut_and_final(day),
        lambda: publish(day),
        lambda: one_address_per_person(day),
        lambda: places_everywhere(day),
        lambda: the_ranking(day),
    ]
    try:
        for step in steps:
            began = time.monotonic()
            step()
            print(f"{time.monotonic() - began:6.1f} s  {step.__code__.co_names[-1]}")  # -s shows
    except Exception:
        for name, page in day.pages.items():
            stem = "event-day-failed-" + re.sub(r"[^a-z]+", "-", name.lower())
            try:
                page.screenshot(path=str(SCREENSHOTS / f"{stem}.png"), full_page=True)
                (SCREENSHOTS / f"{stem}.html").write_text(page.content())
            except Exception:  # noqa: BLE001 - the page may be gone
                pass
        raise
    finally:
        for context in day.contexts:
            context.close()
        for other in day.closing:
            other.close()
