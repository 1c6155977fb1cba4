"""Issue 43, item 27: a NUL character in a query string (``%00``), which PostgreSQL's text
columns refuse (a DataError, a 500), is answered 400 with the reason, in one place for every
page, export and API (``config.middleware.NulAsBadRequestMiddleware``), before any view runs;
a posted form says it next to its field. Run on SQLite and on PostgreSQL (``make
test-services``)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.support.ranking import eight_events
from tournament.persons.models import Person, PersonChange

pytestmark = pytest.mark.django_db

PUBLIC = [
    "/ranking/mcr/?q=%00",
    "/ranking/mcr/?country=%00",
    "/ranking/mcr/?country=N%00",
    "/ranking/mcr/countries/?country=%00",
    "/ranking/mcr/export.csv?q=an%00na",
    "/ranking/mcr/export.csv?country=%00",
    "/ranking/mcr/export.xlsx?q=%00",
    "/ranking/mcr/export.xlsx?country=%00",
    "/api/ranking/mcr/?q=%00",
    "/api/ranking/mcr/?country=%00",
    "/api/ranking/mcr/?%00=1",
]


@pytest.fixture
def ranking(director):
    return eight_events(director)


@pytest.mark.parametrize("url", PUBLIC)
def test_a_nul_in_a_public_query_is_a_400_with_the_reason(ranking, url):
    answer = Client().get(url)
    assert answer.status_code == 400
    assert "NUL" in answer.content.decode()


def test_the_api_says_it_in_json(ranking):
    answer = Client().get("/api/ranking/mcr/?q=%00")
    assert answer.status_code == 400 and "NUL" in answer.json()["detail"]


@pytest.mark.parametrize("url", ["/director/persons/?q=%00", "/director/persons/?q=a%00b"])
def test_a_nul_in_the_persons_search_is_a_400(ranking, director, url):
    client = Client()
    client.force_login(director)
    assert client.get(url).status_code == 400
    assert Client().get(url).status_code == 400  # anonymously too


def test_a_nul_in_a_posted_form_changes_nothing(ranking, director):
    client = Client()
    client.force_login(director)
    source, target = Person.objects.order_by("pk")[:2]
    changes = PersonChange.objects.count()
    answer = client.post(
        "/director/persons/", {"source": source.pk, "target": target.pk, "reason": "same\x00"}
    )
    assert "The reason contains a NUL character." in answer.content.decode()
    assert PersonChange.objects.count() == changes
    assert Person.objects.get(pk=source.pk).merged_into is None


@pytest.mark.parametrize("url", ["/ranking/mcr/?q=anna", "/ranking/mcr/?country=NL"])
def test_other_queries_are_answered_as_before(ranking, url):
    assert Client().get(url).status_code == 200
