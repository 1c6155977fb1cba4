"""The statistics pages, included from ``config.urls`` at the root: public ones under the event's
public address and the ranking's persons, the director's awards under /director/."""

from django.urls import path

from scoring.stats import views

app_name = "stats"

urlpatterns = [
    path("e/<slug:slug>/stats/", views.event_page, name="event"),
    path("e/<slug:slug>/stats.<str:kind>", views.export, name="export"),
    path("e/<slug:slug>/players/<int:pk>/stats/", views.player_page, name="player"),
    path("ranking/persons/<int:pk>/stats/", views.person_page, name="person"),
    path("director/<slug:slug>/awards/", views.awards_page, name="awards"),
]
