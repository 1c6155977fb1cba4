"""An event's staff: several roles per person, table numbers within the event's tables, and
who the director may assign without telling whether an account exists."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from penalties import services as penalties
from tournament.access.roles import (
    can_enter_results,
    holds_role,
    is_head_referee,
    referee_assignment,
    referee_assignments,
)
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment
from tournament.staff.services import invitations

pytestmark = pytest.mark.django_db
Role = RefereeAssignment.Role


@pytest.fixture
def web(director):
    client = Client()
    client.force_login(director)
    return client


def fresh(user):
    """The same user without the roles remembered for the request."""
    user.__dict__.pop("_referee_assignments", None)
    return user


def test_a_second_role_is_added_beside_the_first(event, make_user):
    """Assigning another role used to replace the first silently."""
    person = make_user("both")
    staff_services.assign_referee(event, person, role=Role.FLOOR, table_numbers=[1])
    staff_services.assign_referee(event, person, role=Role.SCOREKEEPER, table_numbers=[2])
    roles = {a.role: a.table_numbers for a in RefereeAssignment.objects.filter(user=person)}
    assert roles == {Role.FLOOR: [1], Role.SCOREKEEPER: [2]}


def test_the_strongest_assignment_answers_and_every_role_counts(event, make_user):
    person = make_user("both")
    staff_services.assign_referee(event, person, role=Role.SCOREKEEPER, table_numbers=[2])
    staff_services.assign_referee(event, person, role=Role.FLOOR, table_numbers=[1])
    assert referee_assignment(fresh(person), event).role == Role.FLOOR
    assert [a.role for a in referee_assignments(person, event)] == [Role.FLOOR, Role.SCOREKEEPER]
    assert holds_role(person, event, Role.SCOREKEEPER, 2)
    assert not holds_role(person, event, Role.SCOREKEEPER, 1)
    assert not is_head_referee(person, event)
    # The floor role records fouls at table 1; the scorekeeper role enters results at table 2
    # even though floor referees of this event may not enter results.
    assert penalties.check_recorder(event, fresh(person)).role == Role.FLOOR
    assert can_enter_results(fresh(person), event, 2)
    assert not can_enter_results(fresh(person), event, 1)
    staff_services.assign_referee(event, person, role=Role.HEAD)
    assert referee_assignment(fresh(person), event).role == Role.HEAD
    assert is_head_referee(person, event)


def test_removing_one_role_keeps_the_others(event, make_user, web):
    person = make_user("both")
    floor = staff_services.assign_referee(event, person, role=Role.FLOOR)
    staff_services.assign_referee(event, person, role=Role.SCOREKEEPER)
    page = web.get(f"/director/{event.slug}/referees/").content.decode()
    assert f"/referees/{floor.pk}/remove/" in page
    assert page.count("Remove Scorekeeper from both") == 1
    web.post(f"/director/{event.slug}/referees/{floor.pk}/remove/")
    assert list(RefereeAssignment.objects.filter(user=person).values_list("role", flat=True)) == [
        Role.SCOREKEEPER
    ]


def test_the_same_role_again_changes_its_tables_and_shows_as_new(event, make_user):
    person = make_user("ref")
    first = staff_services.assign_referee(event, person, role=Role.FLOOR, table_numbers=[1])
    invitations.mark_assignments_seen(person)
    again = staff_services.assign_referee(event, person, role=Role.FLOOR, table_numbers=[1, 2])
    assert again.pk == first.pk and again.table_numbers == [1, 2] and again.seen_at is None


def test_table_numbers_beyond_the_events_tables_are_refused(event, make_user, director_api):
    """The event fixture seats 8 players at 2 tables per round."""
    person = make_user("ref")
    assert staff_services.event_table_count(event) == 2
    with pytest.raises(ValidationError) as error:
        staff_services.assign_referee(event, person, role=Role.FLOOR, table_numbers=[1, 3])
    assert error.value.message_dict == {
        "table_numbers": [
            "This event has 2 tables (the most any round has, or as many as its active "
            "players fill), so table numbers run from 1 to 2; 3 is beyond."
        ]
    }
    staff_services.assign_referee(event, person, role=Role.FLOOR, table_numbers=[2])
    assignment = RefereeAssignment.objects.get(user=person)
    response = director_api.patch(
        f"/api/events/{event.slug}/referees/{assignment.pk}/",
        {"table_numbers": [9]},
        format="json",
    )
    assert response.status_code == 400 and "1 to 2" in response.json()["table_numbers"][0]


def test_the_event_table_count_follows_the_largest_round_or_the_players(make_event):
    event = make_event("unseated", players=9)
    assert staff_services.event_table_count(event) == 3  # nine players fill three tables
    empty = make_event("empty", players=0)
    assert staff_services.event_table_count(empty) == 0
    with pytest.raises(ValidationError) as error:
        staff_services.check_table_numbers(empty, [1])
    assert "no tables yet" in error.value.messages[0]
    assert staff_services.check_table_numbers(empty, []) == []


def test_the_director_may_give_roles_only_to_known_staff(
    event, make_user, make_event, director, other_director
):
    stranger = make_user("stranger")
    colleague = make_user("colleague")
    staff_services.assign_referee(make_event("earlier-cup", players=4), colleague, role=Role.HEAD)
    other = make_event("not-mine", players=4, owner=other_director)
    theirs = make_user("theirs")
    staff_services.assign_referee(other, theirs, role=Role.FLOOR)
    assert set(staff_services.known_staff(director)) == {colleague}
    assert staff_services.find_staff(director, "colleague") == colleague
    messages = set()
    for username in ("stranger", "theirs", "nobody-at-all", ""):
        with pytest.raises(ValidationError) as error:
            staff_services.find_staff(director, username)
        messages.add(tuple(error.value.messages))
    assert len(messages) == 1  # the same answer whether the account exists or not
    assert stranger.pk  # it does exist


def test_the_api_answers_alike_for_existing_and_missing_accounts(event, make_user, director_api):
    make_user("stranger")
    answers = [
        director_api.post(
            f"/api/events/{event.slug}/referees/",
            {"username": name, "role": "floor"},
            format="json",
        )
        for name in ("stranger", "nobody-at-all")
    ]
    assert [a.status_code for a in answers] == [400, 400]
    assert answers[0].json() == answers[1].json()


def test_the_staff_page_offers_only_known_staff(event, make_user, make_event, web):
    make_user("stranger")
    colleague = make_user("colleague")
    staff_services.assign_referee(make_event("earlier-cup", players=4), colleague, role=Role.HEAD)
    page = web.get(f"/director/{event.slug}/referees/")
    choices = dict(page.context["roles_form"].fields["person"].choices)
    assert set(choices.values()) == {"—", "colleague"}
    assert "stranger" not in page.content.decode()
