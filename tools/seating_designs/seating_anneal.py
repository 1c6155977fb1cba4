"""Whole-schedule annealing for small events with byes (used by ``seating_bounds.py``
past the rounds its exhaustive search proved).

The generator fixes the byes before its search; here they move too, as the generator's
rules allow them: with ``byes`` dividing the players, every cycle of ``players / byes``
rounds gives each player one bye (a partition), and a cycle cut short by the last round
gives its byes to distinct players.  A move swaps two players of one round between
tables, or a player on a bye with a seated one, then swaps them back in the round of the
same cycle where the seated one had its bye, which keeps every count.  The cost is the
repeats (meetings beyond the first of every pair).
"""

from __future__ import annotations

import math
import random
import time


def anneal_byes(
    players: int,
    byes: int,
    rounds: int,
    target: int,
    seed: int,
    seconds: float,
    temperature: float = 0.3,
) -> tuple[int, list] | None:
    """(repeats, schedule) with the fewest repeats found for tables of four and ``byes``
    players out per round, stopping at ``target``; a round is its tables then its byes.
    None when the byes do not divide the players (no cycles of whole rounds)."""
    if byes <= 0 or players % byes or (players - byes) % 4:
        return None
    rng = random.Random(seed)
    n, seated = players, players - byes
    cycle = players // byes
    sched: list[list[int]] = []  # per round: positions 0..seated-1 at tables, then the byes
    for k in range(rounds):
        if k % cycle == 0:
            order = list(range(n))
            rng.shuffle(order)
        out = order[(k % cycle) * byes : (k % cycle + 1) * byes]
        rest = [p for p in range(n) if p not in out]
        rng.shuffle(rest)
        sched.append(rest + out)
    pos = [[0] * n for _ in range(rounds)]
    for k, rnd in enumerate(sched):
        for i, p in enumerate(rnd):
            pos[k][p] = i
    meet = [[0] * n for _ in range(n)]

    def seat(k: int, p: int, i: int, sign: int) -> int:
        """Add (sign 1) or remove (-1) p's meetings at the table of position i; the
        change of the repeats."""
        if i >= seated:
            return 0
        change, first = 0, i - i % 4
        for q in sched[k][first : first + 4]:
            if q != p:
                m = meet[p][q]
                change += (m >= 1) if sign > 0 else -(m >= 2)
                meet[p][q] = meet[q][p] = m + sign
        return change

    def swap(k: int, a: int, b: int) -> int:
        ia, ib = pos[k][a], pos[k][b]
        change = seat(k, a, ia, -1) + seat(k, b, ib, -1)
        sched[k][ia], sched[k][ib] = b, a
        pos[k][a], pos[k][b] = ib, ia
        return change + seat(k, a, ib, 1) + seat(k, b, ia, 1)

    for rnd in sched:
        for i in range(0, seated, 4):
            for p in rnd[i : i + 4]:
                for q in rnd[i : i + 4]:
                    meet[p][q] += p != q
    cost = sum(max(0, meet[p][q] - 1) for p in range(n) for q in range(p))
    best, best_sched = cost, [list(r) for r in sched]
    deadline = time.monotonic() + seconds
    steps = 0
    while best > target and (steps % 4096 or time.monotonic() < deadline):
        steps += 1
        k = rng.randrange(rounds)
        a, b = rng.sample(range(n), 2)
        ia, ib = pos[k][a], pos[k][b]
        if ia // 4 == ib // 4 or (ia >= seated and ib >= seated):
            continue
        moves = [(k, a, b)]
        if max(ia, ib) >= seated:  # a bye changes hands: hand it back in the same cycle
            out, sits = (a, b) if ia >= seated else (b, a)
            start = k - k % cycle
            back = [
                j
                for j in range(start, min(start + cycle, rounds))
                if j != k and pos[j][sits] >= seated
            ]
            if back:
                moves.append((back[0], a, b))
        change = sum(swap(*mv) for mv in moves)
        if change <= 0 or rng.random() < math.exp(-change / temperature):
            cost += change
            if cost < best:
                best, best_sched = cost, [list(r) for r in sched]
        else:
            for mv in reversed(moves):
                swap(*mv)
    return best, [
        [sorted(r[i : i + 4]) for i in range(0, seated, 4)] + [sorted(r[seated:])]
        for r in best_sched
    ]
