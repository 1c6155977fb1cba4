"""The director's round board at ``/director/<event>/rounds/<n>/``: the tiles of
``scoring.board.reading``, a JSON feed that static/js/round-board.js polls, closing the round,
which asks first (``tournament.access.confirm``), naming the tables without a counting result,
and confirming at once the results of the sheets the players confirmed."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from scoring.board import reading as board
from scoring.results import services as results_services
from scoring.sheets import services as sheets
from tournament.access.confirm import Question, confirmed, question_context
from tournament.access.pages import director_required
from tournament.events.models import Event
from tournament.rounds import services as round_services
from tournament.rounds.forms import RoundStatusForm, RoundTimeForm
from tournament.rounds.models import Round
from tournament.rounds.reading import tabletimes
from tournament.rounds.services import BACKWARD_MOVES, ROUND_TRANSITIONS


def _round(event: Event, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("event"), event=event, number=number)


def _moves(round_: Round) -> list[tuple[str, str, bool]]:
    """(status, label, backward) of the moves the round may make, closing left out (it has
    its own button)."""
    return [
        (status, Round.Status(status).label, (round_.status, status) in BACKWARD_MOVES)
        for status in sorted(ROUND_TRANSITIONS.get(round_.status, set()))
        if status != Round.Status.CLOSED
    ]


def _page(
    request: HttpRequest,
    event: Event,
    round_: Round,
    *,
    question: Question | None = None,
    status: int = 200,
) -> HttpResponse:
    now = timezone.now()
    times = tabletimes.round_times(round_, now)
    tiles = board.board_tiles(round_, times)
    labels = board.state_labels()
    return render(
        request,
        "director/round_board.html",
        {
            "event": event,
            "round": round_,
            "tiles": [t.as_json(labels) for t in tiles],
            "missing": board.missing_tables(tiles),
            "asking": question is not None,
            **(question_context(request, question) if question is not None else {}),
            "sheet_results": results_services.sheet_results_to_confirm(round_, request.user),
            "clock": board.clock_json(round_, now, times),
            "extensions": tabletimes.extensions_of(round_),
            "extension_key": uuid.uuid4().hex,
            "moves": _moves(round_),
            "status_form": RoundStatusForm(),
            "time_form": RoundTimeForm(
                initial={"starts_at": round_.starts_at, "length_minutes": round_.length_minutes}
            ),
            "rounds": list(event.rounds.values_list("number", flat=True)),
            "floor": _floor(round_),
        },
        status=status,
    )


@director_required
@require_GET
def round_board(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    return _page(request, event, _round(event, number))


@director_required
@require_GET
def round_board_json(request: HttpRequest, event: Event, number: int) -> JsonResponse:
    round_ = _round(event, number)
    now = timezone.now()
    times = tabletimes.round_times(round_, now)
    tiles = board.board_tiles(round_, times)
    labels = board.state_labels()
    return JsonResponse(
        {
            "round": round_.number,
            "status": round_.status,
            "status_label": round_.get_status_display(),
            "tables": [t.as_json(labels) for t in tiles],
            "missing": board.missing_tables(tiles),
            "clock": board.clock_json(round_, now, times),
            "floor": [
                {
                    "table": item.table,
                    "kind": item.kind,
                    "id": item.pk,
                    "hand": item.number,
                    "reason": item.reason,
                    "by": item.by,
                    "created_at": timezone.localtime(item.created_at).isoformat(),
                }
                for item in _floor(round_)
            ],
        }
    )


def _floor(round_: Round) -> list[sheets.FloorItem]:
    """Open disputes (correction requests once the round is closed) and referee calls: two
    queries, at an event that keeps score sheets."""
    return sheets.floor_items(round_) if round_.event.keeps_score_sheets else []


def _close_question(event: Event, round_: Round, missing: list[int]) -> Question:
    """Closing ``round_``: what it does, and the tables it leaves without a counting result
    (a table that loses its result before the confirmation asks again)."""
    tables = ", ".join(map(str, missing))
    return Question(
        action=f"close-round:{round_.pk}",
        title=_("Close round %(number)d?") % {"number": round_.number},
        warnings=[
            ngettext(
                "Table %(tables)s has no counting result. Close the round anyway?",
                "Tables %(tables)s have no counting result. Close the round anyway?",
                len(missing),
            )
            % {"tables": tables}
        ]
        if missing
        else [],
        consequences=(
            _(
                "Its results count as they stand. Afterwards only you can change a result or "
                "record a foul at its tables, with a reason."
            ),
            _("Players, scorekeepers and referees can no longer write at its tables."),
        ),
        button=_("Close anyway")
        if missing
        else _("Close round %(number)d") % {"number": round_.number},
        back=reverse("board:round", args=[event.slug, round_.number]),
        about=tables,
    )


@director_required
@require_http_methods(["POST"])
def round_close(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Close the round, once the director confirmed the question the board asks in place."""
    round_ = _round(event, number)
    if round_.status == Round.Status.LIVE:
        missing = board.missing_tables(board.board_tiles(round_))
        question = _close_question(event, round_, missing)
        if not confirmed(request, question):
            return _page(request, event, round_, question=question, status=409)
    try:
        round_services.update_round(round_, status=Round.Status.CLOSED, by=request.user)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Round %(number)d closed.") % {"number": round_.number})
    return redirect("board:round", slug=event.slug, number=round_.number)


@director_required
@require_http_methods(["POST"])
def confirm_sheets(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Confirm at once every result written by a score sheet whose hands the players
    confirmed, instead of one table after another."""
    round_ = _round(event, number)
    try:
        confirmed_tables = results_services.confirm_sheet_results(round_, request.user)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    except (PermissionDenied, results_services.ResultConflict) as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            ngettext(
                "Table %(tables)s: result confirmed.",
                "Tables %(tables)s: results confirmed.",
                len(confirmed_tables),
            )
            % {"tables": ", ".join(map(str, confirmed_tables))},
        )
    return redirect("board:round", slug=event.slug, number=round_.number)
