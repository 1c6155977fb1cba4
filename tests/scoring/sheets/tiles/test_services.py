"""Hands on the score sheet entered by their tiles (issue 36): the rulebook fills in han and
fu or fan, the tiles are stored with the hand version, a correction may change them, the
sheet says "from the tiles" or "as announced", and bad tiles change nothing."""

from __future__ import annotations

import uuid

import pytest
from django.core.exceptions import ValidationError

from scoring.sheets import services as sheets
from scoring.sheets.models import SheetHand
from scoring.sheets.services import Author
from tests.support.players import player_client
from tournament.events.models import Event
from tournament.rounds.models import Table

E, S, W, N = 0, 1, 2, 3
PINFU = "234m567p678s99p34s5s"


def enable(event: Event, **options) -> Event:
    Event.objects.filter(pk=event.pk).update(
        keeps_score_sheets=True,
        players_enter_hands=True,
        ruleset_options={"tiles_on_sheet": True, **options},
    )
    event.refresh_from_db()
    return event


def table_of(event: Event) -> Table:
    return Table.objects.select_related("round__event").get(
        round__event=event, round__number=1, number=1
    )


def add(table, data, author, number):
    return sheets.add_hand(
        table, data, author=author, number=number, idempotency_key=uuid.uuid4().hex
    )


@pytest.fixture
def riichi(make_hall):
    hall = make_hall("riichi_ema")
    enable(hall.event)
    return hall


@pytest.fixture
def mcr(make_hall):
    hall = make_hall("mcr")
    enable(hall.event)
    return hall


def test_a_riichi_hand_from_its_tiles_fills_han_and_fu(riichi):
    table = table_of(riichi.event)
    data = {"kind": "win", "winner": S, "discarder": None, "riichi": [S],
            "tiles": {"notation": PINFU, "situation": {"ippatsu": True}}}  # fmt: skip
    hand, created = add(table, data, Author(user=riichi.head), 1)
    assert created
    assert hand.data["wins"] == [{"winner": S, "han": 4, "fu": 20}]
    assert hand.data["tiles"]["notation"] == "234m56799p34678s 5s"
    keys = [line["key"] for line in hand.data["tiles"]["result"]["lines"]]
    assert keys == ["tsumo", "riichi", "ippatsu", "pinfu"]
    view = sheets.read_sheet(table)
    # South riichi (-1000, the stick comes back), 4 han 20 fu tsumo: 2600 / 1300 / 1300.
    assert view.played_totals == (30000 - 2600, 30000 + 5200, 30000 - 1300, 30000 - 1300)


def test_the_seat_wind_is_the_sheets(riichi):
    """East wins hand 1 (keeps the deal), South wins hand 2: South deals hand 3, so North
    (seat 3) sits West, and a pung of West is North's seat wind."""
    table = table_of(riichi.event)
    add(table, {"kind": "win", "winner": E, "discarder": S, "han": 1, "fu": 30},
        Author(user=riichi.head), 1)  # fmt: skip
    add(table, {"kind": "win", "winner": S, "discarder": W, "han": 1, "fu": 30},
        Author(user=riichi.head), 2)  # fmt: skip
    data = {"kind": "win", "winner": N, "discarder": E,
            "tiles": {"notation": "[333z] 234m567p88s 34s 5s", "situation": {}}}  # fmt: skip
    hand, _created = add(table, data, Author(user=riichi.head), 3)
    lines = hand.data["tiles"]["result"]["lines"]
    assert lines == [{"key": "seat_wind_west", "value": 1, "count": 1}]
    # Hand 4: West deals (North won hand 3), South sits North: the same tiles have no yaku.
    data = {"kind": "win", "winner": S, "discarder": E,
            "tiles": {"notation": "[333z] 234m567p88s 34s 5s", "situation": {}}}  # fmt: skip
    with pytest.raises(ValidationError) as error:
        add(table, data, Author(user=riichi.head), 4)
    assert "no yaku" in str(error.value.message_dict["tiles"])


def test_bad_tiles_change_nothing(riichi):
    table = table_of(riichi.event)
    for notation, words in (
        ("234m567p678s99p34s", "14 tiles"),
        ("[234m] 567p678s99p34s5x", "unknown tile code"),
        ("123m456p789s11z2z3z4z", "not a complete hand"),
    ):
        data = {"kind": "win", "winner": S, "discarder": W,
                "tiles": {"notation": notation, "situation": {}}}  # fmt: skip
        with pytest.raises(ValidationError) as error:
            add(table, data, Author(user=riichi.head), 1)
        assert words in str(error.value.message_dict["tiles"])
    assert not SheetHand.objects.exists()


def test_riichi_with_an_open_hand_is_refused(riichi):
    table = table_of(riichi.event)
    data = {"kind": "win", "winner": S, "discarder": W, "riichi": [S],
            "tiles": {"notation": "[234m] 567p678s88p34s5s", "situation": {}}}  # fmt: skip
    with pytest.raises(ValidationError) as error:
        add(table, data, Author(user=riichi.head), 1)
    assert "concealed hand" in str(error.value.message_dict["tiles"])


def test_an_mcr_hand_under_eight_is_a_false_win(mcr):
    table = table_of(mcr.event)
    data = {"kind": "win", "winner": S, "discarder": None,
            "tiles": {"notation": "123m456p678s234s9s9s 12f", "situation": {}}}  # fmt: skip
    with pytest.raises(ValidationError) as error:
        add(table, data, Author(user=mcr.head), 1)
    assert "false win" in str(error.value.message_dict["tiles"])
    data["tiles"]["notation"] = "123m456p789s555z1s1s 12f"
    hand, _created = add(table, data, Author(user=mcr.head), 1)
    assert hand.data["wins"] == [{"winner": S, "fan": 15, "bonus": 2}]  # 8 + 4 + 2 + 1


def test_a_correction_changes_the_tiles_in_a_new_version(riichi):
    table = table_of(riichi.event)
    data = {"kind": "win", "winner": S, "discarder": W,
            "tiles": {"notation": PINFU, "situation": {}}}  # fmt: skip
    first, _created = add(table, data, Author(user=riichi.head), 1)
    assert first.data["wins"][0]["han"] == 1
    data["tiles"] = {"notation": "234m567p678s88p34s5s", "situation": {}}
    second, _created = sheets.correct_hand(
        table, 1, data, author=Author(user=riichi.head), reason="88p, not 99p",
        based_on_version=1, idempotency_key=uuid.uuid4().hex,
    )  # fmt: skip
    assert second.version == 2 and second.data["wins"][0]["han"] == 2
    assert SheetHand.objects.get(version=1).data["tiles"]["notation"] == "234m56799p34678s 5s"


def test_tiles_are_refused_where_the_event_does_not_take_them(make_hall):
    hall = make_hall("riichi_ema")
    Event.objects.filter(pk=hall.event.pk).update(keeps_score_sheets=True)
    hall.event.refresh_from_db()
    data = {"kind": "win", "winner": S, "discarder": W,
            "tiles": {"notation": PINFU, "situation": {}}}  # fmt: skip
    with pytest.raises(ValidationError):
        add(table_of(hall.event), data, Author(user=hall.head), 1)


def test_a_player_enters_tiles_on_the_page_and_the_sheet_says_so(riichi):
    south = player_client(riichi, riichi.south)
    page = south.get(f"/e/{riichi.event.slug}/play/").content.decode()
    assert 'name="tiles"' in page
    form = {"action": "add", "number": 1, "idempotency_key": "k1", "kind": "win", "winner": 1,
            "discarder": "", "riichi": [1], "tiles": PINFU, "tile_flags": ["ippatsu"]}  # fmt: skip
    answer = south.post(f"/e/{riichi.event.slug}/play/", form)
    assert answer.status_code == 302, answer.content.decode()[-3000:]
    hand = SheetHand.objects.get()
    assert hand.data["wins"][0] == {"winner": 1, "han": 4, "fu": 20}
    page = south.get(f"/e/{riichi.event.slug}/play/").content.decode()
    assert 'data-source="tiles"' in page and "from the tiles" in page
    form = {"action": "add", "number": 2, "idempotency_key": "k2", "kind": "win", "winner": 1,
            "discarder": 2, "han": 1, "fu": 30}  # fmt: skip
    assert south.post(f"/e/{riichi.event.slug}/play/", form).status_code == 302
    page = south.get(f"/e/{riichi.event.slug}/play/").content.decode()
    assert 'data-source="announced"' in page and "as announced" in page


def test_statistics_count_only_hands_from_the_tiles(riichi, django_assert_max_num_queries):
    from scoring.sheets.tiles.reading import event_tile_stats
    from scoring.stats.reading import player_statistics

    table = table_of(riichi.event)
    head = Author(user=riichi.head)
    add(table, {"kind": "win", "winner": S, "discarder": W, "riichi": [S],
                "tiles": {"notation": PINFU, "situation": {}}}, head, 1)  # fmt: skip
    add(table, {"kind": "win", "winner": S, "discarder": None,
                "tiles": {"notation": "[555z] 234m567m88m 34m 5m", "situation": {"dora": "7z"}}},
        head, 2)  # fmt: skip
    add(table, {"kind": "win", "winner": W, "discarder": E, "han": 8, "fu": 30}, head, 3)
    with django_assert_max_num_queries(2):  # the hands with their sheets; the seats
        stats = event_tile_stats(riichi.event)
    assert stats.hands == 2
    assert stats.biggest.total == 6 and stats.biggest.winner == riichi.south.name
    counts = {item.key: item.count for item in stats.frequent}
    assert counts == {"riichi": 1, "pinfu": 1, "haku": 1, "honitsu": 1, "dora": 1}
    mine = player_statistics(riichi.event, riichi.south.pk).stats
    assert {key for key, _n in mine.yaku} == set(counts) and mine.tiled_wins == 2
    assert player_statistics(riichi.event, riichi.west.pk).stats.yaku == ()
    page = riichi.client(None).get(f"/e/{riichi.event.slug}/tiles/").content.decode()
    assert "Honitsu (half flush)" in page and 'data-testid="biggest-hand"' in page
    player_page = (
        riichi.client(None)
        .get(f"/e/{riichi.event.slug}/players/{riichi.south.pk}/stats/")
        .content.decode()
    )
    assert 'data-testid="tile-yaku"' in player_page and "Honitsu (half flush)" in player_page
