"""What the floor reads of disputes and calls: the open ones of a round (the tablets' panel,
the round board, the API's list of calls) and a sheet's history, step by step."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet
from django.utils.translation import gettext as _

from scoring.sheets.models import (
    RESEAT_KEY,
    STRUCK,
    HandConfirmation,
    HandDispute,
    RefereeCall,
    SheetHand,
)
from tournament.rounds.models import Round, Table


def open_calls(qs: QuerySet) -> QuerySet:
    return qs.filter(taken__isnull=True).order_by("pk")


def open_disputes(qs: QuerySet) -> QuerySet:
    """Open disputes of the latest version of their hand (a newer version leaves a dispute
    behind)."""
    newer = SheetHand.objects.filter(
        sheet_id=OuterRef("hand__sheet_id"),
        number=OuterRef("hand__number"),
        version__gt=OuterRef("hand__version"),
    )
    return (
        qs.filter(resolution__isnull=True)
        .exclude(Exists(newer))
        .select_related("hand__sheet__table", "raised_by", "raised_by_player")
        .order_by("pk")
    )


@dataclass
class FloorItem:
    """An open dispute or call as a tablet or the round board shows it."""

    table: int
    kind: str  # "dispute", "request" (after the round closed) or "call"
    pk: int
    number: int | None
    reason: str
    by: str
    created_at: Any
    hand_pk: int | None = None
    by_player: int | None = None


def floor_items(round_: Round, tables: list[int] | None = None) -> list[FloorItem]:
    """The round's open disputes and calls (of ``tables`` if given): two queries."""
    disputes = open_disputes(HandDispute.objects.filter(hand__sheet__round=round_))
    calls = open_calls(RefereeCall.objects.filter(round=round_)).select_related(
        "table", "called_by_player"
    )
    if tables is not None:
        disputes = disputes.filter(hand__sheet__table__number__in=tables)
        calls = calls.filter(table__number__in=tables)
    closed = round_.status == Round.Status.CLOSED
    items = [
        FloorItem(
            table=d.hand.sheet.table.number,
            kind="request" if closed else "dispute",
            pk=d.pk,
            number=d.hand.number,
            reason=d.reason,
            by=_name(d.raised_by, d.raised_by_player),
            created_at=d.created_at,
            hand_pk=d.hand_id,
            by_player=d.raised_by_player_id,
        )
        for d in disputes
    ]
    items += [
        FloorItem(
            table=c.table.number,
            kind="call",
            pk=c.pk,
            number=None,
            reason="",
            by=_name(None, c.called_by_player),
            created_at=c.created_at,
        )
        for c in calls
    ]
    return sorted(items, key=lambda i: (i.table, i.created_at))


def _name(user, player) -> str:
    if player is not None:
        return player.name
    return (user.get_full_name() or user.get_username()) if user is not None else ""


@dataclass
class Step:
    """One step of a sheet's history: who did what to which hand, when."""

    when: Any
    who: str
    what: str
    number: int | None = None
    version: int | None = None
    text: str = ""


def _resolution_steps(dispute: HandDispute) -> list[Step]:
    resolution = getattr(dispute, "resolution", None)
    if resolution is None:
        return []
    by_player = resolution.resolved_by_player_id is not None
    return [
        Step(
            resolution.created_at,
            _name(resolution.resolved_by, resolution.resolved_by_player),
            _("withdrew the dispute") if by_player else _("settled the dispute"),
            dispute.hand.number,
            dispute.hand.version,
            resolution.note,
        )
    ]


def _carried(row: Any, earlier: dict[tuple, int]) -> bool:
    """Whether a confirmation or dispute on a version a seat correction wrote was carried
    over from an earlier version of its hand (the same person, and for a dispute the same
    reason), rather than given after the correction."""
    hand = row.hand
    return hand.idempotency_key.startswith(RESEAT_KEY) and earlier.get(_who(row, hand), 0) < (
        hand.version
    )


def _who(row: Any, hand: SheetHand) -> tuple:
    if isinstance(row, HandConfirmation):
        return (hand.number, row.confirmed_by_id, row.confirmed_by_player_id)
    return (hand.number, row.raised_by_id, row.raised_by_player_id, row.reason)


def _firsts(rows: list) -> dict[tuple, int]:
    """The first version of its hand on which each person confirmed (or disputed with a
    reason)."""
    firsts: dict[tuple, int] = {}
    for row in rows:
        key = _who(row, row.hand)
        firsts[key] = min(firsts.get(key, row.hand.version), row.hand.version)
    return firsts


def sheet_history(table: Table) -> list[Step]:
    """Every step of the table's sheet, oldest first: hand versions (entered, corrected,
    struck, re-seated), confirmations, disputes and their settling (those a seat correction
    carried over said so), referee calls and their taking. Four queries whatever the sheet's
    length."""
    steps = [
        *_hand_steps(table),
        *_confirmation_steps(table),
        *_dispute_steps(table),
        *_call_steps(table),
    ]
    return sorted(steps, key=lambda s: s.when)


def _hand_steps(table: Table) -> list[Step]:
    """Each version of each hand: entered, corrected, struck or re-seated."""
    steps: list[Step] = []
    versions = SheetHand.objects.filter(sheet__table=table).select_related(
        "entered_by", "entered_by_player"
    )
    for hand in versions.order_by():
        if hand.idempotency_key.startswith(RESEAT_KEY):
            what = _("hand re-seated by a seat correction")
        elif hand.kind == STRUCK:
            what = _("struck (no hand)")
        elif hand.version > 1:
            what = _("corrected")
        else:
            what = _("entered")
        steps.append(
            Step(
                hand.created_at,
                _name(hand.entered_by, hand.entered_by_player),
                what,
                hand.number,
                hand.version,
                hand.reason,
            )
        )
    return steps


def _confirmation_steps(table: Table) -> list[Step]:
    """Each confirmation, said to be carried over when a correction kept it."""
    steps: list[Step] = []
    confirmations = list(
        HandConfirmation.objects.filter(hand__sheet__table=table).select_related(
            "hand", "confirmed_by", "confirmed_by_player"
        )
    )
    firsts = _firsts(confirmations)
    for confirmation in confirmations:
        carried = _carried(confirmation, firsts)
        steps.append(
            Step(
                confirmation.created_at,
                _name(confirmation.confirmed_by, confirmation.confirmed_by_player),
                _("confirmation carried over") if carried else _("confirmed"),
                confirmation.hand.number,
                confirmation.hand.version,
            )
        )
    return steps


def _dispute_steps(table: Table) -> list[Step]:
    """Each dispute (carried over or raised) and its settling."""
    steps: list[Step] = []
    disputes = list(
        HandDispute.objects.filter(hand__sheet__table=table).select_related(
            "hand",
            "raised_by",
            "raised_by_player",
            "resolution__resolved_by",
            "resolution__resolved_by_player",
        )
    )
    firsts = _firsts(disputes)
    for dispute in disputes:
        steps.append(
            Step(
                dispute.created_at,
                _name(dispute.raised_by, dispute.raised_by_player),
                _("dispute carried over") if _carried(dispute, firsts) else _("disputed"),
                dispute.hand.number,
                dispute.hand.version,
                dispute.reason,
            )
        )
        steps.extend(_resolution_steps(dispute))
    return steps


def _call_steps(table: Table) -> list[Step]:
    """Each referee call and its taking."""
    steps: list[Step] = []
    for call in RefereeCall.objects.filter(table=table).select_related(
        "called_by", "called_by_player", "taken__taken_by"
    ):
        steps.append(
            Step(
                call.created_at,
                _name(call.called_by, call.called_by_player),
                _("called the referee"),
            )
        )
        taken = getattr(call, "taken", None)
        if taken is not None:
            steps.append(Step(taken.created_at, _name(taken.taken_by, None), _("took the call")))
    return steps
