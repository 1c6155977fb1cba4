"""The API of a table's extra time, included under ``api/``."""

from django.urls import path

from tournament.hall import api

urlpatterns = [
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/extensions/",
        api.TableExtensionsView.as_view(),
        name="table-extensions",
    ),
]
