"""Score sheet pages, gathered from the sub-capabilities: staff (a table's sheet), players ("My
page", the card's link, a table's public page, the play page's service worker and manifest),
the tiles' statistics, director (cards, PINs). The players' page, /e/<event>/play/, is routed in
``config.urls``. Included from ``config.urls`` without a namespace; names start with
``sheets-``."""

from scoring.sheets.cards import urls as cards
from scoring.sheets.entry import urls as entry
from scoring.sheets.offline import urls as offline
from scoring.sheets.players import urls as players
from scoring.sheets.tiles import urls as tiles

urlpatterns = [
    *entry.urlpatterns,
    *players.urlpatterns,
    *tiles.urlpatterns,
    *offline.urlpatterns,
    *cards.urlpatterns,
]
