"""Director downloads, included under ``director/`` (``/director/<slug>/export/...``)."""

from django.urls import path

from scoring.exports import views

app_name = "exports"

urlpatterns = [
    path("<slug:slug>/export/standings.csv", views.standings_csv, name="standings-csv"),
    path("<slug:slug>/export/standings.xlsx", views.standings_xlsx, name="standings-xlsx"),
    path("<slug:slug>/export/results.csv", views.results_csv, name="results-csv"),
    path("<slug:slug>/export/results.xlsx", views.results_xlsx, name="results-xlsx"),
    path("<slug:slug>/export/teams.csv", views.teams_csv, name="teams-csv"),
    path("<slug:slug>/export/teams.xlsx", views.teams_xlsx, name="teams-xlsx"),
    path("<slug:slug>/export/ema.csv", views.ema_csv, name="ema-csv"),
    path("<slug:slug>/export/hands.csv", views.hands_csv, name="hands-csv"),
    path("<slug:slug>/export/hands.xlsx", views.hands_xlsx, name="hands-xlsx"),
    path("<slug:slug>/export/fees.csv", views.fees_people_csv, name="fees-people-csv"),
    path("<slug:slug>/export/fees.xlsx", views.fees_people_xlsx, name="fees-people-xlsx"),
    path("<slug:slug>/export/payments.csv", views.fees_payments_csv, name="fees-payments-csv"),
    path("<slug:slug>/export/payments.xlsx", views.fees_payments_xlsx, name="fees-payments-xlsx"),
    path("<slug:slug>/export/archive.json", views.archive_json, name="archive-json"),
    path(
        "<slug:slug>/export/anonymised-archive.json",
        views.anonymised_archive_json,
        name="anonymised-archive-json",
    ),
]
