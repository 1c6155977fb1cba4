from django.urls import path

from scoring import public
from scoring.public.views import formats as public_formats

app_name = "public"

urlpatterns = [
    path("<slug:slug>/", public.event_page, name="event"),
    path("<slug:slug>/standings/", public.standings_fragment, name="standings"),
    path("<slug:slug>/rounds/<int:number>/", public.round_results, name="round"),
    path("<slug:slug>/penalties/", public.penalties, name="penalties"),
    path("<slug:slug>/seating/", public.seating, name="seating"),
    path("<slug:slug>/players/<int:pk>/", public.player_page, name="player"),
    path("<slug:slug>/teams/", public_formats.teams, name="teams"),
    path("<slug:slug>/final/", public_formats.final, name="final"),
    path("<slug:slug>/projector/", public.projector, name="projector"),
    path("<slug:slug>/projector.json", public.projector_feed, name="projector-feed"),
]
