"""Hands from the players' side: dispute a hand, settle a dispute, strike a hand entered by
mistake, call the referee and take the call. Every step is a new append-only row
(``HandDispute``, ``DisputeResolution``, a ``struck`` hand version, ``RefereeCall``,
``RefereeCallTaken``); whether a hand counts is read from them, never stored.

Disputes and calls are throttled per author (a cache counter, as the PIN brake counts): at most
``SHEET_DISPUTES_PER_AUTHOR`` disputes and ``SHEET_CALLS_PER_AUTHOR`` calls in
``SHEET_THROTTLE_SECONDS``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from scoring.results import services as result_services
from scoring.sheets.disputes.reading import open_calls
from scoring.sheets.entry import notices
from scoring.sheets.entry.access import (
    Author,
    check_author,
    check_author_under_lock,
    check_enabled,
    referees_table,
)
from scoring.sheets.entry.reading import latest_hands, play_hands, with_confirmation
from scoring.sheets.entry.services import (
    HandConflict,
    after_race,
    check_number,
    checked_play,
    clean_key,
    count_write,
    locked_hands,
    locked_sheet,
    maybe_close,
)
from scoring.sheets.models import (
    STRUCK,
    DisputeResolution,
    HandDispute,
    RefereeCall,
    RefereeCallTaken,
    SheetHand,
)
from tournament import errors
from tournament.access import brake
from tournament.rounds.models import Table

MAX_REASON = 1000


class Throttled(errors.TooMany):
    """Too many disputes or calls from one author: try again in ``seconds`` (HTTP 429)."""


def _setting(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def _throttle(what: str, author: Author, limit_setting: str, default: int) -> None:
    """Count one more ``what`` by ``author``; refuse past the limit within the window."""
    seconds = _setting("SHEET_THROTTLE_SECONDS", 600)
    who = f"p{author.player.pk}" if author.player is not None else f"u{author.user.pk}"
    key = f"sheets:{what}:{who}"
    if brake.hit(key, seconds) > _setting(limit_setting, default):
        raise Throttled(
            _("Too many requests from this phone. Try again in a few minutes, or ask a referee."),
            seconds,
        )


def _reason(reason: Any, message: str) -> str:
    reason = str(reason or "").strip()
    if not reason:
        raise ValidationError({"reason": [message]})
    if len(reason) > MAX_REASON:
        raise ValidationError({"reason": [_("The reason is too long (at most 1000 characters).")]})
    return reason


def _changed(number: int, stored: SheetHand) -> HandConflict:
    return HandConflict(
        _(
            "Hand %(number)d was changed meanwhile: version %(version)d is current. "
            "Reload and try again."
        )
        % {"number": number, "version": stored.version},
        stored,
    )


def dispute_hand(
    table: Table, number: Any, *, author: Author, version: Any, reason: Any
) -> HandDispute:
    """Dispute the version of hand ``number`` the author saw: it stops counting, and the
    sheet cannot close, until a referee settles the dispute or a new version replaces it."""
    check_enabled(table.round.event)
    number = check_number(number)
    reason = _reason(reason, _("Say why the hand is disputed."))
    check_author(table, author, confirming=True)
    _throttle("dispute", author, "SHEET_DISPUTES_PER_AUTHOR", 5)
    with transaction.atomic():
        sheet = locked_sheet(table)
        check_author_under_lock(table, author, confirming=True)
        hands = latest_hands(with_confirmation(SheetHand.objects.filter(sheet=sheet)))
        stored = next((h for h in hands if h.number == number), None)
        if stored is None:
            raise ValidationError(
                {"number": [_("There is no hand %(number)d to dispute.") % {"number": number}]}
            )
        if sheet.is_closed:
            raise ValidationError(
                _(
                    "The sheet is closed and the table result written: a dispute no longer "
                    "changes it. Call the referee; a referee corrects a closed sheet."
                )
            )
        if result_services.as_int(version) != stored.version:
            raise _changed(number, stored)
        if stored.disputed:
            raise ValidationError(_("Hand %(number)d is already disputed.") % {"number": number})
        dispute = HandDispute.objects.create(
            hand_id=stored.pk,
            raised_by=author.user,
            raised_by_player=author.player,
            reason=reason,
        )
        count_write(table)
        notices.hand_disputed(table, number, dispute.pk, author)
        return dispute


def settle_dispute(table: Table, dispute_id: Any, *, author: Author, note: Any = "") -> None:
    """A referee of the table (or staff who may write it) keeps the disputed hand as it is;
    the player who raised the dispute may withdraw it. The hand counts again (if confirmed)
    and the sheet may close."""
    event = table.round.event
    check_enabled(event)
    if author.user is not None:
        check_author(table, author, confirming=True)
    dispute = (
        HandDispute.objects.filter(
            pk=result_services.as_int(dispute_id) or 0, hand__sheet__table=table
        )
        .select_related("hand")
        .first()
    )
    if dispute is None:
        raise ValidationError(_("There is no such dispute at this table."))
    if author.player is not None:
        if author.player.pk != dispute.raised_by_player_id:
            raise PermissionDenied(
                _("A referee settles a dispute; only the player who raised it may withdraw it.")
            )
        check_author(table, author)
    with transaction.atomic():
        sheet = locked_sheet(table)
        check_author_under_lock(table, author, confirming=author.user is not None)
        try:
            with transaction.atomic():
                DisputeResolution.objects.create(
                    dispute=dispute,
                    resolved_by=author.user,
                    resolved_by_player=author.player,
                    note=str(note or "").strip()[:MAX_REASON],
                )
                count_write(table)
        except IntegrityError:
            raise ValidationError(_("This dispute is already settled.")) from None
        hands = latest_hands(with_confirmation(SheetHand.objects.filter(sheet=sheet)))
        if not sheet.is_closed and hands:
            maybe_close(table, sheet, hands, play_hands(event, [h.data for h in hands]), author)


def strike_hand(
    table: Table,
    number: Any,
    *,
    author: Author,
    reason: Any,
    based_on_version: Any,
    idempotency_key: Any,
) -> tuple[SheetHand, bool]:
    """A correction of hand ``number`` to "no hand" (a hand entered by mistake). A player's
    strike counts once another player of the table or a referee confirms it, as any
    correction does; then the hand leaves the sheet and keeps its number."""
    event = table.round.event
    check_enabled(event)
    key = clean_key(idempotency_key)
    number = check_number(number)
    reason = _reason(reason, _("Say why the hand is struck."))
    check_author(table, author, reason=reason)
    base = result_services.as_int(based_on_version)
    try:
        with transaction.atomic():
            sheet, replay, hands, stored, _top = locked_hands(table, key, number)
            check_author_under_lock(table, author, reason=reason)
            if replay is not None:
                return replay, False
            if stored is None:
                raise ValidationError(
                    {"number": [_("There is no hand %(number)d to strike.") % {"number": number}]}
                )
            if base != stored.version:
                raise _changed(number, stored)
            if sheet.is_closed:
                raise (
                    PermissionDenied(_("The sheet is closed: a referee corrects it."))
                    if author.player is not None
                    else ValidationError(
                        _("The sheet is closed: correct the hand instead of striking it.")
                    )
                )
            rest = [h for h in hands if h.number != number]
            played = checked_play(event, [h.data for h in rest])
            new = SheetHand.objects.create(
                sheet=sheet,
                number=number,
                version=stored.version + 1,
                kind=STRUCK,
                data={"kind": STRUCK},
                reason=reason,
                idempotency_key=key,
                entered_by=author.user,
                entered_by_player=author.player,
            )
            count_write(table)
            if author.player is None:
                maybe_close(table, sheet, rest, played, author)
    except IntegrityError:
        return after_race(table, key, number)
    return new, True


def call_referee(table: Table, *, author: Author) -> tuple[RefereeCall, bool]:
    """A player calls the referee to the table. While a call is open, calling again returns
    it (created False) instead of a second call."""
    if author.player is None:
        raise PermissionDenied(_("A player of the table calls the referee."))
    check_author(table, author)
    _throttle("call", author, "SHEET_CALLS_PER_AUTHOR", 3)
    with transaction.atomic():
        locked_sheet(table)
        check_author_under_lock(table, author)
        open_call = open_calls(RefereeCall.objects.filter(table=table)).first()
        if open_call is not None:
            return open_call, False
        call = RefereeCall.objects.create(
            round_id=table.round_id, table=table, called_by_player=author.player
        )
        count_write(table)
        return call, True


def take_call(table: Table, call_id: Any, *, user) -> RefereeCallTaken:
    """A referee of the table (or staff who may write its sheet) takes the call."""
    if not referees_table(user, table):
        check_author(table, Author(user=user), reason=None)
    call = RefereeCall.objects.filter(pk=result_services.as_int(call_id) or 0, table=table).first()
    if call is None:
        raise ValidationError(_("There is no such call at this table."))
    try:
        with transaction.atomic():
            taken = RefereeCallTaken.objects.create(call=call, taken_by=user)
            count_write(table)
            return taken
    except IntegrityError:
        raise ValidationError(_("This call was already taken.")) from None
