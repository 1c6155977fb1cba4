"""Clubs and teams are kept apart by default, repeats first (issue 19, item 3)."""

from __future__ import annotations

from seating import Grouping, PlayerSpec, SeatingRequest, generate, quality, swap


def test_eight_clubs_of_eight_never_meet_by_default():
    specs = [PlayerSpec(i, club=f"club{i % 8}") for i in range(64)]
    sched = generate(SeatingRequest(specs, 8, seed=0))
    assert sched.quality.repeats == 0
    assert sched.quality.same_club == 0


def test_a_big_club_meets_only_as_often_as_it_must():
    # 16 of 40 players in one club, 10 tables: at least 6 same-club meetings a round
    specs = [PlayerSpec(i, club="big" if i < 16 else f"c{i}") for i in range(40)]
    sched = generate(SeatingRequest(specs, 6, seed=0))
    assert sched.quality.repeats == 0
    assert sched.quality.same_club == 6 * 6


def test_the_director_may_let_clubs_meet():
    specs = [PlayerSpec(i, club=f"club{i % 8}") for i in range(64)]
    sched = generate(SeatingRequest(specs, 8, seed=0, avoid_club_weight=0))
    assert sched.quality.same_club > 0


def test_repeats_stay_first():
    # 16 players, 4 clubs of 4, 6 rounds: zero repeats is impossible (5 rounds at most);
    # keeping clubs apart must not add a repeat to the minimum
    specs = [PlayerSpec(i, club=f"club{i % 4}") for i in range(16)]
    plain = generate(SeatingRequest(specs, 6, seed=2, avoid_club_weight=0))
    clubs = generate(SeatingRequest(specs, 6, seed=2))
    assert clubs.quality.repeats == plain.quality.repeats == clubs.quality.lower_bound


def test_teams_are_kept_apart_and_counted():
    teams = {i: f"team{i % 16}" for i in range(64)}
    plain = generate(SeatingRequest(64, 6, seed=1, teams=teams, avoid_team_weight=0))
    apart = generate(SeatingRequest(64, 6, seed=1, teams=teams))
    assert plain.quality.same_team > 0
    assert apart.quality.same_team == 0 and apart.quality.repeats == 0
    assert apart.quality == quality(apart.rounds, apart.players, teams=teams)
    a, b = apart.rounds[0][0][0], apart.rounds[0][0][1]
    assert swap(apart, 0, a, b).quality.same_team == 0  # the report keeps the teams


def test_any_grouping_with_a_weight():
    regions = {i: "north" if i < 8 else f"r{i}" for i in range(32)}
    plain = generate(SeatingRequest(32, 4, seed=3))
    apart = generate(SeatingRequest(32, 4, seed=3, groupings=[Grouping("region", regions, 0.5)]))

    def region_meetings(sched):
        return sum(
            1
            for rnd in sched.rounds
            for t in rnd
            for x in t
            for y in t
            if x < y and regions.get(x) == regions.get(y) == "north"
        )

    assert region_meetings(plain) > 0
    assert region_meetings(apart) == 0 and apart.quality.repeats == 0
