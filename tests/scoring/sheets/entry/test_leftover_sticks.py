"""A riichi sheet whose leftover sticks leave the game (``leftover_deposits = lost``) closes
into a result that falls short of the starting total by those sticks (docs/rules/hands.md)."""

from __future__ import annotations

from scoring.results.models import TableResult
from scoring.sheets import services as sheets
from scoring.sheets.services import Author
from tests.support.sheets import S, add, riichi_hanchan, table_of  # noqa: F401
from tournament.events.models import Event


def test_a_sheet_with_a_stick_left_over_closes_short_of_the_start(riichi_hall):  # noqa: F811
    hall = riichi_hall
    options = {**(hall.event.ruleset_options or {}), "leftover_deposits": "lost"}
    Event.objects.filter(pk=hall.event.pk).update(ruleset_options=options)
    table = table_of(hall.event)
    hands = riichi_hanchan()
    hands[-1] = {"kind": "draw", "tenpai": [S], "riichi": [S]}
    for number, data in enumerate(hands, start=1):
        add(table, data, Author(user=hall.head), number)
    view = sheets.read_sheet(table)
    assert view.is_closed
    result = TableResult.objects.get(table=table)
    assert result.counts and result.sheet_id == view.sheet.pk
    assert sum(s.score for s in result.scores.all()) == 4 * 30000 - 1000
