"""The ranking's pages, exports and API: the hand-computed ranking through the API, ETags,
pagination, bad "as of" dates, query budgets of the ranking and person pages."""

from __future__ import annotations

import io
from fractions import Fraction

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from openpyxl import load_workbook

from scoring.ranking.models import RankingEvent, WeightOverride
from tests.support.confirming import post_confirmed
from tests.support.ranking import EXPECTED, PEOPLE, day, eight_events, past_event
from tournament.persons.models import Person

pytestmark = pytest.mark.django_db


@pytest.fixture
def eight(director):
    return eight_events(director)


def letter_of(number: str) -> str:
    return {n: letter for letter, (*_, n) in PEOPLE.items()}[number]


def test_hand_computed_ranking_through_the_api(api, eight):
    answer = api.get("/api/ranking/mcr/")
    assert answer.status_code == 200
    body = answer.json()
    assert body["count"] == 5
    by_letter = {}
    for row in body["results"]:
        person = Person.objects.get(pk=row["person"])
        by_letter[letter_of(person.ema_number)] = row
    for letter, (value, _a, _b, place) in EXPECTED.items():
        row = by_letter[letter]
        assert Fraction(row["ranking_exact"]) == value
        assert row["place"] == place
    assert by_letter["C"]["ranking"] == "736.98"
    assert by_letter["A"]["part_a"] == "625.00" and by_letter["A"]["part_b"] == "700.00"
    # pagination
    first = api.get("/api/ranking/mcr/?limit=2").json()
    assert [r["place"] for r in first["results"]] == [1, 2] and first["next"]
    second = api.get(first["next"]).json()
    assert [r["place"] for r in second["results"]] == [3, 4]
    # each result's r, w, a
    a = Person.objects.get(ema_number=PEOPLE["A"][3])
    line = api.get(f"/api/ranking/mcr/persons/{a.pk}/").json()
    by_event = {x["event_name"]: x for x in line["lines"]}
    assert set(by_event) == {"E1", "E2", "E4", "E6", "E8"}
    assert (by_event["E6"]["r"], by_event["E6"]["w"], by_event["E6"]["a"]) == ("500", "2", "1")
    assert by_event["E4"]["a"] == "1/3" and by_event["E4"]["in_part_b"]
    assert by_event["E6"]["place"] == "5/2"


def test_as_of_a_past_date_and_bad_dates(api, eight):
    # 300 days ago: only E3 (400 days ago: a = 1 then), E4, E5 (counts then: 900 days), E8
    answer = api.get(f"/api/ranking/mcr/?as_of={day(300).isoformat()}")
    assert answer.status_code == 200 and answer.json()["as_of"] == day(300).isoformat()
    assert "ETag" not in answer
    for bad in ("9999-01-01", "2026-02-30", "yesterday"):
        refused = api.get(f"/api/ranking/mcr/?as_of={bad}")
        assert refused.status_code == 400 and "as_of" in refused.json()
    assert api.get("/api/ranking/go/").status_code == 404
    assert api.get("/api/ranking/mcr/?limit=5000").status_code == 400


def test_etag_moves_with_the_ranking(api, director, eight):
    first = api.get("/api/ranking/mcr/")
    tag = first["ETag"]
    assert api.get("/api/ranking/mcr/", HTTP_IF_NONE_MATCH=tag).status_code == 304
    past_event("E9", 1, [(1, "E"), (2, "A")], director)
    again = api.get("/api/ranking/mcr/", HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 200 and again["ETag"] != tag


def test_ranking_page_filters_and_searches(client, eight):
    page = client.get("/ranking/mcr/?country=DE")
    text = page.content.decode()
    assert page.status_code == 200
    assert "Cees Gamma" in text and "Dirk Delta" in text and "Anna Alpha" not in text
    found = client.get("/ranking/mcr/?q=ANNA").content.decode()
    assert "Anna Alpha" in found and "Bram Beta" not in found
    bad = client.get("/ranking/mcr/?as_of=9999-12-31")
    assert bad.status_code == 200 and "to today" in bad.content.decode()
    countries = client.get("/ranking/mcr/countries/").content.decode()
    # DE: C 736.98 and D 675 over 3 = 470.66; NL: A and B; CZ: E alone
    assert countries.index(">DE<") < countries.index(">NL<") < countries.index(">CZ<")


def test_exports(client, eight):
    csv = client.get("/ranking/mcr/export.csv")
    assert csv.status_code == 200 and csv["Content-Type"].startswith("text/csv")
    lines = csv.content.decode("utf-8-sig").splitlines()
    assert lines[1].startswith("1,Cees Gamma,DE,736.98")
    xlsx = client.get("/ranking/mcr/export.xlsx")
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    assert [c.value for c in sheet[2]][:4] == [1, "Cees Gamma", "DE", 736.98]
    assert client.get("/ranking/mcr/export.pdf").status_code == 404


def test_ranking_page_query_budget(client, eight, director):
    for n in range(10):
        past_event(f"More {n}", 20 + n, [(1, "A"), (2, "B"), (3, "C")], director)
    connection.queries_log.clear()  # a full log (9000) would capture nothing
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/ranking/mcr/").status_code == 200
    # session-less: state (the page's key), state, countries, count, page
    assert len(queries) <= 5, [q["sql"] for q in queries]
    connection.queries_log.clear()  # a full log (9000) would capture nothing
    with CaptureQueriesContext(connection) as kept:
        assert client.get("/ranking/mcr/").status_code == 200
    assert len(kept) == 1


def test_person_page_query_budget_and_content(client, eight, director, settings):
    a = Person.objects.get(ema_number=PEOPLE["A"][3])
    connection.queries_log.clear()  # a full log (9000) would capture nothing
    with CaptureQueriesContext(connection) as few:
        page = client.get(f"/ranking/persons/{a.pk}/")
    few = len(few)  # read now: the next request empties the log
    assert page.status_code == 200
    text = page.content.decode()
    assert "662.50" in text and "3 / 5" in text and "<svg" in text and "polyline" in text
    assert text.count("ranking-lines") == 1
    assert PEOPLE["A"][3] not in text  # no EMA number on a public page, as everywhere else
    for n in range(10):
        past_event(f"More {n}", 20 + n, [(1, "A"), (2, "B")], director)
    connection.queries_log.clear()  # a full log (9000) would capture nothing
    with CaptureQueriesContext(connection) as many:
        page_after = client.get(f"/ranking/persons/{a.pk}/")
    # the same number of queries with 5 or 15 events: 3 to know what the page is made of,
    # then person, players, results, snapshots, rounds, penalties, rankings, events, entries
    assert len(many) == few <= 16, [q["sql"] for q in many]
    connection.queries_log.clear()  # a full log (9000) would capture nothing
    with CaptureQueriesContext(connection) as kept:
        again = client.get(f"/ranking/persons/{a.pk}/")
    assert len(kept) == 3  # person, ranking states, the person's players and their events
    assert again.content == page_after.content
    assert (
        client.get(f"/ranking/persons/{a.pk}/", HTTP_IF_NONE_MATCH=again["ETag"]).status_code == 304
    )


def test_weight_override_needs_a_reason_and_changes_nothing_without(client, director, eight):
    client.force_login(director)
    e1 = eight["E1"]
    answer = client.post(
        f"/director/{e1.slug}/ranking/", {"override": "1", "weight": "3", "reason": " "}
    )
    assert answer.status_code == 200 and "Say why" in answer.content.decode()
    assert not WeightOverride.objects.filter(event__event=e1).exists()
    answer = client.post(
        f"/director/{e1.slug}/ranking/", {"override": "1", "weight": "3", "reason": "Worlds"}
    )
    assert answer.status_code == 302
    assert RankingEvent.objects.get(event=e1).weight == "3"
    page = client.get(f"/director/{e1.slug}/ranking/").content.decode()
    assert "Worlds" in page


def test_registry_merge_refused_and_done(client, director, eight):
    client.force_login(director)
    a = Person.objects.get(ema_number=PEOPLE["A"][3])
    b = Person.objects.get(ema_number=PEOPLE["B"][3])
    answer = client.post("/director/persons/", {"source": a.pk, "target": b.pk, "reason": "x"})
    assert "they are two people" in answer.content.decode()
    loner = Person.objects.create(name="Anna Alpha", country="NL")
    assert "Maybe the same person" in client.get("/director/persons/").content.decode()
    merging = {"source": loner.pk, "target": a.pk, "reason": "same"}
    asked = client.post("/director/persons/", merging)
    assert "Merge Anna Alpha" in asked.content.decode()
    assert Person.objects.get(pk=loner.pk).merged_into_id is None
    answer = post_confirmed(client, "/director/persons/", merging)
    assert answer.status_code == 302
    page = client.get(f"/director/persons/{a.pk}/").content.decode()
    assert "same" in page and "Undo" in page


def test_import_page_preview_then_import(client, director):
    from tests.support.ranking import ema_file

    client.force_login(director)
    upload = io.BytesIO(ema_file([(1, "A"), (2, "B")]))
    upload.name = "ema.csv"
    answer = client.post(
        "/director/ranking/import/",
        {
            "upload": "1",
            "kind": "ema",
            "file": upload,
            "name": "Old Open",
            "ruleset": "mcr",
            "first_day": "2025-01-04",
            "last_day": "2025-01-05",
        },
    )
    text = answer.content.decode()
    assert answer.status_code == 200 and "import-preview" in text and "A new person" in text
    token = answer.context["token"]
    done = client.post(
        "/director/ranking/import/",
        {
            "confirm": "1",
            "token": token,
            "kind": "ema",
            "name": "Old Open",
            "ruleset": "mcr",
            "first_day": "2025-01-04",
            "last_day": "2025-01-05",
        },
    )
    assert done.status_code == 302
    assert Person.objects.count() == 2
    assert RankingEvent.objects.get(event__name="Old Open").days == 2
