"""Score sheet pages: the staff tablet page of a table's sheet and the players' page signed in
with a PIN (/e/<event>/play/). Thin: every write is a ``scoring.sheets.services`` or
``tournament.players.access.pins`` call."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from penalties.current import current_reports
from penalties.models import FoulReport
from rules import RuleError, get_ruleset
from rules.hands import hand_json, parse_hand
from scoring.sheets import services as sheets
from scoring.sheets.entry.forms import (
    WIND_LABELS,
    CorrectionForm,
    HandForm,
    PinForm,
    TableNumberForm,
    hand_initial,
)
from scoring.sheets.entry.reading.wording import describe
from scoring.sheets.offline import pages as offline
from scoring.sheets.players.reading import state_words, waiting_for
from scoring.sheets.tiles.services import tiles_enabled
from tournament.access.login import client_address
from tournament.access.params import bounded_int
from tournament.access.roles import can_view
from tournament.events.models import Event
from tournament.events.pages.timezones import event_or_404
from tournament.players.access import pins
from tournament.players.access.pins import session_player
from tournament.players.models import Player
from tournament.rounds.models import Round, Seat, Table

WINDS = ("E", "S", "W", "N")


def _table(event: Event, round_number: int, table_number: int) -> Table:
    return get_object_or_404(
        Table.objects.select_related("round__event"),
        round__event=event,
        round__number=round_number,
        number=table_number,
    )


def _messages_of(error: ValidationError) -> list[str]:
    if hasattr(error, "error_dict"):
        return [m for ms in error.message_dict.values() for m in ms]
    return list(error.messages)


def _hand_form(table: Table, view: sheets.SheetView, *, staff: bool, data=None, number=None):
    event = table.round.event
    rules = get_ruleset(event.ruleset).hand_rules
    reports = list(FoulReport.objects.filter(table=table).select_related("offender").order_by("pk"))
    initial = {"number": number or view.next_number}
    stored = next((h for h in view.hands if h.number == number), None) if number else None
    if stored is not None:
        initial.update(hand_initial(stored.data, stored.foul_report_id))
    return HandForm(
        data,
        family=rules.family,
        kinds=rules.kinds,
        seats=view.seats,
        reports=reports,
        staff=staff,
        initial=initial,
        tiles=tiles_enabled(event),
    )


def _floor_action(request: HttpRequest, table: Table, author: sheets.Author, action: str) -> None:
    """Dispute, settle, strike, call the referee, take the call: each a services call and a
    message (errors propagate to ``_handle``)."""
    post = request.POST
    number = post.get("number")
    if action == "dispute":
        sheets.dispute_hand(
            table, number, author=author, version=post.get("version"), reason=post.get("reason")
        )
        messages.success(
            request,
            _(
                "Hand %(number)s disputed: neither it nor the hands after it count until the "
                "dispute is settled."
            )
            % {"number": number},
        )
    elif action == "settle":
        sheets.settle_dispute(table, post.get("dispute"), author=author, note=post.get("note"))
        messages.success(request, _("The dispute is settled."))
    elif action == "strike":
        sheets.strike_hand(
            table,
            number,
            author=author,
            reason=post.get("reason"),
            based_on_version=post.get("version"),
            idempotency_key=post.get("idempotency_key"),
        )
        messages.success(
            request,
            _("Hand %(number)s struck.") % {"number": number}
            if author.player is None
            else _("Striking hand %(number)s awaits another player's confirmation.")
            % {"number": number},
        )
    elif action == "call":
        _call, created = sheets.call_referee(table, author=author)
        messages.success(
            request,
            _("The referee is called.") if created else _("The referee is already called."),
        )
    elif action == "take" and author.user is not None:
        sheets.take_call(table, post.get("call"), user=author.user)
        messages.success(request, _("You took the call."))


FLOOR_ACTIONS = ("dispute", "settle", "strike", "call", "take")


def _back(request: HttpRequest) -> str:
    """Where a staff action goes back to: the page it came from when it names one of this
    site's (the referee's tablet, the round board, for "Take the call"), else the sheet."""
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return back
    return request.path


def _handle(request: HttpRequest, table: Table, author: sheets.Author, *, staff: bool):
    """Run the posted action; returns (done, bound hand form with its errors or None,
    the conflict of a correction on a replaced version or None)."""
    action = request.POST.get("action", "add")
    view = sheets.read_sheet(table)
    form = None
    try:
        if action in FLOOR_ACTIONS:
            _floor_action(request, table, author, action)
            return True, None, None
        if action == "confirm":
            sheets.confirm_hand(
                table,
                request.POST.get("number"),
                author=author,
                version=request.POST.get("version"),
            )
            messages.success(
                request, _("Hand %(number)s confirmed.") % {"number": request.POST.get("number")}
            )
            return True, None, None
        if action == "close" and staff:
            sheets.close_sheet(table, author=author, reason=request.POST.get("reason", ""))
            messages.success(request, _("The sheet is closed and the table result written."))
            return True, None, None
        form = _hand_form(table, view, staff=staff, data=request.POST)
        correction = CorrectionForm(request.POST) if action == "correct" else None
        if not form.is_valid() or (correction is not None and not correction.is_valid()):
            if correction is not None:
                for errors in correction.errors.values():
                    form.add_error(None, errors)
            return False, form, None
        _write_hand(request, table, view, form, correction, author)
        return True, None, None
    except sheets.Throttled as throttled:
        messages.error(request, throttled.message)
        return False, form, None
    except ValidationError as error:
        if form is None:
            for message in _messages_of(error):
                messages.error(request, message)
            return False, None, None
        errors = dict(getattr(error, "error_dict", {}))
        if "same_again" in errors:
            form.ask_same_again(errors.pop("same_again"))
            error = ValidationError(errors) if errors else None
        for message in _messages_of(error) if error is not None else []:
            form.add_error(None, message)
        return False, form, None
    except PermissionDenied as error:
        messages.error(request, str(error) or _("You may not do that."))
        return False, form, None
    except sheets.HandConflict as conflict:
        if action == "add" and conflict.hand is not None:
            # A form for a hand already stored (Back, a reload, another phone): show that hand.
            messages.warning(request, _already_recorded(conflict.hand, view))
        elif action == "correct" and conflict.hand is not None and form is not None:
            # A correction of a version already replaced: both hands side by side.
            messages.error(request, conflict.message)
            return False, None, {"stored": conflict.hand, "proposed": form.hand()}
        else:
            messages.error(request, conflict.message)
        return True, None, None


def _write_hand(
    request: HttpRequest,
    table: Table,
    view: sheets.SheetView,
    form: HandForm,
    correction: CorrectionForm | None,
    author: sheets.Author,
) -> None:
    """Add the valid form's hand, or correct one with the correction's reason and version;
    a resend of a hand already stored says so."""
    kwargs = {
        "author": author,
        "idempotency_key": form.cleaned_data["idempotency_key"],
        "foul_report": form.cleaned_data.get("foul_report"),
    }
    number = form.cleaned_data["number"]
    if correction is not None:
        hand, created = sheets.correct_hand(
            table,
            number,
            form.hand(),
            reason=correction.cleaned_data["reason"],
            based_on_version=correction.cleaned_data["based_on_version"],
            **kwargs,
        )
    else:
        hand, created = sheets.add_hand(
            table,
            form.hand(),
            number=number,
            same_again=form.cleaned_data.get("same_again", False),
            **kwargs,
        )
    if created:
        done = (
            _("Hand %(number)d corrected.") if hand.version > 1 else _("Hand %(number)d recorded.")
        )
        messages.success(request, done % {"number": hand.number})
    elif correction is None:
        messages.info(request, _already_recorded(hand, view))


def _conflict_context(conflict: dict, names: list[str]) -> dict:
    stored = conflict["stored"]
    return {
        "stored": stored,
        "stored_text": describe(stored.data, names)
        if stored.kind != "struck"
        else _("No hand (struck)"),
        "proposed_text": describe(_stored_form(conflict["proposed"]), names),
    }


def _stored_form(data: dict) -> dict:
    """A hand as the form gives it, in the stored form ``describe`` reads."""
    try:
        return hand_json(parse_hand(data))
    except RuleError:
        return data


def _already_recorded(hand, view: sheets.SheetView) -> str:
    names = [s.player.name for s in view.seats] + [""] * (4 - len(view.seats))
    return _("Hand %(number)d is already recorded: %(hand)s. Nothing new was stored.") % {
        "number": hand.number,
        "hand": describe(hand.data, names),
    }


def _rows(
    view: sheets.SheetView,
    names: list[str],
    disputes: dict[int, list],
    *,
    staff: bool,
    me: int | None,
) -> list[dict]:
    """The sheet's rows with their words, their foul's points by wind, their open disputes
    and whether this reader may confirm them."""
    rows = []
    current = current_reports(h.foul_report_id for h in view.hands)
    players = [s.player_id for s in view.seats]
    for row in view.rows():
        hand = row["hand"]
        row["foul"] = current.get(hand.foul_report_id) if hand.foul_report_id else None
        if row["foul"] is not None:
            points = row["foul"].points_by_seat(players)
            row["foul_points"] = " · ".join(
                f"{wind} {value:+d}"
                for wind, value in zip(WIND_LABELS, points, strict=False)
                if value
            )
        row["text"] = describe(hand.data, names)
        row["tiles"] = hand.data.get("tiles")
        row["riichi"] = ", ".join(names[i] for i in hand.data.get("riichi", []))
        row["can_confirm"] = (
            not hand.counts
            and not hand.disputed
            and (staff or (me is not None and hand.entered_by_player_id != me))
        )
        # Dispute, propose a correction, strike: while the sheet is open, the version shown.
        row["open"] = not view.is_closed
        row["disputes"] = disputes.get(hand.pk, [])
        row["key"] = uuid.uuid4().hex
        rows.append(row)
    return rows


def _render_sheet(
    request: HttpRequest,
    table: Table,
    author: sheets.Author,
    *,
    staff: bool,
    form: HandForm | None = None,
    conflict: dict | None = None,
    status: int = 200,
    mine=None,
) -> HttpResponse:
    view = sheets.read_sheet(table)
    event = table.round.event
    correct = request.GET.get("correct")
    correcting = next((h for h in view.hands if str(h.number) == correct), None)
    if form is None:
        form = _hand_form(
            table, view, staff=staff, number=correcting.number if correcting else None
        )
    me = author.player.pk if author.player else None
    floor = sheets.floor_items(table.round, [table.number])
    disputes: dict[int, list] = {}
    for item in floor:
        if item.kind != "call":
            disputes.setdefault(item.hand_pk, []).append(item)
    names = [s.player.name for s in view.seats] + [""] * (4 - len(view.seats))
    rows = _rows(view, names, disputes, staff=staff, me=me)
    context = {
        "event": event,
        "round": table.round,
        "table": table,
        "view": view,
        "rows": rows,
        "seats": list(zip(WIND_LABELS, view.seats, strict=False)),
        "totals": list(zip(WIND_LABELS, view.counted_totals, view.seats, strict=False)),
        "form": form,
        "correcting": correcting,
        "correction": CorrectionForm(initial={"based_on_version": correcting.version})
        if correcting
        else None,
        "staff": staff,
        # A floor referee of the table who may not enter its results confirms players' hands
        # here, and is told why the rest is not offered.
        "may_write": author.player is not None or sheets.can_write_sheet(author.user, table),
        "player": author.player,
        "family": get_ruleset(event.ruleset).hand_rules.family,
        "with_tiles": tiles_enabled(event),
        "calls": [item for item in floor if item.kind == "call"],
        "history": sheets.sheet_history(table),
        "conflict": _conflict_context(conflict, names) if conflict else None,
        "me": me,
    }
    context["state_words"] = state_words(view.played.state, context["family"])
    if author.player is not None:
        context["signed_player"] = author.player
        context["waiting"] = waiting_for(author.player, view)
        if mine is not None:
            context.update(mine(request, event, author.player, view))
    return render(request, "sheets/sheet.html", context, status=status)


# The sheet pages carry a hand form for hand N: never kept by the browser's or a proxy's cache,
# so that Back shows the sheet as it is now (a form kept anyway is answered by the services:
# hand N is already recorded).
@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def sheet_page(request: HttpRequest, slug: str, round_number: int, table_number: int):
    event = event_or_404(slug=slug)
    if not can_view(request.user, event):
        raise Http404
    table = _table(event, round_number, table_number)
    if not event.keeps_score_sheets:
        raise Http404
    if not sheets.can_write_sheet(request.user, table) and not sheets.referees_table(
        request.user, table
    ):
        raise PermissionDenied
    author = sheets.Author(user=request.user)
    if request.method == "POST":
        done, form, conflict = _handle(request, table, author, staff=True)
        if done:
            return redirect(_back(request))
        return _render_sheet(
            request,
            table,
            author,
            staff=True,
            form=form,
            conflict=conflict,
            status=409 if conflict else 400,
        )
    return _render_sheet(request, table, author, staff=True)


def is_live_refresh(request: HttpRequest) -> bool:
    """The page's live part refreshing itself (``static/js/live.js``)."""
    return request.headers.get("X-Requested-With") == "live"


@never_cache
@require_http_methods(["GET", "POST"])
def play(request: HttpRequest, slug: str, mine=None, live=None) -> HttpResponse:
    """The players' page: sign in with the PIN, then the sheet of your table in the live round.
    ``mine(request, event, player, sheet view or None)``: the rest of the player's own page (seats,
    clock, results, places), and ``live(request, slug)``: its live part alone, asked for by the
    page's own refresh; the layers above the sheets give both (``scoring.public.views.mine``,
    joined in ``config.urls``)."""
    if live is not None and request.method == "GET" and is_live_refresh(request):
        return live(request, slug)
    event = event_or_404(slug=slug)
    if not event.keeps_score_sheets or not event.players_enter_hands:
        raise Http404
    player = session_player(request, slug)
    if request.method == "POST" and request.POST.get("action") == "sign-out":
        pins.forget(request.session)
        response = redirect(request.path)
        # The phone forgets the pages its service worker kept of this player (offline.pages).
        response["Clear-Site-Data"] = '"cache", "storage"'
        return response
    if player is None:
        return _sign_in(request, event)
    seat = pins.live_seat(player)
    if seat is None:
        etag = offline.play_etag(player, None, event.revision)
        if (answer := offline.unchanged(request, etag)) is not None:
            return answer
        context = {"event": event, "player": player, "signed_player": player}
        if mine is not None:
            context.update(mine(request, event, player, None))
        return offline.mark(
            render(request, "sheets/play_wait.html", context), request, player, etag
        )
    etag = offline.play_etag(player, seat.table, event.revision)
    if (answer := offline.unchanged(request, etag)) is not None:
        return answer
    table = Table.objects.select_related("round__event").get(pk=seat.table_id)
    author = sheets.Author(player=player)
    if request.method == "POST":
        done, form, conflict = _handle(request, table, author, staff=False)
        if done:
            return redirect(request.path)
        return _render_sheet(
            request,
            table,
            author,
            staff=False,
            form=form,
            conflict=conflict,
            status=409 if conflict else 400,
            mine=mine,
        )
    return offline.mark(
        _render_sheet(request, table, author, staff=False, mine=mine), request, player, etag
    )


def _sign_in_choices(request: HttpRequest, event: Event) -> tuple[list[Player], int | None]:
    """Whom the sign-in offers: the player of the card's link (``?player=``), or the four at
    table ``?table=`` of the live round (or the round being seated next)."""
    chosen = bounded_int(request.GET.get("player"))
    if chosen:
        found = list(Player.objects.filter(event=event, pk=chosen))
        if found:
            return found, None
    number = bounded_int(request.GET.get("table"))
    if not number:
        return [], None
    seats = (
        Seat.objects.filter(
            round__event=event, round__status=Round.Status.LIVE, table__number=number
        )
        .select_related("player")
        .order_by()
    )
    seated = sorted(seats, key=lambda s: (s.round_id, WINDS.index(s.wind)))
    players = [s.player for s in seated][:4]
    return players, number


def _sign_in(request: HttpRequest, event: Event) -> HttpResponse:
    choices, table = _sign_in_choices(request, event)
    status = 200
    form = PinForm(request.POST or None, choices=choices, event=event)
    if (
        request.method == "POST"
        and form.is_valid()
        and table
        and form.cleaned_data["player"] not in choices
    ):
        # A PIN given at another table's sign-in is not judged: nothing changes, not even
        # the brake's counts.
        form.add_error(
            "player",
            _("%(name)s does not sit at table %(table)s in the round being played.")
            % {"name": form.cleaned_data["player"].name, "table": table},
        )
        status = 400
    elif request.method == "POST" and form.is_valid():
        player = form.cleaned_data["player"]
        if player not in choices:
            choices = [player]
            form.fields["player"].choices = [(player.pk, player.name)]
        try:
            right = pins.sign_in(
                event,
                player,
                form.cleaned_data["pin"],
                client_address(request),
                session=request.session,
            )
        except pins.PinThrottled as throttled:
            form.add_error(
                "pin",
                ngettext(
                    "Too many wrong PINs for %(name)s. Try again in %(count)d second.",
                    "Too many wrong PINs for %(name)s. Try again in %(count)d seconds.",
                    throttled.seconds,
                )
                % {"name": player.name, "count": throttled.seconds},
            )
            status = 429
        else:
            if right:
                pins.remember(request.session, player, event.slug)
                return redirect(request.path)
            form.add_error("pin", _("This is not %(name)s's PIN.") % {"name": player.name})
            status = 400
    elif request.method == "POST":
        status = 400
    context = {
        "event": event,
        "form": form,
        "choices": choices,
        "table": table,
        "table_form": TableNumberForm(initial={"table": table} if table else None),
        "not_found": table is not None and not choices,
    }
    return render(request, "sheets/sign_in.html", context, status=status)
