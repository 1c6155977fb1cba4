"""Hands read from their tiles (issue 36): how long the server takes to read one.

    python bench/tiles.py [--hands 1000] [--api-hands 200] [--database-url postgres://...]

1. The calculation: ``hands`` random valid hands (half riichi, half MCR; seeded), each read by
   ``rules.tiles.score_tiles`` and paid by ``tile_payments`` (docs/rules/hands.md), timed one by
   one in this process. Line: ``hands=<n> p95_ms=<ms>``. Goal: p95 < 20 ms per hand.
2. The API: a riichi event with ``tiles_on_sheet``; ``api-hands`` hands entered by their tiles
   through ``POST /api/events/<event>/rounds/1/tables/<n>/sheet/hands/`` (the whole Django
   stack, in-process: the test client's WSGI handler, no network), a fresh table whenever a
   hanchan ends. Line: ``api_hands=<n> api_p95_ms=<ms> stored=<n>``. The run fails on any
   answer but 201 or on stored != hands. The same hands entered as announced (han and fu
   typed) give the yardstick: ``announced_hands=<n> api_p95_ms=<ms>``. SQLite in a temporary
   folder unless --database-url.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import uuid
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.build import fresh_database, setup_django  # noqa: E402


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.95 * (len(ordered) - 1))] if ordered else float("nan")


def tile(i: int) -> str:
    return f"{i % 9 + 1}{'mpsz'[i // 9]}"


def random_hand(rng: random.Random, *, closed: bool) -> str | None:
    """A complete hand in notation (four sets and a pair, some melded), or None when the draw
    used a tile five times."""
    parts, counts, concealed = [], Counter(), []
    for _ in range(4):
        if rng.random() < 0.6:
            suit, start = rng.randrange(3), rng.randrange(7)
            tiles = [suit * 9 + start + k for k in range(3)]
        else:
            tiles = [rng.randrange(34)] * 3
        counts.update(tiles)
        if not closed and rng.random() < 0.3:
            parts.append("[" + "".join(tile(t) for t in tiles) + "]")
        else:
            concealed += tiles
    pair = rng.randrange(34)
    counts.update([pair, pair])
    concealed += [pair, pair]
    if max(counts.values()) > 4:
        return None
    rng.shuffle(concealed)
    return " ".join(["".join(tile(t) for t in concealed), *parts])


def calculation(count: int, seed: int) -> tuple[int, float]:
    from rules import RuleError
    from rules.tiles import score_tiles, state_for, tile_payments
    from rules.tiles.hand import parse_situation

    rng = random.Random(seed)
    times: list[float] = []
    tried = 0
    while len(times) < count:
        tried += 1
        family = "riichi" if tried % 2 else "mcr"
        riichi = family == "riichi" and rng.random() < 0.5
        notation = random_hand(rng, closed=riichi)
        if notation is None:
            continue
        if family == "mcr" and rng.random() < 0.5:
            notation += " " + "".join(str(n) for n in sorted(rng.sample(range(1, 9), 2))) + "f"
        situation = {
            "tsumo": rng.random() < 0.4,
            "seat_wind": rng.randrange(4),
            "prevalent_wind": rng.randrange(2),
        }
        if riichi:
            situation["riichi"] = "riichi"
            situation["dora"] = tile(rng.randrange(34))
        winner = rng.randrange(4)
        start = time.perf_counter()
        try:
            result = score_tiles(family, {"notation": notation}, situation, {})
            tile_payments(
                result,
                winner=winner,
                discarder=None if situation["tsumo"] else (winner + 1) % 4,
                options={},
                state=state_for(winner, parse_situation(situation)),
            )
        except RuleError:
            continue  # no yaku, under 8 fan, not a win: a refused hand is not a timed one
        times.append((time.perf_counter() - start) * 1000)
    return len(times), p95(times)


def api(count: int, seed: int, *, announced: bool = False) -> tuple[int, float, int]:
    import logging

    from django.contrib.auth import get_user_model
    from django.test import Client

    from scoring.sheets.models import SheetHand
    from tournament.events import services as event_services
    from tournament.events.models import Event
    from tournament.players import services as player_services
    from tournament.rounds import services as round_services
    from tournament.rounds.models import Round
    from tournament.rounds.services import seats

    logging.getLogger("django.request").setLevel(logging.CRITICAL)  # the 400 at a game's end
    rng = random.Random(seed)
    director, _new = get_user_model().objects.get_or_create(username="bench-director")
    event = event_services.save_event(
        Event(
            name="Tiles bench",
            slug="announced-bench" if announced else "tiles-bench",
            ruleset="riichi_ema",
            ruleset_options={"tiles_on_sheet": True},
            is_public=True,
            director=director,
            keeps_score_sheets=True,
        )
    )
    tables = max(4, count // 8 + 2)
    roster = [player_services.add_player(event, name=f"Player {i}") for i in range(4 * tables)]
    round_ = round_services.create_round(event, number=1)
    seats.seat_round(round_, [[p.pk for p in roster[i : i + 4]] for i in range(0, len(roster), 4)])
    round_services.update_round(round_, status=Round.Status.LIVE)
    client = Client()
    client.force_login(director)
    # Hands whose yaku do not hang on the seat: riichi + pinfu or tanyao, ron or tsumo.
    hands = ["234m567p678s99p34s5s", "234m567p678s88p34s5s", "345m456p567s22m67s8s"]
    times: list[float] = []
    table, number = 1, 1
    while len(times) < count:
        winner = rng.randrange(4)
        tsumo = rng.random() < 0.3
        body = {
            "number": number,
            "idempotency_key": uuid.uuid4().hex,
            "same_again": True,  # random hands repeat: the same hand twice is no mistake here
            "hand": {
                "kind": "win",
                "winner": winner,
                "discarder": None if tsumo else (winner + 1 + rng.randrange(3)) % 4,
                "riichi": [winner],
                "tiles": {"notation": rng.choice(hands), "situation": {}},
            },
        }
        if announced:  # the same kind of hand, its count typed: the yardstick
            del body["hand"]["tiles"]
            body["hand"].update(han=2, fu=30)
        url = f"/api/events/{event.slug}/rounds/1/tables/{table}/sheet/hands/"
        start = time.perf_counter()
        answer = client.post(url, body, content_type="application/json")
        elapsed = (time.perf_counter() - start) * 1000
        if answer.status_code == 400 and (b"over" in answer.content or b"closed" in answer.content):
            table, number = table + 1, 1  # the hanchan ended: the next table
            continue
        if answer.status_code != 201:
            raise SystemExit(
                f"hand {number} at table {table}: {answer.status_code} {answer.content!r}"
            )
        times.append(elapsed)
        number += 1
        if number > 8 and rng.random() < 0.5:
            table, number = table + 1, 1
    stored = SheetHand.objects.filter(sheet__event=event).count()
    return len(times), p95(times), stored


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--api-hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    url, drop = fresh_database(args.database_url, "bench_tiles")
    try:
        setup_django(url)
        done, calc_p95 = calculation(args.hands, args.seed)
        print(f"hands={done} p95_ms={calc_p95:.2f}", flush=True)
        api_done, api_p95, stored = api(args.api_hands, args.seed)
        if stored != api_done:
            raise SystemExit(f"stored={stored} != hands={api_done}")
        print(f"api_hands={api_done} api_p95_ms={api_p95:.1f} stored={stored}", flush=True)
        done, announced_p95, stored = api(args.api_hands, args.seed, announced=True)
        print(
            f"announced_hands={done} api_p95_ms={announced_p95:.1f} (the count typed)", flush=True
        )
    finally:
        drop()


if __name__ == "__main__":
    main()
