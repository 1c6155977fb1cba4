"""Write operations on events, players, rounds, seating and referees.

Views, forms and the API call these functions; they own validation and transactions. Every
failure raises ``django.core.exceptions.ValidationError`` with a message per field and leaves
the database unchanged. One module per concern; this package names them all.
"""

from .common import WINDS, bump_revision
from .events import save_event
from .hall import add_announcement, grant_extra_time, set_announcement_shown
from .players import (
    CSV_COLUMNS,
    CsvImportError,
    CsvLineError,
    add_player,
    import_players_csv,
    update_player,
)
from .referees import assign_referee
from .rounds import ROUND_TRANSITIONS, create_round, update_round
from .seats import create_table, seat_round, seat_table

__all__ = [
    "CSV_COLUMNS",
    "ROUND_TRANSITIONS",
    "WINDS",
    "CsvImportError",
    "CsvLineError",
    "add_announcement",
    "add_player",
    "assign_referee",
    "bump_revision",
    "create_round",
    "create_table",
    "grant_extra_time",
    "import_players_csv",
    "save_event",
    "seat_round",
    "seat_table",
    "set_announcement_shown",
    "update_player",
    "update_round",
]
