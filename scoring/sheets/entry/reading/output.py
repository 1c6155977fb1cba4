"""What the API and the exports show of a hand and of a sheet.

A hand keeps the foul report it was entered with (``foul_report``; hands are append-only). A
re-pricing voids that report and records a replacement: ``current_foul_report`` is the report
that stands for it now and ``foul_points`` what that report moves per seat (E, S, W, N), read
through ``penalties.current``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils import timezone

from penalties.current import CurrentReport, current_reports
from scoring.sheets.entry.reading import WINDS, SheetView
from scoring.sheets.models import ScoreSheet, SheetHand
from tournament.rounds.models import Seat


def foul_now(
    hand: SheetHand, current: Mapping[int, CurrentReport], players: Sequence[int]
) -> dict[str, Any]:
    """The hand's foul report as it stands now: its id and points by seat (``players``: the
    player ids at E, S, W, N), or ``None`` for both when the hand names no report."""
    found = current.get(hand.foul_report_id) if hand.foul_report_id else None
    return {
        "current_foul_report": found.id if found else None,
        "foul_points": found.points_by_seat(players) if found else None,
    }


def hand_dict(
    hand: SheetHand,
    current: Mapping[int, CurrentReport] | None = None,
    players: Sequence[int] | None = None,
) -> dict[str, Any]:
    """One hand. Without ``current`` and ``players`` (one hand alone), they are read here: two
    queries, and only when the hand names a foul report."""
    if hand.foul_report_id and (current is None or players is None):
        current = current_reports([hand.foul_report_id])
        winds = dict(
            Seat.objects.filter(table__score_sheet__pk=hand.sheet_id).values_list(
                "wind", "player_id"
            )
        )
        players = [winds.get(w, 0) for w in WINDS]
    return {
        "number": hand.number,
        "version": hand.version,
        "kind": hand.kind,
        "hand": hand.data,
        "reason": hand.reason,
        "foul_report": hand.foul_report_id,
        **foul_now(hand, current or {}, players or ()),
        "entered_by_player": hand.entered_by_player_id,
        "counts": bool(getattr(hand, "counts", True)),
        "disputed": bool(getattr(hand, "disputed", False)),
        "striking": bool(getattr(hand, "striking", False)),
        "created_at": timezone.localtime(hand.created_at).isoformat() if hand.created_at else None,
    }


def sheet_dict(view: SheetView) -> dict[str, Any]:
    current = current_reports(h.foul_report_id for h in view.hands)
    players = [s.player_id for s in view.seats]
    return {
        "table": view.table.number,
        "round": view.table.round.number,
        "status": view.sheet.status if view.sheet else ScoreSheet.Status.OPEN,
        "seats": [
            {"wind": s.wind, "player": s.player_id, "name": s.player.name} for s in view.seats
        ],
        "hands": [
            hand_dict(h, current, players)
            | {"payments": list(line.payments), "totals": list(line.totals)}
            for h, line in zip(view.hands, view.played.lines, strict=True)
        ],
        "totals": list(view.played_totals),
        "counted_totals": list(view.counted_totals),
        "final": list(view.played.final),
        "next_number": view.next_number,
        "dealer": WINDS[view.played.state.dealer],
        "counters": view.played.state.counters,
        "deposits": view.played.state.deposits,
        "finished": view.played.state.finished,
    }
