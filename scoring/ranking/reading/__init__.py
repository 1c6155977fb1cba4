"""Reading the ranking for pages, exports and the API: the stored ranking (as of its date),
or, for another "as of" date, a fresh computation; filtered by country and a name search.

A row is a plain dict: place, person id, name, country, ranking and its parts (exact
``Fraction``s), counting results. ``shown`` rounds half up to 2 decimals for display."""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from rules import ranking as rk
from scoring.ranking.models import RankingEntry, RankingState
from scoring.ranking.services import compute
from tournament.collation import key_filter, key_matches, match_key
from tournament.events.reading.dates import day as day_text
from tournament.persons.models import Person

EARLIEST = dt.date(1990, 1, 1)


def shown(value: Fraction) -> str:
    """Rounded half up to 2 decimals: 800/3 -> "266.67"."""
    cents = (value * 100 + Fraction(1, 2)).__floor__()
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100}.{cents % 100:02d}"


def clean_family(family: str) -> str:
    if family not in rk.FAMILIES:
        raise ValidationError({"family": [_("Unknown ranking.")]})
    return family


def clean_as_of(text: str | None) -> dt.date | None:
    """An "as of" date from a query: empty is today's stored ranking; a date outside 1990 to
    today is refused with a message."""
    if not text:
        return None
    try:
        day = dt.date.fromisoformat(str(text).strip())
    except ValueError:
        raise ValidationError(
            {"as_of": [_("Give the date as YYYY-MM-DD, e.g. 2025-06-01.")]}
        ) from None
    today = timezone.localdate()
    if not EARLIEST <= day <= today:
        raise ValidationError(
            {
                "as_of": [
                    _("The ranking can be asked for a date from %(first)s to today (%(today)s).")
                    % {"first": day_text(EARLIEST), "today": day_text(today)}
                ]
            }
        )
    return day


@dataclass
class Ranking:
    family: str
    as_of: dt.date | None
    stored: bool
    updating: bool
    rows: list[dict[str, Any]]
    total: int
    countries: list[str]


def _row(entry: RankingEntry) -> dict[str, Any]:
    return {
        "place": entry.place,
        "person": entry.person_id,
        "name": entry.name,
        "country": entry.country,
        "ranking": Fraction(entry.value),
        "part_a": Fraction(entry.part_a),
        "part_b": Fraction(entry.part_b),
        "results": entry.results,
    }


def read(
    family: str,
    *,
    as_of: dt.date | None = None,
    country: str = "",
    search: str = "",
    offset: int = 0,
    limit: int | None = 50,
) -> Ranking:
    """One page of the ranking. Stored: three queries (state, count, page) and one for the
    countries; another date: a fresh computation over the family's results."""
    state = RankingState.objects.filter(family=family).first()
    stored_day = state.as_of if state else None
    if as_of is None or as_of == stored_day:
        rows = RankingEntry.objects.filter(family=family)
        countries = sorted(
            c for c in rows.order_by().values_list("country", flat=True).distinct() if c
        )
        if country:
            rows = rows.filter(country=country)
        if search:
            rows = rows.filter(key_filter("person__match_key", search))
        total = rows.count()
        page = rows.order_by("place", "name", "person_id")
        page = page[offset : offset + limit] if limit is not None else page[offset:]
        return Ranking(
            family,
            stored_day,
            True,
            bool(state and state.computed_revision < state.revision),
            [_row(e) for e in page],
            total,
            countries,
        )
    entries = compute.fresh(family, as_of)
    people = {
        p["pk"]: p
        for p in Person.objects.filter(pk__in=[e.person for e in entries]).values(
            "pk", "name", "match_key", "country"
        )
    }
    rows = [
        {
            "place": e.place,
            "person": e.person,
            "name": people[e.person]["name"],
            "country": str(people[e.person]["country"] or ""),
            "ranking": e.ranking.value,
            "part_a": e.ranking.part_a,
            "part_b": e.ranking.part_b,
            "results": e.ranking.counted,
            "key": people[e.person]["match_key"],
        }
        for e in entries
    ]
    countries = sorted({r["country"] for r in rows if r["country"]})
    if country:
        rows = [r for r in rows if r["country"] == country]
    if search:
        typed = match_key(search)
        rows = [r for r in rows if key_matches(typed, r["key"])]
    total = len(rows)
    rows.sort(key=lambda r: (r["place"], r["name"], r["person"]))
    page = rows[offset : offset + limit] if limit is not None else rows[offset:]
    return Ranking(family, as_of, False, False, page, total, countries)


def countries(family: str, as_of: dt.date | None = None) -> list[tuple[int, str, Fraction, int]]:
    """The country ranking: each country's best three rankings averaged."""
    ranking = read(family, as_of=as_of, limit=None)
    return rk.country_ranking((r["country"], r["ranking"]) for r in ranking.rows)


def etag(family: str, *parts: object) -> str:
    """A validator of a ranking answer: the family's stored state and the request's parts."""
    state = (
        RankingState.objects.filter(family=family)
        .values_list("computed_revision", "computed_at", "as_of")
        .first()
    )
    text = "|".join(str(p) for p in (family, *(state or ()), *parts))
    return '"' + hashlib.sha1(text.encode()).hexdigest()[:24] + '"'
