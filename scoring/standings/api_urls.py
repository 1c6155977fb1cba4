"""The standings API, included under ``api/``."""

from django.urls import path

from scoring.standings import api

urlpatterns = [
    path("events/<slug:event>/standings/", api.StandingsView.as_view(), name="standings"),
]
