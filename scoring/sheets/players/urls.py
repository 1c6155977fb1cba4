"""The players' door: "My page", a player card's signed link, a table's public page."""

from django.urls import path

from scoring.sheets.players import views

urlpatterns = [
    path("e/<slug:slug>/me/", views.my_page, name="sheets-me"),
    path("e/<slug:slug>/card/<str:token>/", views.card, name="sheets-card"),
    path(
        "e/<slug:slug>/r<int:round_number>/t<int:table_number>/",
        views.table_page,
        name="sheets-table-public",
    ),
]
