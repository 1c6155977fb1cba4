"""Post/Redirect/Get on every page form: a successful POST answers with a redirect, so that Back,
Forward and reload never send a write again. A form that fails is shown again with its errors
(nothing was written; its resubmission is harmless).

``POST_ROUTES`` names every page route that takes a POST: the probe below finds them all
(anything but a 405 to an empty POST), so a new form must be added here, with a success case
that is checked, or the reason it needs none."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.messages import ERROR, get_messages
from django.urls import URLResolver, get_resolver, reverse

from penalties.models import FoulReport
from scoring.results.models import TableResult
from tests.support.confirming import post_confirmed
from tests.support.players import player_client
from tournament.events.models import Event
from tournament.players.models import Player, Team
from tournament.rounds.models import Round

pytestmark = pytest.mark.django_db

FORMS_CHECKED = "a success case below"
# Read in the audit: each answers a success with ``redirect``; their own tests drive them.
AUDITED = "redirects on success (audited; its own tests drive it)"

POST_ROUTES = {
    "login": "Django's LoginView: redirects on success",
    "logout": "Django's LogoutView: redirects",
    "set_language": "Django's set_language: redirects",
    "sheets-table": FORMS_CHECKED,
    "sheets-play": FORMS_CHECKED,
    "sheets-reissue-pin": FORMS_CHECKED,
    "director:event-create": FORMS_CHECKED,
    "stats:awards": AUDITED,
    "director:event-edit": FORMS_CHECKED,
    "director:players": FORMS_CHECKED,
    "director:player-edit": FORMS_CHECKED,
    "director:player-status": FORMS_CHECKED,
    "director:player-import": AUDITED,
    "director:rounds": FORMS_CHECKED,
    "director:round-status": FORMS_CHECKED,
    "director:round-edit": AUDITED,
    "director:round-clock": FORMS_CHECKED,
    "director:seat-round": AUDITED,
    "director:referees": AUDITED,
    "director:hall": FORMS_CHECKED,
    "director:seating": AUDITED,
    "director:referee-remove": AUDITED,
    "director:invitation-renew": AUDITED,
    "director:invitation-withdraw": AUDITED,
    "board:close": FORMS_CHECKED,
    "board:confirm-sheets": AUDITED,
    "results:table": FORMS_CHECKED,
    "formats:teams": FORMS_CHECKED,
    "formats:team-delete": FORMS_CHECKED,
    "formats:stages": AUDITED,
    "formats:stage-edit": AUDITED,
    "formats:cut": AUDITED,
    "formats:seat-stage": AUDITED,
    "repricing:reprice": AUDITED,
    "reseat:table": "asks first (409, nothing written), redirects once confirmed "
    "(tests/scoring/reseat/test_seat_correction_page.py drives it)",
    "referee:void": FORMS_CHECKED,
    "referee:foul": FORMS_CHECKED,
    "staff:invitation": AUDITED,
    "staff:roles-seen": FORMS_CHECKED,
    "notify:choices": AUDITED,
    "notify:director": AUDITED,
    "notify:subscribe": "a JSON endpoint of the page's script (201 or 400), not a form",
    "notify:forget": "a JSON endpoint of the page's script, not a form",
    "notify:unsubscribe": "RFC 8058 one-click unsubscribe: the mail client POSTs and expects "
    "a 2xx; repeating it changes nothing",
    "ranking-director:event": AUDITED,
    "ranking-director:import": "the upload answers its preview (nothing written but the file "
    "kept an hour); the confirmation redirects (audited; tests/scoring/ranking drives it)",
    "ranking-director:settings": AUDITED,
    "persons:registry": AUDITED,
    "persons:person": AUDITED,
    "onlinelogs:player": AUDITED + " (tests/scoring/onlinelogs/test_pages.py)",
    "onlinelogs:round": "the upload answers its proposal (nothing written); the confirmation "
    "redirects to the round board (tests/scoring/onlinelogs/test_pages.py)",
    "onlinelogs:names": AUDITED + " (tests/scoring/onlinelogs/test_pages.py)",
    "registration-form": "redirects to the page that shows the private link once (its tests)",
    "registration-mine": AUDITED,
    "registration-self-check-in": AUDITED,
    "director:registration": AUDITED,
    "director:registration-action": AUDITED,
    "director:registration-approve": AUDITED,
    "director:check-in": AUDITED,
    "director:check-in-player": "the desk script's JSON endpoint: no page to reload",
    "director:fees-settings": AUDITED,
    "director:fees-person": AUDITED,
    "director:channels": AUDITED,
    "director:channel-remove": AUDITED,
    "director:extra-time": AUDITED,
    "referee:extra-time": AUDITED,
    "director:fees-desk-selected": "to the desk (audited; tests/tournament/fees drives it)",
    "director:fees-desk-pay": "the desk script's JSON endpoint: no page to reload",
}


def _routes(patterns, namespace=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = namespace + (f"{pattern.namespace}:" if pattern.namespace else "")
            yield from _routes(pattern.url_patterns, inner)
        elif pattern.name:
            yield namespace + pattern.name, pattern


def test_every_page_route_that_takes_a_post_is_listed(make_hall, client):
    hall = make_hall("riichi_ema")
    values = {"slug": hall.event.slug, "token": "x", "code": "chombo"}
    taking = set()
    for name, pattern in _routes(get_resolver().url_patterns):
        kwargs = {key: values.get(key, 1) for key in pattern.pattern.converters}
        try:
            url = reverse(name, kwargs=kwargs)
        except Exception:  # noqa: BLE001 (the admin's routes with choices)
            continue
        if url.startswith(("/api/", "/admin/")):
            continue
        client.force_login(hall.director)
        if client.post(url, {}).status_code != 405:
            taking.add(name)
    assert taking == set(POST_ROUTES)


@pytest.fixture
def riichi(make_hall):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
    hall.event.refresh_from_db()
    return hall


def _signed_in(client, user):
    client.force_login(user)
    return client


def _hand(number=1, **extra):
    return {
        "action": "add", "number": number, "idempotency_key": uuid.uuid4().hex, "kind": "win",
        "winner": 1, "discarder": 2, "han": 3, "fu": 30, **extra,
    }  # fmt: skip


def play_add(h, client):
    return player_client(h, h.south).post(f"/e/{h.event.slug}/play/", _hand())


def play_confirm(h, client):
    player_client(h, h.south).post(f"/e/{h.event.slug}/play/", _hand())
    return player_client(h, h.west).post(
        f"/e/{h.event.slug}/play/", {"action": "confirm", "number": 1, "version": 1}
    )


def play_sign_in(h, client):
    from tournament.players.access import pins

    pins.ensure_pins(h.event)
    player = Player.objects.get(pk=h.south.pk)
    return client.post(
        f"/e/{h.event.slug}/play/", {"player": player.pk, "pin": pins.pin_of(player)}
    )


def play_sign_out(h, client):
    return player_client(h, h.south).post(f"/e/{h.event.slug}/play/", {"action": "sign-out"})


def sheet_add(h, client):
    return _signed_in(client, h.head).post(f"/sheets/{h.event.slug}/r1/t1/", _hand())


def sheet_close(h, client):
    _signed_in(client, h.head).post(f"/sheets/{h.event.slug}/r1/t1/", _hand())
    return client.post(f"/sheets/{h.event.slug}/r1/t1/", {"action": "close", "reason": "time"})


def sheet_correct(h, client):
    _signed_in(client, h.head).post(f"/sheets/{h.event.slug}/r1/t1/", _hand())
    form = _hand(action="correct", han=4, reason="typo", based_on_version=1)
    return client.post(f"/sheets/{h.event.slug}/r1/t1/", form)


def result_save(h, client):
    scores = {"score_E": 30000, "score_S": 30000, "score_W": 30000, "score_N": 30000}
    form = {"based_on_version": 0, "idempotency_key": uuid.uuid4().hex, **scores}
    return _signed_in(client, h.head).post(f"/referee/{h.event.slug}/r1/t1/result/", form)


def result_confirm(h, client):
    Event.objects.filter(pk=h.event.pk).update(results_need_confirmation=True)
    result_save(h, client)
    assert TableResult.objects.exists()
    return _signed_in(client, h.director).post(
        f"/referee/{h.event.slug}/r1/t1/result/", {"action": "confirm", "version": 1}
    )


def foul(h, client):
    form = {"offender": h.south.pk, "idempotency_key": uuid.uuid4().hex}
    return _signed_in(client, h.floor).post(f"/referee/{h.event.slug}/r1/t1/chombo/", form)


def void(h, client):
    foul(h, client)
    report = FoulReport.objects.get()
    return _signed_in(client, h.head).post(
        f"/referee/{h.event.slug}/fouls/{report.pk}/void/", {"reason": "appeal upheld"}
    )


def board_close(h, client):
    return post_confirmed(
        _signed_in(client, h.director), f"/director/{h.event.slug}/rounds/1/close/"
    )


def director(path, data):
    def post(h, client):
        return _signed_in(client, h.director).post(
            f"/director/{h.event.slug}/{path}".format(player=h.south.pk), data(h)
        )

    return post


def event_create(h, client):
    form = {
        "name": "Spring", "slug": "spring", "ruleset": "mcr", "time_zone": "UTC",
        "status": Event.Status.DRAFT,
    }  # fmt: skip
    return _signed_in(client, h.director).post("/director/new/", form)


def event_edit(h, client):
    page = _signed_in(client, h.director).get(f"/director/{h.event.slug}/edit/")
    form = {
        name: field.value()
        for name, field in ((n, page.context["form"][n]) for n in page.context["form"].fields)
        if field.value() not in (None, False)
    }
    form["name"] = "Renamed"
    return client.post(f"/director/{h.event.slug}/edit/", form)


def team_delete(h, client):
    team = Team.objects.create(event=h.event, name="Red")
    return _signed_in(client, h.director).post(f"/director/{h.event.slug}/teams/{team.pk}/remove/")


def roles_seen(h, client):
    return _signed_in(client, h.floor).post("/staff/roles/seen/", {})


CASES = {
    "player adds a hand": play_add,
    "player confirms a hand": play_confirm,
    "player signs in": play_sign_in,
    "player signs out": play_sign_out,
    "staff adds a hand": sheet_add,
    "staff corrects a hand": sheet_correct,
    "staff closes the sheet": sheet_close,
    "result saved": result_save,
    "result confirmed": result_confirm,
    "foul recorded": foul,
    "foul voided": void,
    "round closed on the board": board_close,
    "PIN reissued": director("players/{player}/pin/", lambda h: {}),
    "player added": director("players/", lambda h: {"add": "1", "name": "Newcomer"}),
    "player edited": director(
        "players/{player}/", lambda h: {"name": "Renamed", "status": Player.Status.ACTIVE}
    ),
    "player status": director("players/{player}/status/", lambda h: {"status": "dropped"}),
    "round created": director("rounds/", lambda h: {"number": 2, "length_minutes": 90}),
    "round status": director(
        "rounds/1/status/", lambda h: {"status": Round.Status.SEATED, "reason": "early start"}
    ),
    "round clock": director("rounds/1/clock/", lambda h: {"action": "start"}),
    "announcement": director("hall/", lambda h: {"announce": "1", "text": "Lunch"}),
    "team added": director("teams/", lambda h: {"add": "1", "name": "Blue"}),
    "team removed": team_delete,
    "event created": event_create,
    "event edited": event_edit,
    "roles seen": roles_seen,
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_successful_post_redirects(riichi, client, case):
    response = CASES[case](riichi, client)
    form = response.context and response.context.get("form")
    assert response.status_code in (302, 303), (response.status_code, form and form.errors)
    # A success, not a refusal that also redirects with its reason.
    refused = [m.message for m in get_messages(response.wsgi_request) if m.level >= ERROR]
    assert not refused
