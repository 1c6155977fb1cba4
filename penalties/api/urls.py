"""The API of fouls, voids, the ledger, discipline and the rulesets, included under ``api/``."""

from django.urls import path

from penalties.api import views

urlpatterns = [
    path("rulesets/", views.RulesetList.as_view(), name="ruleset-list"),
    path("rulesets/<str:key>/", views.RulesetDetail.as_view(), name="ruleset-detail"),
    path("events/<slug:event>/fouls/", views.FoulList.as_view(), name="foul-list"),
    path("events/<slug:event>/fouls/preview/", views.FoulPreview.as_view(), name="foul-preview"),
    path("events/<slug:event>/fouls/<int:pk>/", views.FoulDetail.as_view(), name="foul-detail"),
    path("events/<slug:event>/fouls/<int:pk>/void/", views.FoulVoid.as_view(), name="foul-void"),
    path("events/<slug:event>/ledger/", views.Ledger.as_view(), name="ledger"),
    path("events/<slug:event>/discipline/", views.DisciplineList.as_view(), name="discipline"),
    path(
        "events/<slug:event>/players/<int:pk>/discipline/",
        views.DisciplineList.as_view(),
        name="player-discipline",
    ),
]
