"""The seat corrections API, included under ``api/``."""

from django.urls import path

from scoring.reseat import api

urlpatterns = [
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/seat-corrections/",
        api.SeatCorrectionsView.as_view(),
        name="table-seat-corrections",
    ),
]
