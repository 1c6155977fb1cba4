"""Entering table results: validation, versions (never edited), conflicts, confirmation,
closed rounds, and who may do it."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from scoring.results import services as result_services
from scoring.results.models import TableResult
from tournament.access.roles import can_enter_results
from tournament.events.models import Event
from tournament.rounds.models import Round
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment


@pytest.fixture
def mcr(table_event):
    return table_event("mcr", players=8)


def test_scores_by_wind_are_stored_per_seat(mcr, director):
    event, table, (e, s, w, n) = mcr
    result = result_services.enter_result(table, director, {"E": 40, "S": 5, "W": 0, "N": -45})
    assert result.version == 1 and result.counts
    assert {x.player_id: (x.wind, x.score) for x in result.scores.all()} == {
        e.pk: ("E", 40),
        s.pk: ("S", 5),
        w.pk: ("W", 0),
        n.pk: ("N", -45),
    }


def test_scores_by_player_id(mcr, director):
    event, table, (e, s, w, n) = mcr
    result = result_services.enter_result(
        table, director, {str(e.pk): 10, s.pk: -10, w.pk: 0, n.pk: 0}
    )
    assert sorted(x.score for x in result.scores.all()) == [-10, 0, 0, 10]


@pytest.mark.parametrize(
    "scores, message",
    [
        ({"E": 40, "S": 5, "W": 0}, "missing: N"),
        ({"E": 40, "S": 5, "W": 0, "N": "x"}, "whole number"),
        ({"E": 40, "S": 5, "W": 0, "N": True}, "whole number"),
        ({"E": 40, "S": 5, "W": 0, "N": -40}, "difference +5"),
        ({"E": 1, "S": 1, "W": 1, "N": 1, "X": 1}, "neither a wind"),
        ({"99999": 0, "E": 0}, "neither a wind"),
        ({"--3": 0, "E": 0}, "neither a wind"),
        ({"\u00b2": 0, "E": 0}, "neither a wind"),
    ],
)
def test_invalid_scores_are_refused_with_a_clear_message(mcr, director, scores, message):
    _event, table, _players = mcr
    with pytest.raises(ValidationError) as caught:
        result_services.enter_result(table, director, scores)
    assert message in " ".join(caught.value.message_dict["scores"])
    assert not TableResult.objects.exists()


def test_a_player_not_at_the_table_is_refused(mcr, director):
    event, table, players = mcr
    stranger = event.players.exclude(pk__in=[p.pk for p in players]).first()
    scores = {str(p.pk): 0 for p in players[:3]} | {str(stranger.pk): 0}
    with pytest.raises(ValidationError):
        result_services.enter_result(table, director, scores)


def test_riichi_sum_is_four_times_start_points(table_event, director):
    _event, table, _players = table_event("riichi_ema")
    with pytest.raises(ValidationError) as caught:
        result_services.enter_result(table, director, {"E": 30000, "S": 30000, "W": 30000, "N": 0})
    assert "not 120000" in caught.value.message_dict["scores"][0]
    result_services.enter_result(table, director, {"E": 30000, "S": 30000, "W": 30000, "N": 30000})


def test_correction_is_a_new_version_and_the_old_stays(mcr, director):
    _event, table, _players = mcr
    first = result_services.enter_result(table, director, {"E": 40, "S": 5, "W": 0, "N": -45})
    with pytest.raises(ValidationError) as caught:
        result_services.enter_result(
            table, director, {"E": 45, "S": 0, "W": 0, "N": -45}, based_on_version=1
        )
    assert "reason" in caught.value.message_dict
    second = result_services.enter_result(
        table, director, {"E": 45, "S": 0, "W": 0, "N": -45}, based_on_version=1, reason="typo"
    )
    first.refresh_from_db()
    assert (first.version, first.counts) == (1, False)
    assert (second.version, second.counts, second.reason) == (2, True, "typo")
    assert sorted(x.score for x in first.scores.all()) == [-45, 0, 5, 40]
    assert [v.version for v in result_services.result_versions(table)] == [2, 1]


@pytest.mark.parametrize("stale", [None, 0, 1])
def test_a_stale_base_version_conflicts(mcr, director, stale):
    _event, table, _players = mcr
    result_services.enter_result(table, director, {"E": 40, "S": 5, "W": 0, "N": -45})
    result_services.enter_result(
        table, director, {"E": 45, "S": 0, "W": 0, "N": -45}, based_on_version=1, reason="typo"
    )
    with pytest.raises(result_services.ResultConflict) as caught:
        result_services.enter_result(
            table, director, {"E": 0, "S": 0, "W": 0, "N": 0}, based_on_version=stale, reason="x"
        )
    assert caught.value.current_version == 2
    assert TableResult.objects.count() == 2


def test_every_result_write_bumps_the_revision(mcr, director):
    event, table, _players = mcr
    before = Event.objects.get(pk=event.pk).revision
    result_services.enter_result(table, director, {"E": 40, "S": 5, "W": 0, "N": -45})
    assert Event.objects.get(pk=event.pk).revision == before + 1


def test_failed_write_leaves_the_revision(mcr, director):
    event, table, _players = mcr
    before = Event.objects.get(pk=event.pk).revision
    with pytest.raises(ValidationError):
        result_services.enter_result(table, director, {"E": 40, "S": 5, "W": 0, "N": 0})
    assert Event.objects.get(pk=event.pk).revision == before


def test_confirmation_by_a_second_person(mcr, director, make_user):
    event, table, _players = mcr
    Event.objects.filter(pk=event.pk).update(results_need_confirmation=True)
    keeper = make_user("keeper")
    staff_services.assign_referee(event, keeper, role=RefereeAssignment.Role.SCOREKEEPER)
    table.refresh_from_db()
    table.round.event.refresh_from_db()
    first = result_services.enter_result(table, keeper, {"E": 40, "S": 5, "W": 0, "N": -45})
    assert not first.counts
    with pytest.raises(PermissionDenied):
        result_services.confirm_result(table, keeper, 1)
    confirmed = result_services.confirm_result(table, director, 1)
    assert confirmed.counts and confirmed.confirmed_by == director
    # A correction does not count until confirmed: version 1 keeps counting meanwhile.
    result_services.enter_result(
        table, director, {"E": 45, "S": 0, "W": 0, "N": -45}, based_on_version=1, reason="typo"
    )
    assert list(table.results.filter(counts=True).values_list("version", flat=True)) == [1]
    with pytest.raises(result_services.ResultConflict):
        result_services.confirm_result(table, keeper, 1)
    result_services.confirm_result(table, keeper, 2)
    assert list(table.results.filter(counts=True).values_list("version", flat=True)) == [2]


def test_closed_round_only_director_with_reason(mcr, director, make_user):
    event, table, _players = mcr
    head = make_user("head")
    staff_services.assign_referee(event, head, role=RefereeAssignment.Role.HEAD)
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.CLOSED)
    table.round.refresh_from_db()
    scores = {"E": 40, "S": 5, "W": 0, "N": -45}
    with pytest.raises(PermissionDenied):
        result_services.enter_result(table, head, scores, reason="late")
    with pytest.raises(ValidationError) as caught:
        result_services.enter_result(table, director, scores)
    assert "reason" in caught.value.message_dict
    assert result_services.enter_result(table, director, scores, reason="late sheet").counts


@pytest.mark.parametrize(
    "role, tables, floor_allowed, table_number, allowed",
    [
        ("head", [], False, 1, True),
        ("scorekeeper", [], False, 2, True),
        ("scorekeeper", [1], False, 2, False),
        ("floor", [1], False, 1, False),
        ("floor", [1], True, 1, True),
        ("floor", [1], True, 2, False),
        ("floor", [], True, 2, True),
    ],
)
def test_who_may_enter(make_event, make_user, role, tables, floor_allowed, table_number, allowed):
    event = make_event("rights", players=8, rounds=1, seated=True)
    Event.objects.filter(pk=event.pk).update(floor_referees_enter_results=floor_allowed)
    event.refresh_from_db()
    user = make_user("ref")
    staff_services.assign_referee(event, user, role=role, table_numbers=tables)
    assert can_enter_results(user, event, table_number) is allowed
    assert can_enter_results(make_user("nobody"), event, 1) is False


def test_a_player_given_twice_is_refused(mcr, director):
    _event, table, (e, s, w, n) = mcr
    scores = {str(e.pk): 10, f"0{e.pk}": 10, str(s.pk): -10, str(w.pk): 0, str(n.pk): 0}
    with pytest.raises(ValidationError) as caught:
        result_services.enter_result(table, director, scores)
    assert "given twice" in " ".join(caught.value.message_dict["scores"])
    assert not TableResult.objects.exists()
