"""Seating a stage: by rank, progressive (close ranks, fewest repeat meetings), and the
generator within the stage's players."""

from __future__ import annotations

from itertools import combinations

import pytest

from scoring.formats import services as cuts
from tests.support.playing import close, enter_round
from tournament.formats.services import stages
from tournament.rounds.models import Round


def test_progressive_puts_close_ranks_together_avoiding_repeats():
    players = [1, 2, 3, 4, 5, 6, 7, 8]
    assert cuts.progressive(players, set()) == [[1, 2, 3, 4], [5, 6, 7, 8]]
    met = {frozenset(pair) for t in ([1, 2, 3, 4], [5, 6, 7, 8]) for pair in combinations(t, 2)}
    # Each new table must repeat two pairs at least; ranks stay as close as that allows.
    assert cuts.progressive(players, met) == [[1, 5, 2, 6], [3, 7, 4, 8]]


def test_by_rank_fills_tables_in_rank_order():
    assert cuts.by_rank([9, 8, 7, 6, 5, 4]) == [[9, 8, 7, 6], [5, 4]]


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["progressive", "generator"])
def test_a_stage_of_two_rounds_is_seated_round_by_round(make_event, play, director, method):
    event = make_event(f"seat-{method}", players=16, ruleset="classical")
    p = list(event.players.order_by("pk"))
    stages.add_stage(event, name="Qualifying", first_round=1, last_round=1)
    semi = stages.add_stage(
        event, name="Semi", first_round=2, last_round=3, cut_size=8, seating=method
    )
    close(
        play(
            event,
            1,
            [p[0:4], p[4:8], p[8:12], p[12:16]],
            [[40, 10, -20, -30], [35, 5, -15, -25], [30, 0, -10, -20], [25, -5, -6, -14]],
        )
    )
    decision = cuts.confirm_cut(semi, director)
    qualified = set(decision.qualified)
    assert len(qualified) == 8
    round_two = cuts.seat_stage_round(semi)
    assert round_two.number == 2
    seated = set(round_two.seats.values_list("player_id", flat=True))
    assert seated == qualified and round_two.tables.count() == 2
    enter_round(round_two, [[10, 0, -4, -6], [8, 2, -4, -6]])
    close(round_two)
    round_three = cuts.seat_stage_round(semi)
    assert round_three.number == 3
    assert set(round_three.seats.values_list("player_id", flat=True)) == qualified
    tables = [
        set(round_three.seats.filter(table=t).values_list("player_id", flat=True))
        for t in round_three.tables.all()
    ]
    before = [
        set(round_two.seats.filter(table=t).values_list("player_id", flat=True))
        for t in round_two.tables.all()
    ]
    # Eight players in two rounds: every new table takes two players from each old one.
    assert all(len(t & b) == 2 for t in tables for b in before)
    assert Round.objects.get(pk=round_three.pk).status == Round.Status.SEATED
    with pytest.raises(Exception, match="Every round of stage Semi is seated"):
        cuts.seat_stage_round(semi)


def test_the_seating_generator_stays_within_a_stage(make_event, director):
    """Issue 31, item 13: "Rounds: 3" from round 1 would have seated every player into the
    final's round; a draft never reaches past its stage, and a stage with a cut is seated from
    the Stages page."""
    from django.core.exceptions import ValidationError

    from tournament.seating import services as seating_services
    from tournament.seating.forms import SeatingForm

    event = make_event("stage-drafts", players=8)
    stages.add_stage(event, name="Qualifying", first_round=1, last_round=2)
    stages.add_stage(event, name="Final", first_round=3, last_round=3, cut_size=4)
    with pytest.raises(ValidationError) as error:
        seating_services.start_draft(event, director, first_round=1, rounds=3)
    assert "Stage Qualifying ends with round 2" in str(error.value)
    with pytest.raises(ValidationError) as error:
        seating_services.start_draft(event, director, first_round=3, rounds=1)
    assert "seat it from the Stages page" in str(error.value)
    assert not event.seating_drafts.exists()
    draft = seating_services.start_draft(event, director, first_round=1, rounds=2)
    assert (draft.first_round, draft.round_count) == (1, 2)
    form = SeatingForm(event=event)
    assert (form.fields["first_round"].initial, form.fields["rounds"].initial) == (1, 2)
