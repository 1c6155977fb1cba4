"""The API of teams, stages and cuts, included under ``api/``."""

from django.urls import path

from scoring.formats import api

urlpatterns = [
    path(
        "events/<slug:event>/team-standings/",
        api.TeamStandingsView.as_view(),
        name="team-standings",
    ),
    path(
        "events/<slug:event>/final-ranking/",
        api.FinalRankingView.as_view(),
        name="final-ranking",
    ),
    path("events/<slug:event>/stages/<int:pk>/cut/", api.CutView.as_view(), name="stage-cut"),
    path(
        "events/<slug:event>/stages/<int:pk>/seat/",
        api.SeatStageView.as_view(),
        name="stage-seat",
    ),
]
