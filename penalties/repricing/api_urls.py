"""The re-pricing API, included under ``api/``."""

from django.urls import path

from penalties.repricing.api import RepriceView

urlpatterns = [
    path("events/<slug:event>/reprice/", RepriceView.as_view(), name="reprice"),
]
