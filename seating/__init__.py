"""Seating generator for Mahjong tournaments.

Pure Python + numpy (no Django).  A schedule is a list of rounds, a round a list of
tables, a table a tuple of 4 player ids in seat-wind order (E, S, W, N).

How a schedule is made (``generate``):

1. *Structure.*  When no rounds were played yet, known zero-repeat constructions
   are tried: lines of the affine geometry AG(k, 4) (16, 64, 256 players), resolvable
   transversal designs over GF(q) (4q players, q a prime power) and over Z_n (4n
   players), a packing of PG(3, 3) (40 players, 13 rounds), and schedules shipped in
   ``seating/data``, precomputed by our own search (``tools/seating_designs/seating_precompute.py``)
   or published (32, 68, 104 and 128 players: social golfer solutions of Miller et al. as
   shipped by the aim app, full schedules with their source,
   ``tools/seating_designs/seating_aim_import.py``); ours are mostly compact 1-rotational designs (a
   base round on Z_n x 3 orbits + fixed points, developed by the n translations at load time,
   ``designs``) that reach zero repeats at R_max = (N - 1) // 3 rounds, i.e. resolvable
   (N, 4, 1) designs (N = 4 mod 12), 4-RGDDs of type 3^(N/3) (N = 0 mod 12) and of type
   2^(N/2) (N = 8 mod 12, where Z_n has a cube root of unity: 44, 56, 80, 116, ...);
   ``tests/seating/test_seating_designs.py`` lists the stored sizes.  Missing rounds
   are built greedily.
2. *Labels.*  Players are mapped onto the structure by a seeded random permutation,
   improved by a swap search (quadratic assignment) when clubs, countries or
   substitutes carry penalties; relabelling never changes the number of repeats.
3. *Search.*  If the repeats are above the counting lower bound (or penalties are
   present), a tabu search over swaps of two players between tables of one round
   (Dotu & Van Hentenryck style, whole neighbourhood evaluated incrementally with
   numpy) improves the new rounds; played rounds stay fixed.  The search is bounded by
   an iteration count (deterministic) and by ``time_budget`` as a safety cap.
4. *Winds.*  Seat winds come from de Werra's equitable edge colouring of the
   bipartite multigraph tables x players (two Euler splits), which gives every player
   each wind floor(G/4) or ceil(G/4) times; with earlier rounds fixed, Kempe-path
   swaps inside tables then balance the totals.

Re-seating after drops: pass the played rounds as ``played`` (kept unchanged), the
remaining players, and ideally the old schedule as ``planned`` (its intact tables are
kept; substitutes take the dropped players' seats).

Substitutes have negative ids (-1, -2, -3); a bye is a player missing from a round.

Public API: ``generate`` (of a ``SeatingRequest``), ``quality``, ``swap``, ``validate``,
``lower_bound`` and the dataclasses ``SeatingRequest``, ``PlayerSpec``, ``Quality``,
``Schedule``.  Needs numpy (tested with 2.4.6).

Modules: ``types`` (dataclasses, constants), ``quality`` (report, bound, validation,
swap), ``bounds`` (exact bound below four tables, as stored), ``bound_search`` and
``bound_rounds`` (the offline search behind it), ``fields`` (GF(q)), ``constructions``,
``designs`` (compact shipped designs), ``search`` (costs, greedy, tabu, relabelling),
``substitutes`` (sharing them fairly), ``fair_structures`` (substitutes' points and round
order on a structure), ``redraft`` (starting from the published plan), ``groups`` (clubs,
teams), ``large`` (sparse counts), ``winds``, ``problem`` (the request validated and in
internal indices: history, byes, the exact small start, target), ``finish`` (winds, byes,
report), ``generate`` (the phases in order).  The underscore helpers re-exported here are
for the tests and ``tools/seating_designs/seating_precompute.py`` only.
"""

from .constructions import (
    affine4,
    data_candidates,
    known_constructions,
    pg33_packing,
    td_cyclic,
    td_field,
)
from .designs import check_stored, develop_design
from .fields import gf, prime_power
from .generate import generate
from .quality import lower_bound, quality, seats_changed, swap, validate
from .search import Costs, greedy_round, meeting_counts, relabel, tabu_search
from .types import (
    DATA_DIR,
    DEFAULT_GROUP_WEIGHT,
    SUBSTITUTE_PAIR_PENALTY,
    WIND_CLASH_PENALTY,
    WINDS,
    Grouping,
    PlayerSpec,
    Quality,
    Round,
    Schedule,
    SeatingRequest,
    Table,
)
from .winds import assign_winds, euler_split

__all__ = [
    "DATA_DIR",
    "DEFAULT_GROUP_WEIGHT",
    "Grouping",
    "SUBSTITUTE_PAIR_PENALTY",
    "WIND_CLASH_PENALTY",
    "WINDS",
    "PlayerSpec",
    "Quality",
    "Round",
    "Schedule",
    "SeatingRequest",
    "Table",
    "Costs",
    "affine4",
    "assign_winds",
    "known_constructions",
    "data_candidates",
    "euler_split",
    "gf",
    "greedy_round",
    "meeting_counts",
    "pg33_packing",
    "prime_power",
    "relabel",
    "tabu_search",
    "td_cyclic",
    "td_field",
    "check_stored",
    "develop_design",
    "generate",
    "lower_bound",
    "quality",
    "seats_changed",
    "swap",
    "validate",
]
