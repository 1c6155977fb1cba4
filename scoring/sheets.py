"""Score sheets, hand by hand (RULES.md section 7): the write services and what pages read.

A sheet stores nothing but its hands; what they add up to is always ``Ruleset.play_sheet`` over
the latest version of each hand number, so the running totals, the dealer, the counters and the
deposits cannot drift from the hands. Every write locks the sheet's row, reads its hands in one
query and checks the whole sheet with the new hand before inserting it: a write costs the same
few queries on hand 1 and on hand 30.

Who writes: anybody who may enter the table's result (``Author(user=...)``), or, when the event
lets players enter hands, a player of the table signed in with a PIN (``Author(player=...)``).
A player's hand counts once another player of the table or a referee confirms it. When the game
is over and every hand counts, the sheet closes itself and writes the table result through
``scoring.services.enter_result``, marked as coming from the sheet; a correction after that
writes the next result version with the correction's reason.

Errors: ``ValidationError`` (bad input, nothing written), ``PermissionDenied``, and
``HandConflict`` (HTTP 409) carrying the stored hand when two devices send the same number.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from penalties.models import FoulReport
from rules import RuleError, get_ruleset
from rules.hands import WIN, Hand, Sheet, hand_json, parse_hand
from tournament.models import Event, Player, RefereeAssignment, Round, Seat, Table
from tournament.roles import referee_assignments

from . import services
from .models import HandConfirmation, ScoreSheet, SheetHand, TableResult

WINDS = ("E", "S", "W", "N")
MAX_KEY = 64


class HandConflict(Exception):
    """Another hand is stored under this number, or the hand changed meanwhile (HTTP 409)."""

    def __init__(self, message: str, hand: SheetHand | None):
        super().__init__(message)
        self.message = message
        self.hand = hand


@dataclass(frozen=True)
class Author:
    """Who writes: a user (staff) or a player signed in with a PIN."""

    user: AbstractBaseUser | None = None
    player: Player | None = None

    def __post_init__(self) -> None:
        if (self.user is None) == (self.player is None):
            raise ValueError("an author is a user or a player")


@dataclass
class SheetView:
    """A table's sheet as pages and the API show it. ``hands``: the latest version of each
    number, each with ``counts`` set; ``played``: the rulebook's reading of all of them;
    ``counted``: how many leading hands count (the rest wait for a confirmation)."""

    table: Table
    sheet: ScoreSheet | None
    seats: list[Seat]
    hands: list[SheetHand]
    played: Sheet
    versions: list[SheetHand] = field(default_factory=list)
    problem: str = ""

    @property
    def counted(self) -> int:
        n = 0
        for hand in self.hands:
            if not hand.counts:
                break
            n += 1
        return n

    @property
    def totals(self) -> tuple[int, int, int, int]:
        return self.played.totals

    @property
    def counted_totals(self) -> tuple[int, int, int, int]:
        n = self.counted
        lines = self.played.lines
        if n:
            return lines[n - 1].totals
        if lines:
            first = lines[0]
            return tuple(t - p for t, p in zip(first.totals, first.payments, strict=True))  # type: ignore[return-value]
        return self.played.totals

    @property
    def next_number(self) -> int:
        return len(self.hands) + 1

    @property
    def pending(self) -> list[SheetHand]:
        return [h for h in self.hands if not h.counts]

    @property
    def is_closed(self) -> bool:
        return self.sheet is not None and self.sheet.is_closed

    @property
    def is_over(self) -> bool:
        return self.played.state.finished

    def rows(self) -> list[dict[str, Any]]:
        """One row per hand for the pages: the hand, its line, and who is at which seat."""
        return [
            {"hand": hand, "line": line, "payments": line.payments, "totals": line.totals}
            for hand, line in zip(self.hands, self.played.lines, strict=True)
        ]


# Reading ------------------------------------------------------------------------------------


def _with_confirmation(qs: QuerySet) -> QuerySet:
    return qs.annotate(
        confirmed=Exists(HandConfirmation.objects.filter(hand=OuterRef("pk")))
    ).order_by("sheet_id", "number", "version")


def _latest(versions: Iterable[SheetHand]) -> list[SheetHand]:
    latest: dict[int, SheetHand] = {}
    for hand in versions:
        hand.counts = hand.entered_by_player_id is None or hand.confirmed
        latest[hand.number] = hand
    return [latest[n] for n in sorted(latest)]


def _play(event: Event, hands: Iterable[Mapping[str, Any]]) -> Sheet:
    return get_ruleset(event.ruleset).play_sheet(list(hands), event.ruleset_options)


def _play_stored(event: Event, hands: list[SheetHand]) -> tuple[list[SheetHand], Sheet, str]:
    """Stored hands as the rules read them now: every write checked the whole sheet, but the
    event's options may have changed since (a shorter game). Then the longest prefix that
    still plays is shown, with the rulebook's message. Returns (hands, sheet, problem)."""
    try:
        return hands, _play(event, [h.data for h in hands]), ""
    except RuleError as error:
        problem = error.message
    for size in range(len(hands) - 1, -1, -1):
        try:
            return hands[:size], _play(event, [h.data for h in hands[:size]]), problem
        except RuleError:
            continue
    raise AssertionError("an empty sheet always plays")  # pragma: no cover


def _rule_error(error: RuleError) -> ValidationError:
    message = _(error.template) % error.params if error.params else _(error.template)
    if message == error.template and error.message != error.template:
        message = error.message
    return ValidationError({error.field: [message[:1].upper() + message[1:]]})


def _seats(table: Table) -> list[Seat]:
    # Sorted here: the model's ordering (a CASE over the winds) costs more to build than this.
    return sorted(
        Seat.objects.filter(table=table).select_related("player").order_by(),
        key=lambda s: WINDS.index(s.wind),
    )


def with_seats(view: SheetView) -> SheetView:
    """``view`` (as a write left it) with the table's seats: one query."""
    view.seats = _seats(view.table)
    return view


def read_sheet(table: Table) -> SheetView:
    """The table's sheet (three queries: the sheet, its hands, the seats). A table without a
    sheet yet reads as an empty one."""
    event = table.round.event
    sheet = ScoreSheet.objects.filter(table=table).first()
    versions = list(_with_confirmation(SheetHand.objects.filter(sheet=sheet))) if sheet else []
    hands, played, problem = _play_stored(event, _latest(versions))
    view = SheetView(table, sheet, _seats(table), hands, played, versions)
    view.problem = problem
    return view


# Rights -------------------------------------------------------------------------------------


def _check_enabled(event: Event) -> None:
    if not event.keeps_score_sheets:
        raise ValidationError(_("This event keeps no score sheets."))


def _check_author(
    table: Table, author: Author, *, reason: str | None = None, confirming: bool = False
) -> None:
    """Staff: who may enter the table's result (and, to confirm a player's hand, any referee
    of the table too). Players: their own table, in a live round, if the event lets them."""
    event = table.round.event
    if author.user is not None:
        if confirming and not table.round.is_closed and referees_table(author.user, table):
            return
        services._check_rights(author.user, event, table, reason)
        return
    player = author.player
    assert player is not None
    if not event.players_enter_hands or player.event_id != event.pk:
        raise PermissionDenied(_("Players do not enter hands at this event."))
    if table.round.status != Round.Status.LIVE:
        raise PermissionDenied(_("Players enter hands only while their round is live."))
    if not Seat.objects.filter(table=table, player=player).exists():
        raise PermissionDenied(_("You may enter hands only at your own table."))


def referees_table(user: AbstractBaseUser, table: Table) -> bool:
    return any(
        a.covers_table(table.number)
        for a in referee_assignments(user, table.round.event)
        if a.role != RefereeAssignment.Role.SCOREKEEPER
    )


def can_write_sheet(user: AbstractBaseUser, table: Table) -> bool:
    try:
        _check_author(table, Author(user=user), reason=None)
    except PermissionDenied:
        return False
    return True


# Writing ------------------------------------------------------------------------------------


def _clean_key(key: Any) -> str:
    key = str(key or "").strip()
    if not key:
        raise ValidationError({"idempotency_key": [_("Send an idempotency key with the hand.")]})
    if len(key) > MAX_KEY:
        raise ValidationError(
            {"idempotency_key": [_("The idempotency key is too long (at most 64 characters).")]}
        )
    return key


def _parse(data: Any) -> Hand:
    try:
        return parse_hand(data)
    except RuleError as error:
        raise _rule_error(error) from None


def _foul_report(table: Table, report_id: Any) -> FoulReport | None:
    if report_id in (None, ""):
        return None
    report = FoulReport.objects.filter(pk=services._as_int(report_id) or 0, table=table).first()
    if report is None:
        raise ValidationError(
            {"foul_report": [_("Name a foul report of this table (chombo, false win).")]}
        )
    return report


def _locked_sheet(table: Table) -> ScoreSheet:
    """The table's sheet, created on the first hand, its row locked for this transaction."""
    # One sheet per table: no ORDER BY ... LIMIT for the lock to build.
    sheet = next(iter(ScoreSheet.objects.select_for_update().filter(table=table).order_by()), None)
    if sheet is not None:
        return sheet
    try:
        with transaction.atomic():
            return ScoreSheet.objects.create(
                event_id=table.round.event_id, round_id=table.round_id, table=table
            )
    except IntegrityError:
        return ScoreSheet.objects.select_for_update().get(table=table)


def _authors(author: Author) -> dict[str, Any]:
    return {"entered_by": author.user, "entered_by_player": author.player}


def _check_number(number: Any, field_name: str = "number") -> int:
    value = services._as_int(number)
    if value is None or value < 1:
        raise ValidationError({field_name: [_("Give the hand's number (1 for the first hand).")]})
    return value


def _conflict(stored: SheetHand) -> HandConflict:
    return HandConflict(
        _(
            "Hand %(number)d is already on the sheet (entered from another device). "
            "Reload to see it."
        )
        % {"number": stored.number},
        stored,
    )


def _replayed(versions: list[SheetHand], key: str) -> SheetHand | None:
    return next((h for h in versions if h.idempotency_key == key), None)


def add_hand(
    table: Table,
    data: Mapping[str, Any],
    *,
    author: Author,
    number: Any,
    idempotency_key: Any,
    foul_report: Any = None,
) -> tuple[SheetHand, bool]:
    """Add hand ``number`` (the next one) to the table's sheet. Returns (hand, created): a
    replay of a stored key returns the stored hand, ``created`` False. Another hand stored under
    ``number`` raises ``HandConflict`` with it. Queries: the rights, the locked sheet, its hands
    and the insert, whatever the sheet's length (more only on the hand that closes it)."""
    event = table.round.event
    _check_enabled(event)
    key = _clean_key(idempotency_key)
    number = _check_number(number)
    hand = _parse(data)
    _check_author(table, author)
    report = _foul_report(table, foul_report)
    try:
        with transaction.atomic():
            sheet = _locked_sheet(table)
            versions = list(_with_confirmation(SheetHand.objects.filter(sheet=sheet)))
            replay = _replayed(versions, key)
            if replay is not None:
                return replay, False
            hands = _latest(versions)
            stored = next((h for h in hands if h.number == number), None)
            if stored is not None:
                raise _conflict(stored)
            if sheet.is_closed:
                raise ValidationError(
                    _("The sheet is closed: a hand can only be corrected, with a reason.")
                )
            if number != len(hands) + 1:
                raise ValidationError(
                    {"number": [_("The next hand is hand %(next)d.") % {"next": len(hands) + 1}]}
                )
            stored_json = hand_json(hand)
            try:
                played = _play(event, [*(h.data for h in hands), stored_json])
            except RuleError as error:
                raise _rule_error(error) from None
            new = SheetHand.objects.create(
                sheet=sheet,
                number=number,
                version=1,
                kind=hand.kind,
                data=stored_json,
                foul_report=report,
                idempotency_key=key,
                **_authors(author),
            )
            new.confirmed = False
            new.counts = author.player is None
            _maybe_close(table, sheet, [*hands, new], played, author)
            # What the sheet looks like now, for the answer (seats still to be read).
            new.view = SheetView(table, sheet, [], [*hands, new], played)
    except IntegrityError:
        return _after_race(table, key, number)
    return new, True


def _after_race(table: Table, key: str, number: int) -> tuple[SheetHand, bool]:
    """A concurrent writer got in between (the unique constraints said so): the replay of the
    same key, or a 409 with what it stored."""
    versions = list(_with_confirmation(SheetHand.objects.filter(sheet__table=table)))
    replay = _replayed(versions, key)
    if replay is not None:
        return replay, False
    stored = next((h for h in _latest(versions) if h.number == number), None)
    raise (
        _conflict(stored)
        if stored
        else HandConflict(_("The sheet changed meanwhile. Reload and try again."), None)
    )


def correct_hand(
    table: Table,
    number: Any,
    data: Mapping[str, Any],
    *,
    author: Author,
    reason: str,
    based_on_version: Any,
    idempotency_key: Any,
    foul_report: Any = None,
) -> tuple[SheetHand, bool]:
    """Write the next version of hand ``number`` with a reason. On a closed sheet (only staff
    may) the table result gets its next version too, with the same reason."""
    event = table.round.event
    _check_enabled(event)
    key = _clean_key(idempotency_key)
    number = _check_number(number)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": [_("Say why the hand is corrected.")]})
    hand = _parse(data)
    _check_author(table, author, reason=reason)
    report = _foul_report(table, foul_report)
    base = services._as_int(based_on_version)
    try:
        with transaction.atomic():
            sheet = _locked_sheet(table)
            versions = list(_with_confirmation(SheetHand.objects.filter(sheet=sheet)))
            replay = _replayed(versions, key)
            if replay is not None:
                return replay, False
            hands = _latest(versions)
            stored = next((h for h in hands if h.number == number), None)
            if stored is None:
                raise ValidationError(
                    {"number": [_("There is no hand %(number)d to correct.") % {"number": number}]}
                )
            if base != stored.version:
                raise HandConflict(
                    _(
                        "Hand %(number)d was changed meanwhile: version %(version)d is current. "
                        "Reload and try again."
                    )
                    % {"number": number, "version": stored.version},
                    stored,
                )
            if sheet.is_closed and author.player is not None:
                raise PermissionDenied(_("The sheet is closed: a referee corrects it."))
            stored_json = hand_json(hand)
            replaced = [stored_json if h.number == number else h.data for h in hands]
            try:
                played = _play(event, replaced)
            except RuleError as error:
                raise _rule_error(error) from None
            new = SheetHand.objects.create(
                sheet=sheet,
                number=number,
                version=stored.version + 1,
                kind=hand.kind,
                data=stored_json,
                reason=reason,
                foul_report=report,
                idempotency_key=key,
                **_authors(author),
            )
            new.confirmed = False
            new.counts = author.player is None
            now = [new if h.number == number else h for h in hands]
            if sheet.is_closed:
                _write_result(table, sheet, played, author, reason=reason)
            else:
                _maybe_close(table, sheet, now, played, author)
    except IntegrityError:
        return _after_race(table, key, number)
    return new, True


def confirm_hand(table: Table, number: Any, *, author: Author, version: Any) -> HandConfirmation:
    """Somebody other than its author confirms a player's hand (the version they saw)."""
    event = table.round.event
    _check_enabled(event)
    number = _check_number(number)
    _check_author(table, author, confirming=True)
    with transaction.atomic():
        sheet = _locked_sheet(table)
        versions = list(_with_confirmation(SheetHand.objects.filter(sheet=sheet)))
        hands = _latest(versions)
        stored = next((h for h in hands if h.number == number), None)
        if stored is None:
            raise ValidationError(
                {"number": [_("There is no hand %(number)d to confirm.") % {"number": number}]}
            )
        if services._as_int(version) != stored.version:
            raise HandConflict(
                _(
                    "Hand %(number)d was changed meanwhile: version %(version)d is current. "
                    "Reload and try again."
                )
                % {"number": number, "version": stored.version},
                stored,
            )
        if stored.counts:
            raise ValidationError(_("Hand %(number)d needs no confirmation.") % {"number": number})
        if author.player is not None and author.player.pk == stored.entered_by_player_id:
            raise PermissionDenied(
                _("Another player of the table or a referee confirms a hand, not its author.")
            )
        try:
            with transaction.atomic():
                confirmation = HandConfirmation.objects.create(
                    hand=stored,
                    confirmed_by=author.user,
                    confirmed_by_player=author.player,
                )
        except IntegrityError:
            raise ValidationError(
                _("Hand %(number)d needs no confirmation.") % {"number": number}
            ) from None
        stored.confirmed = stored.counts = True
        played = _play(event, [h.data for h in hands])
        _maybe_close(table, sheet, hands, played, author)
    return confirmation


def close_sheet(table: Table, *, author: Author, reason: str = "") -> TableResult:
    """Close the sheet before the game's natural end (the round's time ran out, or a points
    ruleset without a set length): its totals become the table result."""
    event = table.round.event
    _check_enabled(event)
    if author.user is None:
        raise PermissionDenied(_("A referee closes a sheet before the end of the game."))
    _check_author(table, author, reason=None)
    with transaction.atomic():
        sheet = _locked_sheet(table)
        if sheet.is_closed:
            raise ValidationError(_("The sheet is already closed."))
        hands = _latest(_with_confirmation(SheetHand.objects.filter(sheet=sheet)))
        if not hands:
            raise ValidationError(_("The sheet has no hands yet."))
        waiting = [h.number for h in hands if not h.counts]
        if waiting:
            raise ValidationError(
                _("Hands waiting for a confirmation: %(numbers)s.")
                % {"numbers": ", ".join(map(str, waiting))}
            )
        played = _play(event, [h.data for h in hands])
        return _write_result(table, sheet, played, author, reason=reason)


def _maybe_close(
    table: Table, sheet: ScoreSheet, hands: list[SheetHand], played: Sheet, author: Author
) -> None:
    if played.state.finished and all(h.counts for h in hands):
        _write_result(table, sheet, played, author)


def _write_result(
    table: Table, sheet: ScoreSheet, played: Sheet, author: Author, *, reason: str = ""
) -> TableResult:
    latest = services._latest_version(table)
    if latest and not reason:
        reason = _("Written from the score sheet.")
    result = services.enter_result(
        table,
        author.user,
        {wind: score for wind, score in zip(WINDS, played.final, strict=True)},
        based_on_version=latest,
        reason=reason,
        sheet=sheet,
    )
    if not sheet.is_closed:
        sheet.status = ScoreSheet.Status.CLOSED
        sheet.closed_at = timezone.now()
        sheet.save(update_fields=["status", "closed_at"])
    return result


# What the API and the exports show ----------------------------------------------------------


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


# Live tables and statistics -----------------------------------------------------------------


@dataclass(frozen=True)
class LiveTable:
    number: int
    names: tuple[str, ...]
    totals: tuple[int, ...]
    hands: int
    closed: bool


def live_tables(round_: Round) -> list[LiveTable]:
    """Each table's running score from its sheet (hands that count only): three queries."""
    event = round_.event
    sheets = list(ScoreSheet.objects.filter(round=round_).select_related("table"))
    if not sheets:
        return []
    by_sheet: dict[int, list[SheetHand]] = {s.pk: [] for s in sheets}
    for hand in _with_confirmation(SheetHand.objects.filter(sheet__in=sheets)):
        by_sheet[hand.sheet_id].append(hand)
    names: dict[int, dict[str, str]] = {}
    for seat in (
        Seat.objects.filter(round=round_)
        .select_related("player")
        .only("table_id", "wind", "player__name")
    ):
        names.setdefault(seat.table_id, {})[seat.wind] = seat.player.name
    rows = []
    for sheet in sorted(sheets, key=lambda s: s.table.number):
        hands = _latest(by_sheet[sheet.pk])
        counted = []
        for hand in hands:
            if not hand.counts:
                break
            counted.append(hand)
        counted, played, _problem = _play_stored(event, counted)
        seats = names.get(sheet.table_id, {})
        rows.append(
            LiveTable(
                sheet.table.number,
                tuple(seats.get(w, "") for w in WINDS),
                played.final if sheet.is_closed else played.totals,
                len(counted),
                sheet.is_closed,
            )
        )
    return rows


@dataclass(frozen=True)
class HandStats:
    hands: int
    wins: int
    deal_ins: int
    riichi: int
    average_value: Fraction | None

    @property
    def average_display(self) -> str:
        """The average rounded half up to a whole number, for pages (exact in the value)."""
        if self.average_value is None:
            return ""
        return str(math.floor(self.average_value + Fraction(1, 2)))


def player_hand_stats(player: Player) -> HandStats | None:
    """Wins, deal-ins, riichi declarations and the average value of a win (before counters and
    deposits) over every sheet the player sat at; ``None`` without sheets. Three queries."""
    seats = {
        s.table_id: WINDS.index(s.wind)
        for s in Seat.objects.filter(player=player).only("table_id", "wind")
    }
    sheets = list(ScoreSheet.objects.filter(table_id__in=seats))
    if not sheets:
        return None
    event = player.event
    by_sheet: dict[int, list[SheetHand]] = {s.pk: [] for s in sheets}
    for hand in _with_confirmation(SheetHand.objects.filter(sheet__in=sheets)):
        by_sheet[hand.sheet_id].append(hand)
    hands = wins = deal_ins = riichi = 0
    values: list[int] = []
    for sheet in sheets:
        seat = seats[sheet.table_id]
        counted = []
        for hand in _latest(by_sheet[sheet.pk]):
            if not hand.counts:
                break
            counted.append(hand)
        _counted, played, _problem = _play_stored(event, counted)
        for line in played.lines:
            hands += 1
            if seat in line.hand.riichi:
                riichi += 1
            if line.hand.kind != WIN:
                continue
            if seat in line.winners:
                wins += 1
                values.append(line.values.get(seat, 0))
            elif line.hand.discarder == seat:
                deal_ins += 1
    average = Fraction(sum(values), len(values)) if values else None
    return HandStats(hands, wins, deal_ins, riichi, average)


# Integrity ----------------------------------------------------------------------------------


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
    for hand in _with_confirmation(SheetHand.objects.filter(sheet__table_id__in=list(results))):
        by_sheet.setdefault(hand.sheet_id, []).append(hand)
    for result in results.values():
        hands = _latest(by_sheet.get(result.sheet_id, []))
        try:
            final = _play(event, [h.data for h in hands]).final
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


# Export -------------------------------------------------------------------------------------

HANDS_HEADER = (
    "round",
    "table",
    "hand",
    "version",
    "counts",
    "kind",
    "winners",
    "discarder",
    "riichi",
    "tenpai",
    "foul report",
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
    and the running totals after it: four queries whatever the event size."""
    sheets_ = list(
        ScoreSheet.objects.filter(event=event)
        .select_related("table", "round")
        .order_by("round__number", "table__number")
    )
    by_sheet: dict[int, list[SheetHand]] = {s.pk: [] for s in sheets_}
    for hand in _with_confirmation(SheetHand.objects.filter(sheet__event=event)):
        by_sheet[hand.sheet_id].append(hand)
    names: dict[int, dict[str, str]] = {}
    for seat in Seat.objects.filter(round__event=event).select_related("player"):
        names.setdefault(seat.table_id, {})[seat.wind] = seat.player.name
    rows: list[list[Any]] = []
    for sheet in sheets_:
        hands, played, _problem = _play_stored(event, _latest(by_sheet[sheet.pk]))
        seat_names = [names.get(sheet.table_id, {}).get(w, "") for w in WINDS]
        for hand, line in zip(hands, played.lines, strict=True):
            data = hand.data
            winners = " ".join(WINDS[w] for w in line.winners)
            discarder = data.get("discarder")
            rows.append(
                [
                    sheet.round.number,
                    sheet.table.number,
                    hand.number,
                    hand.version,
                    "yes" if hand.counts else "no",
                    hand.kind,
                    winners,
                    WINDS[discarder] if discarder is not None else "",
                    " ".join(WINDS[i] for i in data.get("riichi", [])),
                    " ".join(WINDS[i] for i in data.get("tenpai", [])),
                    hand.foul_report_id or "",
                    hand.reason,
                    *line.payments,
                    *line.totals,
                    *seat_names,
                ]
            )
    return list(HANDS_HEADER), rows


def hands_csv(event: Event) -> bytes:
    from .exports import to_csv

    return to_csv(*hands_table(event))


def hands_xlsx(event: Event) -> bytes:
    from .exports import to_xlsx

    return to_xlsx(_("Hands"), *hands_table(event))
