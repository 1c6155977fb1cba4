"""Live tables on the public round page and the projector, hand statistics on player pages."""

from __future__ import annotations

import uuid

from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.sheets import services as sheets
from scoring.sheets.services import Author
from tournament.events.models import Event
from tournament.rounds.models import Table


def enable(event):
    Event.objects.filter(pk=event.pk).update(keeps_score_sheets=True)
    event.refresh_from_db()


def ron(winner, discarder, han=1, fu=30, **extra):
    return {"kind": "win", "winner": winner, "discarder": discarder, "han": han, "fu": fu, **extra}


def add(table, hall, number, data):
    sheets.add_hand(
        table, data, author=Author(user=hall.head), number=number, idempotency_key=uuid.uuid4().hex
    )


def test_round_page_and_projector_show_running_scores_during_a_live_round(make_hall, client):
    hall = make_hall("riichi_ema", players=16)
    enable(hall.event)
    tables = list(Table.objects.select_related("round__event").filter(round__event=hall.event))
    add(tables[0], hall, 1, ron(1, 2, 3, 30))
    page = client.get(f"/e/{hall.event.slug}/rounds/1/").content.decode()
    assert 'id="live-tables"' in page and "33900" in page and "26100" in page
    feed = client.get(f"/e/{hall.event.slug}/projector.json").json()
    assert feed["live_tables"] == [
        {
            "table": 1,
            "names": [s.player.name for s in sheets.read_sheet(tables[0]).seats],
            "totals": ["30000", "33900", "26100", "30000"],  # as the page shows them
            "hands": 1,
        }
    ]
    for table in tables[1:]:
        add(table, hall, 1, ron(0, 3))
    with CaptureQueriesContext(connection) as queries:
        rows = sheets.live_tables(tables[0].round)
    # The sheets with their tables, their hands, the seats: whatever the number of tables.
    assert len(rows) == 4 and len(queries) == 3


def test_no_live_tables_without_sheets(make_hall, client):
    hall = make_hall("riichi_ema")
    assert 'id="live-tables"' not in client.get(f"/e/{hall.event.slug}/rounds/1/").content.decode()
    assert client.get(f"/e/{hall.event.slug}/projector.json").json()["live_tables"] == []


def test_player_page_shows_hand_statistics_and_moves_with_new_hands(make_hall, client, settings):
    # Past the second in which the public page cache takes the last revisions as current.
    settings.PUBLIC_PAGE_SECONDS = 0
    hall = make_hall("riichi_ema")
    enable(hall.event)
    table = Table.objects.select_related("round__event").get(round__event=hall.event, number=1)
    add(table, hall, 1, ron(1, 2, 3, 30, riichi=[1]))
    url = f"/e/{hall.event.slug}/players/{hall.south.pk}/"
    first = client.get(url)
    page = first.content.decode()
    assert 'data-stat="wins">1<' in page and 'data-stat="riichi">1<' in page
    assert 'data-stat="average">3\xa0900<' in page
    add(table, hall, 2, ron(2, 1, 1, 30))
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert 'data-stat="deal-ins">1<' in again.content.decode()
