"""The statistics API, included under ``api/``."""

from django.urls import path

from scoring.stats import api

urlpatterns = [
    path("events/<slug:event>/stats/", api.EventStatsView.as_view(), name="event-stats"),
    path("events/<slug:event>/stats/awards/", api.AwardsView.as_view(), name="event-awards"),
    path(
        "events/<slug:event>/players/<int:player>/stats/",
        api.PlayerStatsView.as_view(),
        name="player-stats",
    ),
    path("persons/<int:pk>/stats/", api.PersonStatsView.as_view(), name="person-stats"),
]
