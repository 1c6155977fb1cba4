"""The director's settings, players (edit, file import with preview) and staff pages in a
real browser, at tablet (768x1024) and phone (390x844) width: everything usable without
sideways scrolling."""

from __future__ import annotations

import pytest

from tests.support.browser import login, no_sideways_scrolling
from tournament.players.models import Player
from tournament.rounds import services as round_services
from tournament.rounds.services import seats
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment

pytestmark = pytest.mark.django_db(transaction=True)

DEVICES = ["tablet", "phone"]


@pytest.mark.parametrize("device", DEVICES)
def test_settings_page_shows_the_chosen_rulesets_options_and_derived_amounts(
    request, device, make_event, director, live_server, shoot
):
    event = make_event(f"classical-{device}", ruleset="classical")
    page = request.getfixturevalue(device).new_page()
    login(page, live_server, director)
    page.goto(f"{live_server.url}/director/{event.slug}/edit/")
    assert page.locator("[data-ruleset-options=classical]").is_visible()
    assert not page.locator("[data-ruleset-options=mcr]").is_visible()
    two = page.locator("#id_option_classical_two_offender_amount")
    assert two.get_attribute("placeholder") == "150"
    page.fill("#id_option_classical_false_win_amount", "301")
    assert two.get_attribute("placeholder") == "150"
    assert (
        page.locator("#id_option_classical_chow_claim_amount").get_attribute("placeholder") == "50"
    )
    page.fill("#id_option_classical_false_win_amount", "1000")
    assert (
        page.locator("#id_option_classical_three_offender_amount").get_attribute("placeholder")
        == "333"
    )
    page.select_option("#id_ruleset", "mcr")
    assert page.locator("[data-ruleset-options=mcr]").is_visible()
    assert not page.locator("[data-ruleset-options=classical]").is_visible()
    page.select_option("#id_ruleset", "classical")
    page.select_option("#id_time_zone", "Europe/Prague")
    no_sideways_scrolling(page)
    shoot(page, f"director-settings-{device}")
    page.click("button[type=submit]:has-text('Save')")
    page.wait_for_url(f"**/director/{event.slug}/")
    event.refresh_from_db()
    assert event.ruleset_options == {"false_win_amount": 1000}
    assert event.time_zone == "Europe/Prague"
    overview = page.inner_text("main")
    assert "333" in overview and "Europe/Prague" in overview
    assert page.locator(f"a[href='/director/{event.slug}/export/ema.csv']").count() == 1
    no_sideways_scrolling(page)
    shoot(page, f"director-overview-{device}")


@pytest.mark.parametrize("device", DEVICES)
def test_players_are_added_edited_dropped_and_imported_with_a_preview(
    request, device, make_event, director, live_server, shoot, tmp_path
):
    event = make_event(f"players-{device}", players=6)
    Player.objects.create(
        event=event, name="Substitute 1", is_substitute=True, club="A club with a long name, too"
    )
    page = request.getfixturevalue(device).new_page()
    login(page, live_server, director)
    page.goto(f"{live_server.url}/director/{event.slug}/players/")
    no_sideways_scrolling(page)
    shoot(page, f"director-players-{device}")

    page.fill("#id_name", "Marie-Hélène Lefèvre-Duchâteau de la Tour")
    page.select_option("#id_country", "FR")
    page.click("button[name=add]")
    page.wait_for_selector(".messages")
    assert "added" in page.inner_text(".messages")
    no_sideways_scrolling(page)

    page.click("tr:has-text('Substitute 1') a.button:has-text('Edit')")
    page.fill("#id_name", "Jan Šťastný")
    page.select_option("#id_country", "CZ")
    no_sideways_scrolling(page)
    shoot(page, f"director-player-edit-{device}")
    page.click("button[type=submit]:has-text('Save')")
    page.wait_for_selector(".messages")
    assert Player.objects.get(event=event, is_substitute=True).name == "Jan Šťastný"

    page.click("tr:has-text('Player 01') button:has-text('Drop')")
    page.wait_for_selector("tr.dropped:has-text('Player 01')")

    csv = tmp_path / "players.csv"
    csv.write_bytes(
        "name;country;club\nCamille Hélène;FR;Café\nJürgen Müller;DE;Köln\n".encode("cp1252")
    )
    page.set_input_files("#id_file", str(csv))
    page.click("button[name=upload]")
    page.wait_for_selector("table.preview-lines")
    preview = page.inner_text("main")
    assert "Camille Hélène" in preview and "Jürgen Müller" in preview
    assert "Windows-1252" in preview
    assert event.players.filter(name="Camille Hélène").count() == 0
    no_sideways_scrolling(page)
    shoot(page, f"director-import-preview-{device}")
    page.click("button[name=confirm]")
    page.wait_for_selector(".messages")
    assert "2 players imported." in page.inner_text(".messages")
    assert event.players.filter(name__in=["Camille Hélène", "Jürgen Müller"]).count() == 2
    no_sideways_scrolling(page)


@pytest.mark.parametrize("device", DEVICES)
def test_staff_are_invited_given_several_roles_and_see_them(
    request, device, browser, make_event, director, live_server, shoot
):
    event = make_event(f"staff-{device}", players=8, rounds=1, seated=True)
    page = request.getfixturevalue(device).new_page()
    login(page, live_server, director)
    page.goto(f"{live_server.url}/director/{event.slug}/referees/")
    no_sideways_scrolling(page)
    page.check("#invite-title ~ form input[value=floor]")
    page.check("#invite-title ~ form input[value=scorekeeper]")
    page.fill("#id_invite-table_numbers", "1-2")
    page.fill("#id_invite-note", "Jana")
    page.click("button[name=invite]")
    page.wait_for_selector(".new-link")
    link = page.input_value("#invitation-link")
    no_sideways_scrolling(page)
    shoot(page, f"director-staff-link-{device}")

    invitee = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en"
    )
    other = invitee.new_page()
    other.goto(link)
    other.fill("#id_username", f"jana-{device}")
    other.fill("#id_password", "a long pass 42")
    other.fill("#id_password_again", "a long pass 42")
    other.click("button[name=create]")
    other.wait_for_selector(".my-roles")
    roles = other.inner_text(".my-roles")
    assert "Floor referee" in roles and "Scorekeeper" in roles and event.name in roles
    no_sideways_scrolling(other)
    shoot(other, f"staff-roles-{device}")
    invitee.close()

    page.goto(f"{live_server.url}/director/{event.slug}/referees/")
    row = page.locator(f"tr:has-text('jana-{device}')")
    assert row.locator("li.role").count() == 2
    row.locator("button:has-text('Remove')").first.click()
    page.wait_for_selector(".messages")
    assert (
        RefereeAssignment.objects.filter(event=event, user__username=f"jana-{device}").count() == 1
    )
    no_sideways_scrolling(page)
    shoot(page, f"director-staff-{device}")
    staff_services.assign_referee(
        event,
        RefereeAssignment.objects.get(event=event).user,
        role=RefereeAssignment.Role.HEAD,
    )


@pytest.mark.parametrize("device", DEVICES)
def test_rounds_page_fits_and_moves_a_round_on(request, device, make_event, director, live_server):
    event = make_event(f"rounds-{device}", players=16)
    for number in (1, 2, 3):
        round_services.create_round(event, number=number)
    players = [p.pk for p in event.players.order_by("pk")]
    seats.seat_round(event.rounds.get(number=1), [players[i : i + 4] for i in range(0, 16, 4)])
    page = request.getfixturevalue(device).new_page()
    login(page, live_server, director)
    page.goto(f"{live_server.url}/director/{event.slug}/rounds/")
    assert page.locator("a:has-text('Round board')").count() == 3
    no_sideways_scrolling(page)
    assert event.rounds.get(number=1).status == "seated"
    page.select_option("#round-status-1", "live")
    page.locator("form[action$='/rounds/1/status/'] button").click()
    page.wait_for_load_state()
    no_sideways_scrolling(page)
    assert event.rounds.get(number=1).status == "live"


@pytest.mark.parametrize("device", DEVICES)
def test_an_option_change_after_a_foul_is_repriced_with_a_reason(
    request, device, make_hall, live_server, shoot
):
    from penalties.models import FoulReport

    hall = make_hall("classical")
    answer = hall.foul(hall.floor, "false_win", hall.south, {"others_exposed": True})
    assert answer.status_code == 201, answer.content
    event = hall.event
    page = request.getfixturevalue(device).new_page()
    login(page, live_server, hall.director)
    page.goto(f"{live_server.url}/director/{event.slug}/edit/")
    page.fill("#id_option_classical_false_win_amount", "500")
    page.click("button[type=submit]:has-text('Save')")
    panel = page.locator("[data-repricing]")
    panel.wait_for()
    assert hall.south.name in panel.inner_text()
    no_sideways_scrolling(page)
    shoot(page, f"director-repricing-{device}")
    page.fill("#id_reprice_reason", "amount announced wrong")
    page.click("button:has-text('Re-price and save')")
    page.wait_for_url(f"**/director/{event.slug}/")
    assert "1 foul re-priced" in page.inner_text("main")
    event.refresh_from_db()
    assert event.ruleset_options == {"false_win_amount": 500}
    assert FoulReport.objects.filter(event=event, void__isnull=True).count() == 1
    assert FoulReport.objects.filter(event=event, void__isnull=False).count() == 1
