"""The registration API, included under ``api/``."""

from django.urls import path

from tournament.registration import api

urlpatterns = [
    path(
        "events/<slug:event>/registrations/",
        api.RegistrationList.as_view(),
        name="registration-list-api",
    ),
    path(
        "events/<slug:event>/registrations/<int:pk>/decision/",
        api.RegistrationDecision.as_view(),
        name="registration-decision-api",
    ),
    path("events/<slug:event>/check-in/", api.CheckIn.as_view(), name="check-in-api"),
    path(
        "events/<slug:event>/check-in/close/",
        api.CloseCheckIn.as_view(),
        name="check-in-close-api",
    ),
]
