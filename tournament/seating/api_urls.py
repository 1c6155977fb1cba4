"""The API of the seating generator, included under ``api/``."""

from django.urls import path

from tournament.seating import api

urlpatterns = [
    path("events/<slug:event>/seating/", api.SeatingView.as_view(), name="seating"),
    path(
        "events/<slug:event>/seating/<int:pk>/swap/",
        api.SeatingSwap.as_view(),
        name="seating-swap",
    ),
    path(
        "events/<slug:event>/seating/<int:pk>/publish/",
        api.SeatingPublish.as_view(),
        name="seating-publish",
    ),
]
