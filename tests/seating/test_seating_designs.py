"""Zero repeats at the round limit from compact 1-rotational designs (issue 19, stretch).

The files ``seating/data/n*_r*.json`` holding a ``design`` were found by
``bench/seating_precompute.py NxR`` (search in ``bench/seating_designs.py``); the package
develops them at load time (``seating/designs.py``)."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from seating import DATA_DIR, develop_design, generate, quality, validate
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
        s = generate(players, r, seed=3)
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


def test_only_thirty_two_players_ship_a_compact_file_with_repeats():
    # keeps the test below from becoming an empty parametrisation unseen
    assert [n for n, _, _ in compact_files(False)] == [32]


@pytest.mark.parametrize("players,rounds,data", compact_files(False), ids=lambda x: str(x))
def test_the_compact_files_with_repeats_hold_what_they_say(players, rounds, data):
    # 32 players at 10 rounds: the cyclic search's best, 10 repeats (no zero known to it)
    sched = [[tuple(t) for t in r] for r in develop_design(data["design"], players)]
    assert len(sched) == rounds
    assert quality(sched).repeats == data["repeats"] > 0


def test_the_full_schedules_still_load():
    names = [name for name, _ in known_constructions(24, 8)]
    assert any("n24_r8.json" in name for name in names)
    assert generate(24, 8, seed=0).quality.repeats == 18


@pytest.mark.skipif(shutil.which("cc") is None, reason="the design search needs a C compiler")
@pytest.mark.parametrize("players", [36, 44, 52, 60])
def test_the_design_search_finds_zero_repeat_base_rounds(players, monkeypatch):
    """The offline search of the shipped designs (bench/seating_families.py), on sizes it
    solves in about a second: lifted (52: N = 4 mod 12; 36, 60: N = 0 mod 12)
    and rotational (44: N = 8 mod 12)."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "bench"))
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
