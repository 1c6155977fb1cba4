"""A two-stage event with teams in a real browser, at tablet (768x1024) and phone (390x844)
width: the director defines teams and stages, plays the demo rounds, cuts to 8 (choosing among
players tied at the line, if any), seats the final by rank; the public pages show the team
standings and the final ranking, without sideways scrolling."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group

from scoring.demo import load_full_demo
from scoring.formats import reading as cut_reading
from scoring.results.services import enter_result
from scoring.standings.services.reconcile import reconcile_event
from tournament.access.roles import STAFF_GROUPS
from tournament.events.models import Event
from tournament.formats.models import Stage
from tournament.formats.services import teams
from tournament.rounds.models import Round
from tournament.rounds.services import update_round

pytestmark = pytest.mark.django_db(transaction=True)

DEVICES = ["tablet", "phone"]


def no_sideways_scrolling(page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("device", DEVICES)
def test_two_stage_event_with_teams(request, device, live_server, shoot):
    for group in STAFF_GROUPS:  # a transactional test before this one flushed them
        Group.objects.get_or_create(name=group)
    event, logins = load_full_demo(32, 2)  # rounds 1 and 2 played and closed
    director = logins[0]
    page = request.getfixturevalue(device).new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", director.username)
    page.fill("#id_password", director.password)
    page.click("button[type=submit]")
    page.wait_for_load_state()
    base = f"{live_server.url}/director/{event.slug}"

    # Teams: two defined on the page, one player put in a team on his edit page.
    page.goto(f"{base}/teams/")
    for name in ("Dragons", "Tigers"):
        page.fill("#id_name", name)
        page.click("button[name=add]")
        page.wait_for_url(f"{base}/teams/")
        assert page.get_by_text(f"Team {name} added.").is_visible()
    no_sideways_scrolling(page)
    dragons, tigers = event.teams.get(name="Dragons"), event.teams.get(name="Tigers")
    players = list(event.players.order_by("pk"))
    first = players[0]
    page.goto(f"{base}/players/{first.pk}/")
    page.select_option("#id_team", str(dragons.pk))
    page.click("form.stack button:has-text('Save')")
    page.wait_for_url(f"{base}/players/")
    first.refresh_from_db()
    assert first.team == dragons
    for i, player in enumerate(players[1:16], start=1):
        teams.set_team(player, dragons if i % 2 == 0 else tigers)

    # Stages: the two played rounds, then a final of one round for the top 8, seated by rank.
    page.goto(f"{base}/stages/")
    page.fill("#id_name", "Qualifying")
    page.fill("#id_first_round", "1")
    page.fill("#id_last_round", "2")
    page.click("button[type=submit]:has-text('Add stage')")
    page.wait_for_url(f"{base}/stages/")
    page.fill("#id_name", "Final")
    page.fill("#id_first_round", "3")
    page.fill("#id_last_round", "3")
    page.fill("#id_cut_size", "6")
    page.select_option("#id_seating", "rank")
    page.click("button[type=submit]:has-text('Add stage')")
    assert page.get_by_text("multiple of 4").is_visible()  # refused, nothing added
    assert event.stages.count() == 1
    page.fill("#id_cut_size", "8")
    page.click("button[type=submit]:has-text('Add stage')")
    page.wait_for_url(f"{base}/stages/")
    no_sideways_scrolling(page)
    shoot(page, f"formats-stages-{device}")

    # The cut line, live: the sure qualifiers and any tie at the line are marked.
    final = event.stages.get(name="Final")
    line = cut_reading.cut_view(final).line
    page.click("a:has-text('See the cut line')")
    page.wait_for_url(f"{base}/stages/{final.pk}/cut/")
    assert page.locator("tr.cut-in").count() == len(line.qualified)
    assert page.locator("tr.cut-tied").count() == len(line.tied)
    for who in line.tied[: line.open_seats]:
        page.check(f"tr[data-player='{who}'] input[name=chosen]")
    no_sideways_scrolling(page)
    shoot(page, f"formats-cut-{device}")
    page.click("button[type=submit]:has-text('Confirm the cut')")
    page.wait_for_url(f"{base}/stages/")
    assert page.get_by_text("Cut confirmed; round 3 is seated.").is_visible()

    # The final is seated by rank: the top 4 of the qualifying at table 1, in wind order.
    decision = Stage.objects.get(pk=final.pk).cut
    assert len(decision.qualified) == 8
    round_three = Round.objects.get(event=event, number=3)
    table_one = list(round_three.seats.filter(table__number=1).values_list("wind", "player_id"))
    assert [dict(table_one)[w] for w in "ESWN"] == decision.qualified[:4]
    update_round(round_three, status=Round.Status.LIVE)
    Event.objects.filter(pk=event.pk).update(results_need_confirmation=False)
    for table in round_three.tables.all():
        enter_result(table, event.director, {"E": 30, "S": 10, "W": -15, "N": -25})
    reconcile_event(event.pk)

    # Public pages: team standings with members linked, the final ranking.
    public = f"{live_server.url}/e/{event.slug}"
    page.goto(f"{public}/teams/")
    assert page.locator("table.teams tbody tr").count() == 2
    assert page.locator(f"a[href='/e/{event.slug}/players/{first.pk}/']").count() == 1
    no_sideways_scrolling(page)
    shoot(page, f"formats-public-teams-{device}")
    page.goto(f"{public}/final/")
    rows = page.locator("table.final-ranking tbody tr")
    assert rows.count() == 32
    winner = decision.qualified[0]  # E at table 1 wins the final with +30
    assert f"/players/{winner}/" in rows.first.locator("a").get_attribute("href")
    no_sideways_scrolling(page)
    shoot(page, f"formats-public-final-{device}")
    page.goto(f"{public}/")
    assert page.locator("nav.tabs a:has-text('Teams')").count() == 1
    assert page.locator("nav.tabs a:has-text('Final ranking')").count() == 1
