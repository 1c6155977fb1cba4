"""Exact fewest repeats for events of fewer than four tables.

Every round seats the same real players per table (substitutes and byes take the rest),
so the meetings per round are fixed and the repeats are ``meetings - pairs covered``:
the fewest repeats come from the most pairs that ``rounds`` rounds can cover.  That
maximum is found by a depth-first search over rounds in which players with the same
history (same table every round so far) are interchangeable: a round is a distribution
of each such class over the tables, not a partition of players.  With at most 15
players this is small; a node limit guards the rest (then the counting bound is used).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

NODE_LIMIT = 400_000


class _Limit(Exception):
    pass


def _distributions(sizes: list[int], caps: list[int], same: list[int]):
    """Non-negative integer matrices x[c][t] with row sums ``sizes`` and column sums
    ``caps``; ``same[t] == same[t-1]`` marks interchangeable tables (columns kept in
    non-increasing lexicographic order)."""
    C, T = len(sizes), len(caps)
    x = [[0] * T for _ in range(C)]
    left = list(caps)

    def column(t: int, c: int, room: int):
        if c == C:
            if room == 0:
                if t > 0 and same[t] == same[t - 1]:
                    a = [x[i][t - 1] for i in range(C)]
                    b = [x[i][t] for i in range(C)]
                    if b > a:
                        return
                if t + 1 == T:
                    yield x
                else:
                    yield from column(t + 1, 0, left[t + 1])
            return
        used = sum(x[c][:t])
        rest = sizes[c] - used
        last = t + 1 == T
        options = ([rest] if rest <= room else []) if last else range(min(rest, room), -1, -1)
        for v in options:
            x[c][t] = v
            yield from column(t, c + 1, room - v)
        x[c][t] = 0

    if T:
        yield from column(0, 0, left[0])


@lru_cache(maxsize=256)
def max_cover(players: int, caps: tuple[int, ...], byes: int, rounds: int) -> int | None:
    """Most pairs of ``players`` that ``rounds`` rounds can seat together, each round
    filling tables of ``caps`` real players and leaving ``byes`` out; None when the
    search exceeds its node limit."""
    total_pairs = players * (players - 1) // 2
    per_round = sum(c * (c - 1) // 2 for c in caps)
    slots = list(caps) + ([byes] if byes else [])
    same = [c for c in caps] + ([-1] if byes else [])
    meets = [True] * len(caps) + ([False] if byes else [])
    gain = max(caps) - 1
    best = 0
    nodes = 0

    def cover_of(sizes, cov, within) -> int:
        total = sum(sizes[i] * (sizes[i] - 1) // 2 for i in range(len(sizes)) if within[i])
        for i, j in combinations(range(len(sizes)), 2):
            if cov[i][j]:
                total += sizes[i] * sizes[j]
        return total

    def dfs(depth: int, sizes, cov, within, cover: int) -> bool:
        nonlocal best, nodes
        nodes += 1
        if nodes > NODE_LIMIT:
            raise _Limit
        best = max(best, cover)
        if best == total_pairs:
            return True
        rest = rounds - depth
        if rest == 0 or cover + rest * per_round <= best:
            return False
        # every player meets at most ``gain`` new players a round and n - 1 in all
        bound = 0
        for i, size in enumerate(sizes):
            degree = (size - 1 if within[i] else 0) + sum(
                sizes[j] for j in range(len(sizes)) if j != i and cov[i][j]
            )
            bound += size * min(players - 1, degree + rest * gain)
        if bound // 2 <= best:
            return False
        children = []
        for x in _distributions(sizes, slots, same):
            cells = [(c, t) for c in range(len(sizes)) for t in range(len(slots)) if x[c][t]]
            n_sizes = [x[c][t] for c, t in cells]
            n_within = [within[c] or (meets[t] and x[c][t] > 1) for c, t in cells]
            n_cov = [[False] * len(cells) for _ in cells]
            for a, (c, t) in enumerate(cells):
                for b in range(a + 1, len(cells)):
                    c2, t2 = cells[b]
                    v = (cov[c][c2] if c != c2 else within[c]) or (t == t2 and meets[t])
                    n_cov[a][b] = n_cov[b][a] = v
            children.append((cover_of(n_sizes, n_cov, n_within), n_sizes, n_cov, n_within))
        children.sort(key=lambda child: -child[0])  # most pairs first: good bounds early
        for n_cover, n_sizes, n_cov, n_within in children:
            if dfs(depth + 1, n_sizes, n_cov, n_within, n_cover):
                return True
        return False

    try:
        dfs(0, [players], [[False]], [False], 0)
    except _Limit:
        return None
    return best


def exact_repeats(players: int, caps: tuple[int, ...], byes: int, rounds: int) -> int | None:
    """Fewest repeats over ``rounds`` rounds (None: unknown, see ``max_cover``)."""
    if rounds <= 0:
        return 0
    cover = max_cover(players, tuple(sorted(caps, reverse=True)), byes, rounds)
    if cover is None:
        return None
    per_round = sum(c * (c - 1) // 2 for c in caps)
    return rounds * per_round - cover


def table_caps(players: int, fill: str = "substitutes") -> tuple[tuple[int, ...], int]:
    """Real players per table and byes per round as the generator seats them:
    substitutes spread over the tables, or byes."""
    if fill == "byes":
        return (4,) * (players // 4), players % 4
    subs = (-players) % 4
    tables = (players + subs) // 4
    caps = [4] * tables
    for i in range(subs):
        caps[i % tables] -= 1
    return tuple(caps), 0


@lru_cache(maxsize=1)
def _table() -> dict:
    from .types import DATA_DIR

    path = DATA_DIR / "small_bounds.json"
    if not path.is_file():
        return {}
    import json

    return json.loads(path.read_text())["bounds"]


def small_repeats(players: int, rounds: int, fill: str = "substitutes") -> int | None:
    """Fewest repeats for ``players`` (fewer than four tables) over ``rounds`` rounds, from
    the table computed by ``bench/seating_bounds.py``; None outside it."""
    entry = _table().get(f"{fill}:{players}")
    if entry is None or rounds <= 0:
        return 0 if entry is not None else None
    caps = entry["caps"]
    per_round = sum(c * (c - 1) // 2 for c in caps)
    covers = entry["max_cover"]
    cover = covers[rounds - 1] if rounds <= len(covers) else covers[-1]
    return rounds * per_round - cover
