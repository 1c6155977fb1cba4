"""The sheet floor's API: dispute a hand, strike it, settle a dispute, call the referee and
take the call."""

from django.urls import path

from scoring.sheets.disputes import api

urlpatterns = [
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/hands/<int:hand>/dispute/",
        api.SheetHandDisputeView.as_view(),
        name="table-sheet-hand-dispute",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/hands/<int:hand>/strike/",
        api.SheetHandStrikeView.as_view(),
        name="table-sheet-hand-strike",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/disputes/<int:dispute>/settle/",
        api.SheetDisputeSettleView.as_view(),
        name="table-sheet-dispute-settle",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/calls/",
        api.SheetCallsView.as_view(),
        name="table-sheet-calls",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/calls/<int:call>/take/",
        api.SheetCallTakeView.as_view(),
        name="table-sheet-call-take",
    ),
]
