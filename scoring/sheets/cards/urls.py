"""The director's player cards, the PINs as CSV and XLSX, a new PIN for a player."""

from django.urls import path

from scoring.sheets.cards import views

urlpatterns = [
    path("director/<slug:slug>/player-cards/", views.player_cards, name="sheets-player-cards"),
    path("director/<slug:slug>/pins.csv", views.pins_csv, name="sheets-pins-csv"),
    path("director/<slug:slug>/pins.xlsx", views.pins_xlsx, name="sheets-pins-xlsx"),
    path(
        "director/<slug:slug>/players/<int:pk>/pin/",
        views.reissue_pin,
        name="sheets-reissue-pin",
    ),
]
