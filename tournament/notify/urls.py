from django.urls import path

from tournament.notify import views

app_name = "notify"

urlpatterns = [
    path("e/<slug:slug>/play/notify/", views.choices, name="choices"),
    path("e/<slug:slug>/play/notify/subscribe/", views.subscribe, name="subscribe"),
    path("e/<slug:slug>/play/notify/forget/", views.unsubscribe_browser, name="forget"),
    path(
        "e/<slug:slug>/calendar/<int:player_id>/<str:token>.ics",
        views.calendar_feed,
        name="calendar",
    ),
    path("notify/unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("director/<slug:slug>/notify/", views.director, name="director"),
]
