"""Places after each round (the player page's chart), stored in the snapshot by the reconcile,
agree with ranking the rounds played so far with the rulebook."""

from __future__ import annotations

import pytest

from rules import PlayerEntry, get_ruleset
from scoring.standings.reading.compute import compute
from scoring.standings.reading.inputs import read_inputs
from tests.support.build import build_event
from tournament.events.models import Event
from tournament.players.models import Player

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("ruleset", ["mcr", "riichi_ema", "wsom"])
def test_places_after_each_round_follow_the_rulebook(director, ruleset):
    event = Event.objects.get(pk=build_event(40, 4, 0, slug=f"history-{ruleset}", seed=3))
    event.ruleset = ruleset
    event.save()
    _revision, _method, rows = compute(event.pk)
    history = {row["player"]: [tuple(h) for h in row["history"]] for row in rows}
    tables = read_inputs(event.pk).tables
    entries = [
        PlayerEntry(pk) for pk in Player.objects.filter(event=event).values_list("pk", flat=True)
    ]
    tied_on_points = 0
    for number in (1, 2, 3):
        so_far = [t for t in tables if t.round <= number]
        ranked = get_ruleset(ruleset).standings(so_far, entries, event.ruleset_options)
        expected = {row.player: row.place for row in ranked}
        assert {p: dict(h)[number] for p, h in history.items()} == expected
        points = [row.table_points for row in ranked]
        tied_on_points += len(points) - len(set(points))
    assert tied_on_points, "ties on table points are what tell the keys apart"
    assert {p: h[-1] for p, h in history.items()} == {r["player"]: (4, r["place"]) for r in rows}
