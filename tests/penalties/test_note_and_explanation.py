"""A report's private note and public explanation (issue 31, item 10): the public pages, the
public API and the public exports show the explanation and never the note; the staff see
both; the tablet form says which one is public; the offline queue carries both, stored once."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from penalties.models import FoulReport
from scoring.standings.services import reconcile as standings_reconcile

pytestmark = pytest.mark.django_db

PRIVATE = "He swore at the table: watch him"
PUBLIC = "Declared a win on a hand of six points"


def web(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def reported(make_hall):
    hall = make_hall("mcr")
    answer = hall.foul(
        hall.floor, "false_win", hall.south, {"reason": "invalid_hand"},
        note=PRIVATE, explanation=PUBLIC,
    )  # fmt: skip
    assert answer.status_code == 201, answer.content
    hall.report_id = answer.json()["id"]
    standings_reconcile.reconcile_event(hall.event.pk)
    return hall


def test_the_report_stores_both_texts_apart(reported):
    report = FoulReport.objects.get(pk=reported.report_id)
    assert (report.note, report.explanation) == (PRIVATE, PUBLIC)


def test_public_pages_show_the_explanation_never_the_note(reported):
    slug = reported.event.slug
    for url in (f"/e/{slug}/penalties/", f"/e/{slug}/players/{reported.south.pk}/"):
        text = web().get(url).content.decode()
        assert PUBLIC in text, url
        assert PRIVATE not in text, url
    assert "Referee&#x27;s note" not in web().get(f"/e/{slug}/penalties/").content.decode()


def test_the_public_api_shows_the_explanation_never_the_note(reported):
    base = f"/api/events/{reported.event.slug}/fouls/"
    anonymous = Client()
    for url in (base, f"{base}{reported.report_id}/"):
        body = anonymous.get(url).content.decode()
        assert PUBLIC in body and PRIVATE not in body, url
    listed = anonymous.get(base).json()
    row = (listed["results"] if isinstance(listed, dict) else listed)[0]
    assert row["explanation"] == PUBLIC and "note" not in row


@pytest.mark.parametrize("who", ["floor", "head", "director"])
def test_staff_api_answers_carry_the_note(reported, who):
    client = reported.client(getattr(reported, who))
    detail = client.get(f"/api/events/{reported.event.slug}/fouls/{reported.report_id}/").json()
    assert (detail["note"], detail["explanation"]) == (PRIVATE, PUBLIC)
    listed = client.get(f"/api/events/{reported.event.slug}/fouls/").json()
    row = (listed["results"] if isinstance(listed, dict) else listed)[0]
    assert row["note"] == PRIVATE


def test_staff_pages_show_both_texts_with_what_each_is(reported):
    slug = reported.event.slug
    receipt = web(reported.floor).get(f"/referee/{slug}/fouls/{reported.report_id}/")
    text = receipt.content.decode()
    assert PRIVATE in text and PUBLIC in text
    assert "Private note — staff only" in text and "Public explanation" in text
    listing = web(reported.head).get(f"/referee/{slug}/fouls/").content.decode()
    assert PRIVATE in listing and PUBLIC in listing


def test_the_directors_archive_keeps_both_texts(reported):
    """Every export is the director's (staff); the archive keeps both texts and restores them."""
    from scoring.exports import event_archive

    rows = event_archive(reported.event)["foul_reports"]
    assert [(r["note"], r["explanation"]) for r in rows] == [(PRIVATE, PUBLIC)]


def test_the_form_says_which_text_is_public(reported):
    page = web(reported.floor).get(f"/referee/{reported.event.slug}/r1/t1/short_hand/")
    text = page.content.decode()
    assert "Public explanation — shown on the public penalties page" in text
    assert "Private note — staff only" in text
    assert 'name="explanation"' in text and 'name="note"' in text
    assert text.index('name="explanation"') < text.index('name="note"')


def test_an_offline_queued_report_with_both_texts_is_stored_once(reported):
    """The offline queue posts the form's fields with its key, and posts them again when it
    never saw the answer: one report, with both texts, each in its place."""
    url = f"/referee/{reported.event.slug}/r1/t1/short_hand/"
    fields = {
        "offender": reported.west.pk,
        "d_count": 1,
        "explanation": "Thirteen tiles after the call",
        "note": "Second time today",
        "idempotency_key": "queued-on-the-tablet-1",
        "action": "save",
    }
    client = web(reported.floor)
    first = client.post(url, fields, headers={"Accept": "application/json"})
    again = client.post(url, fields, headers={"Accept": "application/json"})
    assert (first.status_code, again.status_code) == (201, 200), first.content
    assert first.json()["id"] == again.json()["id"]
    stored = FoulReport.objects.filter(
        event=reported.event, idempotency_key=fields["idempotency_key"]
    )
    assert stored.count() == 1
    report = stored.get()
    assert (report.explanation, report.note) == (
        "Thirteen tiles after the call",
        "Second time today",
    )
    public = web().get(f"/e/{reported.event.slug}/penalties/").content.decode()
    assert "Thirteen tiles after the call" in public and "Second time today" not in public


def test_the_schema_says_which_text_is_public():
    spec = json.loads(web().get("/api/schema/?format=json").content)
    schemas = spec["components"]["schemas"]
    create = schemas["FoulCreateRequest"]["properties"]
    assert "Public explanation" in create["explanation"]["description"]
    assert "Private note" in create["note"]["description"]
    assert "note" not in schemas["FoulReport"]["properties"]
    assert "explanation" in schemas["FoulReport"]["properties"]
    assert "note" in schemas["FoulReportAudit"]["properties"]
    fouls = spec["paths"]["/api/events/{event}/fouls/"]["get"]["description"]
    assert "private `note`" in fouls
