"""Director pages, the event list and the liveness answers: thin views over
``tournament.services``, one module per page family."""

from .access import director_required
from .events import event_create, event_dashboard, event_edit, exports_page, home
from .hall import hall
from .health import healthz, ping
from .players import player_edit, player_import, player_status, players
from .referees import invitation_renew, invitation_withdraw, referee_remove, referees
from .rounds import (
    round_clock,
    round_edit,
    round_status,
    rounds,
    seat_round,
    seating_print,
    table_cards,
)
from .seating import seating_page

__all__ = [
    "director_required",
    "event_create",
    "event_dashboard",
    "event_edit",
    "exports_page",
    "hall",
    "healthz",
    "home",
    "invitation_renew",
    "invitation_withdraw",
    "ping",
    "player_edit",
    "player_import",
    "player_status",
    "players",
    "referee_remove",
    "referees",
    "round_clock",
    "round_edit",
    "round_status",
    "rounds",
    "seat_round",
    "seating_page",
    "seating_print",
    "table_cards",
]
