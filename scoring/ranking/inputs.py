"""The ranking's inputs as read from the database: the family's options, its counted events
and their published results, by person for ``rules.ranking`` (``results_by_person``: a
person's page, ``verify``) or as arrays for ``bulk`` (``counting_arrays``: a recompute)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta
from fractions import Fraction

import numpy as np
from django.db import connection
from django.db.models import BigIntegerField, CharField, F, Max, Min
from django.db.models.functions import Cast, Least

from rules import ranking as rk
from scoring.ranking.models import RankingEvent, RankingResult, RankingSetting
from scoring.standings.snapshot.loading import int_rows
from tournament.persons.models import Person


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


EPOCH = date(1970, 1, 1).toordinal()  # numpy's day 0


def counting_arrays(family: str, on: date, persons: Iterable[int] | None = None) -> tuple:
    """``bulk.rank``'s inputs: the family's published results that count on ``on`` (of
    ``persons``, if given): the results in one query (``_result_columns``), the events in a
    second, small one, both by the cursor (the ORM's rows cost more than the arithmetic)."""
    oldest = on - timedelta(days=rk.AGE_STEPS[-1][0])
    events = _counted(family).filter(last_day__lte=on, last_day__gte=oldest)
    # numpy reads the last days as dates or their ISO text; SQLite's are text, which Django's
    # converter would parse one by one (in Python) unless cast
    day = Cast("last_day", CharField()) if connection.vendor == "sqlite" else F("last_day")
    sql, params = (
        events.order_by().annotate(day=day).values_list("event_id", "day", "players", "weight")
    ).query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        facts = cursor.fetchall()
    rows = RankingResult.objects.filter(event__in=events.values("pk"), person__isnull=False)
    if persons is not None:
        rows = rows.filter(person__in=sorted(persons))
    person, event_id, twice_place = _result_columns(rows, facts)
    event_ids = np.array([fact[0] for fact in facts], np.int64)
    by_id = np.argsort(event_ids)
    event = by_id[np.searchsorted(event_ids, event_id, sorter=by_id)]
    texts = sorted({fact[3] for fact in facts})
    index = {text: i for i, text in enumerate(texts)}
    return (
        person,
        event,
        twice_place,
        np.array([fact[2] for fact in facts], np.int64),
        np.array([fact[1] for fact in facts], "datetime64[D]").astype(np.int64) + EPOCH,
        np.array([index[fact[3]] for fact in facts], np.intp),
        [Fraction(text) for text in texts],
    )


def _result_columns(rows, facts: list[tuple]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The results' person ids, event ids and 2 p, as int64 arrays.

    The three go as one integer per result, packed by the query where the largest ids allow
    (below 2^62): fewer values to send, and the database module makes a Python object of
    every value, which costs more than the query and the arithmetic together. On SQLite
    ``group_concat`` joins them into one text that numpy parses; on PostgreSQL ``int_rows``
    sends them in binary. 2 p + 1 (never negative: the columns are positive) is packed up to
    2 max(n) + 2, a bound that ``bulk.rank`` declines as it would any 2 p above 2 n. Where the
    ids are too large, the three columns go apart (``int_rows``)."""
    twice_bits = (2 * max((fact[2] for fact in facts), default=0) + 2).bit_length()
    event_bits = max((fact[0] for fact in facts), default=0).bit_length()
    lowest, highest = Person.objects.order_by().aggregate(low=Min("pk"), high=Max("pk")).values()
    twice = Cast("place", BigIntegerField()) * 2 + F("shared")
    negative = min(lowest or 0, min((fact[0] for fact in facts), default=0)) < 0
    if negative or (highest or 0).bit_length() + event_bits + twice_bits > 62:
        sql, params = (
            rows.order_by()
            .annotate(twice=twice - 1)
            .values_list("person_id", "event_id", "twice")
            .query.sql_with_params()
        )
        found = int_rows(sql, list(params), 3)
        return found[:, 0], found[:, 1], found[:, 2]
    top = (1 << twice_bits) - 1
    packed = (F("person_id") * (1 << event_bits) + F("event_id")) * (1 << twice_bits)
    sql, params = (
        rows.order_by()
        .annotate(packed=packed + Least(twice, top))
        .values_list("packed")
        .query.sql_with_params()
    )
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT COUNT(*), group_concat(x.packed) FROM ({sql}) x", params)
            count, text = cursor.fetchone()
        found = np.fromstring(text or "", np.int64, sep=",")
        if len(found) != count:
            raise RuntimeError(f"{count} results, but {len(found)} read")
    else:
        found = int_rows(sql, list(params), 1)[:, 0]
    event = (found >> twice_bits) & ((1 << event_bits) - 1)
    return found >> (event_bits + twice_bits), event, (found & top) - 1
