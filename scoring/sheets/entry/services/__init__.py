"""The write services: add, correct and confirm a hand, close a sheet (and write its result)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from penalties.models import FoulReport
from rules import RuleError
from rules.hands import Hand, Sheet, hand_json, parse_hand
from scoring.results import services as result_services
from scoring.results.models import TableResult
from scoring.sheets.entry import notices
from scoring.sheets.entry.access import (
    Author,
    check_author,
    check_author_under_lock,
    check_enabled,
    check_hand_kind,
)
from scoring.sheets.entry.reading import (
    WINDS,
    SheetView,
    latest_hands,
    next_number,
    play_hands,
    rule_error,
    with_confirmation,
)
from scoring.sheets.entry.reading.output import hand_dict
from scoring.sheets.models import RESEAT_KEY, HandConfirmation, ScoreSheet, SheetHand
from scoring.sheets.tiles.services import from_tiles
from tournament import errors
from tournament.rounds.models import Table
from tournament.rounds.services.seats import lock_table

MAX_KEY = 64


class HandConflict(errors.Conflict):
    """Another hand is stored under this number, or the hand changed meanwhile (HTTP 409):
    the answer holds the stored hand."""

    def __init__(self, message: str, hand: SheetHand | None):
        super().__init__(message)
        self.hand = hand

    def answer(self) -> dict:
        return {"detail": self.message, "hand": hand_dict(self.hand) if self.hand else None}


def clean_key(key: Any) -> str:
    key = str(key or "").strip()
    if not key:
        raise ValidationError({"idempotency_key": [_("Send an idempotency key with the hand.")]})
    if len(key) > MAX_KEY:
        raise ValidationError(
            {"idempotency_key": [_("The idempotency key is too long (at most 64 characters).")]}
        )
    if key.startswith(RESEAT_KEY):
        raise ValidationError(
            {"idempotency_key": [_("Keys starting with “reseat-” are kept for seat corrections.")]}
        )
    return key


def _parse(data: Any) -> Hand:
    try:
        return parse_hand(data)
    except RuleError as error:
        raise rule_error(error) from None


def _foul_report(table: Table, report_id: Any) -> FoulReport | None:
    if report_id in (None, ""):
        return None
    report = FoulReport.objects.filter(
        pk=result_services.as_int(report_id) or 0, table=table
    ).first()
    if report is None:
        raise ValidationError(
            {"foul_report": [_("Name a foul report of this table (chombo, false win).")]}
        )
    return report


def locked_sheet(table: Table) -> ScoreSheet:
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


def count_write(table: Table) -> None:
    """Moves the table's sheet marker: every write of a row the players' pages show of the
    sheet calls it inside its transaction (the sheet exists by then)."""
    ScoreSheet.objects.filter(table=table).update(writes=F("writes") + 1)


def _authors(author: Author) -> dict[str, Any]:
    return {"entered_by": author.user, "entered_by_player": author.player}


def check_number(number: Any, field_name: str = "number") -> int:
    value = result_services.as_int(number)
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
    same_again: bool = False,
    recorded_tiles: Mapping[str, Any] | None = None,
) -> tuple[SheetHand, bool]:
    """Add hand ``number`` (the next one) to the table's sheet. Returns (hand, created): a
    replay of a stored key returns the stored hand, ``created`` False. Another hand stored under
    ``number`` raises ``HandConflict`` with it: a form built for hand N, sent again with a new
    key (Back, a reload), never stores a copy. A hand identical to the previous one (the same
    data and foul report) is refused unless ``same_again`` says it really happened twice: on
    a page, a form the browser refilled with the last hand's values is the likelier story, and
    the page asks; the API passes it, its client naming every hand's number. Queries: the
    rights, the locked sheet, its hands and the insert, whatever the sheet's length (more only
    on the hand that closes it). ``recorded_tiles``: tiles read elsewhere (an imported game
    log's), kept with the hand as they are, not counted again."""
    event = table.round.event
    check_enabled(event)
    key = clean_key(idempotency_key)
    number = check_number(number)
    hand = _parse(data)
    check_hand_kind(author, hand.kind)
    check_author(table, author)
    report = _foul_report(table, foul_report)
    try:
        with transaction.atomic():
            sheet, replay, hands, stored, top = locked_hands(table, key, number)
            check_author_under_lock(table, author)
            if replay is not None:
                return replay, False
            if stored is not None:
                raise _conflict(stored)
            if sheet.is_closed:
                raise ValidationError(
                    _("The sheet is closed: a hand can only be corrected, with a reason.")
                )
            if number != top:
                raise ValidationError(
                    {"number": [_("The next hand is hand %(next)d.") % {"next": top}]}
                )
            stored_json = hand_json(hand)
            if data.get("tiles"):
                before = checked_play(event, [h.data for h in hands]).state
                stored_json = from_tiles(event, data, before)
            elif recorded_tiles:
                stored_json["tiles"] = dict(recorded_tiles)
            if hands and not same_again:
                _check_not_repeated(hands[-1], stored_json, report)
            played = checked_play(event, [*(h.data for h in hands), stored_json])
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
            count_write(table)
            new.confirmed = new.disputed = new.striking = False
            new.counts = author.player is None
            notices.hand_written(table, number, 1, author)
            maybe_close(table, sheet, [*hands, new], played, author)
            # What the sheet looks like now, for the answer (seats still to be read).
            new.view = SheetView(table, sheet, [], [*hands, new], played)
    except IntegrityError:
        return after_race(table, key, number)
    return new, True


def _check_not_repeated(
    previous: SheetHand, data: Mapping[str, Any], report: FoulReport | None
) -> None:
    if previous.data == data and previous.foul_report_id == (report.pk if report else None):
        raise ValidationError(
            {
                "same_again": [
                    _(
                        "This hand is the same as hand %(number)d. If the same really happened "
                        "again, confirm it: “Yes, the same again”."
                    )
                    % {"number": previous.number}
                ]
            }
        )


def locked_hands(
    table: Table, key: str, number: int
) -> tuple[ScoreSheet, SheetHand | None, list[SheetHand], SheetHand | None, int]:
    """Inside the writer's transaction: the locked sheet, the replay of ``key`` if stored, the
    latest version of every hand, that of hand ``number`` (or None) and the next number."""
    sheet = locked_sheet(table)
    versions = list(with_confirmation(SheetHand.objects.filter(sheet=sheet)))
    hands = latest_hands(versions)
    stored = next((h for h in hands if h.number == number), None)
    return sheet, _replayed(versions, key), hands, stored, next_number(versions)


def checked_play(event: Any, hands: list[Mapping[str, Any]]) -> Sheet:
    """The sheet played through the rulebook; a hand it refuses is a form error."""
    try:
        return play_hands(event, hands)
    except RuleError as error:
        raise rule_error(error) from None


def after_race(table: Table, key: str, number: int) -> tuple[SheetHand, bool]:
    """A concurrent writer got in between (the unique constraints said so): the replay of the
    same key, or a 409 with what it stored."""
    versions = list(with_confirmation(SheetHand.objects.filter(sheet__table=table)))
    replay = _replayed(versions, key)
    if replay is not None:
        return replay, False
    stored = next((h for h in latest_hands(versions) if h.number == number), None)
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
    check_enabled(event)
    key = clean_key(idempotency_key)
    number = check_number(number)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": [_("Say why the hand is corrected.")]})
    hand = _parse(data)
    check_hand_kind(author, hand.kind)
    check_author(table, author, reason=reason)
    report = _foul_report(table, foul_report)
    base = result_services.as_int(based_on_version)
    try:
        with transaction.atomic():
            sheet, replay, hands, stored, _top = locked_hands(table, key, number)
            check_author_under_lock(table, author, reason=reason)
            if replay is not None:
                return replay, False
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
            if data.get("tiles"):
                earlier = [h.data for h in hands if h.number < number]
                stored_json = from_tiles(event, data, checked_play(event, earlier).state)
            replaced = [stored_json if h.number == number else h.data for h in hands]
            played = checked_play(event, replaced)
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
            count_write(table)
            new.confirmed = new.disputed = new.striking = False
            new.counts = author.player is None
            notices.hand_written(table, number, new.version, author)
            now = [new if h.number == number else h for h in hands]
            if sheet.is_closed:
                write_result(table, sheet, played, author, reason=reason)
            else:
                maybe_close(table, sheet, now, played, author)
    except IntegrityError:
        return after_race(table, key, number)
    return new, True


def confirm_hand(table: Table, number: Any, *, author: Author, version: Any) -> HandConfirmation:
    """Somebody other than its author confirms a player's hand (the version they saw)."""
    event = table.round.event
    check_enabled(event)
    number = check_number(number)
    check_author(table, author, confirming=True)
    with transaction.atomic():
        sheet = locked_sheet(table)
        check_author_under_lock(table, author, confirming=True)
        versions = list(with_confirmation(SheetHand.objects.filter(sheet=sheet)))
        hands = latest_hands(versions)
        stored = next((h for h in hands if h.number == number), None)
        if stored is None:
            raise ValidationError(
                {"number": [_("There is no hand %(number)d to confirm.") % {"number": number}]}
            )
        if result_services.as_int(version) != stored.version:
            raise HandConflict(
                _(
                    "Hand %(number)d was changed meanwhile: version %(version)d is current. "
                    "Reload and try again."
                )
                % {"number": number, "version": stored.version},
                stored,
            )
        if stored.disputed:
            raise ValidationError(
                _(
                    "Hand %(number)d is disputed: a referee settles the dispute, or a player "
                    "proposes a correction."
                )
                % {"number": number}
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
                count_write(table)
        except IntegrityError:
            raise ValidationError(
                _("Hand %(number)d needs no confirmation.") % {"number": number}
            ) from None
        stored.confirmed = stored.counts = True
        if stored.striking:
            # A confirmed strike: the hand leaves the sheet.
            hands = [h for h in hands if h.number != number]
        played = play_hands(event, [h.data for h in hands])
        maybe_close(table, sheet, hands, played, author)
    return confirmation


def close_sheet(table: Table, *, author: Author, reason: str = "") -> TableResult:
    """Close the sheet before the game's natural end (the round's time ran out, or a points
    ruleset without a set length): its totals become the table result."""
    event = table.round.event
    check_enabled(event)
    if author.user is None:
        raise PermissionDenied(_("A referee closes a sheet before the end of the game."))
    check_author(table, author, reason=None)
    with transaction.atomic():
        sheet = locked_sheet(table)
        check_author_under_lock(table, author)
        if sheet.is_closed:
            raise ValidationError(_("The sheet is already closed."))
        hands = latest_hands(with_confirmation(SheetHand.objects.filter(sheet=sheet)))
        if not hands:
            raise ValidationError(_("The sheet has no hands yet."))
        disputed = [h.number for h in hands if h.disputed]
        if disputed:
            raise ValidationError(
                _("Disputed hands: %(numbers)s. The sheet closes once no hand is disputed.")
                % {"numbers": ", ".join(map(str, disputed))}
            )
        waiting = [h.number for h in hands if not h.counts]
        if waiting:
            raise ValidationError(
                _("Hands waiting for a confirmation: %(numbers)s.")
                % {"numbers": ", ".join(map(str, waiting))}
            )
        played = play_hands(event, [h.data for h in hands])
        return write_result(table, sheet, played, author, reason=reason)


def maybe_close(
    table: Table, sheet: ScoreSheet, hands: list[SheetHand], played: Sheet, author: Author
) -> None:
    if played.state.finished and all(h.counts for h in hands):
        write_result(table, sheet, played, author)


def write_result(
    table: Table, sheet: ScoreSheet, played: Sheet, author: Author, *, reason: str = ""
) -> TableResult:
    """The sheet's totals as the table's next result version. The table is locked before its
    latest version is read, so that a result entered at the same moment comes first and this
    one follows it, instead of a conflict that would lose the hand."""
    lock_table(table)
    latest = result_services.latest_version(table)
    if latest and not reason:
        reason = _("Written from the score sheet.")
    result = result_services.enter_result(
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
