from django.urls import path

from scoring.api import views

urlpatterns = [
    path("events/<slug:event>/standings/", views.StandingsView.as_view(), name="standings"),
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
]
