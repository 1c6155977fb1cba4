"""The score sheet API: the player's sign-in, a round's live tables, a table's sheet, its
hands (add, correct, confirm) and closing it."""

from django.urls import path

from scoring.sheets.entry import api

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
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/close/",
        api.SheetCloseView.as_view(),
        name="table-sheet-close",
    ),
]
