from django.urls import path

from tournament import views

app_name = "director"

urlpatterns = [
    path("new/", views.event_create, name="event-create"),
    path("<slug:slug>/", views.event_dashboard, name="event"),
    path("<slug:slug>/edit/", views.event_edit, name="event-edit"),
    path("<slug:slug>/players/", views.players, name="players"),
    path("<slug:slug>/players/<int:pk>/", views.player_edit, name="player-edit"),
    path("<slug:slug>/players/<int:pk>/status/", views.player_status, name="player-status"),
    path("<slug:slug>/players/import/<int:pk>/", views.player_import, name="player-import"),
    path("<slug:slug>/exports/", views.exports_page, name="exports"),
    path("<slug:slug>/rounds/", views.rounds, name="rounds"),
    path("<slug:slug>/rounds/<int:number>/status/", views.round_status, name="round-status"),
    path("<slug:slug>/rounds/<int:number>/edit/", views.round_edit, name="round-edit"),
    path("<slug:slug>/rounds/<int:number>/clock/", views.round_clock, name="round-clock"),
    path("<slug:slug>/rounds/<int:number>/seating/", views.seat_round, name="seat-round"),
    path("<slug:slug>/rounds/<int:number>/cards/", views.table_cards, name="table-cards"),
    path("<slug:slug>/referees/", views.referees, name="referees"),
    path("<slug:slug>/hall/", views.hall, name="hall"),
    path("<slug:slug>/seating/", views.seating_page, name="seating"),
    path("<slug:slug>/rounds/<int:number>/print/", views.seating_print, name="seating-print"),
    path("<slug:slug>/referees/<int:pk>/remove/", views.referee_remove, name="referee-remove"),
    path(
        "<slug:slug>/referees/invitations/<int:pk>/renew/",
        views.invitation_renew,
        name="invitation-renew",
    ),
    path(
        "<slug:slug>/referees/invitations/<int:pk>/withdraw/",
        views.invitation_withdraw,
        name="invitation-withdraw",
    ),
]
