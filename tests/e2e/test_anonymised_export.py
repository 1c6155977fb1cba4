"""The director shares an event: from the home page, by links only, at tablet width (768 px),
to the event's exports and the anonymised archive; the file holds pseudonyms and nothing of
the original persons or texts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoring import exports
from tests.support.personal_event import TYPED, build_personal_event, originals

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_director_downloads_the_anonymised_archive_from_the_exports_page(
    make_hall, tablet, live_server, shoot, tmp_path
):
    hall = make_hall("mcr")
    event = build_personal_event(hall)
    original = exports.archive_json(event)
    page = tablet.new_page()
    page.goto(live_server.url)
    page.get_by_role("link", name="Log in").click()
    page.fill("#id_username", hall.director.username)
    page.fill("#id_password", "pw-dir")
    page.click("button[type=submit]")
    page.get_by_role("listitem").filter(has_text=TYPED["event"]).get_by_role(
        "link", name="Manage"
    ).click()
    page.get_by_role("navigation", name="Event sections").get_by_role(
        "link", name="Exports"
    ).click()
    page.wait_for_url(f"**/director/{event.slug}/exports/")
    file = f"anonymised-{event.pk}-archive.json"
    link = page.get_by_role("link", name=file)
    assert link.is_visible()
    assert "to share for testing or research" in page.inner_text("main")
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shoot(page, "director-exports-anonymised-tablet")

    with page.expect_download() as waiting:
        link.click()
    download = waiting.value
    assert download.suggested_filename == file
    saved = tmp_path / file
    download.save_as(saved)
    text = Path(saved).read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["event"]["name"] == f"Anonymised event {event.pk}"
    assert [p["name"] for p in data["players"]][:2] == ["Player 1", "Player 2"]
    for what, values in originals(json.loads(original)).items():
        for value in values:
            assert value.casefold() not in text.casefold(), f"{what}: {value!r}"
    assert text == exports.anonymised_archive_json(event)

    # The page stays as it was: back to the overview and forward again, then a reload.
    page.go_back()
    page.wait_for_url(f"**/director/{event.slug}/")
    page.go_forward()
    page.wait_for_url(f"**/director/{event.slug}/exports/")
    page.reload()
    assert page.get_by_role("link", name=file).is_visible()
