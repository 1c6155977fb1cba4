"""Who may call what: every URL of the URL conf, every method, eight kinds of caller.

The expected rights are written below per URL name. A URL without an entry fails the test, so a
new endpoint cannot ship without a decision about who may use it. Every request runs inside a
savepoint that is rolled back, so one caller's write cannot change what the next one sees.
Allowed means "got past the rights checks" (any answer but 401/403/404/405 or a redirect to the
login page); denied means 401, 403 or 404 (or the login redirect). Nothing may answer 500.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from penalties import services as penalties
from scoring.results import services as result_services
from tournament.events import services as event_services
from tournament.events.models import Event
from tournament.formats.services import stages as stage_services
from tournament.formats.services import teams as team_services
from tournament.persons.models import Person
from tournament.players.models import PlayerImport
from tournament.seating import services as seating_service
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment
from tournament.staff.services import invitations

pytestmark = pytest.mark.django_db

ANON, PLAYER, REF_OTHER, FLOOR_OTHER_TABLE = "anonymous", "player", "ref_other_event", "floor_t2"
FLOOR, HEAD, DIR_OTHER, DIRECTOR = "floor_t1", "head", "director_other_event", "director"
ROLES = [ANON, PLAYER, REF_OTHER, FLOOR_OTHER_TABLE, FLOOR, HEAD, DIR_OTHER, DIRECTOR]
ALL = frozenset(ROLES)
LOGGED_IN = ALL - {ANON}
DIRECTORS = frozenset({DIRECTOR})
EVENT_CREATORS = frozenset({DIRECTOR, DIR_OTHER})
HEAD_OR_DIRECTOR = frozenset({HEAD, DIRECTOR})
TABLE1_RECORDERS = frozenset({FLOOR, HEAD, DIRECTOR})
REFEREES = frozenset({FLOOR_OTHER_TABLE, FLOOR, HEAD, DIRECTOR})
METHODS = ("get", "post", "put", "patch", "delete")
# /docs/ is the static documentation site, public by design (tests/test_docs_site.py).
SKIPPED_PREFIXES = ("admin/", "docs/")


def walk(patterns, prefix="", namespace=None) -> Iterator[tuple[str, str]]:
    for p in patterns:
        if isinstance(p, URLResolver):
            yield from walk(p.url_patterns, prefix + str(p.pattern), p.namespace or namespace)
        elif isinstance(p, URLPattern) and p.name:
            name = f"{namespace}:{p.name}" if namespace else p.name
            yield prefix + str(p.pattern), name


class World:
    def __init__(self, make_hall, make_user, other_director):
        hall = make_hall("mcr")
        self.hall = hall
        event = hall.event
        event.results_need_confirmation = True
        event.keeps_score_sheets = event.players_enter_hands = True
        event_services.save_event(event)
        self.event = event
        self.other = event_services.save_event(
            Event(name="Other Cup", slug="other-cup", ruleset="mcr", director=other_director)
        )
        ref_other = make_user("ref-other")
        staff_services.assign_referee(self.other, ref_other, role=RefereeAssignment.Role.FLOOR)
        self.users = {
            ANON: None,
            PLAYER: make_user("just-a-player"),
            REF_OTHER: ref_other,
            FLOOR_OTHER_TABLE: hall.other_floor,
            FLOOR: hall.floor,
            HEAD: hall.head,
            DIR_OTHER: other_director,
            DIRECTOR: hall.director,
        }
        self.report, _ = penalties.record_foul(
            event,
            hall.floor,
            penalties.FoulInput(
                round=1,
                table=1,
                offender=hall.south.pk,
                code="short_hand",
                idempotency_key="world-1",
            ),
        )
        table1 = event.rounds.get(number=1).tables.get(number=1)
        scorekeeper = make_user("scorekeeper")
        staff_services.assign_referee(event, scorekeeper, role=RefereeAssignment.Role.SCOREKEEPER)
        result_services.enter_result(table1, scorekeeper, {"E": 10, "S": 0, "W": 0, "N": -10})
        self.assignment = RefereeAssignment.objects.get(event=event, user=hall.floor)
        self.invitation, self.token = invitations.create_invitation(
            event, hall.director, roles=["floor"], table_numbers=[1]
        )
        self.upload = PlayerImport.objects.create(
            event=event, created_by=hall.director, data=b"name\nUploaded One\n"
        )
        self.draft = seating_service.run_draft(
            seating_service.start_draft(event, hall.director, first_round=2, rounds=1)
        )
        self.player = hall.south
        self.team = team_services.create_team(event, "Matrix Team")
        stage_services.add_stage(event, name="Qualifying", first_round=1, last_round=1)
        self.final = stage_services.add_stage(
            event, name="Final", first_round=2, last_round=2, cut_size=4
        )
        self.person = Person.objects.create(name="Matrix Person", country="CZ")
        from tournament.registration import services as registration_services

        registration_services.update_settings(event, cap=1)
        self.registration = registration_services.sign_up(
            event, {"name": "Matrix Registrant"}, by=hall.director
        )
        from tournament.fees import services as fee_services

        self.fee = fee_services.save_fee(event, None, name="Matrix Fee", amount=1000)
        self.payment = fee_services.record_payment(
            event,
            f"c{self.registration.contact_id}",
            amount=500,
            method="cash",
            by=hall.director,
            key="matrix",
        ).payment
        from tournament.channels import services as channel_services

        self.channel = channel_services.add_channel(
            event,
            service="discord",
            webhook_url="https://discord.com/api/webhooks/1/matrix-secret-token",
        )


def paths(world: World) -> dict[str, str]:
    e = world.event.slug
    return {
        "event": e,
        "slug": e,
        "number": "1",
        "round_number": "1",
        "table": "1",
        "table_number": "1",
        "code": "short_hand",
        "key": "mcr",
        "token": world.token,
        "hand": "1",
        "dispute": "1",
        "call": "1",
        "player_id": str(world.player.pk),
        "player": str(world.player.pk),
        "family": "mcr",
        "kind": "csv",
        "fmt": "csv",
        "person": f"c{world.registration.contact_id}",
    }


def concrete(route: str, name: str, world: World) -> str:
    values = paths(world)
    pk = {
        "director:player-status": world.player.pk,
        "director:player-edit": world.player.pk,
        "director:player-import": world.upload.pk,
        "director:invitation-renew": world.invitation.pk,
        "director:invitation-withdraw": world.invitation.pk,
        "invitation-detail": world.invitation.pk,
        "invitation-renew": world.invitation.pk,
        "director:referee-remove": world.assignment.pk,
        "referee:receipt": world.report.pk,
        "referee:void": world.report.pk,
        "public:player": world.player.pk,
        "player-detail": world.player.pk,
        "player-discipline": world.player.pk,
        "referee-detail": world.assignment.pk,
        "foul-detail": world.report.pk,
        "foul-void": world.report.pk,
        "seating-swap": world.draft.pk,
        "seating-publish": world.draft.pk,
        "sheets-reissue-pin": world.player.pk,
        "formats:team-delete": world.team.pk,
        "formats:stage-edit": world.final.pk,
        "formats:cut": world.final.pk,
        "formats:seat-stage": world.final.pk,
        "team-detail": world.team.pk,
        "stage-detail": world.final.pk,
        "stage-cut": world.final.pk,
        "stage-seat": world.final.pk,
        "ranking:person": world.person.pk,
        "ranking-person": world.person.pk,
        "persons:person": world.person.pk,
        "director:registration-action": world.registration.pk,
        "registration-decision-api": world.registration.pk,
        "fee-detail-api": world.fee.pk,
        "fee-reverse-api": world.payment.pk,
        "stats:player": world.player.pk,
        "stats:person": world.person.pk,
        "person-stats": world.person.pk,
        "director:channel-remove": world.channel.pk,
        "channel-api": world.channel.pk,
    }.get(name)
    import re

    def fill(match):
        key = match.group(2)
        return str(pk) if key == "pk" else values[key]

    return "/" + re.sub(r"<(?:(\w+):)?(\w+)>", fill, route)


def foul_body(world):
    return {
        "round": 1,
        "table": 1,
        "offender": world.hall.south.pk,
        "code": "short_hand",
        "idempotency_key": "matrix",
    }


def form_foul(world):
    return {"offender": world.hall.south.pk, "idempotency_key": "matrix-form", "action": "save"}


STAGE_FORM = {
    "name": "Final",
    "first_round": "3",
    "last_round": "3",
    "carry": "full",
    "rest": "stop",
    "seating": "rank",
}


# name -> {method: (allowed roles, body factory or None)}
def hand_body(world):
    return {"number": 1, "hand": {"kind": "draw"}, "idempotency_key": "matrix-hand"}


RULES = {
    "home": {"get": (ALL, None)},
    # Score sheets
    "table-sheet": {"get": (ALL, None)},
    "round-sheets": {"get": (ALL, None)},
    "table-sheet-hands": {"post": (HEAD_OR_DIRECTOR, hand_body)},
    "table-sheet-hand-correct": {
        "post": (
            HEAD_OR_DIRECTOR,
            lambda w: {**hand_body(w), "reason": "x", "based_on_version": 1},
        )
    },
    "table-sheet-hand-confirm": {"post": (TABLE1_RECORDERS, lambda w: {"version": 1})},
    "table-sheet-close": {"post": (HEAD_OR_DIRECTOR, lambda w: {})},
    "table-sheet-hand-dispute": {
        "post": (TABLE1_RECORDERS, lambda w: {"version": 1, "reason": "x"})
    },
    "table-sheet-hand-strike": {
        "post": (
            HEAD_OR_DIRECTOR,
            lambda w: {"reason": "x", "based_on_version": 1, "idempotency_key": "matrix-strike"},
        )
    },
    "table-sheet-dispute-settle": {"post": (TABLE1_RECORDERS, lambda w: {})},
    # Only a player of the table (signed in with a PIN) calls the referee.
    "table-sheet-calls": {"get": (ALL, None), "post": (frozenset(), lambda w: {})},
    "table-sheet-call-take": {"post": (TABLE1_RECORDERS, lambda w: {})},
    "sheets-table": {
        "get": (TABLE1_RECORDERS, None),
        "post": (TABLE1_RECORDERS, lambda w: {"action": "confirm", "number": 1, "version": 1}),
    },
    "sheets-play": {
        "get": (ALL, None),
        "post": (ALL, lambda w: {"player": w.event.players.first().pk, "pin": "000000"}),
    },
    "sheets-me": {"get": (ALL, None)},
    # Online game logs: the player's page redirects to the PIN sign-in without a PIN session;
    # a table's log is imported by who may enter its hands (this MCR event then refuses it
    # with a 400), a round's by the director; online names are the director's (or the
    # player's own, with a PIN).
    "onlinelogs:player": {"get": (ALL, None), "post": (ALL, lambda w: {})},
    "onlinelogs:round": {"get": (DIRECTORS, None), "post": (DIRECTORS, lambda w: {})},
    "onlinelogs:names": {"get": (DIRECTORS, None), "post": (DIRECTORS, lambda w: {})},
    "table-online-log": {"post": (HEAD_OR_DIRECTOR, lambda w: {"log": "x"})},
    "round-online-logs": {"post": (DIRECTORS, lambda w: {"logs": [{"log": "x"}]})},
    "player-online-names": {
        "get": (ALL, None),
        "put": (DIRECTORS, lambda w: {"tenhou": "Matrix"}),
    },
    "sheets-tiles": {"get": (ALL, None)},
    "sheets-card": {"get": (ALL, None)},
    "sheets-table-public": {"get": (ALL, None)},
    "sheets-play-sw": {"get": (ALL, None)},
    # Notifications: the player's page redirects to the PIN sign-in, its script's endpoints
    # answer 403 without a PIN session (nobody in this matrix has one); the calendar needs its
    # signed token (404 with another); an unsigned unsubscribe link is a 400 for anybody.
    "notify:choices": {"get": (ALL, None), "post": (ALL, lambda w: {})},
    "notify:subscribe": {"post": (frozenset(), lambda w: {})},
    "notify:forget": {"post": (frozenset(), lambda w: {})},
    "notify:calendar": {"get": (frozenset(), None)},
    "notify:unsubscribe": {"get": (ALL, None), "post": (ALL, lambda w: {})},
    "notify:director": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {"enabled": "1", "language": "en"}),
    },
    "sheets-play-manifest": {"get": (ALL, None)},
    "sheets-player-cards": {"get": (DIRECTORS, None)},
    "sheets-pins-csv": {"get": (DIRECTORS, None)},
    "sheets-pins-xlsx": {"get": (DIRECTORS, None)},
    "sheets-reissue-pin": {"post": (DIRECTORS, None)},
    "healthz": {"get": (ALL, None)},
    "favicon": {"get": (ALL, None)},
    "web-manifest": {"get": (ALL, None)},
    "ping": {"get": (ALL, None)},
    "service-worker": {"get": (ALL, None)},
    "login": {"get": (ALL, None), "post": (ALL, lambda w: {"username": "x", "password": "y"})},
    "logout": {"post": (ALL, None)},
    "set_language": {"post": (ALL, lambda w: {"language": "fr"})},
    "schema": {"get": (ALL, None)},
    "api-docs": {"get": (ALL, None)},
    "api-redoc": {"get": (ALL, None)},
    "api-login": {"get": (ALL, None), "post": (ALL, lambda w: {"username": "x", "password": "y"})},
    "rest_framework:login": {
        "get": (ALL, None),
        "post": (ALL, lambda w: {"username": "x", "password": "y"}),
    },
    "rest_framework:logout": {"post": (ALL, None)},
    # Director pages
    "director:event-create": {
        "get": (EVENT_CREATORS, None),
        "post": (
            EVENT_CREATORS,
            lambda w: {
                "name": "New",
                "slug": "new-one",
                "ruleset": "mcr",
                "ruleset_options": "{}",
                "status": "draft",
            },
        ),
    },
    "director:event": {"get": (DIRECTORS, None)},
    "director:event-edit": {
        "get": (DIRECTORS, None),
        "post": (
            DIRECTORS,
            lambda w: {
                "name": "Renamed",
                "slug": w.event.slug,
                "ruleset": "mcr",
                "ruleset_options": "{}",
                "status": "running",
            },
        ),
    },
    "repricing:reprice": {
        "post": (
            DIRECTORS,
            lambda w: {
                "name": w.event.name,
                "slug": w.event.slug,
                "ruleset": "mcr",
                "status": "running",
                "reprice_reason": "matrix",
            },
        )
    },
    "director:players": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {"add": "1", "name": "Newcomer"}),
    },
    "director:player-status": {"post": (DIRECTORS, lambda w: {"status": "dropped"})},
    "director:player-edit": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {"name": "Renamed", "status": "active"}),
    },
    "director:player-import": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {"confirm": "1"}),
    },
    "director:exports": {"get": (DIRECTORS, None)},
    "director:invitation-renew": {"post": (DIRECTORS, None)},
    "director:invitation-withdraw": {"post": (DIRECTORS, None)},
    "director:rounds": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {"length_minutes": "90"}),
    },
    "director:round-status": {"post": (DIRECTORS, lambda w: {"status": "closed"})},
    "director:round-edit": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {"length_minutes": 100}),
    },
    "director:round-clock": {"post": (DIRECTORS, lambda w: {"action": "pause"})},
    "board:round": {"get": (DIRECTORS, None)},
    "board:json": {"get": (DIRECTORS, None)},
    "board:close": {"post": (DIRECTORS, lambda w: {})},
    "board:confirm-sheets": {"post": (DIRECTORS, lambda w: {})},
    "director:seat-round": {"get": (DIRECTORS, None), "post": (DIRECTORS, lambda w: {})},
    "director:table-cards": {"get": (DIRECTORS, None)},
    "director:referees": {
        "get": (DIRECTORS, None),
        "post": (
            DIRECTORS,
            lambda w: {"username": "just-a-player", "role": "floor", "table_numbers": ""},
        ),
    },
    "director:referee-remove": {"post": (DIRECTORS, None)},
    "director:seating": {
        "get": (DIRECTORS, None),
        "post": (
            DIRECTORS,
            lambda w: {
                "generate": "1",
                "first_round": "2",
                "rounds": "1",
                "method": "balanced",
                "fill": "byes",
                "seed": "1",
            },
        ),
    },
    "director:seating-print": {"get": (DIRECTORS, None)},
    "director:hall": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {"announce": "1", "text": "Hello"}),
    },
    # Director exports
    "exports:standings-csv": {"get": (DIRECTORS, None)},
    "exports:standings-xlsx": {"get": (DIRECTORS, None)},
    "exports:results-csv": {"get": (DIRECTORS, None)},
    "exports:hands-csv": {"get": (DIRECTORS, None)},
    "exports:hands-xlsx": {"get": (DIRECTORS, None)},
    "exports:results-xlsx": {"get": (DIRECTORS, None)},
    "exports:ema-csv": {"get": (DIRECTORS, None)},
    "exports:archive-json": {"get": (DIRECTORS, None)},
    "exports:anonymised-archive-json": {"get": (DIRECTORS, None)},
    # The archive through the API, plain or anonymised: the director's, reads included.
    "archive-api": {"get": (DIRECTORS, None)},
    # Staff members' own pages
    "staff:invitation": {"get": (ALL, None), "post": (ALL, lambda w: {"accept": "1"})},
    "staff:roles-seen": {"post": (LOGGED_IN, None)},
    # Referee pages
    "referee:home": {"get": (LOGGED_IN, None)},
    "referee:tables": {"get": (REFEREES, None)},
    "referee:fouls": {"get": (HEAD_OR_DIRECTOR, None)},
    "referee:receipt": {"get": (frozenset({FLOOR, HEAD, DIRECTOR}), None)},
    "referee:void": {"post": (HEAD_OR_DIRECTOR, lambda w: {"reason": "appeal"})},
    "referee:table": {"get": (TABLE1_RECORDERS, None)},
    "referee:foul": {"get": (TABLE1_RECORDERS, None), "post": (TABLE1_RECORDERS, form_foul)},
    "referee:check-hand": {"get": (TABLE1_RECORDERS, None)},
    "reseat:table": {
        "get": (HEAD_OR_DIRECTOR, None),
        "post": (
            HEAD_OR_DIRECTOR,
            lambda w: {
                "action": "swap",
                "swap-first": w.hall.east.pk,
                "swap-second": w.hall.south.pk,
                "swap-reason": "matrix",
                "swap-idempotency_key": "matrix-seats-page",
            },
        ),
    },
    "results:table": {
        "get": (HEAD_OR_DIRECTOR, None),
        "post": (
            HEAD_OR_DIRECTOR,
            lambda w: {
                "score_E": "20",
                "score_S": "-10",
                "score_W": "0",
                "score_N": "-10",
                "based_on_version": 1,
                "reason": "matrix",
                "idempotency_key": "matrix-1",
            },
        ),
    },
    # Public pages
    "public:event": {"get": (ALL, None)},
    "public:standings": {"get": (ALL, None)},
    "public:round": {"get": (ALL, None)},
    "public:penalties": {"get": (ALL, None)},
    "rulebook:rulebook": {"get": (ALL, None)},
    "public:seating": {"get": (ALL, None)},
    "public:player": {"get": (ALL, None)},
    "public:projector": {"get": (ALL, None)},
    "public:projector-feed": {"get": (ALL, None)},
    # API
    "event-list": {
        "get": (ALL, None),
        "post": (
            EVENT_CREATORS,
            lambda w: {"name": "Api Cup", "slug": "api-cup", "ruleset": "riichi_ema"},
        ),
    },
    "event-detail": {
        "get": (ALL, None),
        "put": (DIRECTORS, lambda w: {"name": "Put", "slug": w.event.slug, "ruleset": "mcr"}),
        "patch": (DIRECTORS, lambda w: {"venue": "Brno"}),
    },
    "player-list": {"get": (ALL, None), "post": (DIRECTORS, lambda w: {"name": "Api Player"})},
    "player-import": {
        "post": (
            DIRECTORS,
            lambda w: {"file": io.BytesIO(b"name,country,club,ema_number\nImported One,CZ,,\n")},
        )
    },
    "player-detail": {
        "get": (ALL, None),
        "put": (DIRECTORS, lambda w: {"name": "Renamed"}),
        "patch": (DIRECTORS, lambda w: {"club": "Club"}),
    },
    "round-list": {"get": (ALL, None), "post": (DIRECTORS, lambda w: {})},
    "round-detail": {
        "get": (ALL, None),
        "put": (DIRECTORS, lambda w: {"length_minutes": 100}),
        "patch": (DIRECTORS, lambda w: {"length_minutes": 100}),
    },
    "round-seating": {
        "put": (
            DIRECTORS,
            lambda w: {
                "tables": [list(w.event.players.order_by("pk").values_list("pk", flat=True)[:4])]
            },
        )
    },
    "table-list": {"get": (ALL, None), "post": (DIRECTORS, lambda w: {"number": 9})},
    "table-detail": {"get": (ALL, None)},
    "table-seats": {"put": (DIRECTORS, lambda w: {"E": w.hall.east.pk})},
    "seating": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {"first_round": 2, "rounds": 1}),
    },
    "seating-swap": {
        "post": (
            DIRECTORS,
            lambda w: {"round": 2, "a": w.draft.schedule[0][0][0], "b": w.draft.schedule[0][1][0]},
        )
    },
    "seating-publish": {"post": (DIRECTORS, None)},
    "referee-list": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {"username": "just-a-player", "role": "floor"}),
    },
    "referee-detail": {
        "get": (DIRECTORS, None),
        "put": (DIRECTORS, lambda w: {"username": w.hall.floor.username, "role": "head"}),
        "patch": (DIRECTORS, lambda w: {"role": "head"}),
        "delete": (DIRECTORS, None),
    },
    "referee-candidates": {"get": (DIRECTORS, None)},
    "invitation-list": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {"roles": ["scorekeeper"]}),
    },
    "invitation-detail": {"get": (DIRECTORS, None), "delete": (DIRECTORS, None)},
    "invitation-renew": {"post": (DIRECTORS, None)},
    "invitation-accept": {"post": (ALL, lambda w: {"token": w.token})},
    "my-roles": {"get": (LOGGED_IN, None)},
    "my-roles-seen": {"post": (LOGGED_IN, None)},
    "ruleset-list": {"get": (ALL, None)},
    "ruleset-detail": {"get": (ALL, None)},
    "foul-list": {"get": (ALL, None), "post": (TABLE1_RECORDERS, foul_body)},
    "foul-preview": {"post": (TABLE1_RECORDERS, foul_body)},
    "foul-detail": {"get": (ALL, None)},
    "foul-void": {"post": (HEAD_OR_DIRECTOR, lambda w: {"reason": "appeal upheld"})},
    "ledger": {"get": (ALL, None)},
    "reprice": {"post": (DIRECTORS, lambda w: {"ruleset_options": {}, "reason": "matrix"})},
    "discipline": {"get": (ALL, None)},
    "player-discipline": {"get": (ALL, None)},
    "standings": {"get": (ALL, None)},
    "table-result": {
        "get": (ALL, None),
        "post": (
            HEAD_OR_DIRECTOR,
            lambda w: {
                "scores": {"E": 20, "S": 0, "W": 0, "N": -20},
                "based_on_version": 1,
                "reason": "typo",
            },
        ),
    },
    "table-result-confirm": {"post": (HEAD_OR_DIRECTOR, lambda w: {"version": 1})},
    # Seats corrected after play: the director, or the head referee in a live round.
    "table-seat-corrections": {
        "get": (ALL, None),
        "post": (
            HEAD_OR_DIRECTOR,
            lambda w: {
                "swap": [w.hall.east.pk, w.hall.south.pk],
                "reason": "matrix",
                "idempotency_key": "matrix-seats",
            },
        ),
    },
    # Event formats: teams, stages, cuts
    "formats:teams": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {"add": "1", "name": "Matrix Two"}),
    },
    "formats:team-delete": {"post": (DIRECTORS, None)},
    "formats:stages": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {**STAGE_FORM, "name": "Third"}),
    },
    "formats:stage-edit": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {**STAGE_FORM, "first_round": "2", "last_round": "2"}),
    },
    "formats:cut": {"get": (DIRECTORS, None), "post": (DIRECTORS, lambda w: {"seat": "1"})},
    "formats:seat-stage": {"post": (DIRECTORS, None)},
    "exports:teams-csv": {"get": (DIRECTORS, None)},
    "exports:teams-xlsx": {"get": (DIRECTORS, None)},
    "public:teams": {"get": (ALL, None)},
    "public:final": {"get": (ALL, None)},
    "team-list": {"get": (ALL, None), "post": (DIRECTORS, lambda w: {"name": "Api Team"})},
    "team-detail": {
        "get": (ALL, None),
        "patch": (DIRECTORS, lambda w: {"name": "Renamed Team"}),
        "delete": (DIRECTORS, None),
    },
    "stage-list": {
        "get": (ALL, None),
        "post": (DIRECTORS, lambda w: {"name": "Api Stage", "first_round": 5, "last_round": 5}),
    },
    "stage-detail": {
        "get": (ALL, None),
        "patch": (DIRECTORS, lambda w: {"name": "Renamed Stage"}),
        "delete": (DIRECTORS, None),
    },
    "stage-cut": {"get": (ALL, None), "post": (DIRECTORS, lambda w: {"chosen": []})},
    "stage-seat": {"post": (DIRECTORS, lambda w: {})},
    "team-best": {"get": (ALL, None), "put": (DIRECTORS, lambda w: {"team_best": 2})},
    "player-sign-in": {
        "post": (ALL, lambda w: {"player": w.event.players.first().pk, "pin": "000000"}),
        "delete": (ALL, None),
    },
    "team-standings": {"get": (ALL, None)},
    # Registration and check-in: the public pages; the private link (the matrix's token is
    # not a registration's, so it opens nothing); the director's pages, desk and API.
    "registration-form": {"get": (ALL, None), "post": (ALL, lambda w: {"name": "Matrix"})},
    "registration-done": {"get": (ALL, None)},
    "registration-list": {"get": (ALL, None)},
    "registration-mine": {"get": (frozenset(), None), "post": (frozenset(), None)},
    "registration-self-check-in": {"get": (frozenset(), None), "post": (frozenset(), None)},
    "director:registration": {"get": (DIRECTORS, None), "post": (DIRECTORS, None)},
    "director:registration-action": {
        "post": (DIRECTORS, lambda w: {"action": "move_up", "reason": "x"})
    },
    "director:registration-approve": {"post": (DIRECTORS, lambda w: {"all": "1"})},
    "director:registration-export": {"get": (DIRECTORS, None)},
    "director:check-in": {"get": (DIRECTORS, None), "post": (DIRECTORS, None)},
    "director:check-in-search": {"get": (DIRECTORS, None)},
    "director:check-in-status": {"get": (DIRECTORS, None)},
    "director:check-in-player": {"post": (DIRECTORS, lambda w: {"player": w.hall.south.pk})},
    "registration-list-api": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {"name": "Api Registrant"}),
    },
    "registration-decision-api": {
        "post": (DIRECTORS, lambda w: {"action": "move_up", "reason": "x"})
    },
    "check-in-api": {"get": (DIRECTORS, None), "post": (DIRECTORS, lambda w: {})},
    "check-in-close-api": {"post": (DIRECTORS, None)},
    # Statistics: public like the standings; the awards are published by the director.
    "stats:event": {"get": (ALL, None)},
    "stats:export": {"get": (ALL, None)},
    "stats:player": {"get": (ALL, None)},
    "stats:person": {"get": (ALL, None)},
    "stats:awards": {"get": (DIRECTORS, None), "post": (DIRECTORS, lambda w: {"awards": []})},
    "event-stats": {"get": (ALL, None)},
    "event-awards": {"get": (ALL, None), "post": (DIRECTORS, lambda w: {"awards": []})},
    # Nobody's hand is on a sheet in this world: the API answers 404 with its reason to all
    # (tests/stats/ read players with hands).
    "player-stats": {"get": (frozenset(), None)},
    "person-stats": {"get": (ALL, None)},
    # Fees: the director's pages, the desk's endpoints, the exports and the API (reads too:
    # they show what each person paid).
    "director:fees": {"get": (DIRECTORS, None)},
    "director:fees-settings": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {"action": "currency", "currency": "EUR"}),
    },
    "director:fees-person": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {"action": "choose", "fee": "none"}),
    },
    "director:fees-desk": {"get": (DIRECTORS, None)},
    "director:fees-desk-pay": {
        "post": (
            DIRECTORS,
            lambda w: {"person": f"c{w.registration.contact_id}", "amount": "1", "method": "card"},
        )
    },
    "director:fees-desk-selected": {"post": (DIRECTORS, None)},
    # A table's extra time: the director and the head referee (the service checks the role).
    "director:extra-time": {
        "post": (DIRECTORS, lambda w: {"table": "1", "minutes": "5", "reason": "m", "key": "d"})
    },
    "referee:extra-time": {
        "post": (HEAD_OR_DIRECTOR, lambda w: {"minutes": "5", "reason": "m", "key": "r"})
    },
    "table-extensions": {
        "get": (ALL, None),
        "post": (
            HEAD_OR_DIRECTOR,
            lambda w: {"minutes": 5, "reason": "m", "idempotency_key": "api"},
        ),
    },
    "exports:fees-people-csv": {"get": (DIRECTORS, None)},
    "exports:fees-people-xlsx": {"get": (DIRECTORS, None)},
    "exports:fees-payments-csv": {"get": (DIRECTORS, None)},
    "exports:fees-payments-xlsx": {"get": (DIRECTORS, None)},
    "fees-api": {"get": (DIRECTORS, None), "patch": (DIRECTORS, lambda w: {"currency": "EUR"})},
    "fee-list-api": {"post": (DIRECTORS, lambda w: {"name": "Late", "amount": 1500})},
    "fee-detail-api": {
        "put": (DIRECTORS, lambda w: {"name": "Matrix Fee", "amount": 1000}),
        "delete": (DIRECTORS, None),
    },
    "fee-people-api": {"get": (DIRECTORS, None)},
    "fee-person-api": {"get": (DIRECTORS, None)},
    "fee-person-fee-api": {"post": (DIRECTORS, lambda w: {"fee": None})},
    "fee-payments-api": {
        "get": (DIRECTORS, None),
        "post": (
            DIRECTORS,
            lambda w: {
                "person": f"c{w.registration.contact_id}",
                "kind": "payment",
                "amount": 100,
                "method": "card",
                "key": "matrix-api",
            },
        ),
    },
    "fee-reverse-api": {"post": (DIRECTORS, lambda w: {"reason": "matrix"})},
    # Channels: the director's only (they hold the webhooks' and bots' secrets, masked).
    "director:channels": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {"service": "telegram", "chat_id": "bad"}),
    },
    "director:channel-remove": {"post": (DIRECTORS, None)},
    "channels-api": {
        "get": (DIRECTORS, None),
        "post": (
            DIRECTORS,
            lambda w: {
                "service": "discord",
                "webhook_url": "https://discord.com/api/webhooks/2/matrix-other-token",
            },
        ),
    },
    "channel-api": {"delete": (DIRECTORS, None)},
    "final-ranking": {"get": (ALL, None)},
    # The ranking across events: public reads; an event's part in it is its director's; the
    # registry of persons, imports and the ranking's settings are for directors (who may
    # create events).
    "ranking:index": {"get": (ALL, None)},
    "ranking:family": {"get": (ALL, None)},
    "ranking:countries": {"get": (ALL, None)},
    "ranking:export": {"get": (ALL, None)},
    "ranking:person": {"get": (ALL, None)},
    "ranking-list": {"get": (ALL, None)},
    "ranking-person": {"get": (ALL, None)},
    "ranking-director:event": {
        "get": (DIRECTORS, None),
        "post": (DIRECTORS, lambda w: {"mark": "1", "is_ranking": "on"}),
    },
    "ranking-director:import": {"get": (EVENT_CREATORS, None), "post": (EVENT_CREATORS, None)},
    "ranking-director:settings": {
        "get": (EVENT_CREATORS, None),
        "post": (EVENT_CREATORS, lambda w: {"family": "mcr", "part_b_count": "3"}),
    },
    "persons:registry": {"get": (EVENT_CREATORS, None), "post": (EVENT_CREATORS, None)},
    "persons:person": {
        "get": (EVENT_CREATORS, None),
        "post": (EVENT_CREATORS, lambda w: {"ema": "1", "ema_number": ""}),
    },
}


def client_for(user, api: bool):
    client = APIClient() if api else Client()
    if user is not None:
        client.force_login(user)
    return client


def is_denied(response) -> bool:
    if response.status_code in (401, 403, 404, 405):
        return True
    return response.status_code == 302 and "/accounts/login/" in response.get("Location", "")


@pytest.fixture
def world(make_hall, make_user, other_director):
    return World(make_hall, make_user, other_director)


def test_every_url_has_a_rule():
    names = {
        name
        for route, name in walk(get_resolver().url_patterns)
        if not route.startswith(SKIPPED_PREFIXES)
    }
    assert names - set(RULES) == set(), "URLs without a rule in the role matrix"
    assert set(RULES) - names == set(), "rules for URLs that no longer exist"


def test_role_matrix(world):
    failures = []
    checked = 0
    for route, name in walk(get_resolver().url_patterns):
        if route.startswith(SKIPPED_PREFIXES) or name not in RULES:
            continue
        url = concrete(route, name, world)
        api = url.startswith("/api/")
        for method in METHODS:
            allowed, body = RULES[name].get(method, (frozenset(), None))
            for role in ROLES:
                client = client_for(world.users[role], api)
                data = body(world) if body else {}
                with transaction.atomic():
                    if api and name == "player-import":
                        response = getattr(client, method)(url, data, format="multipart")
                    elif api:
                        response = getattr(client, method)(url, data, format="json")
                    else:
                        response = getattr(client, method)(url, data)
                    transaction.set_rollback(True)
                checked += 1
                status = response.status_code
                if status >= 500:
                    failures.append(f"{method.upper()} {url} as {role}: {status}")
                elif role in allowed and is_denied(response):
                    failures.append(f"{method.upper()} {url} as {role}: denied ({status})")
                elif role not in allowed and not is_denied(response):
                    failures.append(f"{method.upper()} {url} as {role}: allowed ({status})")
    assert not failures, f"{len(failures)} of {checked} checks failed:\n" + "\n".join(failures)
