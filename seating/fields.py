"""Finite fields GF(q) for the constructions (small q only)."""

from __future__ import annotations

from functools import lru_cache


def prime_power(q: int) -> tuple[int, int] | None:
    if q < 2:
        return None
    for p in range(2, q + 1):
        if q % p == 0:
            e, r = 0, q
            while r % p == 0:
                r //= p
                e += 1
            return (p, e) if r == 1 else None
    return None


@lru_cache(maxsize=16)
def gf(q: int) -> tuple[list[list[int]], list[list[int]]]:
    """Addition and multiplication tables of GF(q); elements are 0..q-1 (base-p digits)."""
    p, e = prime_power(q)  # type: ignore[misc]

    def digits(x: int) -> list[int]:
        return [(x // p**i) % p for i in range(e)]

    def polymulmod(a: list[int], b: list[int], mod: list[int]) -> list[int]:
        prod = [0] * (2 * e - 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                prod[i + j] = (prod[i + j] + x * y) % p
        for k in range(len(prod) - 1, e - 1, -1):  # mod is monic of degree e
            c = prod[k]
            if c:
                for i in range(e + 1):
                    prod[k - e + i] = (prod[k - e + i] - c * mod[i]) % p
        return prod[:e]

    def irreducible(mod: list[int]) -> bool:
        # no root-free test needed: check that x has multiplicative closure without zero
        # divisors, i.e. a*b != 0 for all nonzero a, b (small fields only)
        nz = [digits(x) for x in range(1, q)]
        return all(any(polymulmod(a, b, mod)) for a in nz for b in nz)

    if e == 1:
        mod = [0, 1]
    else:
        mod = []
        for c in range(p**e):
            cand = digits(c) + [1]
            if cand[0] and irreducible(cand):
                mod = cand
                break

    def val(d: list[int]) -> int:
        return sum(x * p**i for i, x in enumerate(d))

    add = [
        [val([(x + y) % p for x, y in zip(digits(a), digits(b), strict=True)]) for b in range(q)]
        for a in range(q)
    ]
    if e == 1:
        mul = [[(a * b) % q for b in range(q)] for a in range(q)]
    else:
        mul = [[val(polymulmod(digits(a), digits(b), mod)) for b in range(q)] for a in range(q)]
    return add, mul
