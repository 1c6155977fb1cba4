"""The score sheet API, included under ``api/``."""

from django.urls import path

from scoring.sheets import api, floor_api

urlpatterns = [
    path(
        "events/<slug:event>/play/sign-in/",
        api.PlayerSignInView.as_view(),
        name="player-sign-in",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/sheets/",
        api.LiveTablesView.as_view(),
        name="round-sheets",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/",
        api.SheetView.as_view(),
        name="table-sheet",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/hands/",
        api.SheetHandsView.as_view(),
        name="table-sheet-hands",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/hands/<int:hand>/"
        "correct/",
        api.SheetHandCorrectView.as_view(),
        name="table-sheet-hand-correct",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/hands/<int:hand>/"
        "confirm/",
        api.SheetHandConfirmView.as_view(),
        name="table-sheet-hand-confirm",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/hands/<int:hand>/dispute/",
        floor_api.SheetHandDisputeView.as_view(),
        name="table-sheet-hand-dispute",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/hands/<int:hand>/strike/",
        floor_api.SheetHandStrikeView.as_view(),
        name="table-sheet-hand-strike",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/disputes/<int:dispute>/settle/",
        floor_api.SheetDisputeSettleView.as_view(),
        name="table-sheet-dispute-settle",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/calls/",
        floor_api.SheetCallsView.as_view(),
        name="table-sheet-calls",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/calls/<int:call>/take/",
        floor_api.SheetCallTakeView.as_view(),
        name="table-sheet-call-take",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/close/",
        api.SheetCloseView.as_view(),
        name="table-sheet-close",
    ),
]
