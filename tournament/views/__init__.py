"""Director pages, the event list and the liveness answers: thin views over
``tournament.services``, one module per page family."""

from tournament.views.access import director_required
from tournament.views.events import event_create, event_dashboard, event_edit, exports_page, home
from tournament.views.hall import hall
from tournament.views.health import healthz, ping
from tournament.views.players import player_edit, player_import, player_status, players
from tournament.views.referees import (
    invitation_renew,
    invitation_withdraw,
    referee_remove,
    referees,
)
from tournament.views.rounds import (
    round_clock,
    round_edit,
    round_status,
    rounds,
    seat_round,
    seating_print,
    table_cards,
)
from tournament.views.seating import seating_page

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
