"""The director's registration and check-in pages (under /director/, namespace "director")."""

from django.urls import path

from tournament.registration.views import director

urlpatterns = [
    path("<slug:slug>/registration/", director.registration_page, name="registration"),
    path(
        "<slug:slug>/registration/approve/",
        director.registration_approve,
        name="registration-approve",
    ),
    path(
        "<slug:slug>/registration/<int:pk>/",
        director.registration_action,
        name="registration-action",
    ),
    path(
        "<slug:slug>/registration/export.<str:fmt>",
        director.registration_export,
        name="registration-export",
    ),
    path("<slug:slug>/check-in/", director.desk, name="check-in"),
    path("<slug:slug>/check-in/search", director.desk_search, name="check-in-search"),
    path("<slug:slug>/check-in/status", director.desk_status, name="check-in-status"),
    path("<slug:slug>/check-in/player", director.desk_check_in, name="check-in-player"),
]
