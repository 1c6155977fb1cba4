"""The channels API, included under ``api/``."""

from django.urls import path

from tournament.channels import api

urlpatterns = [
    path("events/<slug:event>/channels/", api.Channels.as_view(), name="channels-api"),
    path("events/<slug:event>/channels/<int:pk>/", api.Channel.as_view(), name="channel-api"),
]
