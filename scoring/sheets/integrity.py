"""Integrity: results that differ from their sheets, and the marker pages add to their ETag."""

from __future__ import annotations

from rules import RuleError
from scoring.results.models import TableResult
from scoring.sheets.models import HandConfirmation, SheetHand
from scoring.sheets.reading import WINDS, latest_hands, play_hands, with_confirmation
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


def sheet_marker(event: Event) -> str:
    """Moves whenever a hand or a confirmation of the event is written (both append-only):
    pages cached by the standings revision add it to their ETag. Empty without sheets."""
    if not event.keeps_score_sheets:
        return ""
    hands = SheetHand.objects.filter(sheet__event=event).count()
    confirmed = HandConfirmation.objects.filter(hand__sheet__event=event).count()
    return f"-h{hands}.{confirmed}"
