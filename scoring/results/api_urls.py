"""The table results API, included under ``api/``."""

from django.urls import path

from scoring.results import api

urlpatterns = [
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/result/",
        api.TableResultView.as_view(),
        name="table-result",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/result/confirm/",
        api.TableResultConfirmView.as_view(),
        name="table-result-confirm",
    ),
]
