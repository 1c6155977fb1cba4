"""A sheet's hand that names a foul report follows it through a re-pricing (issue 31, item
26): the hand keeps the report it was entered with (hands are append-only), and the sheet API,
hands.csv and the sheet page show the report standing for it now, with its points."""

from __future__ import annotations

import csv
import io
import uuid

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from penalties.models import FoulReport, Replacement
from penalties.repricing.services import reprice_event
from scoring.sheets.models import SheetHand
from scoring.sheets.services import hand_dict
from tournament.events.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def chombo_hand(make_hall):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True)
    hall.event.refresh_from_db()
    answer = hall.foul(hall.floor, "chombo", hall.south, {"kind": "noten_riichi"})
    assert answer.status_code == 201, answer.content
    hall.chombo = answer.json()["id"]
    added = hall.client(hall.head).post(
        sheet_url(hall) + "hands/",
        {
            "number": 1,
            "hand": {"kind": "aborted"},
            "idempotency_key": uuid.uuid4().hex,
            "foul_report": hall.chombo,
        },
        format="json",
    )
    assert added.status_code == 201, added.content
    return hall


def sheet_url(hall) -> str:
    return f"/api/events/{hall.event.slug}/rounds/1/tables/1/sheet/"


def reprice(hall, points: int) -> int:
    summary = reprice_event(
        hall.event,
        hall.director,
        ruleset="riichi_ema",
        options={"chombo_points": points},
        reason=f"The rule sheet said {points}",
    )
    hall.event.refresh_from_db()
    return summary.repriced[-1][1]


def sheet_hand(hall) -> dict:
    return Client().get(sheet_url(hall)).json()["hands"][0]


def hands_csv(hall) -> dict[str, str]:
    client = Client()
    client.force_login(hall.director)
    answer = client.get(f"/director/{hall.event.slug}/export/hands.csv")
    rows = list(csv.DictReader(io.StringIO(answer.content.decode("utf-8-sig"))))
    assert len(rows) == 1
    return rows[0]


def test_before_a_repricing_the_hand_shows_its_own_report_and_points(chombo_hand):
    hand = sheet_hand(chombo_hand)
    assert hand["foul_report"] == hand["current_foul_report"] == chombo_hand.chombo
    assert hand["foul_points"] == [0, -20000, 0, 0]
    row = hands_csv(chombo_hand)
    assert row["current foul report"] == str(chombo_hand.chombo)
    assert row["foul points"] == "0 -20000 0 0"


def test_a_repriced_chombo_hand_points_at_the_replacement(chombo_hand):
    hall = chombo_hand
    replacement = reprice(hall, 30000)
    assert replacement != hall.chombo
    assert Replacement.objects.get(replaced_id=hall.chombo).replacement_id == replacement
    # The hand row is untouched: one version, still naming the report it was entered with.
    stored = SheetHand.objects.get(sheet__table__round__event=hall.event)
    assert stored.foul_report_id == hall.chombo and stored.version == 1
    alone = hand_dict(stored)  # one hand alone (the 409 answer's stored hand)
    assert (alone["current_foul_report"], alone["foul_points"]) == (replacement, [0, -30000, 0, 0])

    hand = sheet_hand(hall)
    assert hand["foul_report"] == hall.chombo
    assert hand["current_foul_report"] == replacement
    assert hand["foul_points"] == [0, -30000, 0, 0]

    row = hands_csv(hall)
    assert row["foul report"] == str(hall.chombo)
    assert row["current foul report"] == str(replacement)
    assert row["foul points"] == "0 -30000 0 0"

    client = Client()
    client.force_login(hall.head)
    text = client.get(f"/sheets/{hall.event.slug}/r1/t1/").content.decode()
    assert f"Foul report #{hall.chombo}" in text
    assert f"now report #{replacement}: South -30000" in text

    api = hall.client(hall.director).get(f"/api/events/{hall.event.slug}/fouls/{hall.chombo}/")
    assert api.json()["replaced_by"] == replacement
    new = hall.client(hall.director).get(f"/api/events/{hall.event.slug}/fouls/{replacement}/")
    assert new.json()["replaces"] == hall.chombo


def test_two_repricings_lead_to_the_last_report(chombo_hand):
    hall = chombo_hand
    reprice(hall, 30000)
    last = reprice(hall, 10000)
    hand = sheet_hand(hall)
    assert hand["current_foul_report"] == last
    assert hand["foul_points"] == [0, -10000, 0, 0]
    assert hands_csv(hall)["current foul report"] == str(last)


def test_a_voided_current_report_moves_no_points(chombo_hand):
    hall = chombo_hand
    replacement = reprice(hall, 30000)
    assert hall.void(hall.head, replacement, "Appeal upheld").status_code == 201
    hand = sheet_hand(hall)
    assert hand["current_foul_report"] == replacement
    assert hand["foul_points"] == [0, 0, 0, 0]


def migrate(penalties: str | None = None):
    executor = MigrationExecutor(connection)
    targets = [
        (app, penalties if app == "penalties" and penalties else name)
        for app, name in executor.loader.graph.leaf_nodes()
    ]
    executor.migrate(targets)


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_notes_private_and_links_earlier_repricings(chombo_hand):
    """Before migration 0004 a note was shown on the public pages; after it every earlier note
    is the private note and the public explanation is empty. Re-pricings made before it are
    linked from the replacements' idempotency keys."""
    from integrity.triggers import ensure_append_only

    hall = chombo_hand
    assert hall.foul(hall.floor, "short_hand", hall.west, note="Written for all").status_code == 201
    replacement = reprice(hall, 30000)
    try:
        migrate("0001_squashed_0003")
        migrate()
    finally:
        migrate()
        ensure_append_only()
    assert Replacement.objects.get(replaced_id=hall.chombo).replacement_id == replacement
    noted = FoulReport.objects.get(event=hall.event, code="short_hand")
    assert (noted.note, noted.explanation) == ("Written for all", "")
    assert sheet_hand(hall)["current_foul_report"] == replacement
    call_command("check", verbosity=0)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("version", [5, 4])
def test_the_archive_restores_the_links(chombo_hand, version):
    """Version 5 carries the links; a version 4 archive (no links, no explanations) gets them
    from the replacements' idempotency keys, as the migration did."""
    import json

    from scoring import exports

    hall = chombo_hand
    replacement = reprice(hall, 30000)
    data = json.loads(exports.archive_json(hall.event))
    assert [(r["replaced"], r["replacement"]) for r in data["replacements"]] == [
        (hall.chombo, replacement)
    ]
    if version == 4:
        del data["replacements"]
        for row in data["foul_reports"]:
            del row["explanation"]
    data["version"] = version
    call_command("flush", interactive=False, verbosity=0)
    imported = exports.import_event(data, create_users=True)
    assert Replacement.objects.get(replaced_id=hall.chombo).replacement_id == replacement
    assert FoulReport.objects.filter(event=imported).count() == 2
    assert sheet_hand(hall)["current_foul_report"] == replacement
