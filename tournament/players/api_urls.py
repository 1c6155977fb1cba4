"""The API of an event's players, included under ``api/``."""

from django.urls import path

from tournament.players import api

urlpatterns = [
    path("events/<slug:event>/players/", api.PlayerList.as_view(), name="player-list"),
    path(
        "events/<slug:event>/players/import/", api.PlayerCsvImport.as_view(), name="player-import"
    ),
    path("events/<slug:event>/players/<int:pk>/", api.PlayerDetail.as_view(), name="player-detail"),
]
