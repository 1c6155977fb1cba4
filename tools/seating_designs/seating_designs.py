"""Search for zero-repeat schedules at the round limit (issue 19, stretch sizes).

Used by ``seating_precompute.py``; found by our own search, nothing copied.
Points are ``3 * n`` players ``(t, x)`` in Z_3 x Z_n, stored as ``t * n + x``, plus ``f``
fixed points ``3 * n + j``.  One *base round* is searched; the schedule is the base round
translated by ``x -> x + s`` for ``s`` in Z_n (``n`` rounds), the fixed points staying
put.  The ansatzes:

* ``lifted`` (``N = 3n + 1`` and ``N = 3n + 3``, n odd): the base round is also invariant
  under ``t -> t + 1``, which moves the fixed points ``j -> j + 1`` when ``f = 3``.  Then
  the base round is given by *base blocks* on representatives of the cosets
  ``{(0, x), (1, x), (2, x)}`` and the schedule has no repeat iff the differences of the
  base blocks cover every ``(dt, dx)`` with ``dx != 0`` once (a resolvable 1-rotational
  difference family); with ``f = 1`` the table ``{inf, (0,0), (1,0), (2,0)}`` covers the
  pairs inside the cosets, with ``f = 3`` those pairs are the groups of a 4-RGDD of type
  3^(N/3) and the tables of the fixed points take one point of each residue ``t - j``.
* ``rotational`` (``N = 3n + 2``, n = 2 mod 4, Z_n with a cube root of unity m != 1): the
  base round is invariant under ``(t, x) -> (t + 1, m x)``, the fixed points in tables
  ``{inf_j, (0, a), (1, m a), (2, m^2 a)}``; 4-RGDDs of type 2^(N/2) (N = 8 mod 12).

Both are searched in C by ``seating_families.py`` (its docstring has the details).
N = 8 mod 12 without a cube root of unity in Z_n (32, 68, 92, 104, 140, 152 players) has
no ansatz: an annealing of the whole base round (no symmetry beyond Z_n) finds nothing,
not even at 44 players where the rotational ansatz takes a tenth of a second.  32, 68, 104
and 128 players are covered by published schedules instead (``seating_aim_import.py``);
92, 140, 152 and 164 are not.
"""

from __future__ import annotations

import random
import time

from seating_families import cube_roots, lifted_search, rotational_search


def ansatzes(players: int) -> list[tuple[str, int, int, int]]:
    """The ansatzes tried for ``players`` at the round limit: (kind, n, f, e), ``e`` the
    order of the symmetry beyond Z_n (in the names of the random generators)."""
    if players % 12 in (0, 4):
        f = 1 if players % 12 == 4 else 3
        return [("lifted", (players - f) // 3, f, 1)]
    n = (players - 2) // 3
    return [("rotational", n, 2, 3)] if cube_roots(n) else []


def find_design(
    players: int, seconds: float, attempt_seconds: float, tag: str, log=print
) -> tuple[dict, str, float] | None:
    """Search the ansatzes in turn until a zero-repeat base round is found; returns the
    compact design, a description and the seconds spent.  Attempt ``i`` of an ansatz uses
    the random generator named ``{tag}-{players}-{kind}-{e}-{i}``."""
    t0 = time.monotonic()
    deadline = t0 + seconds
    for kind, n, f, e in ansatzes(players):
        attempt = 0
        while time.monotonic() < deadline:
            rng = random.Random(f"{tag}-{players}-{kind}-{e}-{attempt}")
            left = min(attempt_seconds, deadline - time.monotonic())
            if kind == "lifted":
                base = lifted_search(n, f, rng, left)
            else:
                base = rotational_search(n, rng, left)
            log(f"  {kind} n={n} f={f} e={e} attempt {attempt}: {'found' if base else 'no'}")
            attempt += 1
            if base is not None:
                how = (
                    f"1-rotational: Z_{n} x 3 + {f} fixed, one base round"
                    + {
                        "lifted": ", invariant under t -> t + 1, a lifted difference family",
                        "rotational": ", invariant under (t, x) -> (t + 1, m x)",
                    }[kind]
                    + f" (seating_designs {kind}, rng {tag}-{players}-{kind}-{e}-{attempt - 1})"
                )
                design = {"n": n, "orbits": 3, "fixed": f, "base": [sorted(t) for t in base]}
                return design, how, time.monotonic() - t0
    return None
