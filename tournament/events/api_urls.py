"""The API of events, included under ``api/``."""

from django.urls import path

from tournament.events import api

urlpatterns = [
    path("events/", api.EventList.as_view(), name="event-list"),
    path("events/<slug:event>/", api.EventDetail.as_view(), name="event-detail"),
]
