"""The format tests' first round: eight players' table scores per ruleset family, chosen so that
two of them tie in every key."""

from __future__ import annotations

# Round 1 of eight players p0..p7 (tables p0-p3 and p4-p7), per ruleset family, such that the
# ranking is p4, p0, p1, then p5 and p6 equal in every key, then p2/p3, p7.
ROUND_ONE = {
    # Table points 4/2/.5/.5 and 4/1.5/1.5/0; scores break 4 vs 4 (40 > 30) but not p5/p6.
    "mcr": [[30, 10, -20, -20], [40, -10, -10, -20]],
    # Shared uma: p5 and p6 both -5000 + 0.
    "riichi_ema": [[45000, 35000, 20000, 20000], [50000, 25000, 25000, 20000]],
    "classical": [[30, 10, -20, -20], [40, -10, -10, -20]],
}
