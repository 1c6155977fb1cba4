from django.urls import path

from scoring.api import formats, views

urlpatterns = [
    path("events/<slug:event>/standings/", views.StandingsView.as_view(), name="standings"),
    path(
        "events/<slug:event>/team-standings/",
        formats.TeamStandingsView.as_view(),
        name="team-standings",
    ),
    path(
        "events/<slug:event>/final-ranking/",
        formats.FinalRankingView.as_view(),
        name="final-ranking",
    ),
    path("events/<slug:event>/stages/<int:pk>/cut/", formats.CutView.as_view(), name="stage-cut"),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/result/",
        views.TableResultView.as_view(),
        name="table-result",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/result/confirm/",
        views.TableResultConfirmView.as_view(),
        name="table-result-confirm",
    ),
]
