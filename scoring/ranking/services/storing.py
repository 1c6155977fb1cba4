"""Writing the stored ranking: the rows of the listed persons with their names and places
(``store``). Rows equal to the stored ones are left as they are, so a recompute with nothing
new rewrites nothing. ``follow_players`` keeps each result's copy of its player's person."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import reduce
from operator import or_

from django.db.models import Case, F, IntegerField, OuterRef, Q, Subquery, Value, When
from django.db.models.functions import Coalesce

from rules import ranking as rk
from scoring.ranking.models import RankingEntry, RankingResult
from tournament.persons.models import Person
from tournament.players.models import Player

# What a recompute writes into a person's row (besides the place).
VALUES = ("value", "part_a", "part_b", "score", "results", "country", "name")
# Rows moved by one UPDATE of places by their keys (each is named twice: within every
# database's limit of query parameters); runs of places moved by one UPDATE, or by keys if more.
PLACE_BATCH = 2000
RUNS_AT_ONCE = 1000


def store(family: str, computed: dict[int, rk.PersonRanking], persons: set[int] | None) -> None:
    """Write the rows of the listed persons (``computed``; of ``persons`` only, if given),
    delete the rows of those no longer listed, and place everyone (places are relative, so a
    change of a few persons moves others)."""
    rows = RankingEntry.objects.filter(family=family)
    if persons is not None:
        rows = rows.filter(person_id__in=sorted(persons))
    stored = {entry.person_id: entry for entry in rows.only("pk", "person_id", *VALUES)}
    considered = set(stored) if persons is None else persons
    gone = [stored[p].pk for p in considered if p in stored and p not in computed]
    RankingEntry.objects.filter(pk__in=gone).delete()
    people = dict(
        (pk, (country or "", name))
        for pk, country, name in Person.objects.filter(pk__in=list(computed)).values_list(
            "pk", "country", "name"
        )
    )
    written = []
    for person, outcome in computed.items():
        country, name = people.get(person, ("", ""))
        values = {
            "value": str(outcome.value),
            "part_a": str(outcome.part_a),
            "part_b": str(outcome.part_b),
            "score": float(outcome.value),
            "results": outcome.counted,
            "country": country,
            "name": name,
        }
        entry = stored.get(person)
        if entry is None or any(getattr(entry, field) != value for field, value in values.items()):
            # A new row's place is set by ``place`` below; a stored row keeps its own until then.
            written.append(RankingEntry(family=family, person_id=person, place=0, **values))
    RankingEntry.objects.bulk_create(
        written,
        batch_size=1000,
        update_conflicts=True,
        unique_fields=["family", "person"],
        update_fields=VALUES,
    )
    place(family)


def place(family: str) -> None:
    """Every listed person's place from the exact values (equal values share a place,
    ``rules.ranking.places``); only the places that moved are written, by how far they moved.
    A few persons passing others move everyone below them by the same few places: the rows
    that held a run of places and all move alike are named by their places (one condition per
    run), the rest by their keys."""
    rows = list(RankingEntry.objects.filter(family=family).values_list("pk", "value", "place"))
    where = rk.places({pk: Fraction(value) for pk, value, _place in rows})
    at: dict[int, list[tuple[int, int]]] = {}  # a stored place -> its rows' (key, move)
    for pk, _value, stored in rows:
        at.setdefault(stored, []).append((pk, where[pk] - stored))
    runs, by_key = _runs(at)
    if len(runs) > RUNS_AT_ONCE:
        runs, by_key = [], [row for moves in at.values() for row in moves if row[1]]
    if runs:
        # One statement: its conditions read the places as they were before it.
        RankingEntry.objects.filter(
            reduce(or_, (Q(place__range=(first, last)) for first, last, _move in runs)),
            family=family,
        ).update(
            place=F("place")
            + Case(
                *(When(place__range=(a, b), then=Value(move)) for a, b, move in runs),
                output_field=IntegerField(),
            )
        )
    for start in range(0, len(by_key), PLACE_BATCH):
        moves: dict[int, list[int]] = {}
        for pk, move in by_key[start : start + PLACE_BATCH]:
            moves.setdefault(move, []).append(pk)
        shift = Case(
            *(When(pk__in=pks, then=Value(move)) for move, pks in moves.items()),
            output_field=IntegerField(),
        )
        batch = [pk for pks in moves.values() for pk in pks]
        RankingEntry.objects.filter(pk__in=batch).update(place=F("place") + shift)


def _runs(
    at: dict[int, list[tuple[int, int]]],
) -> tuple[list[tuple[int, int, int]], list[tuple[int, int]]]:
    """The runs of stored places (first, last, move) whose rows all move by the same amount,
    and the moving rows (key, move) of the places whose rows move apart."""
    runs: list[list[int]] = []
    by_key: list[tuple[int, int]] = []
    extends = False
    for stored in sorted(at):
        moves = {move for _pk, move in at[stored]}
        move = moves.pop() if len(moves) == 1 else None
        if move is None:
            by_key.extend(row for row in at[stored] if row[1])
        elif move and extends and runs[-1][2] == move:
            runs[-1][1] = stored
        elif move:
            runs.append([stored, stored, move])
        extends = bool(move)
    return [(a, b, move) for a, b, move in runs], by_key


def stale_copies(persons: Iterable[int] | None = None):
    """The results whose copy of the person differs from their player's (of the results of
    ``persons``, before or after a change; all, if None)."""
    rows = RankingResult.objects.annotate(
        copied=Coalesce("person_id", 0), current=Coalesce("player__person_id", 0)
    ).exclude(copied=F("current"))
    if persons is not None:
        ids = sorted(persons)
        rows = rows.filter(Q(person__in=ids) | Q(player__person__in=ids))
    return rows


def follow_players(persons: Iterable[int] | None = None) -> int:
    """Copy each result's player's person into the result where it differs (see
    ``stale_copies``); how many moved."""
    person = Player.objects.filter(pk=OuterRef("player_id")).values("person")[:1]
    return RankingResult.objects.filter(pk__in=stale_copies(persons).values("pk")).update(
        person=Subquery(person)
    )
