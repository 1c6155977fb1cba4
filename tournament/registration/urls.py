"""Public registration pages (under /e/)."""

from django.urls import path

from tournament.registration import views

urlpatterns = [
    path("<slug:slug>/register/", views.register, name="registration-form"),
    path("<slug:slug>/register/done/", views.registered_done, name="registration-done"),
    path("<slug:slug>/registered/", views.registered, name="registration-list"),
    path("<slug:slug>/registration/<str:token>/", views.mine, name="registration-mine"),
    path("<slug:slug>/check-in/", views.self_check_in, name="registration-self-check-in"),
]
