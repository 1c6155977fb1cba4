"""What the player's own page reads from the sheets: where the table's game stands in words
("East 4, 1 counter, 2 riichi sticks") and what waits for the player (``waiting_for``).

``waiting_for`` is the one place the page asks "what must I do?": today the hands entered by
another player of the table that await my confirmation; disputes and proposed corrections add
their items here (each an ``Waiting`` with its kind), and the page lists them all."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.hands.model import SheetState
from scoring.sheets.entry.reading import SheetView
from scoring.sheets.models import ScoreSheet
from tournament.players.models import Player

CONFIRM = "confirm"
DISPUTED = "disputed"


def wind_name(index: int) -> str:
    return (_("East"), _("South"), _("West"), _("North"))[index % 4]


def state_words(state: SheetState, family: str) -> str:
    """The hand being played, the counters and the riichi sticks in words: "East 4, 1 counter,
    2 riichi sticks" (the prevailing wind and the dealer's turn in it). MCR: "East 2" only."""
    where = _("%(wind)s %(dealer)d") % {"wind": wind_name(state.wind), "dealer": state.dealer + 1}
    if family != "riichi":
        return where
    sticks = state.deposits // 1000
    counters = ngettext("%(count)d counter", "%(count)d counters", state.counters) % {
        "count": state.counters
    }
    riichi = ngettext("%(count)d riichi stick", "%(count)d riichi sticks", sticks) % {
        "count": sticks
    }
    return f"{where}, {counters}, {riichi}"


@dataclass(frozen=True)
class Waiting:
    """Something the player is asked to do at his table: ``kind`` (``confirm`` a hand, and
    the kinds that disputes and corrections add), the hand's ``number`` and ``version``, and
    a line of ``text`` for the page."""

    kind: str
    number: int
    version: int
    text: str


def waiting_for(player: Player, view: SheetView | None) -> list[Waiting]:
    """What waits for ``player`` at the table of ``view`` (his live table's sheet), in the
    sheet's order: hands (or strikes) another entered, to confirm; hands under dispute, which
    count again once a referee settles them. No query: everything comes from the sheet read."""
    if view is None or view.is_closed:
        return []
    items = []
    for hand in view.pending:
        if hand.entered_by_player_id != player.pk:
            text = (
                _("Striking hand %(number)d awaits your confirmation.")
                if getattr(hand, "striking", False)
                else _("Hand %(number)d awaits your confirmation.")
            )
            items.append(
                Waiting(CONFIRM, hand.number, hand.version, text % {"number": hand.number})
            )
    for hand in view.disputed:
        items.append(
            Waiting(
                DISPUTED,
                hand.number,
                hand.version,
                _("Hand %(number)d is disputed: it counts again once a referee settles it.")
                % {"number": hand.number},
            )
        )
    return items


def marker_of(sheet: ScoreSheet | None) -> str:
    """Moves with every write a player's page shows of a table's sheet (hands, confirmations,
    disputes and their resolutions, referee calls and the calls taken: ``ScoreSheet.writes``)
    and when the sheet closes. The play page's ETags carry it."""
    return "0" if sheet is None else f"{sheet.writes}.{sheet.status}"


def table_marker(table_id: int) -> str:
    """``marker_of`` of the table's sheet (one query)."""
    return marker_of(ScoreSheet.objects.filter(table_id=table_id).only("writes", "status").first())
