"""Every bad report gets 400/403/409 naming the field, and writes nothing."""

from __future__ import annotations

import pytest

from penalties.models import FoulReport, LedgerEntry, Void
from tournament.rounds import services as round_services
from tournament.rounds.models import Round

pytestmark = pytest.mark.django_db


def counts():
    return (FoulReport.objects.count(), LedgerEntry.objects.count(), Void.objects.count())


def assert_refused(response, status, field):
    assert response.status_code == status, response.content
    assert field in response.json(), response.json()


@pytest.mark.parametrize(
    "code,details,field",
    [
        ("not_a_foul", {}, "code"),
        ("exposed_tiles", {}, "details.source"),
        ("exposed_tiles", {"source": "own_hand", "count": "three"}, "details.count"),
        ("exposed_tiles", {"source": "own_hand", "count": -1}, "details.count"),
        ("exposed_tiles", {"source": "own_hand", "count": 15}, "details.count"),
        ("exposed_tiles", {"source": "pocket"}, "details.source"),
        ("false_win", {"others_exposed": "maybe"}, "details.others_exposed"),
        ("chombo", {}, "code"),  # a riichi foul, not one of the classical rules
    ],
)
def test_bad_code_or_details(hall, code, details, field):
    before = counts()
    assert_refused(hall.foul(hall.floor, code, hall.south, details), 400, field)
    assert counts() == before


def test_details_must_be_an_object(hall):
    assert_refused(hall.foul(hall.floor, "false_win", hall.south, ["x"]), 400, "details")


def test_offender_not_seated_at_that_table(hall):
    stranger = hall.event.players.exclude(
        pk__in=[hall.east.pk, hall.south.pk, hall.west.pk, hall.north.pk]
    ).first()
    before = counts()
    assert_refused(hall.foul(hall.floor, "false_win", stranger), 400, "offender")
    assert counts() == before


def test_co_offender_not_seated_at_that_table(hall):
    stranger = hall.event.players.exclude(
        pk__in=[hall.east.pk, hall.south.pk, hall.west.pk, hall.north.pk]
    ).first()
    response = hall.foul(
        hall.floor, "false_win", hall.south, {"others_exposed": True, "co_offenders": [stranger.pk]}
    )
    assert response.status_code == 400
    assert any(k.startswith("details.co_offenders") for k in response.json())
    assert counts() == (0, 0, 0)


def test_unknown_round_or_table(hall):
    assert_refused(hall.foul(hall.floor, "false_win", hall.south, round=9), 400, "round")
    assert_refused(hall.foul(hall.director, "false_win", hall.south, table=7), 400, "table")


def test_missing_idempotency_key(hall):
    response = hall.client(hall.floor).post(
        hall.url + "fouls/",
        {"round": 1, "table": 1, "offender": hall.south.pk, "code": "false_win"},
        format="json",
    )
    assert_refused(response, 400, "idempotency_key")


def test_round_not_live_for_referees(hall):
    """A round only seated has no play yet: floor and head referees are refused, the director
    records with a reason (docs/rules-decisions.md, docs/rules/fouls.md#catalogue)."""
    round_ = hall.event.rounds.get(number=1)
    round_services.update_round(round_, status=Round.Status.SEATED, reason="Started too early")
    assert_refused(hall.foul(hall.floor, "false_win", hall.south), 409, "round")
    assert_refused(hall.foul(hall.head, "false_win", hall.south), 409, "round")
    assert_refused(hall.foul(hall.director, "false_win", hall.south), 400, "reason")
    assert counts() == (0, 0, 0)
    assert (
        hall.foul(hall.director, "false_win", hall.south, reason="Seen at the draw").status_code
        == 201
    )


def test_closed_round_only_director_with_reason(hall):
    round_ = hall.event.rounds.get(number=1)
    round_services.update_round(round_, status=Round.Status.CLOSED)
    assert hall.foul(hall.floor, "false_win", hall.south).status_code == 403
    assert hall.foul(hall.head, "false_win", hall.south).status_code == 403
    assert_refused(hall.foul(hall.director, "false_win", hall.south), 400, "reason")
    assert counts() == (0, 0, 0)
    response = hall.foul(
        hall.director,
        "false_win",
        hall.south,
        {"others_exposed": True},
        reason="Reported by the head referee after the round",
    )
    assert response.status_code == 201
    assert response.json()["reason"].startswith("Reported by")


def test_referees_not_assigned_get_403(hall, make_user, make_hall):
    assert hall.foul(hall.other_floor, "false_win", hall.south).status_code == 403
    assert hall.foul(make_user("stranger"), "false_win", hall.south).status_code == 403
    other = make_hall("classical")
    assert hall.foul(other.floor, "false_win", hall.south).status_code == 403
    assert hall.foul(other.head, "false_win", hall.south).status_code == 403
    assert hall.foul(None, "false_win", hall.south).status_code in (401, 403)
    assert counts() == (0, 0, 0)


def test_void_rules(hall):
    report = hall.foul(hall.floor, "false_win", hall.south, {"others_exposed": True}).json()
    assert hall.void(hall.floor, report["id"]).status_code == 403
    assert_refused(hall.void(hall.head, report["id"], reason="  "), 400, "reason")
    assert Void.objects.count() == 0
    assert hall.void(hall.head, report["id"]).status_code == 201
    entries = LedgerEntry.objects.count()
    assert_refused(hall.void(hall.director, report["id"]), 409, "report")
    assert LedgerEntry.objects.count() == entries
    assert hall.void(hall.head, 999999).status_code == 404


def test_replay_returns_first_result_and_writes_nothing(hall):
    first = hall.foul(hall.floor, "false_win", hall.south, {"others_exposed": True}, key="k-1")
    assert first.status_code == 201
    before = counts()
    again = hall.foul(hall.floor, "false_win", hall.south, {"others_exposed": True}, key="k-1")
    assert again.status_code == 200
    assert again.json()["id"] == first.json()["id"]
    assert again.json()["entries"] == first.json()["entries"]
    assert counts() == before


def test_replay_accepted_after_the_round_closed(hall):
    first = hall.foul(hall.floor, "false_win", hall.south, {"others_exposed": True}, key="late")
    round_services.update_round(hall.event.rounds.get(number=1), status=Round.Status.CLOSED)
    again = hall.foul(hall.floor, "false_win", hall.south, {"others_exposed": True}, key="late")
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]


def test_key_reused_for_another_report_is_a_conflict(hall):
    hall.foul(hall.floor, "false_win", hall.south, key="same")
    assert_refused(
        hall.foul(hall.floor, "short_hand", hall.west, key="same"), 409, "idempotency_key"
    )


def test_preview_writes_nothing(hall):
    response = hall.client(hall.floor).post(
        hall.url + "fouls/preview/",
        {
            "round": 1,
            "table": 1,
            "offender": hall.east.pk,
            "code": "false_win",
            "details": {"others_exposed": True},
        },
        format="json",
    )
    assert response.status_code == 200, response.content
    assert "East pays 300 to each opponent" in response.json()["description"]
    assert counts() == (0, 0, 0)
