"""A disputed hand does not count until it is resolved (issue 43, item 7): not in the running
totals of the sheet page, the player's page, the table's public page, the round page and the
projector, the sheet API, the hands export, nor in a player's hand statistics; nor do the hands
after it, which were played in the state it left (docs/rules/hands.md#disputes). Once settled,
it counts everywhere again, and they with it."""

from __future__ import annotations

import csv
import io
import re
import uuid

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import translation

from scoring.sheets import services as sheets
from scoring.sheets.services import Author
from scoring.stats.reading import player_statistics
from tests.support.players import player_client
from tournament.events.models import Event
from tournament.rounds.models import Table

pytestmark = pytest.mark.django_db

E, S, W, N = 0, 1, 2, 3
# Hand 1: East 12 fan on South's discard; hand 2 (disputed): South 8 fan self-drawn; hand 3:
# West 8 fan on North's discard (docs/rules/hands.md, examples 9 and 10).
HANDS = [
    {"kind": "win", "winner": E, "discarder": S, "fan": 12},
    {"kind": "win", "winner": S, "discarder": None, "fan": 8},
    {"kind": "win", "winner": W, "discarder": N, "fan": 8},
]
WITHOUT_HAND_2 = [36, -20, -8, -8]  # hand 1 only: hand 3 waits behind the disputed hand 2
EVERY_HAND = [36 - 16 - 8, -20 + 48 - 8, -8 - 16 + 32, -8 - 16 - 16]


@pytest.fixture(autouse=True)
def english():
    cache.clear()
    with translation.override("en"):
        yield


@pytest.fixture
def disputed(make_hall, settings):
    """An MCR table whose hand 2 of 3 is disputed by East; returns (hall, table, dispute)."""
    settings.PUBLIC_PAGE_SECONDS = 0
    hall = make_hall("mcr")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    hall.event.refresh_from_db()
    table = Table.objects.select_related("round__event").get(
        round__event=hall.event, round__number=1, number=1
    )
    for number, data in enumerate(HANDS, start=1):
        sheets.add_hand(
            table, data, author=Author(user=hall.head), number=number,
            idempotency_key=uuid.uuid4().hex,
        )  # fmt: skip
    dispute = sheets.dispute_hand(
        table, 2, author=Author(player=hall.east), version=1, reason="It was not self-drawn"
    )
    return hall, table, dispute


def number(shown: str) -> int:
    """A number as pages show it (a minus sign for negatives)."""
    return int(shown.replace("\u2212", "-"))


def shown_totals(html: str, list_id: str = "totals") -> list[int]:
    """The four totals of a page's running totals list, in wind order."""
    part = html.split(f'data-testid="{list_id}"', 1)[1].split("</ol>", 1)[0]
    return [number(v) for v in re.findall(r'class="total"[^>]*>([^<]+)<', part)]


def test_the_sheet_and_the_services_leave_the_disputed_hand_out(disputed):
    hall, table, _dispute = disputed
    view = sheets.read_sheet(table)
    assert list(view.counted_totals) == WITHOUT_HAND_2
    assert sheets.live_tables(table.round)[0].totals == tuple(WITHOUT_HAND_2)
    assert player_statistics(hall.event, hall.west.pk).stats.wins == 0  # hand 3 waits
    assert player_statistics(hall.event, hall.south.pk).stats.wins == 0


def test_every_page_and_answer_leaves_the_disputed_hand_out(disputed):
    hall, table, dispute = disputed
    slug = hall.event.slug
    staff = Client()
    staff.force_login(hall.head)
    assert shown_totals(staff.get(f"/sheets/{slug}/r1/t1/").content.decode()) == WITHOUT_HAND_2
    player = player_client(hall, hall.north)
    assert shown_totals(player.get(f"/e/{slug}/play/").content.decode()) == WITHOUT_HAND_2
    live = player.get(f"/e/{slug}/play/", HTTP_X_REQUESTED_WITH="live").content.decode()
    assert shown_totals(live, "my-totals") == WITHOUT_HAND_2
    anyone = Client()
    assert shown_totals(anyone.get(f"/e/{slug}/r1/t1/").content.decode()) == WITHOUT_HAND_2
    feed = anyone.get(f"/e/{slug}/projector.json").json()
    assert [number(t) for t in feed["live_tables"][0]["totals"]] == WITHOUT_HAND_2
    api = staff.get(f"/api/events/{slug}/rounds/1/tables/1/sheet/").json()
    assert api["counted_totals"] == WITHOUT_HAND_2
    assert api["totals"] == EVERY_HAND  # documented: every hand as played
    assert staff.get(f"/api/events/{slug}/rounds/1/sheets/").json()[0]["totals"] == WITHOUT_HAND_2
    director = Client()
    director.force_login(hall.director)
    rows = list(
        csv.DictReader(
            io.StringIO(director.get(f"/director/{slug}/export/hands.csv").content.decode())
        )
    )
    assert [r["counts"] for r in rows] == ["yes", "no", "no"]
    last = rows[-1]
    assert [int(last[f"total {w}"]) for w in "ESWN"] == WITHOUT_HAND_2

    # Settled: the hand counts everywhere again.
    sheets.settle_dispute(table, dispute.pk, author=Author(user=hall.floor), note="kept")
    assert shown_totals(staff.get(f"/sheets/{slug}/r1/t1/").content.decode()) == EVERY_HAND
    feed = anyone.get(f"/e/{slug}/projector.json").json()
    assert [number(t) for t in feed["live_tables"][0]["totals"]] == EVERY_HAND
    assert player_statistics(hall.event, hall.south.pk).stats.wins == 1
