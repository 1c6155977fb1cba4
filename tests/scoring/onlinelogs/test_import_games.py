"""Every real game of tests/data/onlinelogs imported into a table's sheet through the
services: after every hand the sheet's four scores are the log's, the sheet closes into the
table result with the log's final scores, and importing the log again adds nothing."""

from __future__ import annotations

import pytest

from scoring.onlinelogs import services
from scoring.onlinelogs.models import LogImport
from scoring.results.models import TableResult
from scoring.sheets import services as sheets
from tests.scoring.onlinelogs.conftest import given, name_table, table
from tests.support.onlinelogs import DATA, GAMES, log_figures


@pytest.mark.parametrize(("name", "platform", "length"), GAMES)
def test_a_real_game_imports_hand_by_hand(online_event, name, platform, length):
    hall = online_event(platform, length)
    name_table(hall.event, name)
    target = table(hall.event)
    author = sheets.Author(user=hall.director)
    done = services.import_table_log(target, given(name), author=author)
    assert done.created and done.added == done.record.hands
    view = sheets.read_sheet(target)
    before, final = log_figures(DATA / name)
    assert len(view.hands) == len(before) == done.added
    for line, scores in zip(view.played.lines, before[1:], strict=False):
        assert tuple(line.totals) == scores, f"hand {line.number}"
    assert view.is_closed
    result = TableResult.objects.get(table=target, counts=True)
    by_wind = {s.wind: s.score for s in result.scores.all()}
    assert tuple(by_wind[w] for w in "ESWN") == final

    again = services.import_table_log(target, given(name), author=author)
    assert not again.created and again.added == 0
    assert LogImport.objects.count() == 1
