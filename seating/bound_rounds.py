"""One step of the exact search of ``bound_search``: the rounds a state can take, each
class of players distributed over the tables, with the new pairs each round covers."""

from __future__ import annotations

from typing import Protocol

# a state: (sizes, within, cov, sub, bye) per class
State = tuple[list[int], list[bool], list[list[bool]], list[int], list[int]]


class Slots(Protocol):
    """What a round is made of (``bound_search.Solver``): the slots of a round (tables,
    then the byes), the players, and the fairness rules."""

    n: int
    byes: int
    gain_max: int
    slots: list[int]  # seats of every slot
    same: list[int]  # slots of one size are interchangeable
    table: list[bool]  # a table (not the byes)
    sub_slot: list[bool]  # a table with a substitute
    fair_bye: bool
    fair_sub: bool

    def table_max(self, st: State) -> int: ...

    def fair_round(self, st: State, x: list[list[int]]) -> bool: ...

    def tick(self) -> None: ...


class RoundWalk:
    """The rounds ``Solver.rounds`` lists, made one table at a time (``start``) and within
    a table one class at a time (``fill``), cut by bounds on the new pairs the tables left
    can cover."""

    def __init__(
        self,
        solver: Slots,
        st: State,
        least: int,
        most: int | None,
        top_only: bool,
        stop: int | None,
        rules: bool,
    ) -> None:
        sizes = st[0]
        self.solver, self.st = solver, st
        self.most, self.top_only, self.stop = most, top_only, stop
        self.C, self.T = len(sizes), len(solver.slots)
        self.tables = [t for t in range(self.T) if solver.table[t]]
        self.nt = len(self.tables)
        self.x = [[0] * self.T for _ in range(self.C)]
        self.left = list(sizes)
        fair_bye, fair_sub = solver.fair_bye and rules, solver.fair_sub and rules
        self.check = fair_sub and fair_bye  # never both as the generator seats
        self.res, self.must = self.reserved(fair_bye, fair_sub)
        self.k4 = 0
        self.seats_from, self.later = self.bounds(fair_bye)
        self.out: list = []
        self.thr = least
        self.calls = 0
        self.suf = [[0] * (self.C + 1) for _ in range(self.nt)]

    def reserved(self, fair_bye: bool, fair_sub: bool) -> tuple[list[list[int]], list[bool]]:
        """Per table, the players of every class it must leave to the later slots, and
        the classes that must all play: under one fairness rule alone, those with fewer
        byes than the b-th fewest sit out and those with more play; the short tables take
        the players with the fewest games with a substitute."""
        solver, (sizes, _within, _cov, sub, bye) = self.solver, self.st
        C, nt = self.C, self.nt
        res = [[0] * C for _ in range(nt)]
        must = [False] * C
        if fair_bye and not self.check:
            m = sorted(b for c in range(C) for b in [bye[c]] * sizes[c])[solver.byes - 1]
            res = [[sizes[c] if bye[c] < m else 0 for c in range(C)]] * nt
            must = [bye[c] > m for c in range(C)]
        if fair_sub and not self.check:
            seats = sum(solver.slots[t] for t in self.tables if solver.sub_slot[t])
            m = sorted(s for c in range(C) for s in [sub[c]] * sizes[c])[seats - 1]
            res = [
                [
                    sizes[c] if (sub[c] > m if solver.sub_slot[t] else sub[c] < m) else 0
                    for c in range(C)
                ]
                for t in self.tables
            ]
        return res, must

    def bounds(self, fair_bye: bool) -> tuple[list[int], list[int]]:
        """Seats of the tables from i on, and the most new pairs they can cover: a player
        meets at most min(cap - 1, not met yet) new players, so they cover at most half
        the largest such numbers of their seats (and ``k4`` per table)."""
        solver, (sizes, within, cov, _sub, _bye) = self.solver, self.st
        C, nt = self.C, self.nt
        seats_from = [0] * (nt + 1)
        later = [0] * (nt + 1)
        for i in range(nt - 1, -1, -1):
            cap = solver.slots[self.tables[i]]
            later[i] = later[i + 1] + cap * (cap - 1) // 2
            seats_from[i] = seats_from[i + 1] + cap
        pot = []
        for c in range(C):
            met = (sizes[c] - 1 if within[c] else 0) + sum(
                sizes[j] for j in range(C) if j != c and cov[c][j]
            )
            if self.res[0][c] < sizes[c] or not fair_bye:  # not all on a bye
                pot += [min(solver.gain_max, solver.n - 1 - met)] * sizes[c]
        pot.sort(reverse=True)
        self.k4 = solver.table_max(self.st)
        for i in range(nt):
            later[i] = min(later[i], sum(pot[: seats_from[i]]) // 2, (nt - i) * self.k4)
        return seats_from, later

    def done(self, gain: int) -> None:
        """A full round: kept when every class that must play does and it is fair."""
        x, left, C, T = self.x, self.left, self.C, self.T
        byes = self.solver.byes
        if any(self.must[k] and left[k] for k in range(C)):
            return
        if byes:
            for k in range(C):
                x[k][T - 1] = left[k]
        if not self.check or self.solver.fair_round(self.st, x):
            self.out.append((gain, [row[:] for row in x]))
            if self.top_only:
                self.thr = gain + 1
                if self.stop is not None and gain >= self.stop:
                    self.thr = 1 << 30  # nothing more to find
        if byes:
            for k in range(C):
                x[k][T - 1] = 0

    def start(self, i: int, gain: int) -> None:
        """Table ``i`` from class 0, when the players left can fill it."""
        left, C = self.left, self.C
        if sum(left[k] for k in range(C) if self.must[k]) > self.seats_from[i]:
            return
        s, r = self.suf[i], self.res[i]
        for c in range(C - 1, -1, -1):
            s[c] = s[c + 1] + max(0, left[c] - r[c])
        cap = self.solver.slots[self.tables[i]]
        if s[0] >= cap:
            self.fill(i, 0, cap, 0, gain, True, gain)

    def fill(self, i: int, c: int, room: int, inside: int, gain: int, eq: bool, g0: int) -> None:
        """Seat 0..all of class ``c`` at table ``i`` (``room`` seats left, ``inside``
        seated); ``eq``: equal so far to the previous table of the same size, which it
        may not exceed; ``g0``: the gain before this table."""
        self.calls += 1
        if self.calls % 65536 == 0:
            self.solver.tick()
        if room == 0:
            if i + 1 < self.nt:
                self.start(i + 1, gain)
            elif gain >= self.thr and (self.most is None or gain <= self.most):
                self.done(gain)
            return
        if self.suf[i][c] < room:
            return
        here = min(room * inside + room * (room - 1) // 2, self.k4 - gain + g0)
        if gain + here + self.later[i + 1] < self.thr:
            return
        x, left, tables, same_size = self.x, self.left, self.tables, self.solver.same
        within, cov = self.st[1], self.st[2]
        t = tables[i]
        tp = tables[i - 1] if i else -1
        same = i > 0 and same_size[t] == same_size[tp]
        hi = min(left[c] - self.res[i][c], room)
        if same and eq:
            hi = min(hi, x[c][tp])
        for v in range(max(hi, 0), -1, -1):
            add = 0
            if v:
                if v > 1 and not within[c]:
                    add += v * (v - 1) // 2
                for c2 in range(c):
                    if x[c2][t] and not cov[c][c2]:
                        add += v * x[c2][t]
            x[c][t] = v
            left[c] -= v
            self.fill(i, c + 1, room - v, inside + v, gain + add, same and eq and v == x[c][tp], g0)
            left[c] += v
            x[c][t] = 0
