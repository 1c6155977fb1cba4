"""Two riichi events of three score sheets each, built through the services, whose figures are
counted by hand below (tests/scoring/stats/test_figures.py checks them one by one).

Both events have the same eight players (the same EMA numbers, so the same persons): "Player
01" is P1. Event A (riichi_ema, hands from their tiles): round 1 tables 1 (P1-P4, East to
North) and 2 (P5-P8), round 2 table 2 (P1-P4 again). Event B (riichi_wrc): the same tables.

Sheet A1 (P1 E, P2 S, P3 W, P4 N):
  1 P1 (dealer, riichi) wins on P2's discard, by its tiles (riichi, pinfu: 2 han 30 fu): 2900.
  2 Draw, P1 tenpai: P1 keeps the deal.
  3 P3 self-draws 3 han 30 fu (4000; 2 counters on the table): the deal passes to P2.
  4 P1 wins a mangan on P4's discard: 8000. The deal passes to P3.
  5 P2 wins on P1's discard, 1 han 30 fu, corrected to 2 han 30 fu (2000): P1 deals in.
  6 P1 self-draws (entered by mistake: struck, leaves the sheet).
  7 Re-dealt (a chombo): nothing counted but the hand.
  8 P1 wins, entered by P2 with a PIN and never confirmed: it and what follows do not count.
Sheet A2 (P5 E, P6 S, P7 W, P8 N):
  1 P5 (dealer) wins 1 han 30 fu on P6's discard: 1500.
  2 P6 self-draws a haneman: 12000 (the event's best hand).
  3 P7 wins on P8's discard: disputed, it does not count, nor does what follows:
  4 P8 wins on P5's discard.
Sheet A3 (round 2, P1 E, P2 S, P3 W, P4 N):
  1 P2 wins 1 han 30 fu on P1's discard (dealer): 1000.
  2 P1 self-draws 2 han 30 fu: 2000.
  3 Draw, P3 and P4 tenpai.
Fouls in A: a chombo against P1 that stands, one against P1 voided.

Sheet B1: 1 P1 (dealer) self-draws 4 han 30 fu: 11700. 2 P2 (riichi) wins 1 han 30 fu on
P1's discard, P1 had declared riichi too: P1 deals in.
Sheet B2: 1 P5 (dealer) wins 1 han 30 fu on P6's discard.
Sheet B3: 1 Draw, P1 (dealer) tenpai. 2 P3 wins 2 han 30 fu on P4's discard.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from scoring.sheets import services as sheets
from scoring.sheets.services import Author
from tournament.events.models import Event
from tournament.persons import services as person_services
from tournament.players.models import Player
from tournament.rounds import services as round_services
from tournament.rounds.models import Round, Table

PINFU = "234m567p678s99p34s5s"


def key() -> str:
    return uuid.uuid4().hex


@dataclass
class Built:
    a: Event
    b: Event
    p: list[Player]  # event A's players, P1 first
    q: list[Player]  # event B's


def table(event: Event, round_number: int, number: int) -> Table:
    return Table.objects.select_related("round__event").get(
        round__event=event, round__number=round_number, number=number
    )


def ron(winner, discarder, han=0, fu=0, **extra):
    return {"kind": "win", "winner": winner, "discarder": discarder, "han": han, "fu": fu, **extra}


def tsumo(winner, han=0, fu=0, **extra):
    return {"kind": "win", "winner": winner, "discarder": None, "han": han, "fu": fu, **extra}


def enter(t: Table, author: Author, hands: list[dict], start: int = 1) -> None:
    for number, data in enumerate(hands, start=start):
        sheets.add_hand(t, data, author=author, number=number, idempotency_key=key())


def riichi_event(make_event, slug: str, ruleset: str, options: dict | None = None) -> Event:
    event = make_event(slug, ruleset=ruleset, rounds=2, seated=True)
    Event.objects.filter(pk=event.pk).update(
        keeps_score_sheets=True, players_enter_hands=True, ruleset_options=options or {}
    )
    event.refresh_from_db()
    for round_ in Round.objects.filter(event=event):
        round_services.update_round(round_, status=Round.Status.LIVE)
    person_services.link_event_players(event)
    event.refresh_from_db()
    return event


def build(make_event, director, director_api) -> Built:
    """The two events of the module's docstring."""
    a = riichi_event(make_event, "autumn-open", "riichi_ema", {"tiles_on_sheet": True})
    b = riichi_event(make_event, "winter-cup", "riichi_wrc")
    p = list(a.players.order_by("pk"))
    q = list(b.players.order_by("pk"))
    staff = Author(user=director)
    E, S, W, N = 0, 1, 2, 3

    a1 = table(a, 1, 1)
    enter(
        a1,
        staff,
        [
            {**ron(E, S, riichi=[E]), "tiles": {"notation": PINFU, "situation": {}}},
            {"kind": "draw", "tenpai": [E]},
            tsumo(W, 3, 30),
            ron(E, N, limit="mangan"),
            ron(S, E, 1, 30),
            tsumo(E, 1, 30),
        ],
    )
    version = sheets.read_sheet(a1).hands[4].version
    sheets.correct_hand(
        a1, 5, ron(S, E, 2, 30), author=staff, reason="2 han, not 1",
        based_on_version=version, idempotency_key=key(),
    )  # fmt: skip
    sheets.strike_hand(
        a1, 6, author=staff, reason="entered by mistake", based_on_version=1,
        idempotency_key=key(),
    )  # fmt: skip
    enter(a1, staff, [{"kind": "aborted"}], start=7)
    enter(a1, Author(player=p[1]), [ron(E, W, 3, 30)], start=8)

    a2 = table(a, 1, 2)
    enter(a2, staff, [ron(E, S, 1, 30), tsumo(S, limit="haneman"), ron(W, N, 2, 30)])
    sheets.dispute_hand(a2, 3, author=staff, version=1, reason="West was not tenpai")
    enter(a2, staff, [ron(N, E, 1, 30)], start=4)

    a3 = table(a, 2, 2)
    enter(a3, staff, [ron(S, E, 1, 30), tsumo(E, 2, 30), {"kind": "draw", "tenpai": [W, N]}])

    for voided in (False, True):
        answer = director_api.post(
            f"/api/events/{a.slug}/fouls/",
            {"round": 1, "table": 1, "offender": p[0].pk, "code": "chombo",
             "details": {"simultaneous_win": False}, "idempotency_key": key()},
            format="json",
        )  # fmt: skip
        assert answer.status_code == 201, answer.content
        if voided:
            report = answer.json()["id"]
            void = director_api.post(
                f"/api/events/{a.slug}/fouls/{report}/void/", {"reason": "appeal"}, format="json"
            )
            assert void.status_code in (200, 201), void.content

    enter(table(b, 1, 1), staff, [tsumo(E, 4, 30), ron(S, E, 1, 30, riichi=[E, S])])
    enter(table(b, 1, 2), staff, [ron(E, S, 1, 30)])
    enter(table(b, 2, 2), staff, [{"kind": "draw", "tenpai": [E]}, ron(W, N, 2, 30)])
    return Built(a, b, p, q)
