"""Zero repeats at the round limit from compact 1-rotational designs (issue 19, stretch)
and from published schedules (issue 31).

The files ``seating/data/n*_r*.json`` holding a ``design`` were found by
``tools/seating_designs/seating_precompute.py NxR`` (search in
``tools/seating_designs/seating_designs.py``); the package develops them at load time
(``seating/designs.py``).  Those holding a ``source`` are published social golfer solutions (32, 68,
104 and 128 players, from the aim app's data, imported by
``tools/seating_designs/seating_aim_import.py``); every file is checked at load time
(``check_stored``)."""

from __future__ import annotations

import itertools
import json
import random
import shutil
from pathlib import Path

import pytest

from seating import (
    DATA_DIR,
    SeatingRequest,
    check_stored,
    develop_design,
    generate,
    quality,
    validate,
)
from seating.constructions import known_constructions


def compact_files(zero: bool = True) -> list[tuple[int, int, dict]]:
    """The compact files, those with zero repeats (or the others)."""
    out = []
    for path in sorted(DATA_DIR.glob("n*_r*.json")):
        data = json.loads(path.read_text())
        if "design" in data and (data["repeats"] == 0) == zero:
            out.append((data["players"], data["rounds"], data))
    return sorted(out, key=lambda x: x[0])


def r_max(players: int) -> int:
    return (players - 1) // 3


def test_the_compact_files_cover_the_sizes_found_so_far():
    have = {n for n, _, _ in compact_files()}
    # resolvable (N, 4, 1) designs (N = 4 mod 12) and 4-RGDDs of type 3^(N/3) (N = 0 mod 12)
    # or 2^(N/2) (N = 8 mod 12); 16, 40 and 64 players come from the geometric constructions
    assert {24, 28, 36, 44, 48, 52, 56, 60, 72, 76, 80, 84, 88, 96, 100, 108, 112, 116} <= have
    assert {120, 124, 132, 136, 144, 148, 156, 160, 168, 172} <= have
    assert all(n % 4 == 0 and 24 <= n <= 172 for n in have)


@pytest.mark.parametrize("players,rounds,data", compact_files(), ids=lambda x: str(x))
def test_each_compact_design_develops_to_zero_repeats_at_the_round_limit(players, rounds, data):
    sched = develop_design(data["design"], players)
    assert len(sched) == rounds == r_max(players)
    tuples = [[tuple(t) for t in rnd] for rnd in sched]
    validate(tuples)
    assert all(sorted(p for t in rnd for p in t) == list(range(players)) for rnd in sched)
    assert quality(tuples).repeats == 0 == data["repeats"]


@pytest.mark.parametrize("players,rounds,data", compact_files(), ids=lambda x: str(x))
def test_generate_reaches_zero_repeats_with_them(players, rounds, data):
    for r in (rounds, rounds - 4):
        s = generate(SeatingRequest(players, r, seed=3))
        assert s.quality.repeats == 0, (players, r, s.construction)
        if r == rounds:
            assert "precomputed" in s.construction


def test_the_loader_refuses_a_malformed_design():
    data = compact_files()[0][2]
    players = data["players"]
    bad = json.loads(json.dumps(data["design"]))
    bad["base"][0][1] = bad["base"][0][0]  # a player twice in one table
    with pytest.raises(ValueError):
        develop_design(bad, players)
    short = json.loads(json.dumps(data["design"]))
    short["base"][0] = short["base"][0][:3]
    with pytest.raises(ValueError):
        develop_design(short, players)
    with pytest.raises(ValueError):
        develop_design(data["design"], players + 4)
    with pytest.raises(ValueError):
        develop_design(dict(data["design"], base=[]), players)


def test_a_malformed_shipped_file_is_skipped_not_fatal(tmp_path, monkeypatch, caplog):
    from seating import constructions

    data = compact_files()[0][2]
    players = data["players"]
    bad = json.loads(json.dumps(data))
    bad["design"]["base"] = []
    (tmp_path / f"n{players}_r{data['rounds']}.json").write_text(json.dumps(bad))
    monkeypatch.setattr(constructions, "DATA_DIR", tmp_path)
    constructions.load_data.cache_clear()
    try:
        assert constructions.data_candidates(players) == []
    finally:
        constructions.load_data.cache_clear()
    assert "refused" in caplog.text


def all_files() -> list[tuple[str, dict]]:
    return [(p.name, json.loads(p.read_text())) for p in sorted(DATA_DIR.glob("n*_r*.json"))]


def published_files() -> list[tuple[int, int, dict]]:
    """The files holding a published schedule (with its ``source``)."""
    return sorted(
        ((d["players"], d["rounds"], d) for _, d in all_files() if "source" in d),
        key=lambda x: x[0],
    )


def stored_rounds(data: dict) -> list[list[list[int]]]:
    if "design" in data:
        return develop_design(data["design"], data["players"])
    return data["schedule"]


def test_no_compact_file_ships_repeats_any_more():
    # 32 players at 10 rounds held the cyclic search's best, 10 repeats, until the
    # published zero-repeat schedule replaced it
    assert compact_files(False) == []
    assert "source" in json.loads((DATA_DIR / "n32_r10.json").read_text())


@pytest.mark.parametrize("name,data", all_files(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_shipped_file_holds_what_it_says(name, data):
    rounds = stored_rounds(data)
    check_stored(data, rounds)
    assert len(rounds) == data["rounds"]
    assert name == f"n{data['players']}_r{data['rounds']}.json"
    assert quality([[tuple(t) for t in r] for r in rounds]).repeats == data["repeats"]


def test_the_published_schedules_and_where_they_came_from():
    assert [n for n, _, _ in published_files()] == [32, 68, 104, 128]
    for players, rounds, data in published_files():
        assert rounds == r_max(players) and data["repeats"] == 0
        src = data["source"]
        assert src["repository"] == "https://github.com/ApplySci/aim"
        assert src["path"] == f"server/seating/gams/sgp/{players}.py"
        assert len(src["commit"]) == 40 and int(src["commit"], 16) >= 0
        assert "Miller" in src["origin"] and "licence" in src
        sched = [[tuple(t) for t in rnd] for rnd in data["schedule"]]
        validate(sched, range(players))
        assert all(sorted(p for t in rnd for p in t) == list(range(players)) for rnd in sched)
        assert quality(sched).repeats == 0


@pytest.mark.parametrize("players", [32, 68, 104, 128])
def test_generate_reaches_zero_repeats_with_the_published_schedules(players):
    # before issue 31: 10, 14, 318 and 134 repeats (seed 0)
    rounds = r_max(players)
    for r in (rounds, rounds - 1, rounds - 4):  # fewer rounds take a prefix
        s = generate(SeatingRequest(players, r, seed=3))
        assert s.quality.repeats == 0, (players, r, s.construction)
        if r == rounds:
            assert f"precomputed n{players}_r{rounds}.json" in s.construction


def test_thirty_two_players_ten_rounds_without_repeats():
    s = generate(SeatingRequest(32, 10, seed=0))
    validate(s.rounds, range(32))
    assert len(s.rounds) == 10 and s.quality.repeats == 0
    pairs = {frozenset(pq) for rnd in s.rounds for t in rnd for pq in itertools.combinations(t, 2)}
    assert len(pairs) == 10 * 8 * 6  # each player meets 30 of the other 31 once


def test_zero_repeats_at_the_round_limit_for_35_of_the_40_sizes():
    """16, 20, ..., 172 players at (N - 1) // 3 rounds: a stored or constructed structure
    with zero repeats (bench/seating_quality.py --stretch runs generate on each)."""
    missing = []
    for n in range(16, 173, 4):
        r = r_max(n)
        if not any(
            len(s) >= r and quality([[tuple(t) for t in rnd] for rnd in s[:r]]).repeats == 0
            for _, s in known_constructions(n, r)
        ):
            missing.append(n)
    # 20: impossible; 92, 140, 152, 164: neither published (aim's data stops at 23, 15,
    # 15, 15 rounds) nor found by our search
    assert missing == [20, 92, 140, 152, 164]


def test_check_stored_refuses_a_schedule_that_is_not_what_its_file_says():
    data = json.loads((DATA_DIR / "n32_r10.json").read_text())
    good = [[list(t) for t in rnd] for rnd in data["schedule"]]
    check_stored(data, good)
    swapped = json.loads(json.dumps(good))
    a, b = swapped[1][0][0], swapped[1][1][0]
    swapped[1][0][0], swapped[1][1][0] = b, a  # still a partition, but pairs meet twice
    with pytest.raises(ValueError, match="repeats"):
        check_stored(data, swapped)
    check_stored(
        dict(data, repeats=quality([[tuple(t) for t in r] for r in swapped]).repeats), swapped
    )
    with pytest.raises(ValueError, match="rounds"):
        check_stored(data, good[:-1])
    twice = json.loads(json.dumps(good))
    twice[0][0][0] = twice[0][1][0]  # a player seated twice, another missing
    with pytest.raises(ValueError):
        check_stored(data, twice)
    short = json.loads(json.dumps(good))
    short[0] = short[0][:-1]  # a table missing: not a partition of all players
    with pytest.raises(ValueError, match="partition"):
        check_stored(data, short)
    unknown = json.loads(json.dumps(good))
    unknown[0][0][0] = 32
    with pytest.raises(ValueError):
        check_stored(data, unknown)


def test_a_shipped_schedule_that_lies_is_skipped_not_fatal(tmp_path, monkeypatch, caplog):
    from seating import constructions

    data = json.loads((DATA_DIR / "n32_r10.json").read_text())
    rounds = data["schedule"]
    rounds[1][0][0], rounds[1][1][0] = rounds[1][1][0], rounds[1][0][0]
    (tmp_path / "n32_r10.json").write_text(json.dumps(data))
    monkeypatch.setattr(constructions, "DATA_DIR", tmp_path)
    constructions.load_data.cache_clear()
    try:
        assert constructions.data_candidates(32) == []
    finally:
        constructions.load_data.cache_clear()
    assert "refused" in caplog.text and "repeats" in caplog.text


def test_the_full_schedules_still_load():
    names = [name for name, _ in known_constructions(24, 8)]
    assert any("n24_r8.json" in name for name in names)
    assert generate(SeatingRequest(24, 8, seed=0)).quality.repeats == 18


@pytest.mark.skipif(shutil.which("cc") is None, reason="the design search needs a C compiler")
@pytest.mark.parametrize("players", [36, 44, 52, 60])
def test_the_design_search_finds_zero_repeat_base_rounds(players, monkeypatch):
    """The offline search of the shipped designs (tools/seating_designs/seating_families.py), on
    sizes it solves in about a second: lifted (52: N = 4 mod 12; 36, 60: N = 0 mod 12)
    and rotational (44: N = 8 mod 12)."""
    monkeypatch.syspath_prepend(
        str(Path(__file__).resolve().parents[2] / "tools" / "seating_designs")
    )
    from seating_families import lifted_search, rotational_search

    rng = random.Random(f"test-{players}")
    if players % 12 == 8:
        n, f = (players - 2) // 3, 2
        base = rotational_search(n, rng, 20.0)
    else:
        f = 1 if players % 12 == 4 else 3
        n = (players - f) // 3
        base = lifted_search(n, f, rng, 20.0)
    assert base is not None
    design = {"n": n, "orbits": 3, "fixed": f, "base": base}
    sched = [[tuple(t) for t in rnd] for rnd in develop_design(design, players)]
    assert len(sched) == r_max(players)
    assert quality(sched).repeats == 0
