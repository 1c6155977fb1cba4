"""The score sheets' public functions, gathered from the sub-capabilities that define them
(``entry``, ``disputes``, ``tiles``); other code calls these."""

from scoring.sheets.disputes.reading import FloorItem, floor_items, sheet_history
from scoring.sheets.disputes.services import (
    Throttled,
    call_referee,
    dispute_hand,
    settle_dispute,
    strike_hand,
    take_call,
)
from scoring.sheets.entry.access import Author, can_write_sheet, check_author, referees_table
from scoring.sheets.entry.reading import WINDS, SheetView, counted_sheet, read_sheet, with_seats
from scoring.sheets.entry.reading.export import HANDS_HEADER, hands_csv, hands_table, hands_xlsx
from scoring.sheets.entry.reading.integrity import sheet_differences, sheet_marker, sheets_marker
from scoring.sheets.entry.reading.live import LiveTable, live_tables
from scoring.sheets.entry.reading.output import hand_dict, sheet_dict
from scoring.sheets.entry.services import (
    MAX_KEY,
    HandConflict,
    add_hand,
    close_sheet,
    confirm_hand,
    correct_hand,
)
from scoring.sheets.entry.services.reseat import SheetPlan, lock_sheet, plan_reseat, reseat_sheet
from scoring.sheets.tiles.reading import TileStats, event_tile_stats

__all__ = [
    "sheet_history",
    "take_call",
    "strike_hand",
    "settle_dispute",
    "floor_items",
    "dispute_hand",
    "call_referee",
    "Throttled",
    "FloorItem",
    "HANDS_HEADER",
    "MAX_KEY",
    "WINDS",
    "Author",
    "HandConflict",
    "SheetPlan",
    "LiveTable",
    "SheetView",
    "add_hand",
    "can_write_sheet",
    "check_author",
    "close_sheet",
    "confirm_hand",
    "correct_hand",
    "hand_dict",
    "hands_csv",
    "hands_table",
    "hands_xlsx",
    "live_tables",
    "lock_sheet",
    "plan_reseat",
    "reseat_sheet",
    "TileStats",
    "event_tile_stats",
    "read_sheet",
    "referees_table",
    "sheet_dict",
    "sheet_differences",
    "sheet_marker",
    "sheets_marker",
    "counted_sheet",
    "with_seats",
]
