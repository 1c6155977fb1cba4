"""The staff's page of a table's sheet (the players' page, /e/<event>/play/, is routed in
``config.urls``, as ``scoring.public.views.mine`` adds the player's places to it)."""

from django.urls import path

from scoring.sheets.entry import views

urlpatterns = [
    path(
        "sheets/<slug:slug>/r<int:round_number>/t<int:table_number>/",
        views.sheet_page,
        name="sheets-table",
    ),
]
