"""Issue 43, item 5: every search finds "Łukasz" by "lukasz": the check-in desk, "Where do I
sit?", the persons registry, the ranking's page, API and exports (stored and "as of" another
day), the persons a name may be (suggestions) and the import's candidates. One rule for all:
``tournament.collation.matches``."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from scoring.ranking.services import compute, importing
from tests.support.ranking import PEOPLE, eight_events
from tests.tournament.registration.conftest import person as registrant
from tournament.persons import services as persons
from tournament.persons.models import Person
from tournament.players import services as player_services
from tournament.registration import services as registration
from tournament.registration.services import checkin


@pytest.mark.django_db
def test_the_desk_finds_lukasz(make_event, director):
    event = make_event("desk", players=0)
    registration.update_settings(
        event,
        opens_at=timezone.now() - timedelta(hours=1),
        closes_at=timezone.now() + timedelta(days=7),
        cap=4,
    )
    registration.sign_up(event, registrant(1, name="Łukasz Żółkiewski"))
    registration.sign_up(event, registrant(2, name="Søren Ørsted"))
    checkin.open_check_in(event)
    client = Client()
    client.force_login(director)
    url = f"/director/{event.slug}/check-in/search"
    for query, name in [
        ("lukasz", "Łukasz Żółkiewski"),
        ("zolk", "Łukasz Żółkiewski"),
        ("soren orsted", "Søren Ørsted"),
    ]:
        found = client.get(url, {"q": query}).json()["results"]
        assert [r["name"] for r in found] == [name], query


@pytest.mark.django_db
def test_where_do_i_sit_finds_the_letters_without_accents(make_hall):
    hall = make_hall("mcr")
    player_services.update_player(hall.east, name="Œhlenschläger Þórður")
    for query in ("oehlen", "thordur"):
        answer = Client().get(f"/e/{hall.event.slug}/seating/", {"q": query})
        assert [seat.player.pk for seat, _table in answer.context["matches"]] == [hall.east.pk]


@pytest.mark.django_db
def test_the_persons_registry_finds_lukasz(director):
    Person.objects.create(name="Łukasz Nowak", country="PL")
    Person.objects.create(name="Lucas Novak", country="CZ")
    client = Client()
    client.force_login(director)
    page = client.get("/director/persons/", {"q": "lukasz"})
    assert [p.name for p in page.context["persons"]] == ["Łukasz Nowak"]
    assert page.context["total"] == 1


@pytest.fixture
def polish_ranking(director):
    """The ranking of ``eight_events`` with Anna Alpha renamed Łukasz Żółkiewski."""
    eight_events(director)
    anna = Person.objects.get(ema_number=PEOPLE["A"][3])
    anna.name = "Łukasz Żółkiewski"
    anna.save(update_fields=["name"])
    compute.recompute("mcr")


@pytest.mark.django_db
def test_the_ranking_finds_lukasz_on_its_page_api_and_exports(polish_ranking, director):
    client = Client()
    for query in ("lukasz", "zolkiewski luk"):
        page = client.get("/ranking/mcr/", {"q": query})
        assert [r["name"] for r in page.context["ranking"].rows] == ["Łukasz Żółkiewski"]
        api = client.get("/api/ranking/mcr/", {"q": query}).json()
        assert [r["name"] for r in api["results"]] == ["Łukasz Żółkiewski"], api
        csv = client.get("/ranking/mcr/export.csv", {"q": query}).content.decode("utf-8-sig")
        assert "Żółkiewski" in csv and "Bram" not in csv
    # "as of" another day: the fresh computation filters by the same rule
    yesterday = (timezone.localdate() - timedelta(days=1)).isoformat()
    page = client.get("/ranking/mcr/", {"q": "lukasz", "as_of": yesterday})
    assert [r["name"] for r in page.context["ranking"].rows] == ["Łukasz Żółkiewski"]


@pytest.mark.django_db
def test_persons_a_name_may_be_fold_alike(director):
    one = Person.objects.create(name="Łukasz Nowak", country="PL")
    two = Person.objects.create(name="Lukasz Nowak", country="PL")
    Person.objects.create(name="Lukasz Nowak", country="CZ")
    assert [{p.pk for p in group} for group in persons.suggestions()] == [{one.pk, two.pk}]
    assert {p.pk for p in persons.matches("LUKASZ NOWAK", "PL")} == {one.pk, two.pk}


@pytest.mark.django_db
def test_the_import_offers_the_person_whatever_the_accents(director):
    known = Person.objects.create(name="Łukasz Żółkiewski", country="PL")
    data = (
        b"Place,EMA number,Last name,First name,Country\n1,,Zolkiewski,Lukasz,PL\n2,,Beta,Bram,NL\n"
    )
    [first, _second] = importing.preview(importing.read_ema_file(data))
    assert first.candidates == [known]
