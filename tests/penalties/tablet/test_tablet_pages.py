"""The referee tablet's rough edges of issue 16: refusals that say why, the event's own
ruleset words, tiles for sub-choices, voids shown, chombo among the common fouls."""

from __future__ import annotations

from django.test import Client

from tournament.rounds import services as round_services
from tournament.rounds.models import Round


def web(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_table_outside_the_referees_list_says_why_and_links_back(hall):
    answer = web(hall.floor).get(f"/referee/{hall.event.slug}/r1/t2/")
    assert answer.status_code == 403
    text = answer.content.decode()
    assert "Table 2 is not one of your tables (1)" in text
    assert f'href="/referee/{hall.event.slug}/"' in text


def test_after_the_round_closed_save_answers_the_reason_as_json(hall):
    round_services.update_round(hall.event.rounds.get(number=1), status=Round.Status.CLOSED)
    answer = web(hall.floor).post(
        f"/referee/{hall.event.slug}/r1/t1/short_hand/",
        {"offender": hall.south.pk, "idempotency_key": "closed-1", "action": "save", "d_count": 1},
        headers={"Accept": "application/json"},
    )
    assert answer.status_code == 403
    message = answer.json()["errors"]["__all__"][0]["message"]
    assert "Round 1 is closed" in message


def test_riichi_pages_use_riichi_words_and_show_chombo_up_front(make_hall):
    hall = make_hall("riichi_ema")
    client = web(hall.head)
    table = client.get(f"/referee/{hall.event.slug}/r1/t1/").content.decode()
    assert table.index("Chombo") < table.index("Other foul")
    late = client.get(f"/referee/{hall.event.slug}/r1/t1/late_claim/").content.decode()
    assert "MCR" not in late
    claim = client.get(f"/referee/{hall.event.slug}/r1/t1/wrong_claim/").content.decode()
    assert "Chow" not in claim and "pung or kong" not in claim
    assert "Pon" in claim and "Chi, pon or kan" in claim


def test_mcr_keeps_its_time_limit(make_hall):
    hall = make_hall("mcr")
    late = web(hall.head).get(f"/referee/{hall.event.slug}/r1/t1/late_claim/").content.decode()
    assert "MCR: 3 seconds" in late


def test_sub_choices_are_tiles_and_the_receiver_can_be_cleared(hall):
    client = web(hall.head)
    exposed = client.get(f"/referee/{hall.event.slug}/r1/t1/exposed_tiles/").content.decode()
    assert exposed.count('class="tile-option"') >= 4 + 4  # seats, then the tile sources
    decision = client.get(f"/referee/{hall.event.slug}/r1/t1/referee_decision/").content.decode()
    assert 'name="d_receiver" value=""' in decision


def test_a_voided_report_shows_its_void(hall):
    report = hall.foul(hall.floor, "short_hand", hall.south).json()
    hall.void(hall.head, report["id"], reason="Miscounted")
    receipt = web(hall.floor).get(f"/referee/{hall.event.slug}/fouls/{report['id']}/")
    text = receipt.content.decode()
    assert "data-void" in text and "Miscounted" in text
    table = web(hall.floor).get(f"/referee/{hall.event.slug}/r1/t1/").content.decode()
    assert 'class="voided"' in table and "Short hand" in table and "voided</strong>" in table


def test_the_service_worker_is_served_from_the_site_root(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("application/javascript")
    assert answer["Service-Worker-Allowed"] == "/"
    assert "cache-urls" in answer.content.decode()


def test_my_tables_lists_what_the_tablet_keeps_offline(hall):
    page = web(hall.floor).get(f"/referee/{hall.event.slug}/").content.decode()
    slug = hall.event.slug
    assert f"/referee/{slug}/r1/t1/ " in page and f"/referee/{slug}/r1/t1/short_hand/" in page
    assert f"/referee/{slug}/r1/t2/" not in page.split("data-offline-urls")[1].split('"')[1]


def test_a_replayed_save_is_told_on_the_receipt(hall):
    client = web(hall.floor)
    body = {"offender": hall.south.pk, "idempotency_key": "same", "action": "save", "d_count": 1}
    url = f"/referee/{hall.event.slug}/r1/t1/short_hand/"
    first = client.post(url, body, headers={"Accept": "application/json"}).json()
    again = client.post(url, body, headers={"Accept": "application/json"}).json()
    assert (first["created"], again["created"], again["id"]) == (True, False, first["id"])
    receipt = client.get(again["receipt"] + "?replayed=1").content.decode()
    assert "data-replayed" in receipt
