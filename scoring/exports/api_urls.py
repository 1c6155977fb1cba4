"""The archive API, included under ``api/``."""

from django.urls import path

from scoring.exports import api

urlpatterns = [
    path("events/<slug:event>/archive/", api.ArchiveView.as_view(), name="archive-api"),
]
