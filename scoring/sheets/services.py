"""The score sheets' public functions (see the package's docstring), gathered from the
modules that define them."""

from scoring.sheets.disputes import (
    FloorItem,
    Throttled,
    call_referee,
    dispute_hand,
    floor_items,
    settle_dispute,
    sheet_history,
    strike_hand,
    take_call,
)
from scoring.sheets.export import HANDS_HEADER, hands_csv, hands_table, hands_xlsx
from scoring.sheets.integrity import sheet_differences, sheet_marker
from scoring.sheets.live import HandStats, LiveTable, live_tables, player_hand_stats
from scoring.sheets.output import hand_dict, sheet_dict
from scoring.sheets.reading import WINDS, SheetView, read_sheet, with_seats
from scoring.sheets.rights import Author, can_write_sheet, referees_table
from scoring.sheets.tile_stats import TileStats, event_tile_stats, player_tile_stats
from scoring.sheets.writing import (
    MAX_KEY,
    HandConflict,
    add_hand,
    close_sheet,
    confirm_hand,
    correct_hand,
)

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
    "TileStats",
    "event_tile_stats",
    "player_tile_stats",
    "read_sheet",
    "referees_table",
    "sheet_dict",
    "sheet_differences",
    "sheet_marker",
    "with_seats",
]
