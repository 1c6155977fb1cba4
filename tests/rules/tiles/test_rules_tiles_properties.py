"""For random valid hands, what the tiles pay is docs/rules/hands.md's payment for the han and
fu (or fan) the tiles give (issue 36). The section 7 payment is written out again here from
the rulebook's text, and for riichi the library's own payment is a third witness."""

from __future__ import annotations

from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.hands.model import SheetState
from rules.tiles import Meld, Situation, TileHand, score_tiles, state_for, tile_payments
from rules.tiles.hand import tile_name

LIMITS = {5: 2000, 6: 3000, 7: 3000, 8: 4000, 9: 4000, 10: 4000, 11: 6000, 12: 6000}


def up(points: int) -> int:
    return -(-points // 100) * 100


def section7_riichi(result, options, *, winner, dealer, discarder, counters, deposits):
    """docs/rules/hands.md, riichi: base points, then who pays what."""
    if result.limit:
        base = 8000 * result.yakuman
    elif result.han >= 13 and options.get("counted_yakuman"):
        base = 8000
    elif result.han >= 5:
        base = LIMITS[min(result.han, 12)]
    else:
        base = min(2000, result.fu * 2 ** (2 + result.han))
        if options.get("kiriage") and base == 1920:
            base = 2000
    pay = [0, 0, 0, 0]
    if discarder is None:
        for seat in range(4):
            if seat != winner:
                share = 2 if dealer in (seat, winner) else 1
                pay[seat] -= up(share * base) + 100 * counters
                pay[winner] += up(share * base) + 100 * counters
    else:
        amount = up((6 if winner == dealer else 4) * base) + 300 * counters
        pay[discarder] -= amount
        pay[winner] += amount
    pay[winner] += deposits
    return tuple(pay)


@st.composite
def hands(draw, *, family: str):
    sets = []
    for _ in range(4):
        if draw(st.booleans()):
            suit = draw(st.integers(0, 2))
            start = draw(st.integers(0, 6))
            sets.append([suit * 9 + start + k for k in range(3)])
        else:
            sets.append([draw(st.integers(0, 33))] * 3)
    pair = [draw(st.integers(0, 33))] * 2
    melds, concealed = [], list(pair)
    for tiles in sets:
        how = draw(st.sampled_from(("hand", "hand", "open", "kong", "closed_kong")))
        if how == "hand" or (how in ("kong", "closed_kong") and tiles[0] != tiles[1]):
            concealed += tiles
        elif how == "open":
            kind = "pung" if tiles[0] == tiles[1] else "chow"
            melds.append(Meld(kind, tuple(tile_name(t) for t in tiles), source=1))
        else:
            melds.append(
                Meld(
                    "kong",
                    (tile_name(tiles[0]),) * 4,
                    concealed=how == "closed_kong",
                    source=None if how == "closed_kong" else 2,
                )
            )
    every = concealed + [
        t for m in melds for t in (int(x[0]) - 1 + "mpsz".index(x[1]) * 9 for x in m.tiles)
    ]
    assume(max(Counter(every).values()) <= 4)
    codes = [tile_name(t) for t in concealed]
    order = draw(st.permutations(codes))
    flowers = ()
    if family == "mcr":
        flowers = tuple(f"{n}f" for n in sorted(draw(st.sets(st.integers(1, 8), max_size=8))))
    return TileHand(tuple(order), tuple(melds), order[-1], flowers)


@st.composite
def situations(draw, *, family: str, hand: TileHand):
    tsumo = draw(st.booleans())
    seat = draw(st.integers(0, 3))
    wind = draw(st.integers(0, 1))
    riichi = ""
    if family == "riichi" and not hand.is_open:
        riichi = draw(st.sampled_from(("", "riichi", "double")))
    return Situation(
        tsumo=tsumo,
        seat_wind=seat,
        prevalent_wind=wind,
        riichi=riichi,
        ippatsu=bool(riichi) and draw(st.booleans()),
        dora=(tile_name(draw(st.integers(0, 33))),) if family == "riichi" else (),
    )


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_riichi_tiles_pay_what_section_7_says(data):
    hand = data.draw(hands(family="riichi"))
    situation = data.draw(situations(family="riichi", hand=hand))
    options = data.draw(
        st.fixed_dictionaries(
            {
                "kiriage": st.booleans(),
                "counted_yakuman": st.booleans(),
                "multiple_yakuman": st.booleans(),
                "open_tanyao": st.booleans(),
            }
        )
    )
    counters = data.draw(st.integers(0, 3))
    deposits = 1000 * data.draw(st.integers(0, 2))
    try:
        result = score_tiles("riichi", hand, situation, options, None)
    except RuleError as error:
        assume(error.field != "tiles")
        raise
    winner = data.draw(st.integers(0, 3))
    state = state_for(winner, situation, counters=counters, deposits=deposits)
    discarder = None if situation.tsumo else (winner + data.draw(st.integers(1, 3))) % 4
    paid = tile_payments(result, winner=winner, discarder=discarder, options=options, state=state)
    expected = section7_riichi(
        result,
        options,
        winner=winner,
        dealer=state.dealer,
        discarder=discarder,
        counters=counters,
        deposits=deposits,
    )
    assert paid == expected
    # The library's own count agrees (its payment knows no "single yakuman" cap on
    # several yakuman, so only where the event counts them all).
    if not result.limit or options["multiple_yakuman"]:
        witness = score_tiles(
            "riichi", hand, situation, options, SheetState(counters=counters, deposits=deposits)
        )
        assert paid[winner] == witness.library_cost["total"]


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_mcr_tiles_pay_what_section_7_says(data):
    hand = data.draw(hands(family="mcr"))
    situation = data.draw(situations(family="mcr", hand=hand))
    try:
        result = score_tiles("mcr", hand, situation, {})
    except RuleError as error:
        assume("not a complete hand" not in error.message and "kong" not in error.field)
        raise
    assert result.bonus == len(hand.flowers)
    winner = data.draw(st.integers(0, 3))
    discarder = None if situation.tsumo else (winner + data.draw(st.integers(1, 3))) % 4
    if result.fan < 8:
        try:
            tile_payments(result, winner=winner, discarder=discarder, options={})
        except RuleError as error:
            assert "false win" in error.message
            return
        raise AssertionError("a win under 8 fan without bonus tiles was paid")
    paid = tile_payments(result, winner=winner, discarder=discarder, options={})
    total = result.fan + result.bonus
    expected = [0, 0, 0, 0]
    for seat in range(4):
        if seat != winner:
            amount = 8 + total if discarder in (None, seat) else 8
            expected[seat] -= amount
            expected[winner] += amount
    assert paid == tuple(expected)


NOTATION_ALPHABET = "0123456789mpszf[]():+ x"


@settings(max_examples=400, deadline=None)
@given(
    text=st.text(alphabet=NOTATION_ALPHABET, max_size=60),
    family=st.sampled_from(("mcr", "riichi")),
    flags=st.fixed_dictionaries(
        {
            "tsumo": st.booleans(),
            "kong": st.booleans(),
            "last_tile": st.booleans(),
            "fourth_tile": st.booleans(),
            "riichi": st.sampled_from(("", "riichi", "double")),
            "ippatsu": st.booleans(),
            "first_draw": st.booleans(),
            "seat_wind": st.integers(0, 3),
        }
    ),
)
def test_any_typed_text_is_read_or_named_never_a_crash(text, family, flags):
    """Whatever is typed, the adapter answers a result or a RuleError (a form error), never
    another exception (a 500)."""
    try:
        score_tiles(family, {"notation": text}, flags, {"red_fives": True})
    except RuleError as error:
        assert error.message
