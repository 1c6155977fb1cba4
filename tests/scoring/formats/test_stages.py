"""Stages: the cut (ties at the line in each ruleset family), carry-over, the consolation
group, by-rank seating, the final ranking, and bad input that changes nothing."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError

from scoring.formats import reading as cut_reading
from scoring.formats import services as cuts
from scoring.standings.models import FormatStandings
from scoring.standings.services.reconcile import reconcile_event
from tests.support.formats import ROUND_ONE
from tests.support.playing import close, enter_round
from tournament.events.models import Event
from tournament.formats.models import CutDecision, Stage
from tournament.formats.services import stages

pytestmark = pytest.mark.django_db


def data(event: Event) -> dict:
    reconcile_event(event.pk)
    return FormatStandings.objects.get(event=event).data


def two_stages(make_event, play, ruleset="classical", **stage_two):
    event = make_event(f"two-{ruleset.replace('_', '-')}", players=8, ruleset=ruleset)
    p = list(event.players.order_by("pk"))
    stages.add_stage(event, name="Qualifying", first_round=1, last_round=1)
    final = stages.add_stage(
        event,
        name="Final",
        first_round=2,
        last_round=2,
        cut_size=4,
        **{"seating": "rank", **stage_two},
    )
    round_one = play(event, 1, [p[:4], p[4:]], ROUND_ONE[ruleset])
    close(round_one)
    return event, p, final


@pytest.mark.parametrize("ruleset", ["mcr", "riichi_ema", "classical"])
def test_a_tie_at_the_cut_line_goes_to_the_director(make_event, play, director, ruleset):
    event, p, final = two_stages(make_event, play, ruleset)
    view = cut_reading.cut_view(final)
    assert view.line.qualified == (p[4].pk, p[0].pk, p[1].pk)
    assert view.line.tied == (p[5].pk, p[6].pk) and view.line.open_seats == 1
    with pytest.raises(ValidationError) as caught:
        cuts.confirm_cut(final, director)
    assert "Player 06, Player 07 are tied at the cut line: choose 1" in str(caught.value)
    with pytest.raises(ValidationError):
        cuts.confirm_cut(final, director, [p[5].pk, p[6].pk])
    with pytest.raises(ValidationError):
        cuts.confirm_cut(final, director, [p[2].pk])
    assert not CutDecision.objects.exists()
    decision = cuts.confirm_cut(final, director, [p[6].pk])
    assert decision.qualified == [p[4].pk, p[0].pk, p[1].pk, p[6].pk]
    assert decision.chosen == [p[6].pk] and decision.tied == [p[5].pk, p[6].pk]
    assert decision.decided_by == director
    assert [who for who, _place in decision.standing][:3] == [p[4].pk, p[0].pk, p[1].pk]
    assert sorted(data(event)["stages"]["2"], key=lambda r: r[1])[0][1] == p[0].pk


def test_the_ruleset_tiebreak_settles_the_line_without_the_director(make_event, play, director):
    # mcr: p0 and p4 have 4 table points each; the score (30 against 40) separates them.
    event, p, final = two_stages(make_event, play, "mcr")
    stages.update_stage(final, cut_size=1, allow_byes=True)
    final.refresh_from_db()
    view = cut_reading.cut_view(final)
    assert view.line.qualified == (p[4].pk,) and not view.line.needs_decision
    assert cuts.confirm_cut(final, director).qualified == [p[4].pk]


@pytest.mark.parametrize(
    ("carry", "expected"),
    [
        # p4 after round 1 has 40; round 2 at table 1 (rank order p4 p0 p1 p6) gives +10.
        ("full", Fraction(50)),
        ("half", Fraction(30)),
        ("none", Fraction(10)),
    ],
)
def test_carry_over(make_event, play, director, carry, expected):
    event, p, final = two_stages(make_event, play, "classical", carry=carry)
    cuts.confirm_cut(final, director, [p[5].pk])
    round_two = cuts.seat_stage_round(final)
    assert [s.player_id for s in round_two.seats.order_by("table__number", "wind")] != []
    enter_round(round_two, [[10, 0, -4, -6]])
    rows = {who: (place, Fraction(total)) for place, who, total, *_r in data(event)["stages"]["2"]}
    assert rows[p[4].pk][1] == expected


def test_half_of_shared_table_points_stays_exact(make_event, play, director):
    event, p, final = two_stages(make_event, play, "mcr", carry="half")
    cuts.confirm_cut(final, director, [p[5].pk])
    rows = {who: tp for _pl, who, _t, tp, _s in data(event)["stages"]["2"]}
    assert rows[p[5].pk] == "3/4"  # half of 1.5 table points


def test_seed_points_by_place(make_event, play, director):
    event, p, final = two_stages(make_event, play, "classical", carry="seed", seed_points="8 4 2 1")
    cuts.confirm_cut(final, director, [p[5].pk])
    rows = {who: (total, score) for _pl, who, total, _tp, score in data(event)["stages"]["2"]}
    assert rows[p[4].pk] == ("8", "8") and rows[p[5].pk] == ("1", "1")


def test_by_rank_final_seating_and_final_ranking(make_event, play, director):
    event, p, final = two_stages(make_event, play, "classical")
    cuts.confirm_cut(final, director, [p[6].pk])
    round_two = cuts.seat_stage_round(final)
    seats = list(round_two.seats.order_by("table__number").values_list("wind", "player_id"))
    order = {w: pid for w, pid in seats}
    assert [order[w] for w in "ESWN"] == [p[4].pk, p[0].pk, p[1].pk, p[6].pk]
    assert round_two.tables.count() == 1
    # Round 2: p6 wins the final (carry in full: p4 40, p0 30, p1 10, p6 -10).
    enter_round(round_two, [[-30, -30, -30, 90]])
    final_ranking = data(event)["final"]
    assert final_ranking == [
        [1, p[6].pk],  # -10 + 90 = 80
        [2, p[4].pk],  # 40 - 30 = 10
        [3, p[0].pk],  # 0
        [4, p[1].pk],  # -20
        # Cut before the final, by their standing at the cut: p5 (4th, tied), p2/p3 (6th), p7.
        [5, p[5].pk],
        [6, p[2].pk],
        [6, p[3].pk],
        [8, p[7].pk],
    ]


def test_consolation_group_has_its_own_standings(make_event, play, director):
    event, p, final = two_stages(make_event, play, "classical", rest="consolation")
    cuts.confirm_cut(final, director, [p[6].pk])
    round_two = cuts.seat_stage_round(final)
    assert round_two.tables.count() == 2
    consolation = {s.player_id for s in round_two.seats.filter(table__number=2)}
    assert consolation == {p[5].pk, p[2].pk, p[3].pk, p[7].pk}
    enter_round(round_two, [[10, 0, -4, -6], [5, 5, 0, -10]])
    rows = data(event)["consolation"]["2"]
    # No carry-over: round 2 alone. Table 2 sits p5, p2, p3, p7 (by their standing at the cut).
    assert [(place, who, total) for place, who, total, *_r in rows] == [
        (1, p[5].pk, "5"),
        (1, p[2].pk, "5"),
        (3, p[3].pk, "0"),
        (4, p[7].pk, "-10"),
    ]
    assert {who for _pl, who, *_r in data(event)["stages"]["2"]} == {
        p[4].pk,
        p[0].pk,
        p[1].pk,
        p[6].pk,
    }


def test_an_event_without_stages_is_unchanged(make_event, play):
    event = make_event("plain-cup", players=8, ruleset="classical")
    p = list(event.players.order_by("pk"))
    play(event, 1, [p[:4], p[4:]], ROUND_ONE["classical"])
    reconcile_event(event.pk)
    assert not FormatStandings.objects.filter(event=event).exists()


# Bad input ----------------------------------------------------------------------------------


def _unchanged(event, before):
    event.refresh_from_db()
    assert event.revision == before[0]
    assert (
        list(event.stages.values_list("name", "first_round", "last_round", "cut_size")) == before[1]
    )


def _state(event):
    event.refresh_from_db()
    return (
        event.revision,
        list(event.stages.values_list("name", "first_round", "last_round", "cut_size")),
    )


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"cut_size": 12}, "larger than the field of 8 players"),
        ({"cut_size": 6}, "multiple of 4"),
        ({"first_round": 1, "last_round": 2}, "overlap stage Qualifying"),
        ({"first_round": 3, "last_round": 1}, "cannot come before"),
        ({"carry": "seed"}, "seed points"),
        ({"seed_points": "1 x"}, "not a whole number"),
    ],
)
def test_bad_stages_are_refused(make_event, play, values, message):
    event, _p, final = two_stages(make_event, play)
    before = _state(event)
    with pytest.raises(ValidationError) as caught:
        stages.update_stage(final, **values)
    assert message in str(caught.value)
    _unchanged(event, before)
    with pytest.raises(ValidationError):
        stages.add_stage(event, name="Extra", first_round=2, last_round=3)
    _unchanged(event, before)


def test_a_cut_with_byes_allowed_need_not_fill_tables(make_event, play):
    event, _p, final = two_stages(make_event, play)
    assert stages.update_stage(final, cut_size=6, allow_byes=True).cut_size == 6


def test_a_played_round_cannot_leave_its_stage(make_event, play):
    event, _p, final = two_stages(make_event, play)
    qualifying = event.stages.get(number=1)
    before = _state(event)
    with pytest.raises(ValidationError) as caught:
        stages.update_stage(qualifying, first_round=3, last_round=4)
    assert "Round 1 is played in stage Qualifying" in str(caught.value)
    _unchanged(event, before)
    with pytest.raises(ValidationError):
        stages.delete_stage(qualifying)
    _unchanged(event, before)


def test_the_first_stage_has_nothing_to_cut(make_event):
    event = make_event("first-cup", players=8)
    with pytest.raises(ValidationError) as caught:
        stages.add_stage(event, name="One", first_round=1, last_round=2, cut_size=4)
    assert "no stage before it" in str(caught.value)
    assert not event.stages.exists()


def test_a_cut_waits_for_closed_rounds_and_is_confirmed_once(make_event, play, director):
    event = make_event("open-cup", players=8, ruleset="classical")
    p = list(event.players.order_by("pk"))
    stages.add_stage(event, name="Qualifying", first_round=1, last_round=1)
    final = stages.add_stage(event, name="Final", first_round=2, last_round=2, cut_size=4)
    play(event, 1, [p[:4], p[4:]], [[30, 10, -20, -20], [40, 5, -15, -30]])
    with pytest.raises(ValidationError) as caught:
        cuts.confirm_cut(final, director)
    assert "Close every round of stage Qualifying" in str(caught.value)
    close(event.rounds.get(number=1))
    cuts.confirm_cut(final, director)
    final = Stage.objects.get(pk=final.pk)
    with pytest.raises(ValidationError):
        cuts.confirm_cut(final, director)
    with pytest.raises(ValidationError) as caught:
        stages.update_stage(final, cut_size=8)
    assert "confirmed" in str(caught.value)
    assert CutDecision.objects.count() == 1


def test_the_reconcile_counts_overall_deductions_in_their_stage_as_a_fresh_read_does(
    make_event, play, director
):
    """The reconcile counts overall deductions in the stage of their round; a fresh
    computation (as ``verify`` makes it) gives the same standings."""
    from scoring.standings.models import StandingsSnapshot
    from scoring.standings.reading.compute import compute_event
    from tests.support.ledger import Ledger
    from tournament.formats.services import teams
    from tournament.rounds.models import Table

    event, p, final = two_stages(make_event, play, "classical", carry="none")
    red = teams.create_team(event, "Red")
    for player in (p[0], p[4], p[7]):
        teams.set_team(player, red)
    ledger = Ledger(director)
    ledger.deduct(
        Table.objects.get(round__event=event, round__number=1, number=2), p[4], -5, "overall"
    )
    cuts.confirm_cut(final, director, [p[5].pk])
    round_two = cuts.seat_stage_round(final)
    enter_round(round_two, [[10, 0, -4, -6]])  # by rank: p4 p0 p1 p5
    ledger.deduct(round_two.tables.get(number=1), p[0], -3, "overall")
    stored = data(event)
    one = {who: total for _pl, who, total, *_r in stored["stages"]["1"]}
    two = {who: total for _pl, who, total, *_r in stored["stages"]["2"]}
    assert (one[p[4].pk], two[p[4].pk]) == ("35", "10")
    assert (one[p[0].pk], two[p[0].pk]) == ("30", "-3")
    assert [t["total"] for t in stored["teams"]] == ["52"]  # p0 27, p4 45, p7 -20
    snap = StandingsSnapshot.objects.get(event=event)
    fresh = compute_event(event.pk).formats
    assert FormatStandings.objects.get(event=event).data == fresh
    Event.objects.filter(pk=event.pk).update(revision=snap.revision + 1)
    assert reconcile_event(event.pk)["status"] == "written"


def test_a_player_dropped_before_the_cut_takes_no_seat_at_the_line(make_event, play, director):
    """Issue 31, item 23 (docs/rules/standings.md): p0 finished second in the qualifying stage and
    dropped; the cut to four counts only players who can play on, so p5 and p6, tied at the
    line when p0 played on, both go on without a choice, and p0 is not qualified."""
    from tournament.players import services as player_services

    event, p, final = two_stages(make_event, play, "classical")
    assert cut_reading.cut_view(final).line.needs_decision
    player_services.update_player(p[0], status="dropped")
    view = cut_reading.cut_view(final)
    assert set(view.qualified) == {p[4].pk, p[1].pk, p[5].pk, p[6].pk}
    assert not view.line.needs_decision
    decision = cuts.confirm_cut(final, director)
    assert p[0].pk not in decision.qualified and len(decision.qualified) == 4
    assert p[0].pk in {who for who, _place in decision.standing}  # their standing stays


def test_a_player_dropped_before_the_cut_is_not_ranked_in_the_consolation(
    make_event, play, director
):
    """Issue 31, item 25: p7 dropped before the cut and never plays in the consolation group:
    no place there at total 0, pushing the others down."""
    from tournament.players import services as player_services
    from tournament.rounds import services as round_services
    from tournament.rounds.models import Round
    from tournament.rounds.services import seats

    event = make_event("consolation-drop", players=12, ruleset="classical")
    p = list(event.players.order_by("pk"))
    stages.add_stage(event, name="Qualifying", first_round=1, last_round=1)
    final = stages.add_stage(
        event,
        name="Final",
        first_round=2,
        last_round=2,
        cut_size=4,
        seating="rank",
        rest="consolation",
    )
    scores = [[40, 10, -20, -30], [30, 9, -9, -30], [20, 8, -8, -20]]
    close(play(event, 1, [p[:4], p[4:8], p[8:]], scores))
    player_services.update_player(p[11], status="dropped")
    cuts.confirm_cut(final, director)
    round_two = round_services.create_round(event, number=2)
    seats.seat_round(
        round_two, [[p[0].pk, p[4].pk, p[8].pk, p[1].pk], [p[5].pk, p[9].pk, p[10].pk, p[6].pk]]
    )
    round_services.update_round(round_two, status=Round.Status.LIVE)
    enter_round(round_two, [[30, 10, -10, -30], [20, 10, -10, -20]])
    consolation = data(event)["consolation"]["2"]
    ranked = [who for _place, who, *_values in consolation]
    assert p[11].pk not in ranked
    assert set(ranked) == {p[5].pk, p[9].pk, p[10].pk, p[6].pk}
    assert [place for place, *_rest in consolation] == [1, 2, 3, 4]


def test_a_stage_without_byes_seats_every_player_or_refuses(make_event, play, director):
    """Issue 31, item 24: a qualified player dropped after the cut leaves three in the final,
    whose stage allows no byes: seating refuses and says why, instead of leaving seats out."""
    from django.core.exceptions import ValidationError as Refused

    from tournament.players import services as player_services

    event, p, final = two_stages(make_event, play, "classical")
    cuts.confirm_cut(final, director, [p[6].pk])
    player_services.update_player(p[4], status="dropped")
    with pytest.raises(Refused) as refused:
        cuts.seat_stage_round(final)
    assert "allows no byes, and 3 players" in str(refused.value)
    assert not event.rounds.filter(number=2, seats__isnull=False).exists()


def test_a_cut_can_be_planned_while_the_players_still_sign_up(make_event):
    """Issue 43's event day: the director plans the final before registration brings the
    players in; the field is then the registration's places, until check-in closes."""
    from datetime import timedelta

    from django.utils import timezone

    from tournament.registration import services

    event = make_event("signing-up-cup", players=0)
    services.update_settings(
        event,
        opens_at=timezone.now() - timedelta(hours=1),
        closes_at=timezone.now() + timedelta(days=2),
        cap=8,
    )
    stages.add_stage(event, name="Qualifying", first_round=1, last_round=1)
    with pytest.raises(ValidationError) as caught:  # more than the places there are
        stages.add_stage(event, name="Final", first_round=2, last_round=2, cut_size=12)
    assert "larger than the field of 8 players" in str(caught.value)
    final = stages.add_stage(event, name="Final", first_round=2, last_round=2, cut_size=4)
    assert final.cut_size == 4
