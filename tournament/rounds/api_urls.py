"""The API of rounds, tables and seats, included under ``api/``."""

from django.urls import path

from tournament.rounds import api

urlpatterns = [
    path("events/<slug:event>/rounds/", api.RoundList.as_view(), name="round-list"),
    path(
        "events/<slug:event>/rounds/<int:number>/", api.RoundDetail.as_view(), name="round-detail"
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/seating/",
        api.RoundSeating.as_view(),
        name="round-seating",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/",
        api.TableList.as_view(),
        name="table-list",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/",
        api.TableDetail.as_view(),
        name="table-detail",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/seats/",
        api.TableSeats.as_view(),
        name="table-seats",
    ),
]
