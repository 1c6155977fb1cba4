"""One time zone, the event's, on every page about the event (issue 43, item 8): the staff score
sheet showed 01:12 (UTC) where the players saw 02:12.

The sweep walks every URL of the URL conf that names an event, as its director, a signed-in
player and an anonymous visitor, in an event far from UTC (Kathmandu, +05:45: no local time
shares its minutes with UTC). Every template of every answer must be rendered in the event's
zone, every ISO time in an answer must carry the event's offset, and no page may show one of
the event's stored moments as UTC would."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from datetime import UTC, timedelta

import pytest
from django.test import Client
from django.test.signals import template_rendered
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone, translation
from django.utils.formats import date_format, time_format

from penalties import services as penalties
from penalties.models import FoulReport
from scoring.results import services as result_services
from scoring.sheets import services as sheets
from scoring.sheets.models import HandDispute, RefereeCall, SheetHand
from scoring.sheets.services import Author
from tests.support.players import player_client
from tournament.events import services as event_services
from tournament.hall import services as hall_services
from tournament.players.access import pins
from tournament.rounds.models import Round, Table

pytestmark = pytest.mark.django_db

ZONE = "Asia/Kathmandu"
OFFSET = "+05:45"
ISO_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(Z|[+-]\d\d:?\d\d)")
# An interchange file, not a page: every moment with its own offset, read back by the import
# (anonymised or not, downloaded or through the API).
NOT_LOCAL = {
    "director/<slug:slug>/export/archive.json",
    "director/<slug:slug>/export/anonymised-archive.json",
    "api/events/<slug:event>/archive/",
}


def walk(patterns, prefix="") -> Iterator[str]:
    for p in patterns:
        if isinstance(p, URLResolver):
            yield from walk(p.url_patterns, prefix + str(p.pattern))
        elif isinstance(p, URLPattern):
            yield prefix + str(p.pattern)


def event_routes() -> list[str]:
    return [
        route
        for route in walk(get_resolver().url_patterns)
        if ("<slug:slug>" in route or "<slug:event>" in route) and not route.startswith("admin/")
    ]


@pytest.fixture
def world(make_hall):
    hall = make_hall("riichi_ema")
    event = hall.event
    event.time_zone = ZONE
    event.keeps_score_sheets = event.players_enter_hands = True
    event_services.save_event(event)
    Round.objects.filter(event=event, number=1).update(
        starts_at=timezone.now().replace(second=0, microsecond=0) - timedelta(minutes=37)
    )
    table = Table.objects.select_related("round__event").get(
        round__event=event, round__number=1, number=1
    )
    ron = {"kind": "win", "winner": 1, "discarder": 2, "han": 3, "fu": 30}
    sheets.add_hand(
        table, ron, author=Author(user=hall.head), number=1, idempotency_key=uuid.uuid4().hex
    )
    sheets.add_hand(
        table, {"kind": "draw"}, author=Author(player=hall.south), number=2,
        idempotency_key=uuid.uuid4().hex,
    )  # fmt: skip
    sheets.dispute_hand(table, 2, author=Author(player=hall.east), version=1, reason="no draw")
    sheets.call_referee(table, author=Author(player=hall.west))
    penalties.record_foul(
        event,
        hall.floor,
        penalties.FoulInput(
            round=1, table=1, offender=hall.south.pk, code="short_hand", idempotency_key="tz-1"
        ),
    )
    table2 = Table.objects.get(round__event=event, round__number=1, number=2)
    result_services.enter_result(
        table2, hall.head, {"E": 40000, "S": 30000, "W": 30000, "N": 20000}
    )
    hall_services.add_announcement(event, "Lunch after round 2")
    pins.ensure_pins(event)
    return hall


def moments(hall) -> list:
    event = hall.event
    found = [r.starts_at for r in Round.objects.filter(event=event) if r.starts_at]
    for model, field, where in (
        (SheetHand, "created_at", {"sheet__event": event}),
        (HandDispute, "created_at", {"hand__sheet__event": event}),
        (RefereeCall, "created_at", {"round__event": event}),
        (FoulReport, "created_at", {"event": event}),
    ):
        found += list(model.objects.filter(**where).values_list(field, flat=True))
    assert len(found) >= 6
    return found


def utc_spellings(moments_: list) -> set[str]:
    """Each moment as a page would show it in UTC: 24-hour clock and the English formats."""
    shown = set()
    with translation.override("en"):
        for moment in moments_:
            utc = moment.astimezone(UTC)
            shown |= {
                utc.strftime("%H:%M"),
                time_format(utc, "TIME_FORMAT"),
                date_format(utc, "DATETIME_FORMAT"),
            }
    return shown


def fill(route: str, hall) -> str:
    values = {
        "slug": hall.event.slug,
        "event": hall.event.slug,
        "number": "1",
        "round_number": "1",
        "table": "1",
        "table_number": "1",
        "hand": "1",
        "code": "short_hand",
        "fmt": "csv",
        "pk": str(hall.south.pk),
        "player_id": str(hall.south.pk),
        "token": pins.card_token(hall.south),
        "dispute": "1",
        "call": "1",
    }
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values.get(m.group(1), "1"), route)


def test_every_event_page_shows_the_events_time(world, settings):
    settings.PUBLIC_PAGE_SECONDS = 0
    hall = world
    director = Client()
    director.force_login(hall.director)
    callers = {"director": director, "player": player_client(hall, hall.south), "anyone": Client()}
    utc_shown = utc_spellings(moments(hall))
    rendered: list[tuple[str, str]] = []

    def seen(sender, template, context, **kwargs):
        rendered.append((template.name or "", timezone.get_current_timezone_name()))

    template_rendered.connect(seen, dispatch_uid="event-time-sweep")
    problems, answered = [], set()
    try:
        for route in event_routes():
            url = fill(route, hall)
            for who, client in callers.items():
                rendered.clear()
                response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
                if response.status_code >= 300 or getattr(response, "streaming", False):
                    continue
                answered.add(route)
                body = response.content.decode("utf-8", "replace")
                for name, zone in rendered:
                    if zone != ZONE:
                        problems.append(f"{who} {url}: {name} rendered in {zone}")
                if route not in NOT_LOCAL:
                    for match in ISO_TIME.finditer(body):
                        if match.group(1) not in (OFFSET, "+0545"):
                            problems.append(f"{who} {url}: {match.group(0)}")
                for utc in utc_shown:
                    if re.search(rf"(?<![\d:]){re.escape(utc)}(?![\d:])", body):
                        problems.append(f"{who} {url}: shows {utc!r} (UTC)")
    finally:
        template_rendered.disconnect(dispatch_uid="event-time-sweep")
    assert not problems, "\n".join(sorted(set(problems)))
    # The sweep reached the pages of every audience, the ones of the report first.
    for route in (
        "sheets/<slug:slug>/r<int:round_number>/t<int:table_number>/",
        "e/<slug:slug>/play/",
        "referee/<slug:slug>/r<int:round_number>/t<int:table_number>/",
        "referee/<slug:slug>/fouls/",
        "director/<slug:slug>/rounds/<int:number>/",
        "director/<slug:slug>/rounds/",
        "e/<slug:slug>/",
        "api/events/<slug:event>/rounds/<int:number>/tables/<int:table>/sheet/",
    ):
        assert route in answered, route
    assert len(answered) > 60


def test_the_staff_sheet_shows_the_hands_local_time(world):
    """The report's case: the sheet's history as the head referee and as the player see it."""
    hall = world
    staff = Client()
    staff.force_login(hall.head)
    hand = SheetHand.objects.get(number=1)
    local = timezone.localtime(hand.created_at, hall.event.tzinfo).strftime("%H:%M")
    utc = hand.created_at.astimezone(UTC).strftime("%H:%M")
    for client in (staff, player_client(hall, hall.south)):
        url = (
            f"/sheets/{hall.event.slug}/r1/t1/"
            if client is staff
            else f"/e/{hall.event.slug}/play/"
        )
        page = client.get(url).content.decode()
        assert f">{local}</time>" in page
        assert f">{utc}</time>" not in page
