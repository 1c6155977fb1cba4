"""Groups to keep apart (clubs, countries, teams, others) as integer codes with weights."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np

from .types import DEFAULT_GROUP_WEIGHT, Grouping, PlayerSpec


def all_groupings(
    specs: Sequence[PlayerSpec],
    club_weight: float | None,
    country_weight: float,
    teams: Mapping[int, str] | None,
    team_weight: float | None,
    groupings: Sequence[Grouping],
) -> list[Grouping]:
    """Clubs, countries and teams as groupings, with their weights (``None``: default)."""
    out = [
        Grouping(
            "club",
            {s.id: s.club for s in specs if s.club},
            DEFAULT_GROUP_WEIGHT if club_weight is None else club_weight,
        ),
        Grouping("country", {s.id: s.country for s in specs if s.country}, country_weight),
        Grouping(
            "team",
            dict(teams or {}),
            DEFAULT_GROUP_WEIGHT if team_weight is None else team_weight,
        ),
        *groupings,
    ]
    for g in out:
        if not 0 <= g.weight <= 1000 or not math.isfinite(g.weight):
            raise ValueError(f"the weight of {g.name} must be between 0 and 1000")
    return [g for g in out if g.weight > 0 and g.of]


def grouping_codes(
    specs: Sequence[PlayerSpec], groupings: Sequence[Grouping]
) -> list[tuple[np.ndarray, float]]:
    """Per grouping: an integer label per player (-1: no group) and the weight."""
    out = []
    for g in groupings:
        labels: dict[str, int] = {}
        codes = np.full(len(specs), -1, dtype=np.int64)
        for i, s in enumerate(specs):
            label = g.of.get(s.id)
            if label is not None and label != "":
                codes[i] = labels.setdefault(str(label), len(labels))
        if len(labels) < int((codes >= 0).sum()):  # somebody shares a label
            out.append((codes, float(g.weight)))
    return out
