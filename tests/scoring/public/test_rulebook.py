"""The event's rulebook page (issue 37, item 2): every foul of the ruleset with what the ledger
records for it under the event's options, the options in words, tie-breaks, hand scoring and
format; linked from the public pages, printable, in the language asked for."""

from __future__ import annotations

import html
import re
import uuid
from pathlib import Path

import pytest
from django.test import Client

from penalties import services as penalties
from penalties.models import LedgerEntry
from rules import RULESETS, Seats, get_ruleset
from rules.rulebook import cases_for, example_amount
from tournament.events.models import Event
from tournament.formats.services import stages as stage_services

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]

# Options away from the defaults, so that the page can only agree with the ledger by reading
# the event's own amounts.
OVERRIDES = {
    "mcr": {"false_win_amount": 15, "premature_count_amount": 7},
    "riichi_ema": {"chombo_points": 25000, "point_penalty_scope": "table"},
    "riichi_wrc": {"chombo_points": 30000},
    "wsom": {"withdrawn_win_tiles": 4, "cancelled_claim_tiles": 1},
    "classical": {"false_win_amount": 600, "chow_claim_amount": 80},
    "french": {"limit": 2000, "wrong_claim_amount": 150},
}


def sections(page: str) -> dict[str, list[str]]:
    """Per foul code, the text of each case row of its section."""
    found = {}
    for code, body in re.findall(
        r'<section class="foul" id="foul-(\w+)"[^>]*>(.*?)</section>', page, re.S
    ):
        rows = body.split("<tbody>", 1)[1].split("</tbody>", 1)[0].split("</tr>")[:-1]
        found[code] = [html.unescape(re.sub(r"<[^>]+>", " ", row)) for row in rows]
    return found


def amounts(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


@pytest.mark.parametrize("key", list(RULESETS))
def test_every_foul_shows_what_the_ledger_records(make_hall, key):
    hall = make_hall(key, OVERRIDES[key])
    ruleset = get_ruleset(key)
    seats = Seats(hall.east.pk, hall.south.pk, hall.west.pk, hall.north.pk)
    page = Client().get(f"/e/{hall.event.slug}/rules/")
    assert page.status_code == 200
    shown = sections(page.content.decode())
    assert set(shown) == set(ruleset.codes)

    options = ruleset.options(hall.event.ruleset_options)
    by_code: dict[str, int] = {}
    for case in cases_for(ruleset, options, seats):
        row = by_code[case.code] = by_code.get(case.code, -1) + 1
        # The ledger's own path: the recording service, as a referee files the report.
        report, created = penalties.record_foul(
            hall.event,
            hall.head,
            penalties.FoulInput(
                round=1,
                table=1,
                offender=seats.player_at(case.offender),
                code=case.code,
                details=case.details(seats, example_amount(ruleset)),
                idempotency_key=uuid.uuid4().hex,
            ),
        )
        assert created
        entries = LedgerEntry.objects.filter(report=report)
        # What the ledger records: points moved or deducted, and penalty tiles.
        recorded = {abs(e.points) for e in entries if e.points} | {
            e.detail["count"] for e in entries if e.kind == "penalty_tiles"
        }
        text = shown[case.code][row]
        assert case.situation in text
        consequences = text.replace(case.situation, "")
        # Every amount the ledger recorded is on the line, and no other amount is.
        assert set(amounts(consequences)) == recorded, (case.code, text, recorded)
    assert set(by_code) == set(ruleset.codes)


def test_the_event_amounts_differ_from_the_defaults(make_hall):
    """The page follows the event's options: the same ruleset with other amounts shows them."""
    default = Client().get(f"/e/{make_hall('classical').event.slug}/rules/").content.decode()
    changed = make_hall("classical", {"false_win_amount": 600})
    page = Client().get(f"/e/{changed.event.slug}/rules/").content.decode()
    assert "South pays 300 to each opponent" in sections(default)["false_win"][1]
    assert "South pays 600 to each opponent" in sections(page)["false_win"][1]
    # Derived amounts follow the base: two offenders pay half of it.
    assert "300 to East and North" in sections(page)["false_win"][3]
    assert "(set for this event)" in page


def test_options_tie_breaks_hand_scoring_and_format_in_words(make_hall, director):
    hall = make_hall("riichi_wrc", {"uma": [20000, 10000, -10000, -20000]})
    stage_services.add_stage(hall.event, name="Qualification", first_round=1, last_round=3)
    stage_services.add_stage(
        hall.event, name="Final", first_round=4, last_round=4, cut_size=4, carry="half"
    )
    page = Client().get(f"/e/{hall.event.slug}/rules/").content.decode()
    assert "Riichi, World Riichi Championship rules" in page
    assert "The World Riichi Championship rules (2015 figures)." in page
    assert "20000, 10000, -10000, -20000" in page
    assert "Every winner is paid" in page  # multiple ron, in words
    assert "Players still equal share the place." in page
    assert "rounded up to the next 100" in page
    assert "The best 4 players of the previous stage play it." in page
    assert "Half of every total" in page
    assert "Rounds 1–3" in page


def test_in_the_language_asked_for_and_printable(make_hall):
    hall = make_hall("mcr")
    page = Client().get(f"/e/{hall.event.slug}/rules/?lang=cs").content.decode()
    assert '<html lang="cs">' in page
    assert "Pravidla" in page or "Řád" in page
    assert "South pays" not in page
    assert 'href="?lang=fr" hreflang="fr"' in page
    css = (ROOT / "static" / "css" / "rulebook.css").read_text()
    assert "size: A4" in css
    assert re.search(r"@media print \{[^}]*\.site-header, nav\.tabs", css)


def test_linked_from_the_public_pages_and_hidden_with_the_event(make_hall):
    hall = make_hall("mcr")
    slug = hall.event.slug
    for url in (
        f"/e/{slug}/",
        f"/e/{slug}/seating/",
        f"/e/{slug}/penalties/",
        f"/e/{slug}/rounds/1/",
        f"/e/{slug}/players/{hall.south.pk}/",
    ):
        assert f'href="/e/{slug}/rules/"' in Client().get(url).content.decode(), url
    hall.event.is_public = False
    hall.event.save(update_fields=["is_public"])
    assert Client().get(f"/e/{slug}/rules/").status_code == 404


@pytest.mark.parametrize("language", ["cs", "fr", "fi", "pl"])
def test_every_ruleset_reads_in_every_language(make_hall, language):
    for key in RULESETS:
        hall = make_hall(key)
        page = Client().get(f"/e/{hall.event.slug}/rules/?lang={language}")
        assert page.status_code == 200
        text = page.content.decode()
        assert f'<html lang="{language}">' in text
        assert set(sections(text)) == set(get_ruleset(key).codes)
        assert "South pays" not in text and "is warned" not in text


def test_the_page_costs_a_few_queries(make_hall, django_assert_max_num_queries):
    hall = make_hall("classical")
    stage_services.add_stage(hall.event, name="Qualification", first_round=1, last_round=3)
    stage_services.add_stage(hall.event, name="Final", first_round=4, last_round=4, cut_size=4)
    # The event, its stages, its teams, its rounds (count), the navigation's rounds.
    with django_assert_max_num_queries(5):
        assert Client().get(f"/e/{hall.event.slug}/rules/").status_code == 200


def test_options_the_rules_no_longer_read_are_said_not_priced(make_hall):
    hall = make_hall("mcr")
    # Stored past the service, as an older version of the rules could have left them.
    type(hall.event).objects.filter(pk=hall.event.pk).update(ruleset_options={"gone": 1})
    page = Client().get(f"/e/{hall.event.slug}/rules/")
    assert page.status_code == 200
    text = html.unescape(page.content.decode())
    assert "cannot be read (unknown option gone" in text
    assert sections(text) == {}


def test_the_tiles_page_is_linked_only_where_hands_are_entered_by_tiles(client, make_hall):
    hall = make_hall("riichi_ema")
    page = f"/e/{hall.event.slug}/rules/"
    assert 'data-testid="tiles-link"' not in client.get(page).text
    Event.objects.filter(pk=hall.event.pk).update(
        keeps_score_sheets=True, ruleset_options={"tiles_on_sheet": True}
    )
    shown = client.get(page).text
    assert f'href="/e/{hall.event.slug}/tiles/" data-testid="tiles-link"' in shown
    assert client.get(f"/e/{hall.event.slug}/tiles/").status_code == 200


def shown_text(page: str) -> str:
    """What a reader sees of the page's main part (no tags, no attributes)."""
    main = page.split("<main", 1)[1].split("</main>", 1)[0]
    return html.unescape(re.sub(r"<[^>]+>", " ", main))


@pytest.mark.parametrize("key", list(RULESETS))
def test_the_page_shows_names_not_codes(make_hall, key):
    """Issue 43, item 16: the page showed ``false_win``, ``exposed_tiles``, ``mcr-2006.1``."""
    hall = make_hall(key)
    ruleset = get_ruleset(key)
    text = shown_text(Client().get(f"/e/{hall.event.slug}/rules/").content.decode())
    assert ruleset.version not in text
    # Every code with an underscore (a word like "chombo" is also the foul's name).
    assert re.findall(r"\b[a-z]+(?:_[a-z0-9]+)+\b", text) == []
