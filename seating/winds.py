"""Seat winds: equitable edge colouring (Euler splits) and Kempe-path balancing."""

from __future__ import annotations

import itertools

from .types import Table


def euler_split(edges: list[tuple[int, int]], n_vertices: int) -> list[int]:
    """2-colour the edges of a bipartite multigraph so that every vertex has
    floor(d/2) or ceil(d/2) edges of each colour (Euler circuits, alternating)."""
    deg = [0] * (n_vertices + 1)
    for u, v in edges:
        deg[u] += 1
        deg[v] += 1
    dummy = n_vertices
    all_edges = list(edges)
    # all odd-degree vertices are on the player side (tables have even degree)
    for v in range(n_vertices):
        if deg[v] % 2:
            all_edges.append((dummy, v))
    adj: list[list[int]] = [[] for _ in range(n_vertices + 1)]
    for i, (u, v) in enumerate(all_edges):
        adj[u].append(i)
        adj[v].append(i)
    used = [False] * len(all_edges)
    ptr = [0] * (n_vertices + 1)
    colour = [0] * len(all_edges)
    for s in range(n_vertices + 1):
        if ptr[s] >= len(adj[s]):
            continue
        stack = [(s, -1)]
        circuit: list[int] = []
        while stack:
            v, e_in = stack[-1]
            while ptr[v] < len(adj[v]) and used[adj[v][ptr[v]]]:
                ptr[v] += 1
            if ptr[v] == len(adj[v]):
                stack.pop()
                if e_in >= 0:
                    circuit.append(e_in)
            else:
                e = adj[v][ptr[v]]
                used[e] = True
                u, w = all_edges[e]
                stack.append((w if u == v else u, e))
        for i, e in enumerate(circuit):
            colour[e] = i % 2
    return colour[: len(edges)]


def assign_winds(
    tables: list[list[int]],
    prior: dict[int, list[int]],
    free: set[int],
) -> list[Table]:
    """Order each table E, S, W, N.  ``prior``: wind counts from fixed rounds;
    players in ``free`` (substitutes) need no balance."""
    players = sorted({p for t in tables for p in t})
    pidx = {p: i for i, p in enumerate(players)}
    nt = len(tables)
    edges = [(ti, nt + pidx[p]) for ti, t in enumerate(tables) for p in t]
    c1 = euler_split(edges, nt + len(players))
    colour = [0] * len(edges)
    for half in (0, 1):
        ids = [i for i in range(len(edges)) if c1[i] == half]
        c2 = euler_split([edges[i] for i in ids], nt + len(players))
        for i, c in zip(ids, c2, strict=True):
            colour[i] = 2 * half + c
    seat = [[0, 0, 0, 0] for _ in tables]
    for i, (ti, pv) in enumerate(edges):
        seat[ti][colour[i]] = players[pv - nt]
    balance_winds(seat, prior, free)
    return [tuple(s) for s in seat]  # type: ignore[misc]


def balance_winds(
    seat: list[list[int]],
    prior: dict[int, list[int]],
    free: set[int],
    only: set[int] | None = None,
) -> None:
    """Kempe-path swaps of two winds inside tables until totals are balanced.

    With ``only``, just those players' totals are balanced (a re-draft: the paths still
    run through anyone, never making another player's totals worse, and only tables with
    one of them are reordered as a whole)."""
    counts: dict[int, list[int]] = {}
    ptables: dict[int, list[int]] = {}
    for ti, s in enumerate(seat):
        for w, p in enumerate(s):
            counts.setdefault(p, list(prior.get(p, [0, 0, 0, 0])))[w] += 1
            ptables.setdefault(p, []).append(ti)
    improved = True
    guard = 0
    while improved and guard < 10000:
        improved = False
        guard += 1
        for p in sorted(counts):
            if p in free or (only is not None and p not in only):
                continue
            c = counts[p]
            pairs = sorted(
                ((a, b) for a in range(4) for b in range(4) if c[a] - c[b] >= 2),
                key=lambda ab: c[ab[1]] - c[ab[0]],
            )
            for a, b in pairs:
                if _kempe(seat, counts, ptables, free, p, a, b):
                    improved = True
                    break
        if not improved:
            improved = _permute_tables(seat, counts, free, only)


def _permute_tables(
    seat: list[list[int]],
    counts: dict[int, list[int]],
    free: set[int],
    only: set[int] | None = None,
) -> bool:
    """Best of the 24 wind orders of each table, the rest fixed (sum of squared counts)."""
    changed = False
    for s in seat:
        if only is not None and not any(p in only for p in s):
            continue
        for w, p in enumerate(s):
            counts[p][w] -= 1

        def score(order: tuple[int, ...]) -> int:
            return sum(
                sum(c * c for c in counts[p]) + 2 * counts[p][w] + 1
                for w, p in enumerate(order)
                if p not in free
            )

        current = tuple(s)
        best = min(itertools.permutations(current), key=lambda o: (score(o), o != current))
        if best != current:
            s[:] = best
            changed = True
        for w, p in enumerate(s):
            counts[p][w] += 1
    return changed


def _kempe(seat, counts, ptables, free, p: int, a: int, b: int) -> bool:
    gap = counts[p][a] - counts[p][b]
    parent: dict[int, tuple[int, int]] = {p: (-1, -1)}
    queue = [p]
    qi = 0
    while qi < len(queue):
        x = queue[qi]
        qi += 1
        for ti in ptables[x]:
            if seat[ti][a] != x:
                continue
            y = seat[ti][b]
            if y in parent:
                continue
            parent[y] = (x, ti)
            cy = counts[y]
            if y in free or gap + cy[b] - cy[a] > 2:
                # apply: swap winds a and b on every table of the path
                z = y
                while z != p:
                    px, pt = parent[z]
                    seat[pt][a], seat[pt][b] = seat[pt][b], seat[pt][a]
                    z = px
                counts[p][a] -= 1
                counts[p][b] += 1
                counts[y][a] += 1
                counts[y][b] -= 1
                return True
            queue.append(y)
    return False
