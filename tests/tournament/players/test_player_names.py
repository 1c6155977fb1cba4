"""Player names on every way in (page, API, file): NFC, compared by a casefolded key the
database keeps unique, no control or formatting characters, the column lengths; every change
that shows (a new player, a name, club, country, EMA number or status) moves the revision."""

from __future__ import annotations

import unicodedata

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django.test import Client

from scoring import exports
from scoring.standings.services.reconcile import reconcile_event
from tournament.players import services as player_services
from tournament.players.models import Player
from tournament.players.services import importing as player_import

pytestmark = pytest.mark.django_db

COMPOSED = "Šťastný"
DECOMPOSED = unicodedata.normalize("NFD", COMPOSED)


@pytest.fixture
def web(director):
    client = Client()
    client.force_login(director)
    return client


def revision(event) -> int:
    event.refresh_from_db(fields=["revision"])
    return event.revision


def test_names_are_stored_in_nfc_with_single_spaces(event):
    player = player_services.add_player(event, name=f"  Jan   {DECOMPOSED}\u00a0 ")
    assert player.name == f"Jan {COMPOSED}"
    assert unicodedata.is_normalized("NFC", Player.objects.get(pk=player.pk).name)


@pytest.mark.parametrize("other", [DECOMPOSED, "ŠŤASTNÝ", "šťastný", "ŠŤASTNÝ ", "šŤaStNý"])
def test_names_that_differ_only_in_case_or_normalisation_are_one_player(event, other):
    player_services.add_player(event, name=COMPOSED)
    with pytest.raises(ValidationError) as error:
        player_services.add_player(event, name=other)
    assert error.value.message_dict == {
        "name": [f"{COMPOSED} is already registered in this event."]
    }


def test_the_database_refuses_a_second_key_whatever_code_writes(event):
    Player.objects.create(event=event, name="Case")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(event=event, name="CASE")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.bulk_create([Player(event=event, name="case")])


@pytest.mark.parametrize(
    "name",
    [
        "Jan\u200bNovák",  # zero-width space
        "Jan\u202eNovák",  # right-to-left override
        "Jan\nNovák",
        "Jan\tNovák",
        "Jan\x00Novák",
        "\ufeffJan",  # byte order mark
        "Jan\u2028Novák",  # line separator
    ],
)
def test_control_and_formatting_characters_are_refused_on_every_way_in(
    event, director_api, web, name
):
    count = event.players.count()
    with pytest.raises(ValidationError) as error:
        player_services.add_player(event, name=name)
    assert "control or invisible formatting characters" in error.value.messages[0]
    response = director_api.post(f"/api/events/{event.slug}/players/", {"name": name})
    assert response.status_code == 400 and "name" in response.json()
    response = web.post(f"/director/{event.slug}/players/", {"add": "1", "name": name})
    assert response.context["form"].errors["name"]
    with pytest.raises(player_import.CsvImportError) as error:
        player_import.import_players(event, "name\n" + f'"{name}"\n')
    assert error.value.errors[0].line == 2
    assert event.players.count() == count


def test_lengths_are_checked_by_the_service_with_a_clear_message(event):
    with pytest.raises(ValidationError) as error:
        player_services.add_player(event, name="x" * 121, club="c" * 121)
    assert error.value.message_dict == {
        "name": ["A name has at most 120 characters (this one: 121)."],
        "club": ["A club has at most 120 characters (this one: 121)."],
    }


def test_a_file_line_gets_exactly_the_single_player_checks(event, director_api):
    """A 10 000-character name, a long club and a NUL byte used to reach the database (500 on
    PostgreSQL, stored as is on SQLite)."""
    text = (
        "name,country,club,ema_number\n"
        f"{'N' * 10000},CZ,,\n"
        f"Long Club,CZ,{'c' * 121},\n"
        "Nul\x00Byte,CZ,,\n"
        "Fine Player,CZ,,\n"
    )
    count = event.players.count()
    with pytest.raises(player_import.CsvImportError) as error:
        player_import.import_players(event, text.encode())
    lines = {e.line: e.message for e in error.value.errors}
    assert lines == {
        2: "A name has at most 120 characters (this one: 10000).",
        3: "Club: A club has at most 120 characters (this one: 121).",
        4: "A name cannot contain control or invisible formatting characters (line breaks, "
        "tabs, zero-width spaces, direction marks); found U+0000.",
    }
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = director_api.post(
        f"/api/events/{event.slug}/players/import/",
        {"file": SimpleUploadedFile("p.csv", text.encode())},
        format="multipart",
    )
    assert response.status_code == 400
    assert [e["line"] for e in response.json()["lines"]] == [2, 3, 4]
    assert event.players.count() == count


def test_a_name_in_the_file_that_matches_a_registered_one_by_key_is_refused(event):
    player_services.add_player(event, name=COMPOSED)
    with pytest.raises(player_import.CsvImportError) as error:
        player_import.import_players(event, f"name\n{DECOMPOSED.upper()}\nšťastný\n".encode())
    assert [(e.line, e.message) for e in error.value.errors] == [
        (2, f"{COMPOSED} is already registered in this event."),
        (3, "Duplicate player šťastný (also on line 2)."),
    ]


def test_adding_a_player_moves_the_revision_and_reaches_the_standings(event):
    before = revision(event)
    player = player_services.add_player(event, name="Late Arrival")
    assert revision(event) == before + 1
    names = [row["name"] for row in exports.standings(event)[1]]
    assert player.name in names


def test_an_import_moves_the_revision_and_verify_stays_clean(event, capsys):
    call_command("reconcile")
    before = revision(event)
    player_import.import_players(event, b"name\nNew One\nNew Two\n")
    assert revision(event) == before + 1
    reconcile_event(event.pk)  # what the task asked for on commit does (it writes only news)
    call_command("verify", event.slug)  # would raise SystemExit(1) on a stale snapshot
    assert "consistent" in capsys.readouterr().out


@pytest.mark.parametrize(
    "change",
    [
        {"name": "Renamed Player"},
        {"club": "Other Club"},
        {"country": "FR"},
        {"ema_number": "07009999"},
        {"status": "dropped"},
    ],
)
def test_every_shown_change_moves_the_revision(event, change):
    player = event.players.order_by("pk").first()
    before = revision(event)
    player_services.update_player(player, **change)
    assert revision(event) == before + 1
    player_services.update_player(player, **change)  # no change: nothing moves
    assert revision(event) == before + 1


def test_a_rename_reaches_the_standings_page_and_export(event, web, settings):
    settings.PUBLIC_PAGE_SECONDS = 0  # the public page's own delay (about a second)
    call_command("reconcile")
    player = event.players.order_by("pk").first()
    assert player.name in Client().get(f"/e/{event.slug}/").content.decode()
    response = web.post(
        f"/director/{event.slug}/players/{player.pk}/",
        {"name": "Eva Dvořáková", "country": "CZ", "club": "Brno", "status": "active"},
    )
    assert response.status_code == 302
    reconcile_event(event.pk)  # what the task asked for on commit does (it writes only news)
    csv = exports.standings_csv(event).decode("utf-8-sig")
    assert "Eva Dvořáková" in csv and player.name not in csv
    public = Client().get(f"/e/{event.slug}/").content.decode()
    assert "Eva Dvořáková" in public


def test_a_player_is_edited_on_the_pages(event, web):
    player = event.players.order_by("pk").first()
    page = web.get(f"/director/{event.slug}/players/{player.pk}/")
    assert page.context["form"]["name"].value() == player.name
    response = web.post(
        f"/director/{event.slug}/players/{player.pk}/",
        {
            "name": "Aino Virtanen",
            "country": "FI",
            "club": "Helsinki",
            "ema_number": "11000001",
            "status": "dropped",
        },
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.name, player.country.code, player.club, player.ema_number, player.status) == (
        "Aino Virtanen",
        "FI",
        "Helsinki",
        "11000001",
        "dropped",
    )
    other = event.players.exclude(pk=player.pk).first()
    response = web.post(
        f"/director/{event.slug}/players/{other.pk}/",
        {"name": "AINO VIRTANEN", "country": "", "club": "", "ema_number": "", "status": "active"},
    )
    assert response.context["form"].errors["name"] == [
        "Aino Virtanen is already registered in this event."
    ]


def test_a_player_is_edited_through_the_api(event, director_api):
    player = event.players.order_by("pk").first()
    response = director_api.patch(
        f"/api/events/{event.slug}/players/{player.pk}/",
        {"name": "Piotr Nowak", "club": "Kraków", "country": "PL"},
        format="json",
    )
    assert response.status_code == 200, response.content
    player.refresh_from_db()
    assert (player.name, player.club, player.country.code) == ("Piotr Nowak", "Kraków", "PL")


def test_a_substitute_gets_a_real_name(event, web):
    substitute = Player.objects.create(event=event, name="Substitute 1", is_substitute=True)
    response = web.post(
        f"/director/{event.slug}/players/{substitute.pk}/",
        {"name": "Marie Curie", "country": "FR", "status": "active"},
    )
    assert response.status_code == 302
    substitute.refresh_from_db()
    assert substitute.name == "Marie Curie" and substitute.is_substitute


def test_the_import_message_has_plural_forms(event, web):
    from tournament.players.models import PlayerImport

    web.post(
        f"/director/{event.slug}/players/",
        {"upload": "1", "file": __import__("io").BytesIO(b"name\nOnly One\n")},
    )
    draft = PlayerImport.objects.get()
    response = web.post(
        f"/director/{event.slug}/players/import/{draft.pk}/", {"confirm": "1"}, follow=True
    )
    assert "1 player imported." in response.content.decode()


def test_the_players_list_costs_the_same_queries_for_8_or_80_players(
    event, web, django_assert_num_queries
):
    # Queries: session, user, the event, the players with their teams (an event without
    # teams asks for none: the form's team choices).
    with django_assert_num_queries(4):
        assert len(web.get(f"/director/{event.slug}/players/").context["players"]) == 8
    player_import.import_players(event, "name\n" + "\n".join(f"Extra {i}" for i in range(72)))
    with django_assert_num_queries(4):
        assert len(web.get(f"/director/{event.slug}/players/").context["players"]) == 80
