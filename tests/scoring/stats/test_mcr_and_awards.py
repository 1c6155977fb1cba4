"""An MCR event's subset (wins, self-drawn, discarded into, fan average, best hand, fans from
the tiles), its awards, and their publication by the director: page and API, only the
director, each refusal with its reason and nothing stored, a double tap stored once, a
withdrawal, rows that are never changed."""

from __future__ import annotations

import uuid

import pytest
from django.db import DatabaseError, connection, transaction

from integrity.models import AppendOnlyError
from scoring.sheets import services as sheets
from scoring.sheets.models import SheetHand
from scoring.sheets.services import Author
from scoring.stats import reading
from scoring.stats.models import AwardPublication
from tournament.events.models import Event
from tournament.rounds.models import Table

pytestmark = pytest.mark.django_db

E, S, W, N = 0, 1, 2, 3
SEVENTEEN = "123m456p789s555z1s1s 12f"  # 15 fan + 2 flowers, self-drawn (tests/scoring/...)


@pytest.fixture
def mcr(make_hall):
    hall = make_hall("mcr")
    Event.objects.filter(pk=hall.event.pk).update(
        keeps_score_sheets=True, ruleset_options={"tiles_on_sheet": True}
    )
    hall.event.refresh_from_db()
    table = Table.objects.select_related("round__event").get(round__event=hall.event, number=1)
    for number, data in enumerate(
        [
            {"kind": "win", "winner": S, "discarder": None,
             "tiles": {"notation": SEVENTEEN, "situation": {}}},
            {"kind": "win", "winner": E, "discarder": S, "fan": 8},
            {"kind": "draw"},
            {"kind": "win", "winner": S, "discarder": W, "fan": 10},
        ],
        start=1,
    ):  # fmt: skip
        sheets.add_hand(
            table, data, author=Author(user=hall.head), number=number,
            idempotency_key=uuid.uuid4().hex,
        )  # fmt: skip
    return hall


def test_the_mcr_subset(mcr, client):
    found = reading.player_statistics(mcr.event, mcr.south.pk)
    s = found.stats
    assert found.family == "mcr"
    assert (s.hands, s.wins, s.self_drawn, s.deal_ins) == (4, 2, 1, 1)
    assert s.fan == 17 + 10 and s.fan_average == 27 / 2
    assert s.best.size == 17 and s.best.number == 1 and s.best.points == 75
    stored = SheetHand.objects.get(number=1).data["tiles"]["result"]["lines"]
    assert s.tiled_wins == 1 and dict(s.yaku) == {line["key"]: 1 for line in stored}
    page = client.get(f"/e/{mcr.event.slug}/players/{mcr.south.pk}/stats/").content.decode()
    assert 'data-stat="fan-average">13.5<' in page and "Discarded into" in page
    assert "17 fan" in page and "15 fan + 2 bonus" in page and "Fans from the tiles" in page
    for riichi_word in ("Riichi declared", "Dealer retention", "Chombo", "Average win"):
        assert riichi_word not in page
    summary = client.get(f"/e/{mcr.event.slug}/players/{mcr.south.pk}/").content.decode()
    assert 'data-stat="fan-average">13.5<' in summary and "Riichi declared" not in summary
    export = client.get(f"/e/{mcr.event.slug}/stats.csv").content.decode("utf-8-sig")
    assert export.splitlines()[0].startswith(
        "Player,Hands played,Wins,Self-drawn,Discarded into,Fan average,Best hand (fan)"
    )
    assert f"{mcr.south.name},4,2,1,1,13.50,17" in export


def test_the_mcr_awards(mcr):
    awards = {a.kind: a for a in reading.event_statistics(mcr.event).awards}
    assert awards["best_hand"].players == (mcr.south.pk,) and awards["best_hand"].figure == 17
    assert awards["most_wins"].players == (mcr.south.pk,)
    # East and North never discarded into a win, in as many hands.
    assert set(awards["fewest_deal_ins"].players) == {mcr.east.pk, mcr.north.pk}


def publish(client, slug, *kinds, withdraw=False):
    data = {"awards": list(kinds)}
    if withdraw:
        data["withdraw"] = "1"
    else:
        data["publish"] = "1"
    return client.post(f"/director/{slug}/awards/", data)


def test_the_director_publishes_some_awards_and_withdraws_them(mcr, client):
    slug = mcr.event.slug
    client.force_login(mcr.director)
    page = client.get(f"/director/{slug}/awards/").content.decode()
    assert "Not published yet." in page and "Fewest times discarded into" in page
    answer = publish(client, slug, "best_hand", "fewest_deal_ins")
    assert answer.status_code == 302
    assert publish(client, slug, "fewest_deal_ins", "best_hand").status_code == 302  # again
    assert AwardPublication.objects.count() == 1
    assert AwardPublication.objects.get().awards == ["best_hand", "fewest_deal_ins"]
    client.logout()
    public = client.get(f"/e/{slug}/stats/").content.decode()
    assert 'data-award="best_hand"' in public and 'data-award="fewest_deal_ins"' in public
    assert 'data-award="most_wins"' not in public and "17 fan" in public
    data = client.get(f"/api/events/{slug}/stats/").json()
    assert [a["award"] for a in data["awards"]] == ["best_hand", "fewest_deal_ins"]
    assert data["awards"][0]["players"] == [{"id": mcr.south.pk, "name": mcr.south.name}]
    client.force_login(mcr.director)
    assert publish(client, slug, withdraw=True).status_code == 302
    client.logout()
    assert 'data-award="best_hand"' not in client.get(f"/e/{slug}/stats/").content.decode()
    assert AwardPublication.objects.count() == 2
    with pytest.raises(AppendOnlyError):
        AwardPublication.objects.update(awards=[])
    for sql in ("UPDATE scoring_awardpublication SET awards = '[]'",
                "DELETE FROM scoring_awardpublication"):  # fmt: skip
        with (
            pytest.raises(DatabaseError, match="append-only"),
            transaction.atomic(),
            connection.cursor() as cursor,
        ):
            cursor.execute(sql)
    assert AwardPublication.objects.count() == 2


def test_a_published_award_follows_a_corrected_hand(mcr, client):
    client.force_login(mcr.director)
    publish(client, mcr.event.slug, "best_hand")
    table = Table.objects.select_related("round__event").get(round__event=mcr.event, number=1)
    sheets.correct_hand(
        table, 4, {"kind": "win", "winner": W, "discarder": S, "fan": 24},
        author=Author(user=mcr.head), reason="West won", based_on_version=1,
        idempotency_key=uuid.uuid4().hex,
    )  # fmt: skip
    data = client.get(f"/api/events/{mcr.event.slug}/stats/").json()
    assert data["awards"][0]["players"][0]["id"] == mcr.west.pk
    assert data["awards"][0]["figure"] == 24


def test_refusals_change_nothing(mcr, make_hall, client, api):
    slug = mcr.event.slug
    url = f"/api/events/{slug}/stats/awards/"
    assert api.post(url, {"awards": ["best_hand"]}, format="json").status_code in (401, 403)
    api.force_authenticate(mcr.head)
    assert api.post(url, {"awards": ["best_hand"]}, format="json").status_code == 403
    api.force_authenticate(mcr.director)
    bad = api.post(url, {"awards": ["prettiest_hand"]}, format="json")
    assert bad.status_code == 400 and "prettiest_hand" in bad.json()["awards"][0]
    assert api.post(url, {"awards": "best_hand"}, format="json").status_code == 400
    assert api.post(url, {"awards": []}, format="json").status_code == 400  # nothing to withdraw
    client.force_login(mcr.head)
    assert publish(client, slug, "best_hand").status_code == 403
    empty = make_hall("mcr")
    Event.objects.filter(pk=empty.event.pk).update(keeps_score_sheets=True)
    api.force_authenticate(empty.director)
    nobody = api.post(
        f"/api/events/{empty.event.slug}/stats/awards/", {"awards": ["most_wins"]}, format="json"
    )
    assert nobody.status_code == 400 and "Nobody has earned" in nobody.json()["awards"][0]
    assert not AwardPublication.objects.exists()
    api.force_authenticate(mcr.director)
    first = api.post(url, {"awards": ["most_wins"]}, format="json")
    again = api.post(url, {"awards": ["most_wins"]}, format="json")
    assert (first.status_code, again.status_code) == (201, 200)
    assert api.get(url).json()["awards"] == ["most_wins"]
    assert AwardPublication.objects.count() == 1
