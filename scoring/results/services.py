"""Table result entry: rights, validation, versions and confirmation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules import RuleError, Ruleset, get_ruleset
from rules.hands.riichi import RIICHI_STICK
from rules.standings import RIICHI
from scoring.results.models import SeatScore, TableResult
from tournament import errors
from tournament.access.roles import can_enter_results, is_director
from tournament.events.models import Event
from tournament.rounds.models import Round, Seat, Table
from tournament.rounds.services.seats import lock_table
from tournament.writes import bump_revision

WINDS = ("E", "S", "W", "N")
MAX_SCORE = 10**9
# A result's reason is a sentence or two, like a foul's note (capped at 2000 as well).
MAX_REASON = 2000
MAX_KEY_LENGTH = 64


class ResultConflict(errors.Conflict):
    """The change was based on a version that is no longer the latest (HTTP 409)."""

    def __init__(self, message: str, current_version: int | None):
        super().__init__(message)
        self.current_version = current_version

    def answer(self) -> dict:
        return {"detail": self.message, "current_version": self.current_version}


# Rights -------------------------------------------------------------------------------------


def check_rights(user, event: Event, table: Table, reason: str | None) -> None:
    """Raise unless ``user`` may change ``table``'s result. Outside a live round only the
    director may, and must give a reason (``reason=None``: the change needs none, e.g. a
    confirmation). A round that is only planned or seated has not been played yet; a closed
    one is history."""
    round_ = table.round
    if round_.is_closed:
        if not is_director(user, event):
            raise PermissionDenied(
                _("Round %(number)d is closed: only the director may change its results.")
                % {"number": round_.number}
            )
        if reason is not None and not reason.strip():
            raise ValidationError(
                {"reason": [_("Give a reason for changing a result of a closed round.")]}
            )
    elif round_.status != Round.Status.LIVE:
        if not is_director(user, event):
            raise PermissionDenied(
                _("Round %(number)d is not live: only the director may enter its results.")
                % {"number": round_.number}
            )
        if reason is not None and not reason.strip():
            raise ValidationError(
                {
                    "reason": [
                        _("Round %(number)d is not live: give a reason for entering its result.")
                        % {"number": round_.number}
                    ]
                }
            )
    elif not can_enter_results(user, event, table.number):
        raise PermissionDenied(_("You may not enter results for this table."))


def round_status_moved(table: Table) -> bool:
    """Inside a writer's transaction, once its row (the table's, a sheet's) is locked: read the
    round's status again (one query) into ``table.round``; whether it moved since the rights
    were checked. A round closed while the write waited for the lock must refuse it like any
    late write, so the caller checks the rights again when it did."""
    status = Round.objects.filter(pk=table.round_id).values_list("status", flat=True).get()
    moved = status != table.round.status
    table.round.status = status
    return moved


def check_rights_under_lock(user, event: Event, table: Table, reason: str | None) -> None:
    if round_status_moved(table):
        check_rights(user, event, table, reason)


# Result entry -------------------------------------------------------------------------------


def as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            return None
    return None


def _scores_by_player(seats: list[Seat], scores: Mapping[Any, Any]) -> dict[int, tuple[str, int]]:
    """``scores`` keyed by wind (E/S/W/N) or by player id -> {player id: (wind, score)}."""
    if len(seats) != 4:
        raise ValidationError(
            {"scores": [_("The table must have four seated players before a result.")]}
        )
    if not isinstance(scores, Mapping) or not scores:
        raise ValidationError(
            {"scores": [_("Give the four final scores, keyed by wind (E, S, W, N) or player.")]}
        )
    by_wind = {s.wind: s.player_id for s in seats}
    by_player = {s.player_id: s.wind for s in seats}
    errors: list[str] = []
    values: dict[int, tuple[str, int]] = {}
    keys = [str(k).strip() for k in scores]
    if all(k.upper() in WINDS for k in keys):
        for key, value in scores.items():
            wind = str(key).strip().upper()
            player = by_wind[wind]
            if player in values:
                errors.append(_("Wind %(wind)s is given twice.") % {"wind": wind})
            values[player] = (wind, value)
    else:
        for key, value in scores.items():
            player = as_int(key)
            if player is None or player not in by_player:
                errors.append(
                    _("%(key)s is neither a wind (E, S, W, N) nor a player of this table.")
                    % {"key": key}
                )
                continue
            if player in values:
                errors.append(_("Wind %(wind)s is given twice.") % {"wind": by_player[player]})
            values[player] = (by_player[player], value)
    missing = [by_player[p] for p in by_player if p not in values]
    if missing and not errors:
        errors.append(
            _("All four seats need a score; missing: %(winds)s.")
            % {"winds": ", ".join(sorted(missing, key=WINDS.index))}
        )
    result: dict[int, tuple[str, int]] = {}
    for player, (wind, value) in values.items():
        if isinstance(value, bool) or not isinstance(value, int):
            errors.append(
                _("The score of %(wind)s must be a whole number, not %(value)s.")
                % {"wind": wind, "value": repr(value)}
            )
            continue
        if abs(value) > MAX_SCORE:
            errors.append(
                _("The score of %(wind)s is out of range (at most %(max)d either way).")
                % {"wind": wind, "max": MAX_SCORE}
            )
            continue
        result[player] = (wind, value)
    if errors:
        raise ValidationError({"scores": errors})
    return result


def latest_version(table: Table) -> int:
    return table.results.aggregate(m=Max("version"))["m"] or 0


def _clean_reason(reason: str | None) -> str:
    reason = (reason or "").strip()
    if "\x00" in reason:
        raise ValidationError({"reason": [_("The reason contains a NUL character.")]})
    if len(reason) > MAX_REASON:
        raise ValidationError(
            {
                "reason": [
                    ngettext(
                        "A reason has at most %(max)d character (this one: %(n)d).",
                        "A reason has at most %(max)d characters (this one: %(n)d).",
                        MAX_REASON,
                    )
                    % {"max": MAX_REASON, "n": len(reason)}
                ]
            }
        )
    return reason


def _clean_key(key: str | None) -> str:
    key = (key or "").strip()
    if len(key) > MAX_KEY_LENGTH:
        raise ValidationError(
            {
                "idempotency_key": [
                    ngettext(
                        "An idempotency key has at most %(n)d character.",
                        "An idempotency key has at most %(n)d characters.",
                        MAX_KEY_LENGTH,
                    )
                    % {"n": MAX_KEY_LENGTH}
                ]
            }
        )
    return key


def _replayed_result(
    table: Table, key: str, values: dict[int, tuple[str, int]], base: int
) -> TableResult | None:
    """The version stored under ``key`` at this table, if the same entry was sent before.

    Called after the rights check, so a key only ever answers its own table's writer; a key
    reused for different scores is refused without naming the stored version."""
    if not key:
        return None
    existing = table.results.filter(idempotency_key=key).prefetch_related("scores").first()
    if existing is None:
        return None
    stored = {s.player_id: (s.wind, s.score) for s in existing.scores.all()}
    if stored != values or existing.version != base + 1:
        raise ResultConflict(
            _("This idempotency key was already used for a different result."),
            latest_version(table),
        )
    existing.replayed = True
    return existing


def enter_result(
    table: Table,
    user: AbstractBaseUser | None,
    scores: Mapping[Any, Any],
    *,
    based_on_version: int | None = None,
    reason: str = "",
    idempotency_key: str | None = None,
    sheet: Any = None,
) -> TableResult:
    """Record a new version of ``table``'s result.

    ``based_on_version`` is the version the person saw (``None`` or 0 for the first entry); if
    somebody has entered another version since, nothing is written and ``ResultConflict`` says
    which version is current. A correction needs a reason; so does any change outside a live
    round, which only the director may make. ``idempotency_key`` (the tablet's offline queue
    sends one): a resend of the same entry returns the stored version (its ``replayed``
    attribute is True) and writes nothing.

    ``sheet``: the result is the table's score sheet closed (``scoring.sheets.services``, which
    checked who may write it); ``user`` is then ``None`` when the sheet's last hand came from a
    player."""
    round_ = table.round
    event = round_.event
    reason = _clean_reason(reason)
    key = _clean_key(idempotency_key)
    if sheet is None:
        if user is None:
            raise PermissionDenied(_("You may not enter results for this table."))
        check_rights(user, event, table, reason)
    base = based_on_version or 0
    # Unordered: the model's ordering (a CASE over the winds) is the dearest part of this query.
    seats = list(Seat.objects.filter(table=table).order_by())
    values = _scores_by_player(seats, scores)
    replay = _replayed_result(table, key, values, base)
    if replay is not None:
        return replay
    if base and not reason:
        raise ValidationError({"reason": [_("Say why the result is corrected.")]})
    ruleset = get_ruleset(event.ruleset)
    problem = ruleset.table_result_problem(
        {p: v for p, (_w, v) in values.items()}, event.ruleset_options
    )
    if problem:
        raise ValidationError({"scores": [problem[:1].upper() + problem[1:] + "."]})
    try:
        with transaction.atomic():
            result = _write_version(
                table, user, ruleset, values, base=base, reason=reason, key=key, sheet=sheet
            )
    except IntegrityError as exc:
        replay = _replayed_result(table, key, values, base)
        if replay is not None:
            return replay
        raise ResultConflict(
            _("Somebody entered this table's result at the same moment. Reload and try again."),
            latest_version(table),
        ) from exc
    result.replayed = False
    return result


def _write_version(
    table: Table,
    user: AbstractBaseUser | None,
    ruleset: Ruleset,
    values: dict[int, tuple[str, int]],
    *,
    base: int,
    reason: str,
    key: str,
    sheet: Any,
) -> TableResult:
    """Under the table's lock: the rights again, the version still ``base``, then the new
    version with its scores (counting at once unless results need a confirmation)."""
    round_ = table.round
    event = round_.event
    lock_table(table)
    if sheet is None:
        check_rights_under_lock(user, event, table, reason)
    latest = latest_version(table)
    if latest != base:
        raise ResultConflict(
            _(
                "The result was changed meanwhile: version %(latest)d is current, your "
                "change is based on version %(base)d. Reload and try again."
            )
            % {"latest": latest, "base": base},
            latest,
        )
    needs_confirmation = event.results_need_confirmation
    result = TableResult.objects.create(
        event=event,
        round=round_,
        table=table,
        version=latest + 1,
        reason=reason,
        entered_by=user,
        ruleset_key=ruleset.key,
        ruleset_version=ruleset.version,
        idempotency_key=key,
        sheet=sheet,
    )
    SeatScore.objects.bulk_create(
        [SeatScore(result=result, player_id=p, wind=w, score=v) for p, (w, v) in values.items()]
    )
    if not needs_confirmation:
        _make_counting(result)
    bump_revision(event)
    return result


def _make_counting(result: TableResult) -> None:
    TableResult.objects.filter(table_id=result.table_id, counts=True).update(counts=False)
    TableResult.objects.filter(pk=result.pk).update(counts=True)
    result.counts = True


def confirm_result(table: Table, user: AbstractBaseUser, version: int) -> TableResult:
    """A second person confirms ``version`` (the latest) of the table's result: it counts."""
    event = table.round.event
    check_rights(user, event, table, reason=None)
    with transaction.atomic():
        lock_table(table)
        check_rights_under_lock(user, event, table, None)
        latest = latest_version(table)
        if not latest:
            raise ValidationError({"version": [_("This table has no result to confirm.")]})
        if version != latest:
            raise ResultConflict(
                _("Version %(version)s is not the latest (%(latest)d is); confirm that one.")
                % {"version": version, "latest": latest},
                latest,
            )
        result = table.results.get(version=latest)
        if result.confirmed_by_id is not None:
            raise ValidationError({"version": [_("This version is already confirmed.")]})
        if result.entered_by_id == user.pk:
            raise PermissionDenied(_("A result is confirmed by somebody else than who entered it."))
        result.confirmed_by = user
        result.confirmed_at = timezone.now()
        result.save(update_fields=["confirmed_by", "confirmed_at"])
        _make_counting(result)
        bump_revision(event)
    return result


def _sheet_results(round_: Round, user: AbstractBaseUser) -> dict[int, int]:
    """Table number -> version of the latest results of ``round_`` that a score sheet wrote
    (its every hand counting: the players confirmed them) and that await the second
    confirmation ``user`` may give. One query; none at an event whose results count at once."""
    if not round_.event.results_need_confirmation:
        return {}
    latest: dict[int, tuple] = {}
    for row in TableResult.objects.filter(round=round_).values_list(
        "table__number", "version", "sheet_id", "confirmed_by_id", "entered_by_id"
    ):
        if row[0] not in latest or row[1] > latest[row[0]][1]:
            latest[row[0]] = row
    return {
        number: version
        for number, (_n, version, sheet, confirmed, entered) in sorted(latest.items())
        if sheet is not None and confirmed is None and entered != user.pk
    }


def sheet_results_to_confirm(round_: Round, user: AbstractBaseUser) -> list[int]:
    """The tables whose sheet-written result ``confirm_sheet_results`` would confirm."""
    return list(_sheet_results(round_, user))


def confirm_sheet_results(round_: Round, user: AbstractBaseUser) -> list[int]:
    """Confirm, in one transaction, every result ``sheet_results_to_confirm`` lists: the
    director's one step for the tables whose players confirmed every hand, instead of one
    table after another. Returns the tables' numbers; refused (nothing confirmed) when there
    is none, or when a table got another version meanwhile (``ResultConflict``)."""
    versions = _sheet_results(round_, user)
    if not versions:
        raise ValidationError(_("No result from a score sheet waits for a confirmation."))
    tables = {t.number: t for t in round_.tables.filter(number__in=list(versions))}
    with transaction.atomic():
        for number, version in versions.items():
            table = tables[number]
            table.round = round_
            confirm_result(table, user, version)
    return list(versions)


def result_sum_target(event: Event) -> tuple[int, int]:
    """What a table's four scores must add up to (docs/rules/standings.md), and the riichi stick
    size by which they may fall short when leftover sticks leave the game (0: exactly)."""
    ruleset = get_ruleset(event.ruleset)
    try:
        options = ruleset.options(event.ruleset_options)
    except RuleError:
        options = ruleset.options({})
    if ruleset.method != RIICHI:
        return 0, 0
    sticks = RIICHI_STICK if options.get("leftover_deposits") == "lost" else 0
    return 4 * int(options["start_points"]), sticks


def result_versions(table: Table) -> list[TableResult]:
    return list(
        table.results.select_related("entered_by", "confirmed_by")
        .prefetch_related("scores__player")
        .order_by("-version")
    )
