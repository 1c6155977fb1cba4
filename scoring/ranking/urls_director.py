from django.urls import path

from scoring.ranking.views import director

app_name = "ranking-director"

urlpatterns = [
    path("ranking/import/", director.import_history, name="import"),
    path("ranking/settings/", director.ranking_settings, name="settings"),
    path("<slug:slug>/ranking/", director.event_ranking, name="event"),
]
