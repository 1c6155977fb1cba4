"""The event settings page: a field per ruleset option with its default and meaning, derived
amounts (any whole base amount, rounded down), messages for people, the time zone, and the
export links of the director's pages."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from tournament.events import services as event_services
from tournament.events.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def web(director):
    client = Client()
    client.force_login(director)
    return client


def settings_post(event: Event, **extra) -> dict:
    data = {
        "name": event.name,
        "slug": event.slug,
        "ruleset": event.ruleset,
        "status": event.status,
        "time_zone": event.time_zone,
        "venue": event.venue,
    }
    data.update(extra)
    return data


def test_each_option_of_each_ruleset_is_a_field_with_its_label_and_default(web, event):
    response = web.get(f"/director/{event.slug}/edit/")
    form = response.context["form"]
    assert "ruleset_options" not in form.fields
    field = form.fields["option_mcr_false_win_amount"]
    assert field.label == "False win: paid to each other player"
    assert "Empty: 10." in field.help_text
    text = response.content.decode()
    assert 'data-ruleset-options="classical"' in text
    assert "Uma for places 1 to 4, raw points" in text  # riichi's fieldset, hidden
    assert "Amounts and options in force" in text


def test_an_option_set_on_the_page_is_stored_and_an_empty_one_is_the_default(web, make_event):
    event = make_event("classical-cup", ruleset="classical")
    response = web.post(
        f"/director/{event.slug}/edit/",
        settings_post(
            event,
            option_classical_false_win_amount="301",
            option_classical_point_penalty_scope="overall",
        ),
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.ruleset_options == {"false_win_amount": 301, "point_penalty_scope": "overall"}
    page = web.get(f"/director/{event.slug}/edit/")
    rows = {row["label"]: row for row in page.context["in_force"]}
    two = rows["Two offenders: each pays each other player"]
    assert two["value"] == 150 and "1/2 of the base amount" in str(two["source"])
    assert rows["Misnamed discard, proven chow claim: paid to the claimer"]["value"] == 50
    assert 'placeholder="150"' in page.content.decode()


def test_a_bad_option_gets_a_message_next_to_its_field(web, make_event):
    event = make_event("riichi-cup", ruleset="riichi_ema")
    response = web.post(
        f"/director/{event.slug}/edit/",
        settings_post(event, option_riichi_ema_uma="15000, 5000, -5000, -5000"),
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert errors["option_riichi_ema_uma"] == [
        "Uma for places 1 to 4, raw points: must add up to 0 (no oka)."
    ]
    event.refresh_from_db()
    assert event.ruleset_options == {}


def test_unknown_option_through_the_api_is_named_with_the_valid_ones(director_api, event):
    response = director_api.patch(
        f"/api/events/{event.slug}/", {"ruleset_options": {"colour": 1}}, format="json"
    )
    assert response.status_code == 400
    message = response.json()["ruleset_options"][0]
    assert "colour" in message and "false_win_amount" in message


def test_the_api_accepts_any_whole_base_amount(director_api, make_event):
    event = make_event("classical-api", ruleset="classical")
    response = director_api.patch(
        f"/api/events/{event.slug}/", {"ruleset_options": {"false_win_amount": 301}}, format="json"
    )
    assert response.status_code == 200, response.content


def test_dates_in_the_wrong_order_get_a_message_for_people(web, event):
    response = web.post(
        f"/director/{event.slug}/edit/",
        settings_post(event, start_date="2026-05-02", end_date="2026-05-01"),
    )
    errors = response.context["form"].errors
    assert errors["end_date"] == ["The last day cannot be before the first day."]
    assert "Constraint" not in response.content.decode()
    event.start_date, event.end_date = date(2026, 5, 2), date(2026, 5, 1)
    with pytest.raises(ValidationError) as error:
        event_services.save_event(event)
    assert error.value.message_dict == {
        "end_date": ["The last day cannot be before the first day."]
    }


def test_the_time_zone_is_chosen_on_the_settings_page(web, event):
    response = web.post(
        f"/director/{event.slug}/edit/", settings_post(event, time_zone="Europe/Prague")
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.time_zone == "Europe/Prague"
    response = web.post(
        f"/director/{event.slug}/edit/", settings_post(event, time_zone="Mars/Base")
    )
    assert "time_zone" in response.context["form"].errors


def test_an_unknown_time_zone_is_refused_by_the_service(event):
    event.time_zone = "Mars/Olympus"
    with pytest.raises(ValidationError) as error:
        event_services.save_event(event)
    assert error.value.message_dict["time_zone"][0].startswith("Unknown time zone Mars/Olympus")


EXPORTS = (
    "standings.csv",
    "standings.xlsx",
    "results.csv",
    "results.xlsx",
    "ema.csv",
    "archive.json",
)


def test_the_overview_and_the_exports_page_link_every_export(web, event):
    overview = web.get(f"/director/{event.slug}/").content.decode()
    page = web.get(f"/director/{event.slug}/exports/").content.decode()
    for name in EXPORTS:
        url = f"/director/{event.slug}/export/{name}"
        assert f'href="{url}"' in overview
        assert f'href="{url}"' in page
        assert web.get(url).status_code == 200
    assert (
        f'href="/director/{event.slug}/exports/"'
        in web.get(f"/director/{event.slug}/players/").content.decode()
    )


def test_yes_no_and_choice_options_are_fields_too(web, make_event):
    event = make_event("riichi-sheets", ruleset="riichi_ema")
    response = web.post(
        f"/director/{event.slug}/edit/",
        settings_post(
            event,
            option_riichi_ema_kiriage="true",
            option_riichi_ema_counted_yakuman="false",
            option_riichi_ema_multiple_ron="head_bump",
        ),
    )
    assert response.status_code == 302, response.context["form"].errors
    event.refresh_from_db()
    assert event.ruleset_options == {
        "kiriage": True,
        "counted_yakuman": False,
        "multiple_ron": "head_bump",
    }
    page = web.get(f"/director/{event.slug}/edit/")
    assert page.context["form"]["option_riichi_ema_kiriage"].value() == "true"
    rows = {str(r["label"]): r["value"] for r in page.context["in_force"]}
    assert str(rows["Score sheets: 4 han 30 fu and 3 han 60 fu are mangan"]) == "Yes"
