"""What players and the hall see: standings, results by round, penalties, seating, player pages
and the projector. Pages read the standings snapshot; they never recompute.

The standings fragment and the player page answer conditional requests: their ETag is the
snapshot's revision and the event's (so "updating" shows while the snapshot is behind), and a
poll that changes nothing costs one small query and a 304. The projector feed carries the live
clock, so it is answered in full each time.

The views live by concern in ``common`` (what the pages share), ``standings`` (event page,
fragment, projector), ``rounds`` (results by round, penalties, seating) and ``player``; this
module names them all, and the caches that tests clear.
"""

from scoring.public.common import (
    _NAV,
    _NAV_HTML,
    _columns,
    _etag,
    _event,
    _not_modified,
    _shared_page,
    _snapshot,
    nav_html,
    nav_links,
)
from scoring.public.player import _PLAYER_PAGES, _RECENT_REVISIONS, PlayerReport, player_page
from scoring.public.rounds import (
    name_matches,
    penalties,
    published_round,
    round_results,
    search_key,
    seating,
)
from scoring.public.standings import (
    _PAGES,
    _RECENT_KEYS,
    _RENDERED,
    event_page,
    projector,
    projector_feed,
    standings_fragment,
    standings_html,
)
from scoring.standings.snapshot import _DECODED, decoded_rows, expand_rounds

__all__ = [
    "_DECODED",
    "_NAV",
    "_NAV_HTML",
    "_PAGES",
    "_PLAYER_PAGES",
    "_RECENT_KEYS",
    "_RECENT_REVISIONS",
    "_RENDERED",
    "PlayerReport",
    "_columns",
    "_etag",
    "_event",
    "_not_modified",
    "_shared_page",
    "_snapshot",
    "decoded_rows",
    "event_page",
    "expand_rounds",
    "name_matches",
    "nav_html",
    "nav_links",
    "penalties",
    "player_page",
    "projector",
    "projector_feed",
    "published_round",
    "round_results",
    "search_key",
    "seating",
    "standings_fragment",
    "standings_html",
]
