"""Integrity: results that differ from their sheets, and the marker pages add to their ETag."""

from __future__ import annotations

from typing import Any

from django.db.models import F, Func, Subquery

from rules import RuleError
from scoring.results.models import TableResult
from scoring.sheets.entry.reading import WINDS, latest_hands, play_hands, with_confirmation
from scoring.sheets.models import DisputeResolution, HandConfirmation, HandDispute, SheetHand
from tournament.events.models import Event


def sheet_differences(event: Event) -> list[str]:
    """Every table whose latest sheet-derived result differs from what its sheet adds up to."""
    problems = []
    results = {}
    for result in (
        TableResult.objects.filter(event=event, sheet__isnull=False)
        .select_related("table__round")
        .prefetch_related("scores")
        .order_by("table_id", "version")
    ):
        results[result.table_id] = result
    if not results:
        return problems
    by_sheet: dict[int, list[SheetHand]] = {}
    for hand in with_confirmation(SheetHand.objects.filter(sheet__table_id__in=list(results))):
        by_sheet.setdefault(hand.sheet_id, []).append(hand)
    for result in results.values():
        hands = latest_hands(by_sheet.get(result.sheet_id, []))
        try:
            final = play_hands(event, [h.data for h in hands]).final
        except RuleError as error:
            problems.append(f"{result.table.round} {result.table}: sheet does not play: {error}")
            continue
        stored = {s.wind: s.score for s in result.scores.all()}
        expected = dict(zip(WINDS, final, strict=True))
        if stored != expected:
            problems.append(
                f"{result.table.round} {result.table}: result v{result.version} "
                f"{stored} differs from its sheet {expected}"
            )
    return problems


# What a sheet's counting hands move with (all append-only): the path from each to its sheet.
_MOVES = (
    (SheetHand, "sheet"),
    (HandConfirmation, "hand__sheet"),
    (HandDispute, "hand__sheet"),
    (DisputeResolution, "dispute__hand__sheet"),
)


def _count(kind: int, where: dict[str, Any]) -> Subquery:
    """How many rows of ``_MOVES[kind]`` the sheets ``where`` selects have (all of them for an
    empty ``where``), as a subquery of its own (planned alone, each by its best index)."""
    model, path = _MOVES[kind]
    rows = model.objects.filter(**{f"{path}__{k}": v for k, v in where.items()}).order_by()
    return Subquery(rows.annotate(n=Func(F("pk"), function="COUNT")).values("n"))


def _marker(event: Event, *wheres: dict[str, Any]) -> str:
    """The counts of ``_MOVES``, each over the sheets of its ``where``, as one marker: one
    query (the event's row carries the counts)."""
    names = [f"n{kind}" for kind in range(len(wheres))]
    counts = (
        Event.objects.filter(pk=event.pk)
        .annotate(
            **{
                name: _count(kind, where)
                for kind, (name, where) in enumerate(zip(names, wheres, strict=True))
            }
        )
        .values_list(*names)
        .first()
    )
    return "-h" + ".".join(str(n or 0) for n in counts or ())


def sheets_marker(event: Event, **where: Any) -> str:
    """A marker that moves whenever a hand, a confirmation, a dispute or a dispute's resolution
    is written on the sheets ``where`` selects (a ``ScoreSheet`` filter, such as
    ``table__seats__player=7``): what counts on them moves only with these rows. One query
    (``event``: any event, whose row carries the counts)."""
    return _marker(event, where, where, where, where)


def sheet_marker(event: Event) -> str:
    """Moves whenever a hand or a confirmation of the event, or any dispute or resolution, is
    written: pages cached by the standings revision add it to their ETag. Disputes and their
    resolutions are few, and counted over every event (a count that moves with this event's
    too and costs nothing, where counting the event's own would read all its hands). One query;
    empty without sheets."""
    if not event.keeps_score_sheets:
        return ""
    mine = {"event_id": event.pk}
    return _marker(event, mine, mine, {}, {})
