"""The fee API, included under ``api/``."""

from django.urls import path

from tournament.fees import api

urlpatterns = [
    path("events/<slug:event>/fees/", api.Fees.as_view(), name="fees-api"),
    path("events/<slug:event>/fees/schedule/", api.FeeList.as_view(), name="fee-list-api"),
    path(
        "events/<slug:event>/fees/schedule/<int:pk>/",
        api.FeeDetail.as_view(),
        name="fee-detail-api",
    ),
    path("events/<slug:event>/fees/people/", api.People.as_view(), name="fee-people-api"),
    path(
        "events/<slug:event>/fees/people/<str:person>/",
        api.Person.as_view(),
        name="fee-person-api",
    ),
    path(
        "events/<slug:event>/fees/people/<str:person>/fee/",
        api.PersonFee.as_view(),
        name="fee-person-fee-api",
    ),
    path("events/<slug:event>/fees/payments/", api.Payments.as_view(), name="fee-payments-api"),
    path(
        "events/<slug:event>/fees/payments/<int:pk>/reverse/",
        api.Reverse.as_view(),
        name="fee-reverse-api",
    ),
]
