"""History in: the EMA results file and the archive, previews, refusals and round trips."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from scoring.exports import archive_json, ema_csv
from scoring.exports.reading.ema import EMA_HEADER
from scoring.files import to_csv
from scoring.ranking.models import RankingEntry, RankingEvent, RankingResult
from scoring.ranking.services import importing
from tests.support.ranking import DAY, ema_file, past_event, play_and_publish
from tournament.events.models import Event
from tournament.persons.models import Person
from tournament.players.models import Player


def rows(*lines):
    return to_csv(EMA_HEADER, [list(line) for line in lines])


def refused(data, match, **kw):
    before = (Event.objects.count(), Player.objects.count(), Person.objects.count())
    with pytest.raises(ValidationError, match=match):
        importing.import_ema(data, name="Bad", ruleset="mcr", first_day=DAY, last_day=DAY, **kw)
    assert (Event.objects.count(), Player.objects.count(), Person.objects.count()) == before


@pytest.mark.django_db
def test_bad_files_are_refused_with_the_line(director):
    ok = ("10000001", "Alpha", "Anna", "NL", 0, 0)
    other = ("", "Beta", "Bram", "NL", 0, 0)
    refused(rows((1, *ok), (3, *other)), "place 3 comes where 2 should", by=director)
    refused(
        rows((1, *ok), (1, *other), (2, "", "C", "Cees", "NL", 0, 0)), "skip or repeat", by=director
    )
    refused(
        rows((1, *ok), (2, "", "Beta", "Bram", "XX", 0, 0)),
        "Line 3: unknown country XX",
        by=director,
    )
    refused(rows((1, *ok), (2, "123", "Beta", "Bram", "NL", 0, 0)), "8 digits", by=director)
    refused(b"name,points\n", "first line", by=director)
    refused(b"", "empty", by=director)


@pytest.mark.django_db
def test_an_event_imported_twice_is_refused(director):
    data = ema_file([(1, "A"), (2, "B")])
    importing.import_ema(data, name="Open", ruleset="mcr", first_day=DAY, last_day=DAY, by=director)
    with pytest.raises(ValidationError, match="imported once"):
        importing.import_ema(
            data, name="Open", ruleset="mcr", first_day=DAY, last_day=DAY, by=director
        )
    assert Event.objects.count() == 1


@pytest.mark.django_db
def test_preview_shows_matches_and_decisions(director):
    past_event("Old", 100, [(1, "A"), (2, "B")], director)
    Person.objects.create(name="Cees Gamma", country="DE")
    lines = importing.read_ema_file(
        rows(
            (1, "10000001", "Alpha", "Anna", "NL", 0, 0),
            (2, "", "Gamma", "CEES", "DE", 0, 0),
            (3, "", "New", "Nina", "FI", 0, 0),
        )
    )
    matches = importing.preview(lines)
    assert matches[0].person.ema_number == "10000001" and not matches[0].needs_decision
    assert matches[1].needs_decision and matches[1].candidates[0].name == "Cees Gamma"
    assert matches[2].person is None and not matches[2].candidates
    data = rows(
        *[
            (
                m.line.place,
                m.line.ema_number,
                m.line.last_name,
                m.line.first_name,
                m.line.country,
                0,
                0,
            )
            for m in matches
        ]
    )
    with pytest.raises(ValidationError, match="lines 3"):
        importing.import_ema(
            data, name="N", ruleset="mcr", first_day=DAY, last_day=DAY, by=director
        )
    cees = matches[1].candidates[0]
    importing.import_ema(
        data,
        name="N",
        ruleset="mcr",
        first_day=DAY,
        last_day=DAY,
        by=director,
        decisions={3: str(cees.pk)},
    )
    assert cees.players.get().name == "CEES Gamma"


@pytest.mark.django_db
def test_publish_takes_the_final_places_of_the_standings(make_hall, director):
    hall = make_hall("mcr")
    event = play_and_publish(hall, director)
    entry = RankingEvent.objects.get(event=event)
    places = sorted(entry.results.values_list("place", flat=True))
    # table 2: three tied at 8 share 7/3 table points each
    assert places[0] == 1 and len(places) == 8
    assert entry.players == 8 and entry.weight == "2"  # 1 day + qualification
    assert Player.objects.filter(event=event, person__isnull=True).count() == 0
    assert Person.objects.get(ema_number="20000001").players.get().pk == hall.east.pk


def snapshot_of_persons_and_ranking():
    persons = sorted((p.name, str(p.country), p.ema_number) for p in Person.objects.all())
    ranking = sorted((e.name, e.place, Fraction(e.value)) for e in RankingEntry.objects.all())
    results = sorted(
        (r.player.name, r.place) for r in RankingResult.objects.select_related("player")
    )
    return persons, ranking, results


@pytest.mark.django_db(transaction=True)
def test_ema_file_and_archive_round_trip_on_a_fresh_database(make_hall, director):
    hall = make_hall("mcr")
    event = play_and_publish(hall, director)
    earlier = ema_file([(1, "A"), (2, "B")])
    second = past_event("Earlier", 30, [(1, "A"), (2, "B")], director)
    # the played event's 8 players and the earlier event's 2: persons with 2 results are ranked
    first = snapshot_of_persons_and_ranking()
    ema = ema_csv(event)
    archive = archive_json(event).encode()
    event_name, day = event.name, event.end_date
    username = director.username

    def fresh():
        call_command("flush", interactive=False, verbosity=0)
        from django.contrib.auth import get_user_model

        return get_user_model().objects.create_user(username=username)

    user = fresh()
    importing.import_ema(
        earlier,
        name="Earlier",
        ruleset="mcr",
        first_day=second.end_date,
        last_day=second.end_date,
        by=user,
    )
    importing.import_ema(
        ema,
        name=event_name,
        ruleset="mcr",
        first_day=day,
        last_day=day,
        by=user,
        needs_qualification=True,
    )
    via_ema = snapshot_of_persons_and_ranking()
    assert via_ema[0] == first[0] and via_ema[2] == first[2]
    assert via_ema[1] == first[1]

    user = fresh()
    importing.import_archive(archive, by=user, needs_qualification=True)
    importing.import_ema(
        earlier,
        name="Earlier",
        ruleset="mcr",
        first_day=second.end_date,
        last_day=second.end_date,
        by=user,
    )
    assert snapshot_of_persons_and_ranking() == first
    with pytest.raises(ValidationError, match="already exists"):
        importing.import_archive(archive, by=user)
    assert json.loads(archive)["event"]["slug"] == event.slug
