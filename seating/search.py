"""Search core: pair costs, meeting counts, greedy rounds, tabu search over swaps and
the relabelling of a fixed structure."""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence

import numpy as np

from .types import EPS, MOVE_PENALTY


class Costs:
    """Pair weights: W = weight of a repeat, Pen = penalty per meeting.

    Secondary term ``W2 * M (M - 1) / 2`` per pair: the k-th meeting of a pair costs
    ``W2 * (k - 1)`` more, so once the repeats are at their minimum the meetings spread
    evenly (the most meetings of any pair goes down).  ``W2`` is small enough that a swap
    (at most six pairs change) never trades a repeat for it."""

    def __init__(self, W: np.ndarray, Pen: np.ndarray) -> None:
        self.W = W
        self.W2 = W / 128.0
        self.Pen = Pen

    def add(self, M: np.ndarray) -> np.ndarray:
        return self.W * (M >= 1) + self.W2 * M + self.Pen

    def rem(self, M: np.ndarray) -> np.ndarray:
        return self.W * (M >= 2) + self.W2 * np.maximum(M - 1, 0) + self.Pen

    def total(self, M: np.ndarray) -> float:
        c = self.W * np.maximum(M - 1, 0) + self.W2 * (M * (M - 1) / 2.0) + self.Pen * M
        return float(c.sum()) / 2.0

    def repeats(self, M: np.ndarray) -> int:
        return int(round(float((self.W * np.maximum(M - 1, 0)).sum()) / 2.0))


def meeting_counts(P: int, rounds: Iterable[Iterable[Sequence[int]]], M: np.ndarray | None = None):
    if M is None:
        M = np.zeros((P, P), dtype=np.int64)
    tables = [t for rnd in rounds for t in rnd]
    if tables:
        arr = np.array(tables, dtype=np.int64)
        for i in range(4):
            for j in range(4):
                if i != j:
                    np.add.at(M, (arr[:, i], arr[:, j]), 1)
    return M


def structure_labels(struct: list[list[list[int]]], P: int, n_real: int, rng: random.Random):
    """Random labelling of structure points; substitutes (labels >= n_real) go to
    points that never share a table with each other."""
    order = list(range(P))
    rng.shuffle(order)
    perm = [0] * P
    k = P - n_real
    chosen: list[int] = []
    if k:
        Ms = meeting_counts(P, struct)
        for a in order:
            if all(Ms[a, b] == 0 for b in chosen):
                chosen.append(a)
                if len(chosen) == k:
                    break
        chosen += [a for a in order if a not in chosen][: k - len(chosen)]
    rest = [a for a in order if a not in set(chosen)]
    for label, a in enumerate(rest):
        perm[a] = label
    for i, a in enumerate(chosen):
        perm[a] = n_real + i
    return perm


def greedy_round(active: list[int], M: np.ndarray, costs: Costs, rng: random.Random):
    order = list(active)
    rng.shuffle(order)
    order_arr = np.array(order)
    ADD = costs.add(M)[np.ix_(order_arr, order_arr)]
    free = np.ones(len(order), dtype=bool)
    tables = []
    for start in range(len(order)):
        if not free[start]:
            continue
        free[start] = False
        members = [start]
        c = ADD[start].copy()
        for _ in range(3):
            cm = np.where(free, c, np.inf)
            j = int(np.argmin(cm))
            free[j] = False
            members.append(j)
            c += ADD[j]
        tables.append([order[j] for j in members])
    return tables


def tabu_search(
    rounds: list[list[list[int]]],
    F: np.ndarray,
    costs: Costs,
    rng: random.Random,
    max_iters: int,
    deadline: float,
    target: float,
    home: np.ndarray | None = None,
    plan_tab: np.ndarray | None = None,
    cls: np.ndarray | None = None,
    fair: tuple[int, np.ndarray] | None = None,
) -> tuple[list[list[list[int]]], int]:
    """Tabu search over swaps of two players between tables of one round.

    ``F``: meetings in fixed rounds.  ``home`` (R x P table index) restricts every
    player to tables within distance 1 of its home table (Swiss pairing).  ``plan_tab``
    (R x P, -1: none) is the table the published plan gives a player: leaving it costs
    ``MOVE_PENALTY`` (re-drafts change few seats).  ``cls`` (R x P): only players of one
    class swap (who sits with a substitute is decided before).

    ``fair = (n, sub_games)``: players from ``n`` on are substitutes (they keep their
    seats) and substitutes must stay shared fairly (``_Fair``): who sits with a
    substitute changes only by moves that keep it so; ``sub_games`` are the games with a
    substitute before these rounds."""
    if not rounds:
        return rounds, 0
    mem = [[list(t) for t in rnd] for rnd in rounds]
    if len(rounds[0]) < 2:
        return mem, 0
    search = _TabuSearch(mem, F, costs, rng, home, plan_tab, cls, fair)
    search.run(max_iters, deadline, target)
    Mb = meeting_counts(F.shape[0], search.best_mem, F.copy())
    return search.best_mem, costs.repeats(Mb)


_STUCK = "stuck"  # no move is valid: the search ends


class _TabuSearch:
    """The state of ``tabu_search``: the rounds (``mem``), every player's table (``tab``,
    -1: not seated) and its one-hot form ``S``, the meeting counts ``M``, the tabu list
    and the best schedule so far."""

    def __init__(
        self,
        mem: list[list[list[int]]],
        F: np.ndarray,
        costs: Costs,
        rng: random.Random,
        home: np.ndarray | None,
        plan_tab: np.ndarray | None,
        cls: np.ndarray | None,
        fair: tuple[int, np.ndarray] | None,
    ) -> None:
        self.R, self.P, self.T = len(mem), F.shape[0], len(mem[0])
        self.F, self.costs, self.rng = F, costs, rng
        self.home, self.plan_tab, self.cls = home, plan_tab, cls
        self.tab = np.full((self.R, self.P), -1, dtype=np.int64)
        self.S = np.zeros((self.R, self.P, self.T))
        self.load(mem)
        self.active = self.tab >= 0
        self.inactive_pair = ~self.active[:, :, None] | ~self.active[:, None, :]
        self.has_plan = plan_tab >= 0 if plan_tab is not None else None
        self.fr = _Fair(fair[0], fair[1], self.P, self.R, self.T) if fair is not None else None
        self.cur = self.cost()
        self.best, self.best_mem = self.cur, [[list(t) for t in rnd] for rnd in mem]
        self.tabu_until = np.zeros((self.R, self.P, self.T), dtype=np.int64)

    def load(self, mem: list[list[list[int]]]) -> None:
        """Seat ``mem``: tables, their one-hot form and the meeting counts."""
        self.mem = mem
        self.tab[:] = -1
        self.S[:] = 0
        for r, rnd in enumerate(mem):
            for t, tbl in enumerate(rnd):
                for p in tbl:
                    self.tab[r, p] = t
                    self.S[r, p, t] = 1.0
        self.M = meeting_counts(self.P, mem, self.F.copy())

    def cost(self) -> float:
        """Pair costs plus, in a re-draft, ``MOVE_PENALTY`` per player off the plan."""
        moved = 0.0
        if self.plan_tab is not None:
            moved = MOVE_PENALTY * float(((self.tab != self.plan_tab) & self.has_plan).sum())
        return self.costs.total(self.M) + moved

    def run(self, max_iters: int, deadline: float, target: float) -> None:
        """Best-improvement swaps (tabu moves only when they beat the best); after
        ``stall`` iterations without improvement a restart from the best, perturbed."""
        last_improve = last_best = 0
        stall = 300 + 10 * self.P
        patience = max(2000, max_iters // 3)
        for it in range(max_iters):
            if self.best <= target + EPS or it - last_best > patience:
                break
            if time.monotonic() > deadline:  # an iteration costs milliseconds at large sizes
                break
            move = self.choose(it)
            if move is _STUCK:
                break
            if move is None:  # every valid move is tabu
                self.tabu_until[:] = 0
                continue
            self.swap(it, *move)
            self.cur = self.cost()
            if self.cur < self.best - EPS:
                self.best, self.best_mem = self.cur, [[list(t) for t in rnd] for rnd in self.mem]
                last_improve = last_best = it
            elif it - last_improve > stall:
                last_improve = it
                self.restart()

    def choose(self, it: int) -> tuple[int, int, int, int | None] | str | None:
        """The best allowed move (round, two players, the round of the swap back or
        None), at random among equals; None when every valid move is tabu."""
        D, OUT, idx = self.deltas()
        invalid, pair_round, D = self.invalid_moves(D, OUT)
        TU = np.take_along_axis(self.tabu_until, idx, 2) > it
        tabu = TU | TU.transpose(0, 2, 1)
        allowed = ~invalid & (~tabu | (self.cur + D < self.best - EPS))
        if not allowed.any():
            return _STUCK if not (~invalid).any() else None
        Dm = np.where(allowed, D, np.inf)
        if pair_round is not None and (pair_round < self.R).any():
            self.compound_moves(Dm, D, invalid, tabu, pair_round)
        m = Dm.min()
        if not np.isfinite(m):  # only compound moves were left, none allowed
            return None
        cand = np.flatnonzero(Dm <= m + EPS)
        r, p, q = np.unravel_index(int(cand[self.rng.randrange(len(cand))]), Dm.shape)
        back = None
        if pair_round is not None and pair_round[r, p, q] < self.R:
            back = int(pair_round[r, p, q])
        return int(r), int(p), int(q), back

    def deltas(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The cost change of every swap (R x P x P), every player's cost of leaving its
        table (``OUT``) and the index of every other player's table."""
        R, P, tab = self.R, self.P, self.tab
        ADD = self.costs.add(self.M)
        REM = self.costs.rem(self.M)
        IN = np.matmul(ADD, self.S)
        REMS = np.matmul(REM, self.S)
        tabc = np.where(self.active, tab, 0)
        OUT = np.take_along_axis(REMS, tabc[:, :, None], 2)[:, :, 0]
        idx = np.broadcast_to(tabc[:, None, :], (R, P, P))
        X = np.take_along_axis(IN, idx, 2) - ADD[None] - OUT[:, :, None]
        if self.plan_tab is not None:
            # p moves to q's table: off plan there, minus being off plan now
            plan_tab, has_plan = self.plan_tab, self.has_plan
            off_there = has_plan[:, :, None] & (tab[:, None, :] != plan_tab[:, :, None])
            off_now = has_plan & (tab != plan_tab)
            X = X + MOVE_PENALTY * (off_there.astype(float) - off_now[:, :, None])
        return X + X.transpose(0, 2, 1), OUT, idx

    def invalid_moves(
        self, D: np.ndarray, OUT: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray | None, np.ndarray]:
        """Swaps not allowed (one table, a player not seated, another class, unfair,
        too far from home, or between two players without a conflict); the round of the
        swap back of each fair move (None: no fairness); the cost changes with both
        swaps of such a compound move counted."""
        R, P, tab = self.R, self.P, self.tab
        invalid = (tab[:, :, None] == tab[:, None, :]) | self.inactive_pair
        if self.cls is not None:
            invalid |= self.cls[:, :, None] != self.cls[:, None, :]
        pair_round = None
        if self.fr is not None:
            bad, pair_round = self.fr.moves(tab)
            invalid |= bad
            # a move that changes who sits with a substitute in round r is undone in round
            # pair_round (the same two players swap back there): both swaps count
            second = pair_round < R
            if second.any():
                rr = np.where(second, pair_round, 0)
                D = D + np.where(second, D[rr, np.arange(P)[:, None], np.arange(P)[None, :]], 0.0)
        if self.home is not None:
            hp = self.home[:, :, None]
            tq = tab[:, None, :]
            near = np.abs(hp - tq) <= 1
            invalid |= ~(near & near.transpose(0, 2, 1))
        conflict = OUT > EPS  # players sitting with someone they should not meet
        invalid |= ~(conflict[:, :, None] | conflict[:, None, :])
        return invalid, pair_round, D

    def compound_moves(
        self,
        Dm: np.ndarray,
        D: np.ndarray,
        invalid: np.ndarray,
        tabu: np.ndarray,
        pair_round: np.ndarray,
    ) -> None:
        """The two swaps of a compound move interact (the same two players): in ``Dm``
        its estimate is replaced by the exact change for the most promising few, only
        when no single swap improves (they are cheap and usually enough)."""
        second = pair_round < self.R
        comp = ~invalid & second
        Dm[second] = np.inf
        single = float(Dm.min())
        est = np.where(comp, D, np.inf)
        flat = np.flatnonzero(est < single + 3.0) if single > -EPS else np.zeros(0, int)
        if len(flat) > 32:
            flat = flat[np.argsort(est.ravel()[flat], kind="stable")[:32]]
        for f in flat:
            r1, a, b = (int(v) for v in np.unravel_index(int(f), D.shape))
            r2 = int(pair_round[r1, a, b])
            d = _compound_delta(self.mem, self.tab, self.M, self.costs, r1, r2, a, b)
            if not tabu[r1, a, b] or self.cur + d < self.best - EPS:
                Dm[r1, a, b] = d

    def swap(self, it: int, r: int, p: int, q: int, back: int | None) -> None:
        """Swap ``p`` and ``q`` in round ``r`` (and back in round ``back``); moving either
        back to the table it left is tabu for a few iterations."""
        rng = self.rng
        for rr in (r,) if back is None else (r, back):
            _apply_swap(self.mem, self.tab, self.S, self.M, rr, p, q)
            A, B = int(self.tab[rr, q]), int(self.tab[rr, p])
            self.tabu_until[rr, p, A] = it + 4 + rng.randrange(12)
            self.tabu_until[rr, q, B] = it + 4 + rng.randrange(12)

    def restart(self) -> None:
        """Back to the best schedule with a small random perturbation (a few swaps that
        keep the rules), the tabu list cleared."""
        rng, home, cls, fr = self.rng, self.home, self.cls, self.fr
        self.load([[list(t) for t in rnd] for rnd in self.best_mem])
        mem, tab = self.mem, self.tab
        for _ in range(2 + rng.randrange(4)):
            rr = rng.randrange(self.R)
            t1, t2 = rng.sample(range(self.T), 2)
            x, y = rng.choice(mem[rr][t1]), rng.choice(mem[rr][t2])
            if home is not None and (
                abs(int(home[rr, x]) - t2) > 1 or abs(int(home[rr, y]) - t1) > 1
            ):
                continue
            if cls is not None and cls[rr, x] != cls[rr, y]:
                continue
            if fr is not None and (
                max(x, y) >= fr.n or fr.at_sub(tab, rr, x) != fr.at_sub(tab, rr, y)
            ):
                continue
            _apply_swap(mem, tab, self.S, self.M, rr, x, y)
        self.tabu_until[:] = 0
        self.cur = self.cost()


class _Fair:
    """Substitutes shared fairly: in every round the players at a substitute's table are
    among those with the fewest such games so far (then nobody has two before everyone
    has one, and the counts stay at most one apart).

    Swapping x (with a substitute in round r) and y (without) keeps that iff both had as
    many such games before r and, in the first later round where exactly one of them sits
    with a substitute (then y), they swap back; with no such round the single swap does."""

    def __init__(self, n: int, sub_games: np.ndarray, P: int, R: int, T: int) -> None:
        self.n, self.P, self.R, self.T = n, P, R, T
        self.base = np.zeros(P, dtype=np.int64)
        self.base[:n] = sub_games
        self.real = np.arange(P) < n
        self.rows = np.arange(R)[:, None]

    def chosen(self, tab: np.ndarray) -> np.ndarray:
        sub_tab = np.zeros((self.R, self.T + 1), dtype=bool)
        sub_tab[self.rows, np.where(tab[:, self.n :] >= 0, tab[:, self.n :], self.T)] = True
        sub_tab[:, self.T] = False
        return sub_tab[self.rows, np.where(tab >= 0, tab, self.T)] & self.real[None, :]

    def at_sub(self, tab: np.ndarray, r: int, x: int) -> bool:
        return bool(x < self.n and (tab[r, self.n :] == tab[r, x]).any())

    def moves(self, tab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(R x P x P) swaps that would break fairness, and the round of the swap back
        (``R``: none needed)."""
        R, P = self.R, self.P
        ch = self.chosen(tab)
        before = self.base[None, :] + np.cumsum(ch, axis=0) - ch
        differ = ch[:, :, None] != ch[:, None, :]
        back = np.full((R, P, P), R, dtype=np.int64)
        for r in range(R - 2, -1, -1):
            back[r] = np.where(differ[r + 1], r + 1, back[r + 1])
        real2 = self.real[:, None] & self.real[None, :]
        equal = before[:, :, None] == before[:, None, :]
        bad = differ & ~(equal & real2[None])
        bad |= ~real2[None]  # substitutes keep their seats
        back = np.where(differ & ~bad, back, R)
        return bad, back


def _compound_delta(mem, tab, M, costs: Costs, r1: int, r2: int, p: int, q: int) -> float:
    """Exact cost change of swapping ``p`` and ``q`` in round ``r1`` and in round ``r2``."""
    change: dict[tuple[int, int], int] = {}
    for r in (r1, r2):
        ta, tb = mem[r][int(tab[r, p])], mem[r][int(tab[r, q])]
        for a in ta:
            if a != p:
                change[(p, a)] = change.get((p, a), 0) - 1
                change[(q, a)] = change.get((q, a), 0) + 1
        for b in tb:
            if b != q:
                change[(q, b)] = change.get((q, b), 0) - 1
                change[(p, b)] = change.get((p, b), 0) + 1
    delta = 0.0
    for (a, b), c in change.items():
        if c:
            m0 = int(M[a, b])
            m1 = m0 + c
            w, w2, pen = costs.W[a, b], costs.W2[a, b], costs.Pen[a, b]
            delta += (
                w * (max(m1 - 1, 0) - max(m0 - 1, 0))
                + w2 * (m1 * (m1 - 1) - m0 * (m0 - 1)) / 2.0
                + pen * (m1 - m0)
            )
    return float(delta)


def _apply_swap(mem, tab, S, M, r: int, p: int, q: int) -> None:
    A, B = int(tab[r, p]), int(tab[r, q])
    ta, tb = mem[r][A], mem[r][B]
    for a in ta:
        if a != p:
            M[p, a] -= 1
            M[a, p] -= 1
            M[q, a] += 1
            M[a, q] += 1
    for b in tb:
        if b != q:
            M[q, b] -= 1
            M[b, q] -= 1
            M[p, b] += 1
            M[b, p] += 1
    ta[ta.index(p)] = q
    tb[tb.index(q)] = p
    tab[r, p], tab[r, q] = B, A
    S[r, p, A] = 0.0
    S[r, p, B] = 1.0
    S[r, q, B] = 0.0
    S[r, q, A] = 1.0


def relabel(
    rounds: list[list[list[int]]],
    costs: Costs,
    rng: random.Random,
    max_iters: int,
    deadline: float,
    n_real: int | None = None,
) -> list[list[list[int]]]:
    """Permute player labels on a fixed structure to minimise penalties (QAP swaps).

    Structure point a carries player perm[a]; repeats stay the same for real players.
    With ``n_real``, labels from ``n_real`` on (substitutes) keep their points."""
    P = costs.W.shape[0]
    Ms = meeting_counts(P, rounds).astype(float)
    Es = np.maximum(Ms - 1, 0)
    perm = np.arange(P)

    def parts(perm: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
        ix = np.ix_(perm, perm)
        return [(Ms, costs.Pen[ix]), (Es, costs.W[ix] + 0.0)]

    def total(perm: np.ndarray) -> float:
        return sum(float((A * Q).sum()) for A, Q in parts(perm)) / 2.0

    cur = total(perm)
    best, best_perm = cur, perm.copy()
    tabu_until = np.zeros(P, dtype=np.int64)
    for it in range(max_iters):
        if best <= EPS or time.monotonic() > deadline:
            break
        D = np.zeros((P, P))
        for A, Q in parts(perm):
            X = A @ Q
            d = np.diag(X)
            D += X + X.T - d[:, None] - d[None, :] + 2 * A * Q
        np.fill_diagonal(D, np.inf)
        if n_real is not None:
            pinned = perm >= n_real
            D[pinned, :] = np.inf
            D[:, pinned] = np.inf
        tabu = (tabu_until[:, None] > it) | (tabu_until[None, :] > it)
        D = np.where(tabu & (cur + D >= best - EPS), np.inf, D)
        m = D.min()
        if not np.isfinite(m):
            break
        cand = np.flatnonzero(m + EPS >= D)
        a, b = np.unravel_index(int(cand[rng.randrange(len(cand))]), D.shape)
        perm[a], perm[b] = perm[b], perm[a]
        tabu_until[a] = tabu_until[b] = it + 3 + rng.randrange(max(2, P // 4))
        cur = total(perm)
        if cur < best - EPS:
            best, best_perm = cur, perm.copy()
    return [[[int(best_perm[a]) for a in t] for t in rnd] for rnd in rounds]
