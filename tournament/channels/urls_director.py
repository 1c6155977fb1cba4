"""The director's channels pages (under /director/, namespace "director")."""

from django.urls import path

from tournament.channels import views

urlpatterns = [
    path("<slug:slug>/channels/", views.channels_page, name="channels"),
    path("<slug:slug>/channels/<int:pk>/remove/", views.channel_remove, name="channel-remove"),
]
