"""Score sheet pages: staff (a table's sheet), players ("My page" (/e/<event>/play/ is routed in
``config.urls``, as ``scoring.public.mine`` adds the player's places to it), the card's
link, a table's public page), director (cards, PINs). Included from ``config.urls`` without a
namespace; names start with ``sheets-``."""

from django.urls import path

from scoring.sheets import cards, door, offline, views

urlpatterns = [
    path(
        "sheets/<slug:slug>/r<int:round_number>/t<int:table_number>/",
        views.sheet_page,
        name="sheets-table",
    ),
    path("e/<slug:slug>/me/", door.my_page, name="sheets-me"),
    path("e/<slug:slug>/tiles/", door.tiles_page, name="sheets-tiles"),
    path("e/<slug:slug>/card/<str:token>/", door.card, name="sheets-card"),
    path(
        "e/<slug:slug>/r<int:round_number>/t<int:table_number>/",
        door.table_page,
        name="sheets-table-public",
    ),
    path("e/<slug:slug>/play/sw.js", offline.service_worker, name="sheets-play-sw"),
    path(
        "e/<slug:slug>/play/manifest.webmanifest",
        offline.web_manifest,
        name="sheets-play-manifest",
    ),
    path("director/<slug:slug>/player-cards/", cards.player_cards, name="sheets-player-cards"),
    path("director/<slug:slug>/pins.csv", cards.pins_csv, name="sheets-pins-csv"),
    path("director/<slug:slug>/pins.xlsx", cards.pins_xlsx, name="sheets-pins-xlsx"),
    path(
        "director/<slug:slug>/players/<int:pk>/pin/",
        cards.reissue_pin,
        name="sheets-reissue-pin",
    ),
]
