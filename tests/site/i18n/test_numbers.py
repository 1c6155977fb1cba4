"""Numbers on pages follow the language: "52,7" beside "−28,0" in Czech, not "52.7"; the
exports keep one machine-readable form (issue 31, item 18)."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.test import Client
from django.utils import translation

from scoring.results import services as result_services
from scoring.standings.models import StandingsSnapshot
from scoring.standings.services import reconcile
from tests.support.pages import standings_rows
from tournament.numbers import MINUS, shown

pytestmark = pytest.mark.django_db

# A number as a page writes it: a sign, digits, maybe a decimal part.
NUMBER = re.compile(r"^[+\u2212-]?\d[\d\u00a0]*(?:[.,]\d+)?$")


@pytest.fixture
def riichi(make_hall):
    h = make_hall("riichi_ema")
    for number, scores in ((1, (45300, 35000, 24700, 15000)), (2, (30000, 30000, 30000, 30000))):
        table = h.event.rounds.get(number=1).tables.get(number=number)
        result_services.enter_result(table, h.director, dict(zip("ESWN", scores, strict=True)))
    assert h.foul(h.floor, "chombo", h.south, {"kind": "noten_riichi"}).status_code == 201
    reconcile.reconcile_event(h.event.pk)
    return h


def numbers_in(rows: list[list[str]]) -> list[str]:
    return [cell for row in rows for cell in row[2:] if NUMBER.match(cell)]


def test_czech_standings_write_every_decimal_with_a_comma_and_a_true_minus(riichi):
    html = Client(HTTP_ACCEPT_LANGUAGE="cs").get(f"/e/{riichi.event.slug}/").content.decode()
    cells = numbers_in(standings_rows(html))
    decimals = [c for c in cells if "," in c or "." in c]
    assert decimals and all("," in c and "." not in c for c in decimals), cells
    assert any(c.startswith(MINUS) for c in cells) and not any(c.startswith("-") for c in cells)
    # ... as the note under the table writes its example.
    assert "−28,0 je −28 000" in html


def test_english_standings_keep_the_point_and_the_same_minus(riichi):
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/e/{riichi.event.slug}/").content.decode()
    cells = numbers_in(standings_rows(html))
    assert any("." in c for c in cells) and not any("," in c for c in cells)
    assert not any(c.startswith("-") for c in cells)


def test_the_player_page_the_round_page_and_the_projector_agree_in_czech(riichi):
    client = Client(HTTP_ACCEPT_LANGUAGE="cs")
    south = riichi.south
    row = next(
        r for r in StandingsSnapshot.objects.get(event=riichi.event).rows if r["player"] == south.pk
    )
    czech = row["total_display"].replace(".", ",").replace("-", MINUS)
    player = client.get(f"/e/{riichi.event.slug}/players/{south.pk}/").content.decode()
    assert f"<dd>{czech}</dd>" in player
    assert re.search(r'<td class="num"[^>]*>−?\d+,\d</td>', player)  # the tables played, with uma
    round_page = client.get(f"/e/{riichi.event.slug}/rounds/1/").content.decode()
    assert not re.search(r'class="num">-?\d+\.\d', round_page)
    feed = client.get(f"/e/{riichi.event.slug}/projector.json").json()
    shown_total = next(r["total"] for r in feed["rows"] if r["name"] == south.name)
    assert shown_total == czech


def test_exports_stay_machine_readable_whatever_the_language(riichi, director):
    client = Client(HTTP_ACCEPT_LANGUAGE="cs")
    client.force_login(director)
    body = client.get(f"/director/{riichi.event.slug}/export/standings.csv").content.decode()
    assert MINUS not in body and re.search(r",-?\d+\.\d,", body)


@pytest.mark.parametrize(
    ("language", "value", "options", "text"),
    [
        ("cs", "52.7", {}, "52,7"),
        ("cs", "-28.0", {}, "−28,0"),
        ("en", "-28.0", {}, "−28.0"),
        ("fr", Decimal("-2.50"), {}, "−2,50"),
        ("pl", 5, {"sign": True}, "+5"),
        ("fi", 0, {"sign": True}, "0"),
        ("cs", -1000, {"group": True}, "−1\u00a0000"),
        ("cs", "–", {}, "–"),
        ("cs", None, {}, ""),
    ],
)
def test_shown(language, value, options, text):
    with translation.override(language):
        assert shown(value, **options) == text
