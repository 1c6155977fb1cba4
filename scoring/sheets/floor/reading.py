"""The game's state the score sheets give to the referee's "check a hand"
(``penalties.handcheck.reading``, registered by ``scoring.apps``)."""

from __future__ import annotations

from penalties.handcheck.reading import TableState
from scoring.sheets.entry.reading import read_sheet
from tournament.rounds.models import Table


def hand_check_state(table: Table) -> TableState | None:
    """The dealer, prevailing wind, counters and sticks of the table's sheet before the hand a
    referee is likely to check: the first disputed one, else the next one. None at an event
    without score sheets (three queries otherwise)."""
    if not table.round.event.keeps_score_sheets:
        return None
    view = read_sheet(table)
    state = view.played.state
    disputed = next(
        (line for hand, line in zip(view.hands, view.played.lines, strict=True) if hand.disputed),
        None,
    )
    if disputed is not None:
        state = disputed.before
    return TableState(
        dealer=state.dealer,
        prevailing=state.wind % 4,
        counters=state.counters,
        sticks=state.deposits // 1000,
    )
