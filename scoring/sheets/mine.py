"""What the player's own page reads from the sheets: where the table's game stands in words
("East 4, 1 counter, 2 riichi sticks") and what waits for the player (``waiting_for``).

``waiting_for`` is the one place the page asks "what must I do?": today the hands entered by
another player of the table that await my confirmation; disputes and proposed corrections add
their items here (each an ``Waiting`` with its kind), and the page lists them all."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.hands.model import SheetState
from scoring.sheets.models import SheetHand
from scoring.sheets.reading import SheetView
from tournament.players.models import Player

CONFIRM = "confirm"


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
    sheet's order. No query: everything comes from the sheet already read."""
    if view is None or view.is_closed:
        return []
    items = []
    for hand in view.pending:
        if hand.entered_by_player_id != player.pk:
            items.append(
                Waiting(
                    CONFIRM,
                    hand.number,
                    hand.version,
                    _("Hand %(number)d awaits your confirmation.") % {"number": hand.number},
                )
            )
    return items


def table_marker(table_id: int) -> str:
    """Moves whenever a hand or a confirmation of the table's sheet is written (both
    append-only), or the sheet closes: one query. The player's page's ETag carries it: a write
    that changes what ``waiting_for`` lists (disputes, corrections) moves it too."""
    found = SheetHand.objects.filter(sheet__table_id=table_id).aggregate(
        hands=Count("pk", distinct=True),
        confirmed=Count("confirmations", distinct=True),
        closed=Max("sheet__status"),
    )
    return f"h{found['hands']}.{found['confirmed']}.{found['closed'] or ''}"
