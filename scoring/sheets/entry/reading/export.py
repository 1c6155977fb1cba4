"""The hands export: one row per hand of every sheet of an event, as CSV or XLSX."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from penalties.current import current_reports
from scoring.files import to_csv, to_xlsx
from scoring.sheets.entry.reading import (
    WINDS,
    counted_hands,
    counted_running,
    latest_hands,
    play_stored,
    with_confirmation,
)
from scoring.sheets.models import ScoreSheet, SheetHand
from tournament.events.models import Event
from tournament.rounds.models import Seat

HANDS_HEADER = (
    "round",
    "table",
    "hand",
    "version",
    "counts",
    "kind",
    "winners",
    "han",
    "fu",
    "limit",
    "yakuman",
    "fan",
    "bonus",
    "discarder",
    "riichi",
    "tenpai",
    "abortive",
    "nagashi",
    "pao",
    "foul report",
    "current foul report",
    "foul points",
    "reason",
    "E",
    "S",
    "W",
    "N",
    "total E",
    "total S",
    "total W",
    "total N",
    "E player",
    "S player",
    "W player",
    "N player",
)


def hands_table(event: Event) -> tuple[list[str], list[list[Any]]]:
    """One row per hand (its latest version) of every sheet of the event, with what it paid
    and the running totals after it (of the hands that count): four queries whatever the event
    size, and two more when a hand names a foul report (the report standing for it now, after
    any re-pricing, and the points it moves per seat)."""
    sheets_ = list(
        ScoreSheet.objects.filter(event=event)
        .select_related("table", "round")
        .order_by("round__number", "table__number")
    )
    by_sheet: dict[int, list[SheetHand]] = {s.pk: [] for s in sheets_}
    for hand in with_confirmation(SheetHand.objects.filter(sheet__event=event)):
        by_sheet[hand.sheet_id].append(hand)
    names: dict[int, dict[str, str]] = {}
    players: dict[int, dict[str, int]] = {}
    for seat in Seat.objects.filter(round__event=event).select_related("player"):
        names.setdefault(seat.table_id, {})[seat.wind] = seat.player.name
        players.setdefault(seat.table_id, {})[seat.wind] = seat.player_id
    current = current_reports(h.foul_report_id for hands in by_sheet.values() for h in hands)
    rows: list[list[Any]] = []
    for sheet in sheets_:
        hands, played, _problem = play_stored(event, latest_hands(by_sheet[sheet.pk]))
        seat_names = [names.get(sheet.table_id, {}).get(w, "") for w in WINDS]
        seat_players = [players.get(sheet.table_id, {}).get(w, 0) for w in WINDS]
        running = counted_running(hands, played)
        counting = len(counted_hands(hands))
        for index, (hand, line, totals) in enumerate(
            zip(hands, played.lines, running, strict=True)
        ):
            data = hand.data
            winners = " ".join(WINDS[w] for w in line.winners)
            wins = data.get("wins", [])
            discarder = data.get("discarder")
            rows.append(
                [
                    sheet.round.number,
                    sheet.table.number,
                    hand.number,
                    hand.version,
                    "yes" if index < counting else "no",
                    hand.kind,
                    winners,
                    *(
                        _per_win(wins, field)
                        for field in ("han", "fu", "limit", "yakuman", "fan", "bonus")
                    ),
                    WINDS[discarder] if discarder is not None else "",
                    " ".join(WINDS[i] for i in data.get("riichi", [])),
                    " ".join(WINDS[i] for i in data.get("tenpai", [])),
                    data.get("abortive", ""),
                    " ".join(WINDS[i] for i in data.get("nagashi", [])),
                    " ".join(WINDS[w["pao"]] for w in wins if w.get("pao") is not None),
                    hand.foul_report_id or "",
                    *_foul_now(current.get(hand.foul_report_id), seat_players),
                    hand.reason,
                    *line.payments,
                    *totals,
                    *seat_names,
                ]
            )
    return list(HANDS_HEADER), rows


def _foul_now(found: Any, players: list[int]) -> tuple[Any, str]:
    """The report standing for the hand's one now and what it moves per seat, E S W N."""
    if found is None:
        return "", ""
    return found.id, " ".join(str(p) for p in found.points_by_seat(players))


def _per_win(wins: list[dict[str, Any]], field: str) -> Any:
    """What each win of the hand announced (han, fu, limit, yakuman; MCR: fan, bonus tiles): a
    number for the usual single win, the values in the winners' order for a double ron."""
    values = [w.get(field) for w in wins]
    if not any(v not in (None, "", 0) for v in values):
        return ""
    if len(values) == 1:
        return values[0]
    return " ".join("" if v is None else str(v) for v in values)


def hands_csv(event: Event) -> bytes:

    return to_csv(*hands_table(event))


def hands_xlsx(event: Event) -> bytes:

    return to_xlsx(_("Hands"), *hands_table(event))
