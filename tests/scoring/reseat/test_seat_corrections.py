"""Seats corrected after hands were played (issue 46, item 2): the acceptance scene. Ann and Bob
sat in each other's seats at a riichi table with five hands (one confirmed by another player,
one disputed, one re-dealt after Ann's chombo). After the correction the sheet, the results,
the standings, the exports and the API read exactly as at a table seated right from the start
where the same things happened; nothing was rewritten, and the history shows the correction."""

from __future__ import annotations

import csv
import io
import re
import uuid

import pytest
from django.test import Client

from penalties.models import FoulReport, LedgerEntry
from penalties.services import FoulInput, record_foul
from scoring.reseat import services as reseat
from scoring.reseat.models import SeatCorrection
from scoring.results.models import SeatScore, TableResult
from scoring.sheets import services as sheets
from scoring.sheets.models import HandConfirmation, HandDispute, SheetHand
from scoring.sheets.services import Author
from tournament.events import services as event_services
from tournament.events.models import Event
from tournament.notify import services as notify
from tournament.notify.models import Message
from tournament.notify.reading.kinds import render
from tournament.players import services as player_services
from tournament.rounds import services as round_services
from tournament.rounds.models import Round, Table
from tournament.rounds.services import seats as round_seats
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment

pytestmark = pytest.mark.django_db

NAMES = ("Ann", "Bob", "Cat", "Dan")
RECORDED = ("Ann", "Bob", "Cat", "Dan")  # E, S, W, N as the seating said
REAL = ("Bob", "Ann", "Cat", "Dan")  # as they really sat


class Scene:
    """One riichi event with one table seated in ``order`` (E, S, W, N)."""

    def __init__(self, slug: str, order, director, head):
        event = event_services.save_event(
            Event(
                name=slug.title(),
                slug=slug,
                ruleset="riichi_ema",
                director=director,
                is_public=True,
            )
        )
        Event.objects.filter(pk=event.pk).update(keeps_score_sheets=True, players_enter_hands=True)
        event.refresh_from_db()
        self.event, self.director, self.head = event, director, head
        self.p = {n: player_services.add_player(event, name=n) for n in NAMES}
        round_ = round_services.create_round(event, number=1)
        round_seats.seat_round(round_, [[self.p[n].pk for n in order]])
        round_services.update_round(round_, status=Round.Status.LIVE)
        staff_services.assign_referee(event, head, role=RefereeAssignment.Role.HEAD)
        self.table = Table.objects.select_related("round__event").get(round=round_, number=1)

    def seat(self, name: str) -> int:
        wind = self.table.seats.get(player=self.p[name]).wind
        return "ESWN".index(wind)

    def add(self, number: int, hand: dict, by=None, **extra):
        author = Author(player=self.p[by]) if by else Author(user=self.head)
        return sheets.add_hand(
            self.table,
            hand,
            author=author,
            number=number,
            idempotency_key=uuid.uuid4().hex,
            **extra,
        )

    def play(self) -> None:
        """The same five hands, a confirmation, a dispute and a chombo, by person."""
        s = self.seat
        self.add(1, {"kind": "win", "winner": s("Bob"), "discarder": s("Cat"), "han": 3, "fu": 30})
        win = {"kind": "win", "winner": s("Ann"), "discarder": None, "han": 2, "fu": 30}
        self.add(2, win | {"riichi": [s("Ann")]}, by="Ann")
        sheets.confirm_hand(self.table, 2, author=Author(player=self.p["Cat"]), version=1)
        self.add(3, {"kind": "draw", "tenpai": sorted([s("Bob"), s("Dan")])})
        self.add(
            4,
            {"kind": "win", "winner": s("Dan"), "discarder": s("Ann"), "han": 4, "fu": 30},
            by="Bob",
        )
        sheets.dispute_hand(
            self.table, 4, author=Author(player=self.p["Cat"]), version=1, reason="It was 3 han"
        )
        report, _created = record_foul(
            self.event,
            self.head,
            FoulInput(
                round=1,
                table=1,
                offender=self.p["Ann"].pk,
                code="chombo",
                details={"kind": "noten_riichi"},
                explanation="Riichi without a ready hand",
                idempotency_key=uuid.uuid4().hex,
            ),
        )
        self.add(5, {"kind": "aborted"}, foul_report=report.pk)

    def finish(self) -> None:
        """A referee keeps the disputed hand, Cat confirms it, and the referee closes the sheet
        (time)."""
        item = next(i for i in sheets.floor_items(self.table.round) if i.kind == "dispute")
        sheets.settle_dispute(self.table, item.pk, author=Author(user=self.head), note="Kept")
        version = next(h.version for h in sheets.read_sheet(self.table).hands if h.number == 4)
        sheets.confirm_hand(self.table, 4, author=Author(player=self.p["Cat"]), version=version)
        sheets.close_sheet(self.table, author=Author(user=self.head), reason="Time")


def sheet_by_person(client: Client, scene: Scene) -> dict:
    """The sheet as the API gives it, each figure by player name instead of by seat."""
    url = f"/api/events/{scene.event.slug}/rounds/1/tables/1/sheet/"
    body = client.get(url).json()
    names = [s["name"] for s in body["seats"]]
    return {
        "seats": names,
        "counted": dict(zip(names, body["counted_totals"], strict=True)),
        "final": dict(zip(names, body["final"], strict=True)),
        "dealer": names["ESWN".index(body["dealer"])],
        "counters": body["counters"],
        "deposits": body["deposits"],
        "hands": [
            (
                h["number"],
                h["kind"],
                h["counts"],
                h["disputed"],
                dict(zip(names, h["payments"], strict=True)),
                bool(h["foul_report"]),
            )
            for h in body["hands"]
        ],
    }


def standings_by_person(client: Client, scene: Scene) -> dict:
    body = client.get(f"/api/events/{scene.event.slug}/standings/").json()
    return {
        row["player"]["name"]: {k: v for k, v in row.items() if k != "player"}
        for row in body["rows"]
    }


def result_by_person(client: Client, scene: Scene) -> dict:
    body = client.get(f"/api/events/{scene.event.slug}/rounds/1/tables/1/result/").json()
    counting = next(v for v in body["versions"] if v["version"] == body["counting_version"])
    names = {p.pk: n for n, p in scene.p.items()}
    return {names[s["player"]]: (s["wind"], s["score"]) for s in counting["scores"]}


def hands_export(client: Client, scene: Scene) -> list[dict]:
    response = client.get(f"/director/{scene.event.slug}/export/hands.csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    kept = ("hand", "counts", "kind", "winners", "discarder", "riichi", "tenpai")
    kept += ("E", "S", "W", "N", "total E", "total S", "total W", "total N")
    kept += ("E player", "S player", "W player", "N player")
    return [{k: row[k] for k in kept} for row in rows]


@pytest.fixture
def scenes(director, make_user):
    head = make_user("head")
    wrong = Scene("wrong-seats", RECORDED, director, head)
    right = Scene("right-seats", REAL, director, head)
    return wrong, right


@pytest.fixture
def client(director):
    client = Client()
    client.force_login(director)
    return client


def correct(scene: Scene, **extra):
    return reseat.correct_seats(
        scene.table,
        scene.director,
        swap=[scene.p["Ann"].pk, scene.p["Bob"].pk],
        reason="Ann and Bob sat in each other's seats",
        idempotency_key=extra.pop("key", uuid.uuid4().hex),
        **extra,
    )


def rows(model) -> list[str]:
    """Every row of ``model``, each as the text of all its columns."""
    fields = [f.attname for f in model._meta.concrete_fields]
    return sorted(repr(row) for row in model.objects.values_list(*fields))


def test_the_corrected_table_reads_as_one_seated_right(
    scenes, client, django_capture_on_commit_callbacks
):
    wrong, right = scenes
    with django_capture_on_commit_callbacks(execute=True):
        wrong.play()
        right.play()
    before = sheet_by_person(client, wrong)
    assert before != sheet_by_person(client, right)  # Bob was paid as a non-dealer
    kept = {m: rows(m) for m in (SheetHand, HandConfirmation, HandDispute, LedgerEntry)}
    with django_capture_on_commit_callbacks(execute=True):
        correction, created = correct(wrong)
    assert created
    after = sheet_by_person(client, wrong)
    assert after == sheet_by_person(client, right)
    assert after["seats"] == list(REAL)
    assert after["hands"][0][4]["Bob"] == 5800  # example 11: the dealer's 3 han 30 fu
    assert after["hands"][3][2:4] == (False, True)  # hand 4 is still disputed
    # Nothing was rewritten: every earlier row is still there as it was.
    for model, old in kept.items():
        assert set(old) <= set(rows(model)), model
    # The chombo stays Ann's and costs the same: it is not re-priced.
    assert FoulReport.objects.filter(event=wrong.event).count() == 1
    assert correction.written["reports"] == []
    assert correction.written["hands"] == [[n, 2] for n in range(1, 6)]
    assert (correction.written["confirmations"], correction.written["disputes"]) == (1, 1)

    with django_capture_on_commit_callbacks(execute=True):
        wrong.finish()
        right.finish()
    assert sheet_by_person(client, wrong) == sheet_by_person(client, right)
    assert result_by_person(client, wrong) == result_by_person(client, right)
    assert standings_by_person(client, wrong) == standings_by_person(client, right)
    assert hands_export(client, wrong) == hands_export(client, right)


def test_every_page_shows_the_corrected_seats(scenes, client, django_capture_on_commit_callbacks):
    """Pages seen before the correction (and kept by revision) show the real seats after it."""
    wrong, right = scenes
    with django_capture_on_commit_callbacks(execute=True):
        wrong.play()
        right.play()
    visitor = Client()
    slug = wrong.event.slug
    pages = {
        "seating": f"/e/{slug}/seating/",
        "round": f"/e/{slug}/rounds/1/",
        "table": f"/e/{slug}/r1/t1/",
        "sheet": f"/sheets/{slug}/r1/t1/",
        "referee": f"/referee/{slug}/r1/t1/",
    }

    def read() -> dict[str, str]:
        return {
            name: (client if name in ("sheet", "referee") else visitor).get(url).content.decode()
            for name, url in pages.items()
        }

    before = read()
    assert re.search(r'<span class="wind">East</span> <a href="[^"]+">Ann<', before["seating"])
    with django_capture_on_commit_callbacks(execute=True):
        correct(wrong)
    after = read()
    assert re.search(r'<span class="wind">South</span> <a href="[^"]+">Ann<', after["seating"])
    assert re.search(r'<span class="wind">East</span> <a href="[^"]+">Bob<', after["seating"])
    totals = sheet_by_person(client, right)["counted"]
    running = " · ".join(f"{n} <strong>{totals[n]}</strong>" for n in REAL)
    assert running in after["round"]
    for name in ("table", "sheet"):
        assert re.search(
            r'<span class="wind">East</span>\s*<span class="name">Bob</span>', after[name]
        )
    assert re.search(
        r'<span class="wind">East</span>\s*<span class="name">Bob</span>', after["referee"]
    )


def test_a_closed_sheet_writes_the_next_result(scenes, client, django_capture_on_commit_callbacks):
    wrong, right = scenes
    with django_capture_on_commit_callbacks(execute=True):
        for scene in scenes:
            scene.play()
            scene.finish()
    assert standings_by_person(client, wrong) != standings_by_person(client, right)
    first = TableResult.objects.get(table=wrong.table)
    with django_capture_on_commit_callbacks(execute=True):
        correction, _created = correct(wrong)
    assert correction.written["result_version"] == 2
    versions = list(TableResult.objects.filter(table=wrong.table).order_by("version"))
    assert [v.version for v in versions] == [1, 2]
    assert versions[0].pk == first.pk and versions[1].counts
    assert "Seats corrected by" in versions[1].reason
    assert result_by_person(client, wrong) == result_by_person(client, right)
    assert standings_by_person(client, wrong) == standings_by_person(client, right)
    assert sheet_by_person(client, wrong) == sheet_by_person(client, right)
    assert SeatScore.objects.filter(result=first).count() == 4


def test_the_history_shows_the_correction(scenes, client, django_capture_on_commit_callbacks):
    wrong, _right = scenes
    with django_capture_on_commit_callbacks(execute=True):
        wrong.play()
        correct(wrong)
    steps = sheets.sheet_history(wrong.table)
    reseated = [s for s in steps if s.what == "hand re-seated by a seat correction"]
    assert [s.number for s in reseated] == [1, 2, 3, 4, 5]
    assert all("Seats corrected by dir (East: Bob, South: Ann): " in s.text for s in reseated)
    assert all("Ann and Bob sat in each other's seats" in s.text for s in reseated)
    page = client.get(f"/sheets/{wrong.event.slug}/r1/t1/").content.decode()
    assert "hand re-seated by a seat correction" in page
    carried = [(s.what, s.number, s.version) for s in steps if "carried over" in s.what]
    assert carried == [("confirmation carried over", 2, 2), ("dispute carried over", 4, 2)]
    assert [(s.what, s.version) for s in steps if s.number == 2 and "confirm" in s.what] == [
        ("confirmed", 1),
        ("confirmation carried over", 2),
    ]
    api = client.get(f"/api/events/{wrong.event.slug}/rounds/1/tables/1/seat-corrections/")
    assert api.status_code == 200
    (entry,) = api.json()
    assert entry["reason"] == "Ann and Bob sat in each other's seats"
    assert entry["before"] == {w: wrong.p[n].pk for w, n in zip("ESWN", RECORDED, strict=True)}
    assert entry["after"] == {w: wrong.p[n].pk for w, n in zip("ESWN", REAL, strict=True)}


def test_the_four_players_are_told(scenes, django_capture_on_commit_callbacks):
    wrong, _right = scenes
    for player in wrong.p.values():
        notify.save_choices(
            player, language="", email=f"{player.name}@example.org", push_on=False,
            email_on=True, muted=[],
        )  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        wrong.play()
    Message.objects.filter(event=wrong.event).count()
    told_before = set(Message.objects.values_list("pk", flat=True))
    with django_capture_on_commit_callbacks(execute=True):
        correction, _created = correct(wrong)
    new = Message.objects.exclude(pk__in=told_before)
    assert sorted(new.values_list("player__name", flat=True)) == sorted(NAMES)
    assert set(new.values_list("kind", flat=True)) == {"seating_corrected"}
    ann = new.get(player=wrong.p["Ann"])
    assert ann.params["wind"] == "S" and ann.params["others"] == ["Bob", "Cat", "Dan"]
    assert ann.params["reason"] == correction.reason
    # A later change of the round's seating does not tell them again.
    with django_capture_on_commit_callbacks(execute=True):
        notify_count = Message.objects.count()
        from tournament.notify.services.producers import seating_changed

        seating_changed(wrong.table.round)
    assert Message.objects.count() == notify_count


def test_the_message_says_why(scenes, django_capture_on_commit_callbacks):
    wrong, _right = scenes
    notify.save_choices(
        wrong.p["Ann"], language="cs", email="ann@example.org", push_on=False, email_on=True,
        muted=[],
    )  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        correct(wrong)
    message = Message.objects.get(player=wrong.p["Ann"], kind="seating_corrected")
    text = render(message.kind, message.params, "en")
    assert text.title == "Correction, round 1: table 1"
    assert text.body == (
        "The seats at your table were corrected: Ann and Bob sat in each other's seats. "
        "Round 1: table 1, South, with Bob, Cat, Dan. Your hands, results and penalties now "
        "follow the seats you really had."
    )
    czech = render(message.kind, message.params, "cs")
    assert czech.body.startswith("Místa u vašeho stolu byla opravena: Ann and Bob sat")
    assert "Kolo 1: stůl 1, Jih" in czech.body


def test_the_same_key_again_writes_nothing(scenes, django_capture_on_commit_callbacks):
    wrong, _right = scenes
    with django_capture_on_commit_callbacks(execute=True):
        wrong.play()
        first, created = correct(wrong, key="tap-once")
        again, created_again = correct(wrong, key="tap-once")
    assert created and not created_again and again.pk == first.pk
    assert SeatCorrection.objects.count() == 1
    assert SheetHand.objects.filter(sheet__table=wrong.table).count() == 10
