"""Write operations on events, players, rounds, seating and referees.

Views, forms and the API call these functions; they own validation and transactions. Every
failure raises ``django.core.exceptions.ValidationError`` with a message per field and leaves
the database unchanged. One module per concern; this package names them all.
"""

from tournament.services.common import WINDS, bump_revision
from tournament.services.events import needs_repricing, option_error, save_event, validate_event
from tournament.services.hall import add_announcement, grant_extra_time, set_announcement_shown
from tournament.services.player_import import (
    CSV_COLUMNS,
    ENCODINGS,
    CheckedFile,
    CsvImportError,
    CsvLineError,
    PlayerFile,
    check_player_file,
    detect_encoding,
    import_players,
    import_players_csv,
    read_player_file,
)
from tournament.services.players import add_player, clean_player_fields, update_player
from tournament.services.referees import (
    assign_referee,
    assign_roles,
    change_assignment,
    check_table_numbers,
    event_table_count,
    find_staff,
    known_staff,
    pending_invitations,
    remove_assignment,
    staff_of,
)
from tournament.services.rounds import (
    ROUND_TRANSITIONS,
    create_round,
    round_clock_action,
    update_round,
)
from tournament.services.seats import create_table, lock_table, seat_round, seat_table
from tournament.services.staff import (
    accept_invitation,
    assignments_of,
    create_account,
    create_invitation,
    has_new_roles,
    mark_assignments_seen,
    open_invitation,
    renew_invitation,
    withdraw_invitation,
)

__all__ = [
    "CSV_COLUMNS",
    "ENCODINGS",
    "ROUND_TRANSITIONS",
    "WINDS",
    "CheckedFile",
    "CsvImportError",
    "CsvLineError",
    "PlayerFile",
    "accept_invitation",
    "add_announcement",
    "add_player",
    "assign_referee",
    "assign_roles",
    "assignments_of",
    "bump_revision",
    "change_assignment",
    "check_player_file",
    "check_table_numbers",
    "clean_player_fields",
    "create_account",
    "create_invitation",
    "create_round",
    "create_table",
    "detect_encoding",
    "event_table_count",
    "find_staff",
    "grant_extra_time",
    "has_new_roles",
    "import_players",
    "import_players_csv",
    "known_staff",
    "mark_assignments_seen",
    "open_invitation",
    "lock_table",
    "needs_repricing",
    "option_error",
    "pending_invitations",
    "read_player_file",
    "remove_assignment",
    "round_clock_action",
    "renew_invitation",
    "save_event",
    "validate_event",
    "seat_round",
    "seat_table",
    "set_announcement_shown",
    "staff_of",
    "update_player",
    "update_round",
    "withdraw_invitation",
]
