"""What players and the hall see: standings, results by round, penalties, seating, player pages
and the projector. Pages read the standings snapshot; they never recompute.

The event page, the standings fragment and the player page answer conditional requests: their
ETag is the snapshot's revision and the event's (so "updating" shows while the snapshot is
behind), and a poll that changes nothing costs one small query and a 304. Visitors without a
session all see the same page, kept in Django's cache by its ETag. The projector feed carries
the live clock, so it is answered in full each time.

What the pages share is in ``pages`` (with ``pages.history``, the chart of places, and
``pages.reports``, the fouls against a player); the views
live by concern in ``views``: ``standings`` (event page, fragment, projector), ``rounds``
(results by round, penalties, seating), ``player``, ``mine`` and ``formats``; this module names
them all.
"""

from scoring.public.pages import (
    conditional,
    kept_page,
    not_modified,
    page_etag,
    standing_columns,
    stored_snapshot,
    visible_event,
)
from scoring.public.pages.reports import PlayerReport
from scoring.public.views.player import player_page
from scoring.public.views.rounds import penalties, published_round, round_results, seating
from scoring.public.views.standings import (
    event_page,
    projector,
    projector_feed,
    standings_fragment,
    standings_html,
)
from scoring.standings.reading.snapshot import decoded_rows, expand_rounds
from tournament.access.pages import shared_page

__all__ = [
    "PlayerReport",
    "conditional",
    "decoded_rows",
    "event_page",
    "expand_rounds",
    "kept_page",
    "not_modified",
    "page_etag",
    "penalties",
    "player_page",
    "projector",
    "projector_feed",
    "published_round",
    "round_results",
    "seating",
    "shared_page",
    "standing_columns",
    "standings_fragment",
    "standings_html",
    "stored_snapshot",
    "visible_event",
]
