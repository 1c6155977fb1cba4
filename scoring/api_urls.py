from django.urls import path

from scoring.api import formats, sheets, views

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
    path(
        "events/<slug:event>/rounds/<int:number>/sheets/",
        sheets.LiveTablesView.as_view(),
        name="round-sheets",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/",
        sheets.SheetView.as_view(),
        name="table-sheet",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/hands/",
        sheets.SheetHandsView.as_view(),
        name="table-sheet-hands",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/hands/<int:hand>/"
        "correct/",
        sheets.SheetHandCorrectView.as_view(),
        name="table-sheet-hand-correct",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/hands/<int:hand>/"
        "confirm/",
        sheets.SheetHandConfirmView.as_view(),
        name="table-sheet-hand-confirm",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/close/",
        sheets.SheetCloseView.as_view(),
        name="table-sheet-close",
    ),
]
