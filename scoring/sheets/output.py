"""What the API and the exports show of a hand and of a sheet."""

from __future__ import annotations

from typing import Any

from scoring.sheets.models import ScoreSheet, SheetHand
from scoring.sheets.reading import WINDS, SheetView


def hand_dict(hand: SheetHand) -> dict[str, Any]:
    return {
        "number": hand.number,
        "version": hand.version,
        "kind": hand.kind,
        "hand": hand.data,
        "reason": hand.reason,
        "foul_report": hand.foul_report_id,
        "entered_by_player": hand.entered_by_player_id,
        "counts": bool(getattr(hand, "counts", True)),
        "created_at": hand.created_at.isoformat() if hand.created_at else None,
    }


def sheet_dict(view: SheetView) -> dict[str, Any]:
    return {
        "table": view.table.number,
        "round": view.table.round.number,
        "status": view.sheet.status if view.sheet else ScoreSheet.Status.OPEN,
        "seats": [
            {"wind": s.wind, "player": s.player_id, "name": s.player.name} for s in view.seats
        ],
        "hands": [
            hand_dict(h) | {"payments": list(line.payments), "totals": list(line.totals)}
            for h, line in zip(view.hands, view.played.lines, strict=True)
        ],
        "totals": list(view.totals),
        "counted_totals": list(view.counted_totals),
        "final": list(view.played.final),
        "next_number": view.next_number,
        "dealer": WINDS[view.played.state.dealer],
        "counters": view.played.state.counters,
        "deposits": view.played.state.deposits,
        "finished": view.played.state.finished,
    }
