"""The director's fee pages (under /director/, namespace "director")."""

from django.urls import path

from tournament.fees import views

urlpatterns = [
    path("<slug:slug>/fees/", views.fees_page, name="fees"),
    path("<slug:slug>/fees/settings/", views.settings_page, name="fees-settings"),
    path("<slug:slug>/fees/desk", views.desk_state, name="fees-desk"),
    path("<slug:slug>/fees/desk/pay", views.desk_pay, name="fees-desk-pay"),
    path("<slug:slug>/fees/desk/selected", views.desk_pay_selected, name="fees-desk-selected"),
    path("<slug:slug>/fees/<str:person>/", views.person_page, name="fees-person"),
]
