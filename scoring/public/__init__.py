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
    NAV,
    NAV_HTML,
    nav_html,
    nav_links,
    not_modified,
    page_etag,
    standing_columns,
    stored_snapshot,
    visible_event,
)
from scoring.public.player import PLAYER_PAGES, RECENT_REVISIONS, PlayerReport, player_page
from scoring.public.rounds import (
    name_matches,
    penalties,
    published_round,
    round_results,
    search_key,
    seating,
)
from scoring.public.standings import (
    PAGES,
    RECENT_KEYS,
    RENDERED,
    event_page,
    projector,
    projector_feed,
    standings_fragment,
    standings_html,
)
from scoring.standings.snapshot import DECODED, decoded_rows, expand_rounds
from tournament.access.pages import shared_page

__all__ = [
    "DECODED",
    "NAV",
    "NAV_HTML",
    "PAGES",
    "PLAYER_PAGES",
    "RECENT_KEYS",
    "RECENT_REVISIONS",
    "RENDERED",
    "PlayerReport",
    "standing_columns",
    "page_etag",
    "visible_event",
    "not_modified",
    "shared_page",
    "stored_snapshot",
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
