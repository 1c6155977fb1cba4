"""Exact fewest repeats for events of fewer than four tables: the search (offline, run
by ``tools/seating_designs/seating_bounds.py``; ``bounds`` reads its stored results).

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
  exact), and branches are cut with upper bounds: every player meets at most
  ``max cap - 1`` new players a round it plays, and no more than those not met yet (the
  byes of the rounds left going where they cost least); a round never covers more new
  pairs than the best round from the current state does;
* the rounds of a schedule can be put in the order where each covers the most new pairs
  of those left, so each covers no more than the one before: rounds are tried most
  first and only above the threshold that could still beat the best found (under the
  fairness rules only within a cycle of byes, whose rounds can be reordered; past it a
  round is bounded by the best one without the rules).

``fair=True`` adds the generator's own rules: in every round the players with a
substitute, and the players on a bye, are among those with the fewest such games so far
(``generate`` shares both that way).  With these rules the search gives the generator's
exact optimum, and its witness (``Solver.witness``) is a schedule reaching it, which
``generate`` uses for these sizes.  Without them it is a lower bound for any schedule.
"""

from __future__ import annotations

import time

from .bound_rounds import RoundWalk, State

NODE_LIMIT = 2_000_000


class Limit(Exception):
    pass


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
        self.round_memo: dict = {}
        self.last: State = self.root()
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
        """Pairs ``rest`` more rounds can cover at most: every player meets at most
        ``max cap - 1`` new players a round it plays and no more than those it has not
        met; the ``rest * byes`` byes of those rounds go where they cost least (a
        player's cap falls by the byes that leave it fewer rounds than it needs)."""
        sizes, within, cov, _sub, _bye = st
        C, g = len(sizes), self.gain_max
        deg, steps = 0, []
        for i in range(C):
            met = (sizes[i] - 1 if within[i] else 0) + sum(
                sizes[j] for j in range(C) if j != i and cov[i][j]
            )
            rem = self.n - 1 - met
            deg += sizes[i] * min(rem, rest * g)
            if self.byes:
                for k in range(rest):
                    steps += [min(rem, g * (rest - k)) - min(rem, g * (rest - k - 1))] * sizes[i]
        if self.byes:  # a player's losses grow with its byes: the cheapest ones are a choice
            deg -= sum(sorted(steps)[: rest * self.byes])
        return min(rest * self.per_round, uncovered, deg // 2)

    def fair_round(self, st: State, x: list[list[int]]) -> bool:
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

    def tick(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise Limit

    def rounds(
        self,
        st: State,
        least: int,
        most: int | None = None,
        top_only: bool = False,
        stop: int | None = None,
        rules: bool = True,
    ):
        """Rounds from ``st`` covering ``least`` to ``most`` new pairs, most first, as
        (gain, distribution of every class over the slots); tables of one size in
        non-increasing order, byes and substitutes shared fairly when required.
        ``top_only``: the last one is a round covering the most (branch and bound over
        tables, the threshold rising as better rounds turn up), ending at one covering
        ``stop``.  ``rules=False``: without the fairness rules."""
        walk = RoundWalk(self, st, least, most, top_only, stop, rules)
        if walk.nt:
            walk.start(0, 0)
        if top_only:
            return walk.out[-1:]
        walk.out.sort(key=lambda g: -g[0])
        return walk.out

    def table_max(self, st: State) -> int:
        """Most new pairs one table of the largest size can cover from ``st``."""
        k = self.key(st, -1)
        if k in self.round_memo:
            return self.round_memo[k]
        sizes, within, cov = st[0], st[1], st[2]
        C, best = len(sizes), [0]
        took = [0] * C

        def pick(c: int, room: int, gain: int) -> None:
            if room == 0 or c == C:
                best[0] = max(best[0], gain)
                return
            for v in range(min(room, sizes[c]), -1, -1):
                add = v * (v - 1) // 2 if not within[c] else 0
                add += sum(v * took[d] for d in range(c) if took[d] and not cov[c][d])
                took[c] = v
                pick(c + 1, room - v, gain + add)
            took[c] = 0

        pick(0, max(self.caps), 0)
        self.round_memo[k] = best[0]
        return best[0]

    def round_max(self, st: State, rules: bool = True) -> int:
        """Most new pairs one round can cover from ``st``; without the rules
        (``rules=False``) it never grows in later rounds."""
        k = (self.key(st, 0), rules)
        if k not in self.round_memo:
            found = self.rounds(st, 0, None, True, None, rules)
            self.round_memo[k] = found[0][0] if found else 0
        return self.round_memo[k]

    def _same_cycle(self, st: State) -> int:
        """How many of the rounds after the next one may be taken to cover no more new
        pairs than it, each no more than the one before.  Any rounds can be put in the
        order where each covers the most new pairs of those left; under the fairness
        rules only the rounds of one cycle of byes (every player one more) can be
        reordered, and a round's best cover never grows only within such a cycle (the
        rounds allowed shrink), not past it (new players may sit out)."""
        if not self.fair_sub and not self.fair_bye:
            return 1 << 30
        if self.fair_sub or self.n % self.byes:
            return 0
        sizes, bye = st[0], st[4]
        played = sum(s * b for s, b in zip(sizes, bye, strict=True)) // self.byes
        cycle = self.n // self.byes
        return cycle - 1 - played % cycle

    def _after(self, st: State, rest: int, most: int) -> int:
        """Most new pairs the ``rest - 1`` rounds after the next can cover when the
        next covers at most ``most``."""
        q = min(rest - 1, self._same_cycle(st))
        if q == rest - 1:
            return q * most
        free = self.round_max(st, False) if self.fair_sub or self.fair_bye else most
        return q * most + (rest - 1 - q) * free

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

    def best(
        self,
        st: State,
        rest: int,
        uncovered: int,
        alpha: int = -1,
        cap: int | None = None,
        limit: int | None = None,
    ) -> int:
        """Most pairs that ``rest`` more rounds, each covering at most ``cap`` new pairs,
        can cover from ``st`` when that is more than ``alpha``; else a number at most
        ``alpha`` that bounds it from above (a cut in the style of alpha-beta: the memo
        keeps exact values and upper bounds).  ``limit``: a bound known from outside."""
        if rest == 0 or uncovered == 0:
            return 0
        if cap is not None and cap >= self.per_round:
            cap = None
        k = (self.key(st, rest), cap)
        hit = self.memo.get(k)
        if hit is not None and (hit[1] or hit[0] <= alpha):
            return hit[0]
        self.nodes += 1
        if self.nodes > self.node_limit or (
            self.deadline is not None and self.nodes % 16 == 0 and time.monotonic() > self.deadline
        ):
            raise Limit
        top = self.upper(st, rest, uncovered)
        if cap is not None:
            top = min(top, cap + self._after(st, rest, cap))
        if limit is not None:
            top = min(top, limit)
        if top > alpha and rest > 1:
            most = self.round_max(st) if cap is None else min(cap, self.round_max(st))
            top = min(top, most + self._after(st, rest, most))
        if top <= alpha:
            self.memo[k] = (top, False)
            return top
        if rest == 1:  # the best round when better than alpha
            found = self.rounds(st, alpha + 1, cap, True, top)
            value = found[0][0] if found else alpha
        else:
            value = alpha
            mono = self._same_cycle(st) > 0
            # the rounds after this one cover at most `most` (or this one's gain) each
            q = min(rest - 1, self._same_cycle(st))
            extra = self._after(st, rest, 0)  # the rounds past this cycle
            least = max(value + 1 - q * most - extra, (value - extra) // (q + 1) + 1)
            for gain, x in self.rounds(st, max(least, 0), most):
                after = q * min(gain, most) + extra
                if gain + min(after, uncovered - gain) <= value:
                    break  # most first: no later round does better
                nxt, _ = self.child(st, x)
                if gain + self.upper(nxt, rest - 1, uncovered - gain) <= value:
                    continue
                got = self.best(
                    nxt, rest - 1, uncovered - gain, value - gain, gain if mono else None
                )
                value = max(value, gain + got)
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
            gain, x = self.rounds(st, 0, None, True)[0]
            st, _ = self.child(st, x)
            cover += gain
            uncovered -= gain
        return cover

    def solve(self, rounds: int, lower: int = 0, limit: int | None = None) -> int:
        """Most pairs ``rounds`` rounds can cover; ``lower``: a cover known to be
        reachable, ``limit``: one known not to be exceeded (both only speed it up)."""
        alpha = max(self.greedy(rounds), lower) - 1
        return self.best(self.root(), rounds, self.total, alpha, None, limit)

    def witness(self, rounds: int) -> list[list[list[int]]]:
        """``rounds`` rounds reaching ``solve(rounds)``: per round the players of every
        table (in the order of ``caps``), then the players on a bye (if any)."""
        st, members = self.root(), [list(range(self.n))]
        uncovered, cap = self.total, None
        out = []
        for rest in range(rounds, 0, -1):
            want = self.best(st, rest, uncovered, -1, cap)
            mono = self._same_cycle(st) > 0
            most = self.round_max(st) if cap is None else min(cap, self.round_max(st))
            for gain, x in self.rounds(st, max(0, want - self._after(st, rest, most)), most):
                nxt, nm = self.child(st, x, members)
                nxt_cap = gain if mono else None
                if (
                    gain + self.best(nxt, rest - 1, uncovered - gain, want - gain - 1, nxt_cap)
                    == want
                ):
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
            st, members, uncovered, cap = nxt, nm, uncovered - gain, nxt_cap
        self.last = st  # where the witness ends (for a cover one more round reaches)
        return out
