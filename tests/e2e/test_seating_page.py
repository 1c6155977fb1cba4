"""The seating draft page in a real browser at tablet (768x1024) and phone (390x844) width:
generate with byes, read the heading, byes and remembered options, publish, drop a player
and re-draft in one step (issues 16 and 19)."""

from __future__ import annotations

import pytest

from tests.support.browser import login, no_sideways_scrolling
from tournament.players import services as player_services
from tournament.players.models import Player

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def eager_tasks():
    from config.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.mark.parametrize("device", ["tablet", "phone"])
def test_draft_byes_and_a_redraft_after_a_drop(
    request, device, make_event, director, live_server, shoot
):
    event = make_event(f"seating-{device}", players=17)
    page = request.getfixturevalue(device).new_page()
    login(page, live_server, director)
    page.goto(f"{live_server.url}/director/{event.slug}/seating/")
    page.fill("#id_rounds", "3")
    page.select_option("#id_fill", "byes")
    page.fill("#id_avoid_club_weight", "2")
    page.fill("#id_seed", "4")
    page.click("button[name=generate]")
    page.wait_for_load_state()
    assert "Draft for rounds 1 to 3" in page.inner_text("#draft-title")
    assert page.locator("[data-byes]").count() == 3  # one player sits out each round
    assert page.input_value("#id_avoid_club_weight") in ("2", "2.0")
    assert page.input_value("#id_seed") == "4"
    no_sideways_scrolling(page)
    shoot(page, f"seating-draft-{device}")
    page.click("button[name=publish]")
    page.wait_for_url(f"**/director/{event.slug}/rounds/")

    gone = event.players.order_by("pk").first()
    player_services.update_player(gone, status=Player.Status.DROPPED)
    page.goto(f"{live_server.url}/director/{event.slug}/rounds/")
    alert = page.locator("[data-seating-alerts]")
    assert gone.name in alert.inner_text()
    # the rounds table is not this test's (it may be wider); the notice fits the screen
    box = alert.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
    shoot(page, f"seating-alert-{device}")
    alert.locator("button[name=redraft]").click()
    page.wait_for_url(f"**/director/{event.slug}/seating/")
    assert "Draft for rounds 1 to 3" in page.inner_text("#draft-title")
    assert page.locator("[data-moved]").count() == 1
    options = page.locator("select[name=a] option").all_inner_texts()
    assert gone.name not in options  # the swap lists only players still in the event
    no_sideways_scrolling(page)
    shoot(page, f"seating-redraft-{device}")
