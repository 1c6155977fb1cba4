"""The online logs pages: the player's under ``e/<event>/play/``, the director's under
``director/``."""

from django.urls import path

from scoring.onlinelogs import views

app_name = "onlinelogs"

urlpatterns = [
    path("e/<slug:slug>/play/online-log/", views.player_import, name="player"),
    path(
        "director/<slug:slug>/rounds/<int:number>/online-logs/",
        views.round_import,
        name="round",
    ),
    path("director/<slug:slug>/online-names/", views.names_page, name="names"),
]
