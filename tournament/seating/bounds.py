"""Exact fewest repeats for events of fewer than four tables.

Every round seats the same number of real players per table (substitutes and byes take
the rest), so the meetings per round are fixed and the repeats are ``meetings - pairs
covered``: the fewest repeats come from the most pairs that ``rounds`` rounds can cover.

That maximum is found by an exhaustive search over rounds (``Solver``):

* players with the same history are interchangeable, so a state is a list of *classes*
  (size, whether its players have met each other, which classes have met, and the games
  with a substitute / byes so far), and a round is a distribution of every class over
  the tables, not a partition of players; tables of the same size are interchangeable
  (columns in non-increasing order);
* classes that can no longer be told apart (same relations to every other class and to
  each other) are merged;
* the best cover from a state is memoised under a relabelling of the classes sorted by
  an invariant (two states with the same key are isomorphic, so sharing the value is
  exact), and branches are cut with an upper bound (every player meets at most
  ``max cap - 1`` new players a round, and no more than those not met yet).

``fair=True`` adds the generator's own rules: in every round the players with a
substitute, and the players on a bye, are among those with the fewest such games so far
(``generate`` shares both that way).  With these rules the search gives the generator's
exact optimum, and its witness (``Solver.witness``) is a schedule reaching it, which
``generate`` uses for these sizes.  Without them it is a lower bound for any schedule.
"""

from __future__ import annotations

import json
import time
from functools import lru_cache

NODE_LIMIT = 2_000_000


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


# a state: (sizes, within, cov, sub, bye) per class
State = tuple[list[int], list[bool], list[list[bool]], list[int], list[int]]


class Solver:
    """Most pairs of ``players`` that r rounds can seat together, each round filling
    tables of ``caps`` real players and leaving ``byes`` out (see the module docstring)."""

    def __init__(
        self,
        players: int,
        caps: tuple[int, ...],
        byes: int,
        fair: bool = True,
        node_limit: int | None = None,
    ) -> None:
        self.n = players
        self.caps = tuple(sorted(caps, reverse=True))
        self.byes = byes
        self.slots = list(self.caps) + ([byes] if byes else [])
        self.same = list(self.caps) + ([-1] if byes else [])
        self.table = [True] * len(self.caps) + ([False] if byes else [])
        subs = [c < 4 for c in self.caps]
        self.sub_slot = subs + ([False] if byes else [])
        # sharing substitutes matters only when some tables have them and some not
        self.fair_sub = fair and any(subs) and not all(subs)
        self.fair_bye = fair and byes > 0
        self.per_round = sum(c * (c - 1) // 2 for c in self.caps)
        self.total = players * (players - 1) // 2
        self.gain_max = max(self.caps) - 1
        self.memo: dict = {}
        self.nodes = 0
        self.node_limit = NODE_LIMIT if node_limit is None else node_limit
        self.deadline: float | None = None  # time.monotonic() limit, for offline runs

    def root(self) -> State:
        return ([self.n], [False], [[False]], [0], [0])

    def key(self, st: State, rest: int) -> tuple:
        sizes, within, cov, sub, bye = st
        C = len(sizes)
        base = [(sizes[i], within[i], sub[i], bye[i]) for i in range(C)]
        ref = [
            (base[i], tuple(sorted(base[j] for j in range(C) if j != i and cov[i][j])))
            for i in range(C)
        ]
        order = sorted(range(C), key=lambda i: (ref[i], i))
        bits = 0
        for a in range(C):
            for b in range(a + 1, C):
                bits = (bits << 1) | cov[order[a]][order[b]]
        return (rest, tuple(base[i] for i in order), bits)

    def upper(self, st: State, rest: int, uncovered: int) -> int:
        sizes, within, cov, _sub, _bye = st
        C = len(sizes)
        deg = 0
        for i in range(C):
            met = (sizes[i] - 1 if within[i] else 0) + sum(
                sizes[j] for j in range(C) if j != i and cov[i][j]
            )
            deg += sizes[i] * min(self.n - 1 - met, rest * self.gain_max)
        return min(rest * self.per_round, uncovered, deg // 2)

    def _fair(self, st: State, x: list[list[int]]) -> bool:
        sizes, _within, _cov, sub, bye = st
        C, T = len(sizes), len(self.slots)
        if self.fair_sub:
            at = [sub[c] for c in range(C) if any(x[c][t] for t in range(T) if self.sub_slot[t])]
            off = [
                sub[c]
                for c in range(C)
                if any(x[c][t] for t in range(T) if self.table[t] and not self.sub_slot[t])
            ]
            if at and off and max(at) > min(off):
                return False
        if self.fair_bye:
            at = [bye[c] for c in range(C) if x[c][T - 1]]
            off = [bye[c] for c in range(C) if any(x[c][t] for t in range(T - 1))]
            if at and off and max(at) > min(off):
                return False
        return True

    def _gain(self, st: State, x: list[list[int]]) -> int:
        _sizes, within, cov, _sub, _bye = st
        C = len(x)
        gain = 0
        for t in range(len(self.slots)):
            if not self.table[t]:
                continue
            for c in range(C):
                v = x[c][t]
                if not v:
                    continue
                if v > 1 and not within[c]:
                    gain += v * (v - 1) // 2
                for c2 in range(c + 1, C):
                    if x[c2][t] and not cov[c][c2]:
                        gain += v * x[c2][t]
        return gain

    def _tick(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise _Limit

    def children(self, st: State) -> list[tuple[int, list[list[int]]]]:
        out = []
        for i, x in enumerate(_distributions(st[0], self.slots, self.same)):
            if i % 4096 == 4095:
                self._tick()
            if self._fair(st, x):
                out.append((self._gain(st, x), [row[:] for row in x]))
        out.sort(key=lambda g: -g[0])
        return out

    def best_round(self, st: State, top: int, alpha: int = -1) -> int:
        """Most new pairs one round can cover when more than ``alpha``, else ``alpha``
        (branch and bound over tables)."""
        sizes, within, cov, _sub, _bye = st
        C, T = len(sizes), len(self.slots)
        x = [[0] * T for _ in range(C)]
        left = list(sizes)
        tables = [t for t in range(T) if self.table[t]]
        later = [0] * (len(tables) + 1)
        for i in range(len(tables) - 1, -1, -1):
            cap = self.slots[tables[i]]
            later[i] = later[i + 1] + cap * (cap - 1) // 2
        best = alpha

        calls = 0

        def fill(i: int, c: int, room: int, inside: int, gain: int) -> bool:
            nonlocal best, calls
            calls += 1
            if calls % 65536 == 0:
                self._tick()
            if i == len(tables):
                if self.byes:
                    for k in range(C):
                        x[k][T - 1] = left[k]
                if self._fair(st, x) and gain > best:
                    best = gain
                if self.byes:
                    for k in range(C):
                        x[k][T - 1] = 0
                return best >= top
            if room == 0:
                return fill(
                    i + 1, 0, self.slots[tables[i + 1]] if i + 1 < len(tables) else 0, 0, gain
                )
            if c == C:
                return False
            # the room left at this table meets the ones there and each other
            if gain + room * inside + room * (room - 1) // 2 + later[i + 1] <= best:
                return False
            t = tables[i]
            for v in range(min(left[c], room), -1, -1):
                add = 0
                if v:
                    if v > 1 and not within[c]:
                        add += v * (v - 1) // 2
                    for c2 in range(c):
                        if x[c2][t] and not cov[c][c2]:
                            add += v * x[c2][t]
                x[c][t] = v
                left[c] -= v
                done = fill(i, c + 1, room - v, inside + v, gain + add)
                left[c] += v
                x[c][t] = 0
                if done:
                    return True
            return False

        if tables:
            fill(0, 0, self.slots[tables[0]], 0, 0)
        return best

    def child(self, st: State, x: list[list[int]], members: list[list[int]] | None = None):
        """The state after round ``x`` (classes split by table, then merged), and the
        players of every class when ``members`` is given."""
        sizes, within, cov, sub, bye = st
        C, T = len(sizes), len(self.slots)
        cells = [(c, t) for c in range(C) for t in range(T) if x[c][t]]
        n_sizes = [x[c][t] for c, t in cells]
        n_within = [within[c] or (self.table[t] and x[c][t] > 1) for c, t in cells]
        n_sub = [sub[c] + (1 if self.sub_slot[t] else 0) for c, t in cells]
        n_bye = [bye[c] + (0 if self.table[t] else 1) for c, t in cells]
        K = len(cells)
        n_cov = [[False] * K for _ in range(K)]
        for a in range(K):
            c, t = cells[a]
            for b in range(a + 1, K):
                c2, t2 = cells[b]
                v = (cov[c][c2] if c != c2 else within[c]) or (t == t2 and self.table[t])
                n_cov[a][b] = n_cov[b][a] = v
        n_members = None
        if members is not None:
            used = [0] * C
            n_members = []
            for c, t in cells:
                n_members.append(members[c][used[c] : used[c] + x[c][t]])
                used[c] += x[c][t]
        groups: dict = {}
        for a in range(K):
            row = tuple(n_cov[a][b] if b != a else n_within[a] for b in range(K))
            groups.setdefault((row, n_sub[a], n_bye[a]), []).append(a)
        if len(groups) == K:
            return (n_sizes, n_within, n_cov, n_sub, n_bye), n_members
        reps = sorted(groups.values())
        keep = [g[0] for g in reps]
        merged: State = (
            [sum(n_sizes[a] for a in g) for g in reps],
            [n_within[a] for a in keep],
            [[n_cov[a][b] for b in keep] for a in keep],
            [n_sub[a] for a in keep],
            [n_bye[a] for a in keep],
        )
        if n_members is not None:
            n_members = [[p for a in g for p in n_members[a]] for g in reps]
        return merged, n_members

    def best(self, st: State, rest: int, uncovered: int, alpha: int = -1) -> int:
        """Most pairs that ``rest`` more rounds can cover from ``st`` when that is more
        than ``alpha``; else a number at most ``alpha`` that bounds it from above (a cut
        in the style of alpha-beta: the memo keeps exact values and upper bounds)."""
        if rest == 0 or uncovered == 0:
            return 0
        k = self.key(st, rest)
        hit = self.memo.get(k)
        if hit is not None and (hit[1] or hit[0] <= alpha):
            return hit[0]
        self.nodes += 1
        if self.nodes > self.node_limit or (
            self.deadline is not None and self.nodes % 16 == 0 and time.monotonic() > self.deadline
        ):
            raise _Limit
        top = self.upper(st, rest, uncovered)
        if top <= alpha:
            self.memo[k] = (top, False)
            return top
        if rest == 1:
            value = self.best_round(st, top, alpha)
        else:
            value = alpha
            for gain, x in self.children(st):
                if gain + min((rest - 1) * self.per_round, uncovered - gain) <= value:
                    break  # sorted by gain: no later round does better
                nxt, _ = self.child(st, x)
                if gain + self.upper(nxt, rest - 1, uncovered - gain) <= value:
                    continue
                value = max(value, gain + self.best(nxt, rest - 1, uncovered - gain, value - gain))
                if value >= top:
                    break
        exact = value > alpha
        self.memo[k] = (value if exact else alpha, exact)
        return value if exact else alpha

    def greedy(self, rounds: int) -> int:
        """Pairs covered by taking the round covering most new pairs every time (a cover
        the optimum reaches at least)."""
        st, uncovered, cover = self.root(), self.total, 0
        for _ in range(rounds):
            if not uncovered:
                break
            gain, x = self.children(st)[0]
            st, _ = self.child(st, x)
            cover += gain
            uncovered -= gain
        return cover

    def solve(self, rounds: int) -> int:
        return self.best(self.root(), rounds, self.total, self.greedy(rounds) - 1)

    def witness(self, rounds: int) -> list[list[list[int]]]:
        """``rounds`` rounds reaching ``solve(rounds)``: per round the players of every
        table (in the order of ``caps``), then the players on a bye (if any)."""
        st, members = self.root(), [list(range(self.n))]
        uncovered = self.total
        out = []
        for rest in range(rounds, 0, -1):
            want = self.best(st, rest, uncovered, -1)
            for gain, x in self.children(st):
                nxt, nm = self.child(st, x, members)
                if gain + self.best(nxt, rest - 1, uncovered - gain, want - gain - 1) == want:
                    break
            else:  # pragma: no cover - best() found it
                raise AssertionError("no round reaches the optimum")
            used = [0] * len(members)
            slots: list[list[int]] = [[] for _ in self.slots]
            for c in range(len(members)):
                for t in range(len(self.slots)):
                    slots[t] += members[c][used[c] : used[c] + x[c][t]]
                    used[c] += x[c][t]
            out.append(slots)
            st, members, uncovered = nxt, nm, uncovered - gain
        return out


def max_cover(
    players: int, caps: tuple[int, ...], byes: int, rounds: int, fair: bool = False
) -> int | None:
    """Most pairs covered in ``rounds`` rounds; None when the search exceeds its node
    limit."""
    try:
        return Solver(players, caps, byes, fair).solve(rounds)
    except _Limit:
        return None


def exact_repeats(
    players: int, caps: tuple[int, ...], byes: int, rounds: int, fair: bool = False
) -> int | None:
    """Fewest repeats over ``rounds`` rounds (None: unknown, see ``max_cover``)."""
    if rounds <= 0:
        return 0
    cover = max_cover(players, tuple(sorted(caps, reverse=True)), byes, rounds, fair)
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
    return json.loads(path.read_text())["bounds"]


def small_repeats(
    players: int, rounds: int, fill: str = "substitutes", fair: bool = True
) -> int | None:
    """Fewest repeats for ``players`` (fewer than four tables) over ``rounds`` rounds,
    from the table computed by ``bench/seating_bounds.py``; None outside it.  ``fair``:
    with substitutes and byes shared as the generator shares them (else: any schedule
    of that shape)."""
    entry = _table().get(f"{fill}:{players}")
    if entry is None or rounds <= 0:
        return 0 if entry is not None else None
    caps = entry["caps"]
    per_round = sum(c * (c - 1) // 2 for c in caps)
    # without the search under the generator's rules (too long for this size), the
    # bound for any schedule: a lower bound, not known to be reached
    covers, partial = entry.get("max_cover_fair"), entry.get("partial_fair", False)
    if not fair or covers is None:
        covers, partial = entry.get("max_cover"), entry.get("partial", False)
    if covers is None or (partial and rounds > len(covers)):
        return None
    cover = covers[rounds - 1] if rounds <= len(covers) else covers[-1]
    return rounds * per_round - cover


def small_schedule(players: int, rounds: int, fill: str = "substitutes") -> list | None:
    """A schedule with the fewest repeats under the generator's rules (per round: the
    players of every table, then those on a bye), when the table has one."""
    entry = _table().get(f"{fill}:{players}")
    if entry is None:
        return None
    schedules = entry.get("schedules", [])
    return schedules[rounds - 1] if 1 <= rounds <= len(schedules) else None


def small_rounds(players: int, fill: str = "substitutes") -> int:
    """Rounds of the stored schedules (the first round count where every pair has met);
    0 when the table has none for this size or stops before that."""
    entry = _table().get(f"{fill}:{players}")
    if not entry or entry.get("partial_fair"):
        return 0
    return len(entry.get("schedules", []))
