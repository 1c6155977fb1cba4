"""Zero-repeat base rounds from difference families (issue 19), searched in C.

``lifted``: the designs ``N = 3n + f`` (f = 1 or 3, n odd) with points ``(t, x)`` of
Z_3 x Z_n, the base round invariant under ``t -> t + 1`` (the fixed points of ``f = 3``
cycled with it), rounds its ``n`` translates ``x -> x + s``.  Such a round is

- a partition of Z_n \\ {0} into quadruples (f = 1; the coset of 0 sits with the fixed
  point), or of Z_n into one triple and quadruples (f = 3; the triple sits with the
  fixed points), in which every nonzero difference occurs three times up to sign, and
- a level ``t(x)`` in Z_3 for every element (the triple's levels 0, 1, 2) such that the
  three pairs of every difference ``d`` have the three level differences: every class
  ``(d, s)`` of ``(y - x, t(y) - t(x))`` occurs exactly once up to sign.

The group Z_3 x Z_n acts on the design.  Apart, the two conditions are easy: about
``2^((n-1)/2)`` level assignments are expected per partition, so a partition found by
annealing usually lifts, and the levels are found by a depth-first search with the first
level of every block fixed.  Searched jointly (one annealing over both) the same sizes
stalled one class short for minutes (n = 33: nothing in 120 s); apart, 100 players take
2.4 s and 172 players 16 minutes.

``rotational``: ``N = 3n + 2`` (n = 2 mod 4, m^3 = 1 != m in Z_n), the base round
invariant under ``(t, x) -> (t + 1, m x)``; in the coordinates ``x = m^t y`` that is
``t -> t + 1`` again, but the classes of pairs across levels are ``m y' - y``, not a
difference, so kinds and levels are annealed jointly.  The two fixed points sit with
``{(0, a), (1, m a), (2, m^2 a)}``; the pairs ``(t, x), (t, x + n/2)`` never meet (the
groups of a 4-RGDD of type 2^(N/2)).

The inner loops are ``seating_families.c`` (a pure Python annealing made about
130 000 moves a second, two orders of magnitude too slow), compiled with the system's C
compiler into a temporary directory on first use.
"""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import tempfile
from pathlib import Path

SOURCE = Path(__file__).resolve().parent / "seating_families.c"


def _binary() -> Path:
    code = SOURCE.read_bytes()
    out = Path(tempfile.gettempdir()) / f"seating_families_{hashlib.sha256(code).hexdigest()[:12]}"
    if not out.exists():
        tmp = out.with_suffix(f".{os.getpid()}.build")  # concurrent builds do not clash
        subprocess.run(["cc", "-O2", "-o", str(tmp), str(SOURCE), "-lm"], check=True)
        tmp.replace(out)
    return out


def _run(args: list[str]) -> list[str] | None:
    """The program's output lines, or None when it found nothing in its time."""
    run = subprocess.run([str(_binary()), *args], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise RuntimeError(f"seating_families {' '.join(args)}: {run.stderr.strip()}")
    return None if run.returncode else run.stdout.splitlines()


def _items(line: str) -> list[tuple[int, int]]:
    return [(int(x), int(t)) for x, t in (item.split(":") for item in line.split())]


def lifted_search(n: int, f: int, rng: random.Random, seconds: float) -> list[list[int]] | None:
    """A base round (tables of points ``t * n + x``, fixed points ``3n + j``) or None when
    ``seconds`` of processor time pass without one."""
    if f not in (1, 3) or n % 4 != (1 if f == 1 else 3):
        return None
    seed = rng.getrandbits(63)
    lines = _run(["lifted", str(n), str(f), str(seed), f"{max(seconds, 0.1):.1f}"])
    if lines is None:
        return None
    U = 3 * n
    rnd = [[0, n, 2 * n, U]] if f == 1 else []
    for line in lines:
        blk = [t * n + x for x, t in _items(line)]
        for u in range(3):
            moved = [((a // n + u) % 3) * n + a % n for a in blk]
            rnd.append(moved + [U + u] if len(blk) == 3 else moved)
    return rnd


def cube_roots(n: int) -> list[int]:
    """The m != 1 with m^3 = 1 in Z_n."""
    return [m for m in range(2, n) if pow(m, 3, n) == 1]


def rotational_search(n: int, rng: random.Random, seconds: float) -> list[list[int]] | None:
    """A base round for ``3n + 2`` players, invariant under ``(t, x) -> (t + 1, m x)``."""
    ms = cube_roots(n)
    if n % 4 != 2 or not ms:
        return None
    m = ms[rng.randrange(len(ms))]
    seed = rng.getrandbits(63)
    lines = _run(["rotational", str(n), str(m), str(seed), f"{max(seconds, 0.1):.1f}"])
    if lines is None:
        return None
    U = 3 * n

    def point(t: int, y: int) -> int:
        return (t % 3) * n + pow(m, t % 3, n) * y % n

    a = [int(x) for x in lines[0].split()]
    rnd = [[U + j] + [point(t, a[j]) for t in range(3)] for j in range(2)]
    for line in lines[1:]:
        items = _items(line)
        rnd += [[point(t + u, y) for y, t in items] for u in range(3)]
    return rnd
