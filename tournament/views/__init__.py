"""Director pages, the event list and the liveness answers: thin views over
``tournament.services``, one module per page family."""

from .access import director_required
from .events import event_create, event_dashboard, event_edit, home
from .hall import hall
from .health import healthz, ping
from .players import player_status, players
from .referees import referee_remove, referees
from .rounds import round_status, rounds, seat_round, seating_print, table_cards
from .seating import seating_page

__all__ = [
    "director_required",
    "event_create",
    "event_dashboard",
    "event_edit",
    "hall",
    "healthz",
    "home",
    "ping",
    "player_status",
    "players",
    "referee_remove",
    "referees",
    "round_status",
    "rounds",
    "seat_round",
    "seating_page",
    "seating_print",
    "table_cards",
]
