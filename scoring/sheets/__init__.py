"""Score sheets, hand by hand (RULES.md section 7): the write services and what pages read.

A sheet stores nothing but its hands; what they add up to is always ``Ruleset.play_sheet`` over
the latest version of each hand number, so the running totals, the dealer, the counters and the
deposits cannot drift from the hands. Every write locks the sheet's row, reads its hands in one
query and checks the whole sheet with the new hand before inserting it: a write costs the same
few queries on hand 1 and on hand 30.

Who writes: anybody who may enter the table's result (``Author(user=...)``), or, when the event
lets players enter hands, a player of the table signed in with a PIN (``Author(player=...)``).
A player's hand counts once another player of the table or a referee confirms it. When the game
is over and every hand counts, the sheet closes itself and writes the table result through
``scoring.services.enter_result``, marked as coming from the sheet; a correction after that
writes the next result version with the correction's reason.

Errors: ``ValidationError`` (bad input, nothing written), ``PermissionDenied``, and
``HandConflict`` (HTTP 409) carrying the stored hand when two devices send the same number.

The package, one module per concern: ``reading`` (a sheet as pages and the API read it),
``rights`` (who may write), ``writing`` (the write services), ``output`` (the API's and the
exports' dicts), ``live`` (live tables, hand statistics), ``integrity`` (``verify``, page
markers) and ``export`` (the hands CSV/XLSX). Import from the package: ``scoring.sheets``.
"""

from scoring.sheets.export import HANDS_HEADER, hands_csv, hands_table, hands_xlsx
from scoring.sheets.integrity import sheet_differences, sheet_marker
from scoring.sheets.live import HandStats, LiveTable, live_tables, player_hand_stats
from scoring.sheets.output import hand_dict, sheet_dict
from scoring.sheets.reading import WINDS, SheetView, read_sheet, with_seats
from scoring.sheets.rights import Author, can_write_sheet, referees_table
from scoring.sheets.writing import (
    MAX_KEY,
    HandConflict,
    add_hand,
    close_sheet,
    confirm_hand,
    correct_hand,
)

__all__ = [
    "HANDS_HEADER",
    "MAX_KEY",
    "WINDS",
    "Author",
    "HandConflict",
    "HandStats",
    "LiveTable",
    "SheetView",
    "add_hand",
    "can_write_sheet",
    "close_sheet",
    "confirm_hand",
    "correct_hand",
    "hand_dict",
    "hands_csv",
    "hands_table",
    "hands_xlsx",
    "live_tables",
    "player_hand_stats",
    "read_sheet",
    "referees_table",
    "sheet_dict",
    "sheet_differences",
    "sheet_marker",
    "with_seats",
]
