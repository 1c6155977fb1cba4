"""What the public pages say of a player who left (issue 43, item 19): a registrant marked
absent at check-in, who never played, was shown as "dropped", and Czech said "odstoupil" (he
withdrew) whoever it was. A player who left after playing is "dropped" (Czech "mimo turnaj",
Polish "poza turniejem"), one who never played is "absent" (Czech "bez účasti")."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.results import services as result_services
from scoring.standings.services import reconcile
from tournament.players import services as player_services
from tournament.players.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(make_hall):
    h = make_hall("mcr")
    for table in h.event.rounds.get(number=1).tables.all():
        result_services.enter_result(
            table, h.director, dict(zip("ESWN", (30, 10, -10, -30), strict=True))
        )
    h.absent = player_services.add_player(h.event, name="Zuzana Absentová")
    Player.objects.filter(pk__in=[h.absent.pk, h.south.pk]).update(status=Player.Status.DROPPED)
    reconcile.reconcile_event(h.event.pk)
    return h


def name_cell(html: str, name: str) -> str:
    start = html.index(name)
    return html[start : html.index("</td>", start)]


@pytest.mark.parametrize(
    ("language", "absent", "dropped"),
    [("en", "(absent)", "(dropped)"), ("cs", "(bez účasti)", "(mimo turnaj)")],
)
def test_the_standings_tell_absent_from_dropped(hall, language, absent, dropped):
    page = Client(HTTP_ACCEPT_LANGUAGE=language).get(f"/e/{hall.event.slug}/").content.decode()
    assert absent in name_cell(page, "Zuzana Absentová")
    assert dropped not in name_cell(page, "Zuzana Absentová")
    assert dropped in name_cell(page, hall.south.name)
    assert "odstoupil" not in page


def test_the_players_own_page_says_absent_not_dropped(hall):
    client = Client()
    absent = client.get(f"/e/{hall.event.slug}/players/{hall.absent.pk}/").content.decode()
    assert "· absent" in absent and "· dropped" not in absent
    left = client.get(f"/e/{hall.event.slug}/players/{hall.south.pk}/").content.decode()
    assert "· dropped" in left
