"""The online logs API, included under ``api/``."""

from django.urls import path

from scoring.onlinelogs import api

urlpatterns = [
    path(
        "events/<slug:event>/players/<int:player>/online-names/",
        api.OnlineNamesView.as_view(),
        name="player-online-names",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/online-log/",
        api.TableLogView.as_view(),
        name="table-online-log",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/online-logs/",
        api.RoundLogsView.as_view(),
        name="round-online-logs",
    ),
]
