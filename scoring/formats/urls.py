"""Director pages of the event's format, included under ``director/``."""

from django.urls import path

from scoring.formats import views

app_name = "formats"

urlpatterns = [
    path("<slug:slug>/teams/", views.teams, name="teams"),
    path("<slug:slug>/teams/<int:pk>/remove/", views.team_delete, name="team-delete"),
    path("<slug:slug>/stages/", views.stages, name="stages"),
    path("<slug:slug>/stages/<int:pk>/", views.stage_edit, name="stage-edit"),
    path("<slug:slug>/stages/<int:pk>/cut/", views.cut, name="cut"),
    path("<slug:slug>/stages/<int:pk>/seat/", views.seat_stage, name="seat-stage"),
]
