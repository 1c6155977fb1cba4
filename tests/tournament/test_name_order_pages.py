"""Issue 31, item 19: every list of names (pages, exports, API lists) is in the order of the
language it is shown in: "Ähtäri", "Ólafur" and "Łukasz" no longer come after "Zoë", Czech
puts "Ch" after "H", Finnish "Ä" after "Z"."""

from __future__ import annotations

import csv
import io
import re
from datetime import date

import pytest
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from tournament.events import services as event_services
from tournament.events.models import Event
from tournament.formats.services import teams as team_services
from tournament.players import services as player_services
from tournament.rounds import services as round_services
from tournament.rounds.services import seats
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment

pytestmark = pytest.mark.django_db

NAMES = ["Zoë", "Ähtäri", "Ólafur", "Łukasz", "Adam", "Chmelař", "Hrubý", "Bára"]
SEATED = ["Adam", "Bára", "Hrubý", "Ólafur"]

IN = {
    "en": ["Adam", "Ähtäri", "Bára", "Chmelař", "Hrubý", "Łukasz", "Ólafur", "Zoë"],
    "cs": ["Adam", "Ähtäri", "Bára", "Hrubý", "Chmelař", "Łukasz", "Ólafur", "Zoë"],
    "fi": ["Adam", "Bára", "Chmelař", "Hrubý", "Łukasz", "Ólafur", "Zoë", "Ähtäri"],
}


@pytest.fixture(autouse=True)
def no_language_left_behind():
    """A request activates its language for the thread: later tests calling services directly
    would speak Finnish."""
    yield
    translation.deactivate()


def without(names, gone):
    return [n for n in names if n not in gone]


@pytest.fixture
def named(make_event):
    """An event of NAMES whose round 1 seats four of them (the other four have a bye)."""
    event = make_event("names-open", players=0)
    players = {name: player_services.add_player(event, name=name) for name in NAMES}
    round_ = round_services.create_round(event, number=1)
    seats.seat_round(round_, [[players[n].pk for n in SEATED]])
    return event


def director_client(event, language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(event.director)
    return client


def in_page_order(html: str, names) -> list[str]:
    """``names`` by where each first appears in ``html``."""
    return sorted(names, key=lambda name: html.index(name))


@pytest.mark.parametrize("language", sorted(IN))
def test_the_players_page_lists_names_in_the_order_of_the_language(named, language):
    page = director_client(named, language).get(f"/director/{named.slug}/players/")
    assert [p.name for p in page.context["players"]] == IN[language]
    table = page.content.decode().split('class="list stack-on-phone players"', 1)[1]
    assert in_page_order(table, NAMES) == IN[language]


@pytest.mark.parametrize("language", ["en", "fi"])
def test_the_public_seating_lists_byes_in_the_order_of_the_language(named, language):
    page = Client(HTTP_ACCEPT_LANGUAGE=language).get(f"/e/{named.slug}/seating/")
    assert [p.name for p in page.context["byes"]] == without(IN[language], SEATED)


@pytest.mark.parametrize("language", ["en", "cs"])
def test_the_seating_print_lists_names_in_the_order_of_the_language(named, language):
    page = director_client(named, language).get(f"/director/{named.slug}/rounds/1/print/")
    assert [row[0] for row in page.context["by_name"]] == IN[language]
    assert page.context["byes"] == without(IN[language], SEATED)


@pytest.mark.parametrize("language", ["en", "cs", "fi"])
def test_the_pins_export_lists_names_in_the_order_of_the_language(named, language):
    Event.objects.filter(pk=named.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    content = director_client(named, language).get(f"/director/{named.slug}/pins.csv").content
    rows = list(csv.reader(io.StringIO(content.decode("utf-8"))))[1:]
    assert [row[1] for row in rows] == IN[language]


@pytest.mark.parametrize("language", ["cs", "fi"])
def test_the_seat_round_choices_are_in_the_order_of_the_language(named, language):
    page = director_client(named, language).get(f"/director/{named.slug}/rounds/1/seating/")
    choices = page.context["form"].fields["t1_E"].choices
    assert [label for _value, label in choices[1:]] == IN[language]


@pytest.mark.parametrize("language", ["en", "cs", "fi"])
def test_the_players_api_pages_through_names_in_the_order_of_the_language(named, language):
    client = APIClient(HTTP_ACCEPT_LANGUAGE=language)
    client.force_authenticate(named.director)
    url = f"/api/events/{named.slug}/players/"
    whole = client.get(url).json()
    assert whole["count"] == len(NAMES)
    assert [p["name"] for p in whole["results"]] == IN[language]
    pages = [client.get(url, {"limit": 3, "offset": o}).json() for o in (0, 3, 6)]
    assert [p["name"] for page in pages for p in page["results"]] == IN[language]
    assert pages[0]["count"] == len(NAMES)


def test_the_discipline_api_and_the_foul_list_filter_follow_the_language(named):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="fi")
    client.force_authenticate(named.director)
    rows = client.get(f"/api/events/{named.slug}/discipline/").json()
    assert [row["player_name"] for row in rows] == IN["fi"]
    page = director_client(named, "cs").get(f"/referee/{named.slug}/fouls/")
    assert [p.name for p in page.context["players"]] == IN["cs"]


def test_teams_are_listed_in_the_order_of_the_language(named):
    for name in ("Zürich", "Ängelholm", "Chrudim", "Hradec"):
        team_services.create_team(named, name)
    page = director_client(named, "cs").get(f"/director/{named.slug}/teams/")
    assert [t.name for t in page.context["teams"]] == ["Ängelholm", "Hradec", "Chrudim", "Zürich"]
    form = director_client(named, "fi").get(f"/director/{named.slug}/players/").context["form"]
    assert [label for _pk, label in form.fields["team"].choices[1:]] == [
        "Chrudim", "Hradec", "Zürich", "Ängelholm",
    ]  # fmt: skip
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_authenticate(named.director)
    teams = client.get(f"/api/events/{named.slug}/teams/").json()
    assert [t["name"] for t in teams] == ["Ängelholm", "Chrudim", "Hradec", "Zürich"]


def test_staff_are_listed_by_username_in_the_order_of_the_language(named, make_user):
    for username in ("zoë", "ähtäri", "hrubý", "chmelař"):
        staff_services.assign_referee(
            named, make_user(username), role=RefereeAssignment.Role.FLOOR, table_numbers=[1]
        )
    page = director_client(named, "cs").get(f"/director/{named.slug}/referees/")
    order = ["ähtäri", "hrubý", "chmelař", "zoë"]
    assert [entry["user"].username for entry in page.context["staff"]] == order
    client = APIClient(HTTP_ACCEPT_LANGUAGE="fi")
    client.force_authenticate(named.director)
    listed = client.get(f"/api/events/{named.slug}/referees/").json()["results"]
    assert [r["username"] for r in listed] == ["chmelař", "hrubý", "zoë", "ähtäri"]


def test_events_of_the_same_day_are_listed_by_name_latest_day_first(director):
    """Undated events (still being set up) come first; the home page's query groups by event,
    where Django leaves out ``Event.Meta.ordering``, so it had no order at all."""
    for name, day in [
        ("Zoë Cup", date(2026, 5, 1)),
        ("Ähtäri Open", date(2026, 5, 1)),
        ("Łódź Riichi", date(2026, 5, 1)),
        ("Zeta Open", date(2026, 6, 1)),
        ("Ölands Open", date(2026, 6, 1)),
        ("Autumn Open", None),
    ]:
        slug = re.sub(r"[^a-z]+", "-", name.lower().encode("ascii", "ignore").decode())
        event_services.save_event(
            Event(
                name=name,
                slug=slug.strip("-"),
                ruleset="mcr",
                is_public=True,
                director=director,
                start_date=day,
            )
        )
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get("/").context["events"]
    assert [e.name for e in english] == [
        "Autumn Open", "Ölands Open", "Zeta Open", "Ähtäri Open", "Łódź Riichi", "Zoë Cup",
    ]  # fmt: skip
    finnish = Client(HTTP_ACCEPT_LANGUAGE="fi").get("/").context["events"]
    assert [e.name for e in finnish] == [
        "Autumn Open", "Zeta Open", "Ölands Open", "Łódź Riichi", "Zoë Cup", "Ähtäri Open",
    ]  # fmt: skip
