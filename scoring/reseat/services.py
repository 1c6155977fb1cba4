"""Correcting a table's seats after play: the plan a page shows before it asks, and the
correction itself (see the package).

Errors: ``ValidationError`` (bad input, nothing written), ``PermissionDenied`` and
``SeatConflict`` (HTTP 409: the round is closed, the seats changed meanwhile, or the key was
used for another correction).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from penalties.models import FoulReport, Replacement
from penalties.services import FoulInput, record_foul, void_report
from rules.hands.reseat import Moves, seat_moves
from scoring.reseat.models import SeatCorrection
from scoring.results import services as result_services
from scoring.results.models import TableResult
from scoring.sheets import services as sheets
from scoring.sheets.models import RESEAT_KEY
from tournament import errors
from tournament.access.roles import is_director, referee_assignment
from tournament.events.reading.pricing import Repriced, reprice
from tournament.notify import services as notify
from tournament.players.models import Player
from tournament.rounds.models import WIND_ORDER, Round, Seat, Table
from tournament.rounds.services.seats import lock_table, move_seats
from tournament.staff.models import RefereeAssignment
from tournament.writes import WINDS, bump_revision

MAX_REASON = 500
MAX_KEY = 64


class SeatConflict(errors.Conflict):
    """The state forbids the correction now (HTTP 409)."""


@dataclass
class Plan:
    """What a correction of ``table``'s seats from ``before`` to ``after`` (wind -> player id)
    does: the sheet's hands (``sheet``, ``None`` without hands), the standing reports priced
    differently at the new seats (``fouls``; ``kept``: those priced the same), the latest
    result and each player's score in the next version (``result``, ``scores``), each
    player's counted sheet total before and after (``totals``)."""

    table: Table
    before: dict[str, int]
    after: dict[str, int]
    moves: Moves
    names: dict[int, str]
    sheet: sheets.SheetPlan | None = None
    fouls: list[Repriced] = field(default_factory=list)
    kept: int = 0
    result: TableResult | None = None
    scores: dict[int, tuple[int, int]] = field(default_factory=dict)
    totals: dict[int, tuple[int, int]] = field(default_factory=dict)

    @property
    def state(self) -> str:
        """What the plan was made from: a confirmation counts only for the same state."""
        return "|".join(
            [
                ",".join(str(self.before[w]) for w in WINDS),
                ",".join(str(self.after[w]) for w in WINDS),
                self.sheet.state if self.sheet else "",
                ",".join(str(item.report.pk) for item in self.fouls),
                str(self.kept),
                str(self.result.version if self.result else 0),
            ]
        )

    def seats_in_words(self) -> str:
        return seats_in_words(self.before, self.after, self.names)


def seats_in_words(
    before: Mapping[str, Any], after: Mapping[str, Any], names: Mapping[int, str]
) -> str:
    """The winds whose player changes, in words: "East: Ann → Bob; South: Bob → Ann"."""
    labels = {w.value: str(w.label) for w in WIND_ORDER}
    return "; ".join(
        _("%(wind)s: %(recorded)s → %(real)s")
        % {
            "wind": labels[w],
            "recorded": names.get(int(before[w]), "?"),
            "real": names.get(int(after[w]), "?"),
        }
        for w in WINDS
        if int(before[w]) != int(after[w])
    )


# Rights and input -----------------------------------------------------------------------------


def check_corrector(user: AbstractBaseUser, table: Table) -> None:
    """The director; the head referee while the round is live. A closed round is refused with
    the way out (the director reopens it)."""
    round_ = table.round
    event = round_.event
    director = is_director(user, event)
    if not director:
        assignment = referee_assignment(user, event)
        if assignment is None or assignment.role != RefereeAssignment.Role.HEAD:
            raise PermissionDenied(
                _("Only the director or the head referee corrects a table's seats.")
            )
    if round_.status == Round.Status.CLOSED:
        raise SeatConflict(
            _(
                "Round %(round)d is closed: its seats cannot be corrected. The director reopens "
                "the round first (with a reason), then corrects the seats."
            )
            % {"round": round_.number}
        )
    if not director and round_.status != Round.Status.LIVE:
        raise PermissionDenied(
            _("Round %(round)d is not live: only the director corrects its seats.")
            % {"round": round_.number}
        )


def clean_reason(reason: Any) -> str:
    text = str(reason or "").strip()
    if not text:
        raise ValidationError({"reason": [_("Say why the seats are corrected.")]})
    if "\x00" in text or len(text) > MAX_REASON:
        raise ValidationError(
            {
                "reason": [
                    ngettext(
                        "A reason has at most %(max)d character and no NUL character.",
                        "A reason has at most %(max)d characters and no NUL character.",
                        MAX_REASON,
                    )
                    % {"max": MAX_REASON}
                ]
            }
        )
    return text


def clean_key(key: Any) -> str:
    text = str(key or "").strip()
    if not text or len(text) > MAX_KEY:
        raise ValidationError(
            {"idempotency_key": [_("Send an idempotency key of at most 64 characters.")]}
        )
    return text


def _ids(value: Any) -> int | None:
    return result_services.as_int(value)


def wanted_seats(
    before: Mapping[str, int], *, seats: Mapping[str, Any] | None, swap: Sequence[Any] | None
) -> dict[str, int]:
    """The seats as the players really sat: given per wind (``seats``), or as two players who
    sat in each other's seats (``swap``)."""
    if (seats is None) == (swap is None):
        raise ValidationError(
            _("Say who really sat where: two players who swapped seats, or the four winds.")
        )
    if swap is not None:
        pair = [_ids(p) for p in swap] if isinstance(swap, list | tuple) else []
        if len(pair) != 2 or pair[0] == pair[1] or not set(pair) <= set(before.values()):
            raise ValidationError({"swap": [_("Choose two different players of this table.")]})
        wind_of = {p: w for w, p in before.items()}
        after = dict(before)
        after[wind_of[pair[0]]], after[wind_of[pair[1]]] = pair[1], pair[0]
        return after
    assert seats is not None
    if not isinstance(seats, Mapping) or set(seats) != set(WINDS):
        raise ValidationError({"seats": [_("Give a player for each of the four winds.")]})
    after = {w: _ids(seats[w]) for w in WINDS}
    if len(set(after.values())) != 4 or set(after.values()) != set(before.values()):
        raise ValidationError(
            {"seats": [_("The same four players of this table, each at one wind.")]}
        )
    if after == dict(before):
        raise ValidationError({"seats": [_("These are the seats already recorded.")]})
    return after  # type: ignore[return-value]


# The plan ---------------------------------------------------------------------------------------


def seats_of(table: Table) -> dict[str, int]:
    before = dict(Seat.objects.filter(table=table).order_by().values_list("wind", "player_id"))
    if set(before) != set(WINDS):
        raise ValidationError({"seats": [_("The table is not fully seated.")]})
    return before


def _standing(table: Table) -> list[FoulReport]:
    return list(
        FoulReport.objects.filter(table=table, void__isnull=True)
        .select_related("round", "table", "offender")
        .prefetch_related("entries")
        .order_by("pk")
    )


def _priced(table: Table, after: Mapping[str, int]) -> tuple[list[Repriced], int]:
    """The table's standing reports priced at the seats ``after``: those that would change,
    and how many stay as they are."""
    event = table.round.event
    seats = {table.pk: dict(after)}
    priced = reprice(event, event.ruleset, event.ruleset_options, _standing(table), seats)
    for item in priced:
        if item.lines is None:
            raise ValidationError(
                {
                    "seats": [
                        _("Report #%(id)s cannot be priced at these seats: %(why)s.")
                        % {"id": item.report.pk, "why": item.problem}
                    ]
                }
            )
    changed = [item for item in priced if item.differs]
    return changed, len(priced) - len(changed)


def _by_player(seating: Mapping[str, int], by_seat: Sequence[int]) -> dict[int, int]:
    return {seating[w]: by_seat[i] for i, w in enumerate(WINDS)}


def make_plan(table: Table, before: dict[str, int], after: dict[str, int]) -> Plan:
    """What correcting ``table`` from ``before`` to ``after`` would do; writes nothing."""
    names = dict(Player.objects.filter(pk__in=list(before.values())).values_list("pk", "name"))
    plan = Plan(table, before, after, seat_moves(before, after), names)
    plan.sheet = sheets.plan_reseat(table, plan.moves)
    plan.fouls, plan.kept = _priced(table, after)
    plan.result = (
        TableResult.objects.filter(table=table)
        .prefetch_related("scores")
        .order_by("-version")
        .first()
    )
    if plan.sheet is not None:
        old = _by_player(before, plan.sheet.counted_before)
        new = _by_player(after, plan.sheet.counted_after)
        plan.totals = {p: (old[p], new[p]) for p in old}
    if plan.result is not None:
        old = {s.player_id: s.score for s in plan.result.scores.all()}
        new = dict(old)
        if plan.sheet is not None and plan.sheet.writes_result:
            new = _by_player(after, plan.sheet.after.final)
        plan.scores = {p: (old[p], new[p]) for p in old}
    return plan


def plan_correction(
    table: Table,
    user: AbstractBaseUser,
    *,
    seats: Mapping[str, Any] | None = None,
    swap: Sequence[Any] | None = None,
) -> Plan:
    """The plan a page shows before it asks (and the API's dry run)."""
    check_corrector(user, table)
    before = seats_of(table)
    return make_plan(table, before, wanted_seats(before, seats=seats, swap=swap))


# The correction ---------------------------------------------------------------------------------


def _replayed(
    table: Table, key: str, seats: Mapping[str, Any] | None, swap: Sequence[Any] | None
) -> SeatCorrection | None:
    """The correction stored under ``key`` at this table if the same one was asked again."""
    stored = SeatCorrection.objects.filter(table=table, idempotency_key=key).first()
    if stored is None:
        return None
    before = {w: int(p) for w, p in stored.before.items()}
    after = {w: int(p) for w, p in stored.after.items()}
    if swap is not None and isinstance(swap, list | tuple):
        same = {before[w] for w in WINDS if before[w] != after[w]} == {_ids(p) for p in swap}
    else:
        same = isinstance(seats, Mapping) and {w: _ids(seats.get(w)) for w in WINDS} == after
    if not same:
        raise SeatConflict(_("This idempotency key was already used for another correction."))
    return stored


def _reason_text(plan: Plan, user: AbstractBaseUser, reason: str) -> str:
    """The reason the rows a correction writes carry: who, the real seats that changed, why
    ("Seats corrected by dir (East: Bob, South: Ann): they sat in each other's seats")."""
    labels = {w.value: str(w.label) for w in WIND_ORDER}
    seats = ", ".join(
        _("%(wind)s: %(player)s") % {"wind": labels[w], "player": plan.names[plan.after[w]]}
        for w in WINDS
        if plan.before[w] != plan.after[w]
    )
    return _("Seats corrected by %(user)s (%(seats)s): %(reason)s") % {
        "user": user.get_full_name() or user.get_username(),
        "seats": seats,
        "reason": reason,
    }


def _reprice(plan: Plan, user: AbstractBaseUser, text: str, tag: str) -> list[list[int]]:
    """Void each report the corrected seats price differently and record it again there."""
    table = plan.table
    pairs = []
    for item in plan.fouls:
        report: FoulReport = item.report
        void_report(report, user, text)
        replacement, _created = record_foul(
            table.round.event,
            user,
            FoulInput(
                round=table.round.number,
                table=table.number,
                offender=report.offender_id,
                code=report.code,
                details=dict(report.details or {}),
                note=report.note,
                explanation=report.explanation,
                reason=text,
                idempotency_key=f"{RESEAT_KEY}{tag}-{report.pk}",
            ),
        )
        Replacement.objects.create(replaced=report, replacement=replacement)
        pairs.append([report.pk, replacement.pk])
    return pairs


def _carry_result(table: Table, user: AbstractBaseUser, text: str, tag: str) -> int | None:
    """The latest result's scores, each with its player, at the corrected winds."""
    latest = (
        TableResult.objects.filter(table=table).prefetch_related("scores").order_by("-version")
    ).first()
    if latest is None:
        return None
    result = result_services.enter_result(
        table,
        user,
        {str(s.player_id): s.score for s in latest.scores.all()},
        based_on_version=latest.version,
        reason=text,
        idempotency_key=f"{RESEAT_KEY}{tag}",
    )
    return result.version


def _tell_players(correction: SeatCorrection, plan: Plan) -> None:
    table = plan.table
    event = table.round.event
    params = {}
    for wind in WINDS:
        pid = plan.after[wind]
        params[pid] = {
            "slug": event.slug,
            "event": event.name,
            "round": table.round.number,
            "table": table.number,
            "wind": wind,
            "others": [plan.names[plan.after[w]] for w in WINDS if w != wind],
            "reason": correction.reason,
            "after_play": True,
        }
    notify.enqueue_players(
        event, "seating_corrected", f"r{table.round_id}:reseat{correction.pk}", params
    )


def _written(sheet: sheets.SheetPlan | None, reports: list, version: int | None) -> dict:
    """What a correction wrote, as its record keeps it."""
    hands = sheet.hands if sheet is not None else []
    return {
        "hands": [[h.number, h.latest_version + (2 if h.strike else 1)] for h in hands],
        "confirmations": sheet.confirmations if sheet is not None else 0,
        "disputes": sheet.disputes if sheet is not None else 0,
        "reports": reports,
        "result_version": version,
    }


def correct_seats(
    table: Table,
    user: AbstractBaseUser,
    *,
    reason: Any,
    idempotency_key: Any,
    seats: Mapping[str, Any] | None = None,
    swap: Sequence[Any] | None = None,
    based_on: Mapping[str, Any] | None = None,
) -> tuple[SeatCorrection, bool]:
    """Correct ``table``'s seats (see the package). ``based_on``: the seats the caller saw; if
    they changed meanwhile nothing is written (409). Returns ``(correction, created)``: the
    same key again returns the stored correction."""
    reason = clean_reason(reason)
    key = clean_key(idempotency_key)
    check_corrector(user, table)
    with transaction.atomic():
        sheets.lock_sheet(table)  # the sheet before the table, as the sheet's writers do
        lock_table(table)
        stored = _replayed(table, key, seats, swap)
        if stored is not None:
            return stored, False
        if result_services.round_status_moved(table):
            check_corrector(user, table)
        before = seats_of(table)
        if based_on is not None and {w: _ids(based_on.get(w)) for w in WINDS} != before:
            raise SeatConflict(
                _("The seats of this table changed meanwhile. Reload the page and try again.")
            )
        plan = make_plan(table, before, wanted_seats(before, seats=seats, swap=swap))
        tag = uuid.uuid4().hex[:16]
        text = _reason_text(plan, user, reason)
        move_seats(table, plan.after)
        version = None
        if plan.sheet is not None:
            result = sheets.reseat_sheet(table, plan.sheet, user=user, reason=text, tag=tag)
            version = result.version if result is not None else None
        reports = _reprice(plan, user, text, tag)
        if version is None:
            version = _carry_result(table, user, text, tag)
        bump_revision(table.round.event)
        correction = SeatCorrection.objects.create(
            event_id=table.round.event_id,
            round_id=table.round_id,
            table=table,
            before=before,
            after=plan.after,
            reason=reason,
            made_by=user,
            tag=tag,
            idempotency_key=key,
            written=_written(plan.sheet, reports, version),
        )
        transaction.on_commit(lambda: _tell_players(correction, plan), robust=True)
    return correction, True


def corrections_of(table: Table) -> list[SeatCorrection]:
    return list(SeatCorrection.objects.filter(table=table).select_related("made_by").order_by("pk"))
