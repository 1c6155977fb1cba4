from django.urls import path

from tournament.channels.urls_director import urlpatterns as channel_urls
from tournament.events import views as event_views
from tournament.fees.urls_director import urlpatterns as fee_urls
from tournament.hall import views as hall_views
from tournament.players import views as player_views
from tournament.registration.urls_director import urlpatterns as registration_urls
from tournament.rounds import views as round_views
from tournament.seating import views as seating_views
from tournament.staff import views as referee_views

app_name = "director"

urlpatterns = [
    path("new/", event_views.event_create, name="event-create"),
    path("<slug:slug>/", event_views.event_dashboard, name="event"),
    path("<slug:slug>/edit/", event_views.event_edit, name="event-edit"),
    path("<slug:slug>/players/", player_views.players, name="players"),
    path("<slug:slug>/players/<int:pk>/", player_views.player_edit, name="player-edit"),
    path("<slug:slug>/players/<int:pk>/status/", player_views.player_status, name="player-status"),
    path("<slug:slug>/players/import/<int:pk>/", player_views.player_import, name="player-import"),
    path("<slug:slug>/exports/", event_views.exports_page, name="exports"),
    path("<slug:slug>/rounds/", round_views.rounds, name="rounds"),
    path("<slug:slug>/rounds/<int:number>/status/", round_views.round_status, name="round-status"),
    path("<slug:slug>/rounds/<int:number>/edit/", round_views.round_edit, name="round-edit"),
    path("<slug:slug>/rounds/<int:number>/clock/", round_views.round_clock, name="round-clock"),
    path("<slug:slug>/rounds/<int:number>/seating/", round_views.seat_round, name="seat-round"),
    path("<slug:slug>/rounds/<int:number>/cards/", round_views.table_cards, name="table-cards"),
    path("<slug:slug>/referees/", referee_views.referees, name="referees"),
    path("<slug:slug>/hall/", hall_views.hall, name="hall"),
    path("<slug:slug>/rounds/<int:number>/extra-time/", hall_views.extra_time, name="extra-time"),
    path("<slug:slug>/seating/", seating_views.seating_page, name="seating"),
    path("<slug:slug>/rounds/<int:number>/print/", round_views.seating_print, name="seating-print"),
    path(
        "<slug:slug>/referees/<int:pk>/remove/", referee_views.referee_remove, name="referee-remove"
    ),
    path(
        "<slug:slug>/referees/invitations/<int:pk>/renew/",
        referee_views.invitation_renew,
        name="invitation-renew",
    ),
    path(
        "<slug:slug>/referees/invitations/<int:pk>/withdraw/",
        referee_views.invitation_withdraw,
        name="invitation-withdraw",
    ),
    *registration_urls,
    *fee_urls,
    *channel_urls,
]
