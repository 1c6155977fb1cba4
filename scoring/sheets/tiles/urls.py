"""The event's page of the hands entered by their tiles."""

from django.urls import path

from scoring.sheets.tiles import views

urlpatterns = [
    path("e/<slug:slug>/tiles/", views.tiles_page, name="sheets-tiles"),
]
