"""The API of teams and stages, included under ``api/``."""

from django.urls import path

from tournament.formats import api

urlpatterns = [
    path("events/<slug:event>/teams/", api.TeamList.as_view(), name="team-list"),
    path("events/<slug:event>/team-best/", api.TeamBest.as_view(), name="team-best"),
    path("events/<slug:event>/teams/<int:pk>/", api.TeamDetail.as_view(), name="team-detail"),
    path("events/<slug:event>/stages/", api.StageList.as_view(), name="stage-list"),
    path(
        "events/<slug:event>/stages/<int:pk>/",
        api.StageDetail.as_view(),
        name="stage-detail",
    ),
]
