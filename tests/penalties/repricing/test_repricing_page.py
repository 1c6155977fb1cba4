"""The settings page's re-pricing step: a refused option change after play lists the fouls it
would price again, and the director re-prices them with a reason in one step; nothing changes
without the reason, nor without the confirmation the list carries (issue 43 item 2: for
exactly the fouls listed), and nobody but the director may do it."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from penalties.models import FoulReport, Void
from scoring.results import services as result_services
from tournament.events.models import Event
from tournament.events.reading.pricing import MAX_REPRICING_REASON
from tournament.rounds.models import Table

pytestmark = pytest.mark.django_db


def settings_data(event: Event, **changes) -> dict:
    return {
        "name": event.name,
        "slug": event.slug,
        "ruleset": event.ruleset,
        "status": event.status,
        "time_zone": event.time_zone,
        "venue": "",
        "is_public": "on",
    } | changes


@pytest.fixture
def classical(make_hall):
    hall = make_hall("classical")
    answer = hall.foul(hall.floor, "false_win", hall.south, {"others_exposed": True})
    assert answer.status_code == 201, answer.content
    return hall


def director_client(hall) -> Client:
    client = Client()
    client.force_login(hall.director)
    return client


def listed(client: Client, event: Event, data: dict) -> dict:
    """``data`` with the confirmation of the list of fouls the settings page shows for it."""
    page = client.post(f"/director/{event.slug}/edit/", data).content.decode()
    section = page.split("data-repricing", 1)[1]
    return data | {"confirm": re.search(r'name="confirm" value="([0-9a-f]+)"', section)[1]}


def test_a_refused_option_change_lists_the_fouls_it_would_reprice(classical):
    event = classical.event
    report = FoulReport.objects.get(event=event)
    data = settings_data(event, option_classical_false_win_amount="500")
    page = director_client(classical).post(f"/director/{event.slug}/edit/", data)
    assert page.status_code == 200
    html = page.content.decode()
    assert "data-repricing" in html and f"#{report.pk}" in html
    assert classical.south.name in html
    assert 'formaction="/director/' + event.slug + '/reprice/"' in html
    assert Event.objects.get(pk=event.pk).ruleset_options == {}


def test_reprice_needs_a_reason_then_voids_and_records_again(classical):
    event = classical.event
    old = FoulReport.objects.get(event=event)
    old_points = sorted(e.points for e in old.entries.all())
    client = director_client(classical)
    data = listed(
        client, event, settings_data(event, option_classical_false_win_amount="500", venue="Hall B")
    )
    page = client.post(f"/director/{event.slug}/reprice/", data | {"reprice_reason": " "})
    assert page.status_code == 200
    assert "Say why the fouls are re-priced" in page.content.decode()
    stored = Event.objects.get(pk=event.pk)
    assert stored.ruleset_options == {} and stored.venue == ""
    assert not Void.objects.exists()

    done = client.post(
        f"/director/{event.slug}/reprice/", data | {"reprice_reason": "amounts announced wrong"}
    )
    assert done.status_code == 302, done.content.decode()[:2000]
    stored = Event.objects.get(pk=event.pk)
    assert stored.ruleset_options == {"false_win_amount": 500} and stored.venue == "Hall B"
    assert Void.objects.get(report=old).reason.endswith("amounts announced wrong")
    new = FoulReport.objects.get(event=event, void__isnull=True)
    assert new.pk != old.pk and new.code == old.code and new.offender_id == old.offender_id
    assert sorted(e.points for e in new.entries.all()) != old_points
    assert "1 foul re-priced" in client.get(f"/director/{event.slug}/").content.decode()


def test_only_the_director_may_reprice(classical):
    event = classical.event
    client = Client()
    client.force_login(classical.head)
    data = settings_data(event, option_classical_false_win_amount="500", reprice_reason="x")
    assert client.post(f"/director/{event.slug}/reprice/", data).status_code == 403
    assert client.get(f"/director/{event.slug}/reprice/").status_code in (403, 405)
    assert Event.objects.get(pk=event.pk).ruleset_options == {}
    assert not Void.objects.exists()


def test_a_ruleset_change_after_a_result_offers_no_repricing(make_hall):
    hall = make_hall("mcr")
    table = Table.objects.get(round__event=hall.event, round__number=1, number=1)
    result_services.enter_result(table, hall.director, {"E": 30, "S": 10, "W": -10, "N": -30})
    event = hall.event
    page = director_client(hall).post(
        f"/director/{event.slug}/edit/", settings_data(event, ruleset="riichi_ema")
    )
    html = page.content.decode()
    assert "already has table results" in html and "data-repricing" not in html


def test_a_reason_over_the_limit_is_refused_before_anything_changes(classical):
    """The void and the replacement quote the director's reason after words of their own: a
    reason that fits the form's limit fits them too, and a longer one is refused up front."""
    event = classical.event
    client = director_client(classical)
    data = listed(client, event, settings_data(event, option_classical_false_win_amount="500"))
    too_long = client.post(
        f"/director/{event.slug}/reprice/",
        data | {"reprice_reason": "x" * (MAX_REPRICING_REASON + 1)},
    )
    html = too_long.content.decode()
    assert too_long.status_code == 200
    assert f"at most {MAX_REPRICING_REASON} characters" in html
    assert f'maxlength="{MAX_REPRICING_REASON}"' in html
    assert Event.objects.get(pk=event.pk).ruleset_options == {}
    assert not Void.objects.exists()

    longest = "y" * MAX_REPRICING_REASON
    done = client.post(f"/director/{event.slug}/reprice/", data | {"reprice_reason": longest})
    assert done.status_code == 302, done.content.decode()[:2000]
    assert Void.objects.get().reason.endswith(longest)
    assert FoulReport.objects.get(event=event, void__isnull=True).reason.endswith(longest)


def test_repricing_is_done_only_for_the_fouls_the_director_saw(classical):
    event = classical.event
    client = director_client(classical)
    data = settings_data(event, option_classical_false_win_amount="500")
    reason = {"reprice_reason": "amounts announced wrong"}
    # without the list's confirmation (a replayed or forged POST): the list, nothing changed
    asked = client.post(f"/director/{event.slug}/reprice/", data | reason)
    assert asked.status_code == 409
    assert "data-repricing" in asked.content.decode()
    assert not Void.objects.exists() and Event.objects.get(pk=event.pk).ruleset_options == {}
    seen = listed(client, event, data)
    # a foul is recorded meanwhile: the list the director confirmed is not the list now
    answer = classical.foul(classical.floor, "false_win", classical.north, {"others_exposed": True})
    assert answer.status_code == 201
    again = client.post(f"/director/{event.slug}/reprice/", seen | reason)
    assert again.status_code == 409 and not Void.objects.exists()
    assert again.content.decode().count('<td class="name">#') == 2
    done = client.post(f"/director/{event.slug}/reprice/", listed(client, event, data) | reason)
    assert done.status_code == 302
    assert Void.objects.count() == 2
