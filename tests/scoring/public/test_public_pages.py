"""What players and the hall see, read from the standings snapshot."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring.results import services as result_services
from scoring.standings.models import StandingsSnapshot
from scoring.standings.services import reconcile as standings_reconcile
from tests.support.pages import standings_rows
from tournament.hall import services as hall_services
from tournament.rounds import services as round_services
from tournament.rounds.models import Round
from tournament.rounds.services import seats as seat_services

pytestmark = pytest.mark.django_db


def results(hall, scores_by_table):
    round_ = hall.event.rounds.get(number=1)
    for number, scores in scores_by_table.items():
        table = round_.tables.get(number=number)
        by_wind = dict(zip("ESWN", scores, strict=True))
        result_services.enter_result(table, hall.director, by_wind)


def settle(hall):
    """What the on-commit reconcile does (test transactions never commit)."""
    standings_reconcile.reconcile_event(hall.event.pk)
    hall.event.refresh_from_db()


@pytest.fixture
def played(make_hall):
    h = make_hall("mcr")
    results(h, {1: (40, 5, 0, -45), 2: (10, 10, 10, -30)})
    h.foul(
        h.floor, "false_win", h.south, {"reason": "invalid_hand"}, explanation="Hand was 6 points"
    )
    settle(h)
    return h


def test_standings_page_shows_places_and_links(played):
    response = Client().get(f"/e/{played.event.slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    rows = standings_rows(html)
    assert len(rows) == 8
    assert rows[0][:3] == ["1", played.east.name, "4"]
    places = [int(r[0]) for r in rows]
    assert places == sorted(places)
    assert f"/e/{played.event.slug}/players/{played.east.pk}/" in html


def test_standings_fragment_answers_304_until_something_changes(played):
    client = Client()
    url = f"/e/{played.event.slug}/standings/"
    first = client.get(url)
    etag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    played.foul(played.floor, "short_hand", played.west)
    settle(played)
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_updating_shown_while_the_snapshot_is_behind(played):
    StandingsSnapshot.objects.filter(event=played.event).update(revision=0)
    response = Client().get(f"/e/{played.event.slug}/standings/")
    assert "Updating" in response.content.decode()


@pytest.mark.parametrize("players", [16, 400])
def test_standings_page_uses_at_most_five_queries(make_hall, players):
    h = make_hall("mcr", players=players)
    round_ = h.event.rounds.get(number=1)
    for table in round_.tables.all():
        result_services.enter_result(
            table, h.director, dict(zip("ESWN", (30, 10, -10, -30), strict=True))
        )
    settle(h)
    client = Client()
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/e/{h.event.slug}/")
    assert response.status_code == 200
    assert len(standings_rows(response.content.decode())) == players
    # event + snapshot (one join), announcements, rounds for the navigation
    assert len(queries) <= 5, [q["sql"] for q in queries]


def test_penalties_page_strikes_voided_reports(played):
    report = played.foul(played.floor, "short_hand", played.west).json()
    played.void(played.head, report["id"], "Tiles were counted wrong")
    settle(played)
    text = Client().get(f"/e/{played.event.slug}/penalties/").content.decode()
    assert "<s>" in text and "Voided: Tiles were counted wrong" in text
    assert "Hand was 6 points" in text


def test_where_do_i_sit(make_hall):
    h = make_hall("mcr")
    round2 = round_services.create_round(h.event, number=2)
    ids = list(h.event.players.order_by("-pk").values_list("pk", flat=True))
    seat_services.seat_round(round2, [ids[:4], ids[4:]])
    round_services.update_round(h.event.rounds.get(number=1), status=Round.Status.CLOSED)
    response = Client().get(f"/e/{h.event.slug}/seating/?q={h.east.name}")
    assert response.context["round"].number == 2
    [(seat, table)] = response.context["matches"]
    assert seat.player == h.east and table.number == 2


def test_player_page(played):
    round2 = round_services.create_round(played.event, number=2)
    ids = list(played.event.players.order_by("-pk").values_list("pk", flat=True))
    seat_services.seat_round(round2, [ids[:4], ids[4:]])
    response = Client().get(f"/e/{played.event.slug}/players/{played.south.pk}/")
    assert response.status_code == 200
    context = response.context
    assert [p["seat"]["round"] for p in context["played"]] == [1]
    played_round = context["played"][0]
    assert {o["player_id"] for o in played_round["opponents"]} == {
        played.east.pk,
        played.west.pk,
        played.north.pk,
    }
    assert played_round["line"]["score"] == 5 - 30 and played_round["line"]["penalty"] == -30
    assert context["upcoming"]["seat"]["round"] == 2
    assert [r.code for r in context["reports"]] == ["false_win"]
    text = response.content.decode()
    assert "Hand was 6 points" in text and "<svg" in text
    again = Client().get(
        f"/e/{played.event.slug}/players/{played.south.pk}/", HTTP_IF_NONE_MATCH=response["ETag"]
    )
    assert again.status_code == 304


def test_round_results_page(played):
    response = Client().get(f"/e/{played.event.slug}/rounds/1/")
    table1 = response.context["tables"][0]
    lines = {s["seat"].player_id: s["line"] for s in table1["seats"]}
    assert lines[played.east.pk]["units_display"] == "4"
    assert lines[played.south.pk]["penalty"] == -30


def test_projector_feed_clock_and_announcements(played):
    round_ = played.event.rounds.get(number=1)
    Round.objects.filter(pk=round_.pk).update(
        starts_at=timezone.now() - timedelta(minutes=115), length_minutes=120
    )
    table = round_.tables.get(number=2)
    hall_services.extend_table(
        table, played.event.director, minutes=5, reason="ruling", idempotency_key="x1"
    )
    hall_services.add_announcement(played.event, "Lunch at 13:00 in the foyer")
    feed = Client().get(f"/e/{played.event.slug}/projector.json").json()
    assert feed["clock"]["state"] == "last_minutes"
    assert feed["clock"]["extra"][0]["table"] == 2
    assert feed["announcements"] == ["Lunch at 13:00 in the foyer"]
    assert feed["rows"][0]["place"] == 1
    assert Client().get(f"/e/{played.event.slug}/projector/").status_code == 200


def test_private_event_is_hidden(played):
    played.event.is_public = False
    played.event.save()
    for tail in (
        "",
        "standings/",
        "penalties/",
        "seating/",
        "projector.json",
        f"players/{played.east.pk}/",
    ):
        assert Client().get(f"/e/{played.event.slug}/{tail}").status_code == 404
    staff = Client()
    staff.force_login(played.floor)
    assert staff.get(f"/e/{played.event.slug}/").status_code == 200


@pytest.mark.parametrize("language", ["cs", "fr", "fi", "pl"])
def test_pages_speak_the_browsers_language(played, language):
    from django.utils import translation

    with translation.override(language):
        standings = translation.gettext("Standings")
        false_win = translation.gettext("False win")
    assert standings != "Standings" and false_win != "False win"
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    assert standings in client.get(f"/e/{played.event.slug}/").content.decode()
    assert false_win in client.get(f"/e/{played.event.slug}/penalties/").content.decode()


def test_anonymous_page_kept_then_refreshed(played):
    client = Client()
    url = f"/e/{played.event.slug}/"
    first = client.get(url).content
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).content == first
    assert len(queries) == 1  # the event with its revisions; the page itself from the cache
    hall_services.add_announcement(played.event, "Prize giving at 18:00")
    assert "Prize giving at 18:00" in client.get(url).content.decode()
    hall_services.set_announcement_shown(played.event.announcements.get(), False)
    assert "Prize giving at 18:00" not in client.get(url).content.decode()


def test_announcements_leave_the_standings_alone(played, django_capture_on_commit_callbacks):
    settle(played)
    revision = played.event.revision
    with django_capture_on_commit_callbacks() as callbacks:
        announcement = hall_services.add_announcement(played.event, "Round 3 starts at 14:30")
        hall_services.set_announcement_shown(announcement, False)
    played.event.refresh_from_db()
    assert (played.event.revision, played.event.announcements_revision) == (revision, 2)
    assert callbacks == []  # no standings_changed, so no reconcile


def test_logged_in_visitors_get_their_own_page(played):
    client = Client()
    client.force_login(played.floor)
    text = client.get(f"/e/{played.event.slug}/").content.decode()
    assert played.floor.username in text
    assert played.floor.username not in Client().get(f"/e/{played.event.slug}/").content.decode()
