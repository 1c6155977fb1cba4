"""The staff page of a table's seat corrections, included under ``referee/`` before the
tablet's own pages (whose foul forms take any word after the table)."""

from django.urls import path

from scoring.reseat import views

app_name = "reseat"

urlpatterns = [
    path(
        "<slug:slug>/r<int:round_number>/t<int:table_number>/seats/",
        views.seats_page,
        name="table",
    ),
]
