"""The acceptance fixture of issue 47 (item 3): two events of three score sheets each
(tests/support/stats.py, counted by hand there), checked figure by figure through the reading,
the API, the pages and the export; only hands that count are counted (a corrected hand by its
latest version; a struck, a disputed and an unconfirmed hand, and those after it, not)."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest

from scoring.stats import reading
from tests.support.stats import build

pytestmark = pytest.mark.django_db


@pytest.fixture
def built(make_event, director, director_api):
    return build(make_event, director, director_api)


# P1 in event A: A1 counts hands 1-5 and 7 (6 of them), A3 its 3 hands.
P1_A = {
    "games": 2,
    "hands": 9,
    "wins": 3,  # A1 hands 1 and 4, A3 hand 2
    "self_drawn": 1,  # A3 hand 2
    "deal_ins": 2,  # A1 hand 5 (its corrected version), A3 hand 1
    "riichi": 1,  # A1 hand 1
    "dealt": 4,  # A1 hands 1, 2, 3; A3 hand 1
    "dealt_again": 2,  # A1 hands 1 and 2
    "draws": 2,  # A1 hand 2, A3 hand 3
    "tenpai_draws": 1,  # A1 hand 2
    "chombo": 1,  # the voided one does not count
    "won": 2900 + 8000 + 2000,
    "tiled_wins": 1,
}


def test_a_players_figures_in_one_event(built):
    found = reading.player_statistics(built.a, built.p[0].pk)
    stats = found.stats
    for name, value in P1_A.items():
        assert getattr(stats, name) == value, name
    assert stats.win_rate == Fraction(3, 9)
    assert stats.deal_in_rate == Fraction(2, 9)
    assert stats.riichi_rate == Fraction(1, 9)
    assert stats.tsumo_share == Fraction(1, 3)
    assert stats.average_win == 4300
    assert stats.dealer_retention == Fraction(2, 4)
    assert stats.best.points == 8000 and stats.best.win.limit == "mangan"
    assert stats.best.label == (built.a.pk, 1, 1) and stats.best.number == 4
    assert stats.yaku == (("pinfu", 1), ("riichi", 1))
    # The score through each game: the start, then after every hand that counts.
    first, second = found.games
    assert (first.round, first.table, first.seat) == (1, 1, 0)
    assert [row[0] for row in first.scores] == [30000, 32900, 35900, 33700, 41700, 39700, 39700]
    assert first.scores[-1] == (39700, 26900, 33600, 19800)
    assert (second.round, second.table) == (2, 2)
    assert second.scores[1:] == ((29000, 31000, 30000, 30000), (31000, 30000, 29500, 29500),
                                 (29500, 28500, 31000, 31000))  # fmt: skip


def test_the_same_figures_in_the_api_the_pages_and_the_export(built, client):
    a, p1 = built.a, built.p[0]
    data = client.get(f"/api/events/{a.slug}/players/{p1.pk}/stats/").json()
    for name, value in P1_A.items():
        assert data[name] == value, name
    assert data["win_rate"] == "0.3333" and data["deal_in_rate"] == "0.2222"
    assert data["riichi_rate"] == "0.1111" and data["tsumo_share"] == "0.3333"
    assert data["average_win"] == "4300.0000" and data["dealer_retention"] == "0.5000"
    assert data["tenpai_share"] == "0.5000" and data["fan_average"] == "0.0000"
    assert data["best"]["points"] == 8000 and data["best"]["announced"] == "mangan"
    assert (data["best"]["round"], data["best"]["table"], data["best"]["hand"]) == (1, 1, 4)
    assert [y["key"] for y in data["yaku"]] == ["pinfu", "riichi"]
    assert [g["scores"][-1][0] for g in data["games_played"]] == [39700, 29500]

    page = client.get(f"/e/{a.slug}/players/{p1.pk}/stats/").content.decode()
    for stat, text in [
        ("hands", ">9<"), ("wins", ">3<"), ("deal-ins", ">2<"), ("riichi", ">1<"),
        ("self-drawn", ">1<"), ("average", ">4\xa0300<"), ("chombo", ">1<"),
    ]:  # fmt: skip
        assert f'data-stat="{stat}"{text}' in page, stat
    assert "33.3&nbsp;%" in page and "22.2&nbsp;%" in page and "11.1&nbsp;%" in page
    assert "2 of 4 (50.0&nbsp;%)" in page and "1 of 2" in page
    assert page.count('data-testid="game-chart"') == 2
    assert "Riichi" in page and "Pinfu" in page

    mine = client.get(f"/e/{a.slug}/players/{p1.pk}/").content.decode()
    assert 'data-stat="wins">3<' in mine and 'data-stat="deal-ins">2<' in mine
    assert f"/e/{a.slug}/players/{p1.pk}/stats/" in mine

    export = client.get(f"/e/{a.slug}/stats.csv").content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(export)))
    header, p1_row = rows[0], next(r for r in rows if r[0] == p1.name)
    line = dict(zip(header, p1_row, strict=True))
    assert line["Hands played"] == "9" and line["Wins"] == "3" and line["Win rate (%)"] == "33.3"
    assert line["Deal-in rate (%)"] == "22.2" and line["Average win"] == "4300"
    assert line["Best win"] == "8000" and line["Dealer retention (%)"] == "50.0"
    assert line["Draws in tenpai"] == "1" and line["Chombo"] == "1"
    assert client.get(f"/e/{a.slug}/stats.xlsx").status_code == 200


def test_the_events_players_and_awards(built, client):
    found = reading.event_statistics(built.a)
    by_name = {p.name: p.stats for p in found.players}
    assert [p.name for p in found.players] == [f"Player 0{i}" for i in range(1, 9)]
    # Hands per player: P1-P4 nine (A1 six, A3 three), P5-P8 two (A2's third is disputed, and
    # its fourth, P8's win on P5's discard, waits behind it).
    assert [s.hands for s in by_name.values()] == [9, 9, 9, 9, 2, 2, 2, 2]
    assert [s.wins for s in by_name.values()] == [3, 2, 1, 0, 1, 1, 0, 0]
    assert [s.deal_ins for s in by_name.values()] == [2, 1, 0, 1, 0, 1, 0, 0]
    assert by_name["Player 06"].best.points == 12000
    awards = {a.kind: a for a in found.awards}
    p = {player.pk: player.name for player in built.p}
    assert [p[k] for k in awards["best_hand"].players] == ["Player 06"]
    assert awards["best_hand"].figure == 12000
    assert [p[k] for k in awards["most_wins"].players] == ["Player 01"]
    # Of those who played both games, only Player 03 never dealt in.
    assert [p[k] for k in awards["fewest_deal_ins"].players] == ["Player 03"]
    # Nothing is public before the director publishes.
    assert client.get(f"/api/events/{built.a.slug}/stats/").json()["awards"] == []


def test_a_person_across_both_events(built, client):
    person = built.p[0].person
    (riichi,) = reading.person_statistics(person)
    stats = riichi.stats
    # Event B adds: 2 games, 4 hands, 1 win (11700 self-drawn), 1 deal-in, 1 riichi, 4 hands
    # dealt of which 2 kept (B1 hand 1, B3 hand 1), 1 draw in tenpai.
    assert (stats.games, stats.hands, stats.wins, stats.self_drawn) == (4, 13, 4, 2)
    assert (stats.deal_ins, stats.riichi, stats.dealt, stats.dealt_again) == (3, 2, 8, 4)
    assert (stats.draws, stats.tenpai_draws, stats.chombo, stats.won) == (3, 2, 1, 24600)
    assert stats.average_win == 6150 and stats.win_rate == Fraction(4, 13)
    assert stats.best.points == 11700 and stats.best.label[0] == built.b.pk
    assert {e.slug for e in riichi.events} == {built.a.slug, built.b.slug}
    per_event = {e.slug: e.stats for e in riichi.events}
    assert per_event[built.b.slug].hands == 4 and per_event[built.a.slug].hands == 9
    data = client.get(f"/api/persons/{person.pk}/stats/").json()
    family = data["families"][0]
    assert family["hands"] == 13 and family["win_rate"] == "0.3077"
    assert {e["event"]: e["wins"] for e in family["events"]} == {
        built.a.slug: 3,
        built.b.slug: 1,
    }
    page = client.get(f"/ranking/persons/{person.pk}/stats/").content.decode()
    assert 'data-stat="hands">13<' in page and 'data-stat="average">6\xa0150<' in page
    assert (
        f"/ranking/persons/{person.pk}/stats/"
        in client.get(f"/ranking/persons/{person.pk}/").content.decode()
    )
