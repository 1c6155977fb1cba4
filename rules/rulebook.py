"""The situations an event's rulebook prices: per foul code, the cases a reader meets.

The rulebook page (``scoring.rulebook``) shows every foul of the event's ruleset with what it
costs under the event's options. A foul's cost depends on what the referee saw (its details),
so each code comes with a few **cases**: a situation in words (a translatable sentence naming
seats by wind) and the report the referee would file for it. The page prices each case through
the ledger's own path (``Ruleset.consequences`` with the event's options, then
``ledger_lines``), so it says exactly what the ledger would record.

``cases_for(ruleset)`` keeps, per code, the cases whose details differ in something the
ruleset's rule reads (two cases that differ only in details it ignores would cost the same and
say nothing new); a case whose offender is East (the dealer) is kept only where the seat
changes the price.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.i18n import gettext_noop as _
from rules.ledger import LedgerLine, ledger_lines
from rules.report import Report
from rules.rulesets.base import Ruleset
from rules.seats import Seats
from rules.standings import RIICHI, TABLE_POINTS

Details = Callable[[Seats, int], dict[str, Any]]


@dataclass(frozen=True)
class Case:
    """One situation of foul ``code``: ``offender`` is a wind; ``details`` builds the report's
    details from the table's seats and the ruleset's example point amount."""

    code: str
    situation: str
    offender: str = "S"
    details: Details = lambda seats, unit: {}  # noqa: E731

    def report(self, seats: Seats, ruleset: Ruleset) -> Report:
        return Report(
            self.code,
            seats.player_at(self.offender),
            seats,
            self.details(seats, example_amount(ruleset)),
        )


def example_amount(ruleset: Ruleset) -> int:
    """A referee's point sanction in the ruleset's unit, for the example of a decision."""
    if ruleset.method == RIICHI:
        return 10000
    if ruleset.method == TABLE_POINTS:
        return 10
    return 100


def _at(seats: Seats, *winds: str) -> list:
    return [seats.player_at(w) for w in winds]


CASES: tuple[Case, ...] = (
    Case("false_win", _("South declares a false win; nobody has exposed any tiles.")),
    Case(
        "false_win",
        _("South declares a false win and exposes the hand; West has exposed 3 tiles."),
        details=lambda s, u: {
            "revealed": True,
            "others_exposed": True,
            "others_exposed_counts": {s.player_at("W"): 3},
        },
    ),
    Case(
        "false_win",
        _("East declares a false win and exposes the hand; West has exposed 3 tiles."),
        offender="E",
        details=lambda s, u: {
            "revealed": True,
            "others_exposed": True,
            "others_exposed_counts": {s.player_at("W"): 3},
        },
    ),
    Case(
        "false_win",
        _("South and West both declare a false win on the same discard and expose their hands."),
        details=lambda s, u: {
            "revealed": True,
            "others_exposed": True,
            "co_offenders": _at(s, "W"),
        },
    ),
    Case(
        "exposed_tiles",
        _("South exposes 1 tile of the own hand."),
        details=lambda s, u: {"source": "own_hand", "count": 1},
    ),
    Case(
        "exposed_tiles",
        _("South exposes 1 tile while sorting the opening hand."),
        details=lambda s, u: {"source": "own_hand", "count": 1, "during_deal": True},
    ),
    Case(
        "exposed_tiles",
        _("South exposes 6 tiles of the own hand."),
        details=lambda s, u: {"source": "own_hand", "count": 6},
    ),
    Case(
        "exposed_tiles",
        _("South exposes a tile of the wall that was not the next one to draw."),
        details=lambda s, u: {"source": "wall"},
    ),
    Case(
        "exposed_tiles",
        _("South exposes a tile of another player's hand."),
        details=lambda s, u: {"source": "opponent_hand"},
    ),
    Case("wrong_wall_draw", _("South draws from the wrong place and puts the tile back.")),
    Case(
        "wrong_wall_draw",
        _("South draws from the wrong place and takes the tile into the hand."),
        details=lambda s, u: {"taken_into_hand": True},
    ),
    Case(
        "wrong_wall_draw",
        _("South draws from the wrong place and wins with that tile."),
        details=lambda s, u: {"won_with_tile": True},
    ),
    Case(
        "long_hand",
        _("South has one tile too many; at the settlement East's hand is worth 40, West's 60."),
        details=lambda s, u: {"hand_values": {s.player_at("E"): 40, s.player_at("W"): 60}},
    ),
    Case("short_hand", _("South has one tile too few.")),
    Case(
        "wrong_claim",
        _("South claims a pung wrongly and it is not corrected in time."),
        details=lambda s, u: {"claim": "pung"},
    ),
    Case(
        "wrong_claim",
        _("South claims a kong wrongly and it is not corrected in time."),
        details=lambda s, u: {"claim": "kong"},
    ),
    Case(
        "wrong_claim",
        _("South corrects a wrong pung claim in time, after exposing 2 tiles."),
        details=lambda s, u: {"claim": "pung", "corrected_in_time": True, "tiles_revealed": 2},
    ),
    Case(
        "wrong_claim",
        _("South cancels a pung claim before revealing any tile."),
        details=lambda s, u: {"claim": "pung", "cancelled_before_reveal": True},
    ),
    Case(
        "wrong_claim",
        _("South announces a pung without the tiles, corrects it in time; North wins the hand."),
        details=lambda s, u: {
            "claim": "pung",
            "corrected_in_time": True,
            "had_tiles": False,
            "hand_winner": s.player_at("N"),
        },
    ),
    Case(
        "misnamed_discard",
        _("South names a discard wrongly; West claims a chow on it and shows the tiles."),
        details=lambda s, u: {
            "claims": [{"player": s.player_at("W"), "claim": "chow", "proven": True}]
        },
    ),
    Case(
        "misnamed_discard",
        _("South names a discard wrongly; North claims a pung on it and shows the tiles."),
        details=lambda s, u: {
            "claims": [{"player": s.player_at("N"), "claim": "pung", "proven": True}]
        },
    ),
    Case(
        "misnamed_discard",
        _("South names a discard wrongly; North declares a win on it and shows the hand."),
        details=lambda s, u: {
            "claims": [{"player": s.player_at("N"), "claim": "win", "proven": True}]
        },
    ),
    Case(
        "misnamed_discard",
        _(
            "South names a discard wrongly; North declares a win on it that the tiles do not "
            "complete, after tiles were exposed."
        ),
        details=lambda s, u: {
            "claims": [{"player": s.player_at("N"), "claim": "win", "proven": False}],
            "others_exposed": True,
        },
    ),
    Case(
        "dangerous_discard",
        _("South's forbidden discard completes North's win; East paid 400 and West 200 for it."),
        details=lambda s, u: {
            "winner": s.player_at("N"),
            "payments": {s.player_at("E"): 400, s.player_at("W"): 200},
        },
    ),
    Case("draw_out_of_turn", _("South draws out of turn without seeing the tile.")),
    Case(
        "draw_out_of_turn",
        _("South draws out of turn and sees the tile."),
        details=lambda s, u: {"tile_seen": True},
    ),
    Case("discard_out_of_turn", _("South discards out of turn; nobody claims the tile.")),
    Case(
        "discard_out_of_turn",
        _("South discards out of turn and the tile is claimed."),
        details=lambda s, u: {"claimed_by_someone": True},
    ),
    Case(
        "late_claim", _("South claims after the time limit."), details=lambda s, u: {"seconds": 5}
    ),
    Case("slow_play", _("South delays play."), details=lambda s, u: {"seconds": 20}),
    Case("premature_count", _("South counts before taking the winning tile.")),
    Case("chombo", _("South commits a chombo (e.g. a noten riichi).")),
    Case(
        "chombo",
        _("South commits a chombo while another player wins at the same time."),
        details=lambda s, u: {"simultaneous_win": True},
    ),
    Case("misconduct", _("South behaves unsportingly.")),
    Case(
        "referee_decision",
        _("The referee decides a point deduction for South (example amount)."),
        details=lambda s, u: {"sanction": "deduct", "amount": u},
    ),
)


def _read_key(case: Case, ruleset: Ruleset, seats: Seats) -> tuple:
    """What of the case's report the ruleset's rule reads (offender's seat aside)."""
    report = case.report(seats, ruleset)
    read = {f.name for f in ruleset.consequence_fields(case.code)}
    return tuple(sorted((k, repr(v)) for k, v in report.details.items() if k in read))


def _shape(lines: list[LedgerLine]) -> list[tuple]:
    return sorted((line.kind, line.points, line.scope) for line in lines)


def price(case: Case, ruleset: Ruleset, options: Mapping[str, Any], seats: Seats) -> list:
    """The ledger lines a report of ``case`` gets under ``ruleset`` with the event's options:
    the same calls the recording service makes."""
    return ledger_lines(ruleset.consequences(case.report(seats, ruleset), options))


def cases_for(ruleset: Ruleset, options: Mapping[str, Any], seats: Seats) -> list[Case]:
    """The cases of ``ruleset``'s codes, in catalogue order, without repeats (see the module
    docstring)."""
    kept: list[Case] = []
    seen: set[tuple] = set()
    for code in ruleset.codes:
        for case in (c for c in CASES if c.code == code):
            key = (code, _read_key(case, ruleset, seats))
            if case.offender != "S":
                twin = Case(case.code, case.situation, "S", case.details)
                if _shape(price(case, ruleset, options, seats)) == _shape(
                    price(twin, ruleset, options, seats)
                ):
                    continue
                key = (*key, case.offender)
            if key in seen:
                continue
            seen.add(key)
            kept.append(case)
    return kept
