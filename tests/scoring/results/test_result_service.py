"""Result entry rules the tablet pages rely on (issue 16 §3, issue 18 item 12): rounds that
are not live, the reason's length, and idempotency keys checked after the rights."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from scoring.results import services as result_services
from scoring.results.models import TableResult
from tournament.events.models import Event
from tournament.rounds import services as round_services
from tournament.rounds.models import Round, Table
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment

SCORES = {"E": 40, "S": 5, "W": 0, "N": -45}


@pytest.fixture
def seated(make_event):
    """Round 1 seated, not live (tomorrow's round)."""
    event = make_event("tomorrow", players=8, rounds=1, seated=True)
    return event, Table.objects.get(round__event=event, round__number=1, number=1)


@pytest.fixture
def keeper(make_user, seated):
    user = make_user("keeper")
    staff_services.assign_referee(seated[0], user, role=RefereeAssignment.Role.SCOREKEEPER)
    return user


def test_a_scorekeeper_cannot_enter_a_result_of_a_round_not_live(seated, keeper):
    _event, table = seated
    with pytest.raises(PermissionDenied) as caught:
        result_services.enter_result(table, keeper, SCORES)
    assert "not live" in str(caught.value)
    assert not TableResult.objects.exists()


def test_the_director_needs_a_reason_in_a_round_not_live(seated, director):
    _event, table = seated
    with pytest.raises(ValidationError) as caught:
        result_services.enter_result(table, director, SCORES)
    assert "not live" in caught.value.message_dict["reason"][0]
    assert not TableResult.objects.exists()
    result = result_services.enter_result(table, director, SCORES, reason="Paper sheet typed in")
    assert result.reason == "Paper sheet typed in"


def test_a_live_round_needs_no_reason_for_the_first_entry(seated, keeper):
    event, table = seated
    round_services.update_round(table.round, status=Round.Status.LIVE)
    table.refresh_from_db()
    assert result_services.enter_result(table, keeper, SCORES).version == 1


@pytest.mark.parametrize("reason", ["x" * 2001, "x" * 1_000_000, "nul\x00byte"])
def test_a_reason_is_capped(seated, director, reason):
    _event, table = seated
    with pytest.raises(ValidationError) as caught:
        result_services.enter_result(table, director, SCORES, reason=reason)
    assert "reason" in caught.value.message_dict
    assert not TableResult.objects.exists()


def test_a_reason_of_2000_characters_is_kept(seated, director):
    _event, table = seated
    assert (
        len(result_services.enter_result(table, director, SCORES, reason="y" * 2000).reason) == 2000
    )


@pytest.fixture
def live(seated, keeper):
    event, table = seated
    round_services.update_round(table.round, status=Round.Status.LIVE)
    table.refresh_from_db()
    return event, table


def test_a_replayed_key_returns_the_stored_version(live, keeper):
    event, table = live
    first = result_services.enter_result(table, keeper, SCORES, idempotency_key="k1")
    revision = Event.objects.get(pk=event.pk).revision
    again = result_services.enter_result(table, keeper, dict(SCORES), idempotency_key="k1")
    assert (again.pk, again.replayed, first.replayed) == (first.pk, True, False)
    assert TableResult.objects.count() == 1
    assert Event.objects.get(pk=event.pk).revision == revision


def test_a_key_reused_for_other_scores_conflicts_without_naming_the_version(live, keeper):
    _event, table = live
    first = result_services.enter_result(table, keeper, SCORES, idempotency_key="k1")
    with pytest.raises(result_services.ResultConflict) as caught:
        result_services.enter_result(
            table, keeper, {"E": 45, "S": 0, "W": 0, "N": -45}, idempotency_key="k1"
        )
    assert str(first.pk) not in caught.value.message
    assert TableResult.objects.count() == 1


def test_a_replay_is_answered_only_after_the_rights_check(live, keeper, make_user):
    event, table = live
    result_services.enter_result(table, keeper, SCORES, idempotency_key="k1")
    outsider = make_user("outsider")
    staff_services.assign_referee(
        event, outsider, role=RefereeAssignment.Role.SCOREKEEPER, table_numbers=[2]
    )
    with pytest.raises(PermissionDenied):
        result_services.enter_result(table, outsider, SCORES, idempotency_key="k1")
