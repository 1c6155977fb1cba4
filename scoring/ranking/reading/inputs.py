"""The ranking's inputs as read from the database: the family's options, its counted events
and their published results, by person, for ``rules.ranking``."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from fractions import Fraction

from rules import ranking as rk
from scoring.ranking.models import RankingEvent, RankingResult, RankingSetting


def options_of(family: str) -> rk.Options:
    found = RankingSetting.objects.filter(family=family).values_list("part_b_count", flat=True)
    return rk.Options(part_b_count=found[0]) if found else rk.Options()


def _counted(family: str):
    return RankingEvent.objects.filter(
        family=family,
        is_ranking=True,
        published_at__isnull=False,
        last_day__isnull=False,
        players__gte=2,
    )


def results_by_person(
    family: str, persons: Iterable[int] | None = None, *, until: date | None = None
) -> dict[int, list[rk.Result]]:
    """Every published result of the family (of ``persons`` only, if given), by person, with
    its base rank (tied players share the mean of their places, ``RankingResult.shared``):
    two queries whatever the number of results (the results, their events)."""
    events = _counted(family)
    if until is not None:
        events = events.filter(last_day__lte=until)
    rows = RankingResult.objects.filter(event__in=events.values("pk"), person__isnull=False)
    if persons is not None:
        rows = rows.filter(person__in=list(persons))
    rows = list(rows.values_list("event_id", "place", "shared", "person_id"))
    if persons is not None:
        events = events.filter(pk__in=sorted({row[0] for row in rows}))
    facts = {
        pk: (last_day, n, Fraction(weight))
        for pk, last_day, n, weight in events.values_list(
            "event_id", "last_day", "players", "weight"
        )
    }
    ranks: dict[tuple[int, int], tuple[Fraction, Fraction]] = {}
    out: dict[int, list[rk.Result]] = {}
    for event, place, tied, person in rows:
        last_day, n, weight = facts[event]
        key = (event, place)
        found = ranks.get(key)
        if found is None:
            shared = Fraction(2 * place + tied - 1, 2)
            found = ranks[key] = (shared, rk.base_rank(n, shared))
        out.setdefault(person, []).append(rk.Result(event, last_day, n, found[0], weight, found[1]))
    return out
