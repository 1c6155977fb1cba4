"""The director's round board at ``/director/<event>/rounds/<n>/``: the tiles of
``scoring.board.tiles``, a JSON feed that static/js/round-board.js polls, and closing the round,
which asks for confirmation naming the tables without a counting result."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from scoring.board import tiles as board
from scoring.sheets import services as sheets
from tournament.access.pages import director_required
from tournament.events.models import Event
from tournament.rounds import services as round_services
from tournament.rounds.forms import RoundStatusForm, RoundTimeForm
from tournament.rounds.models import Round
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
    confirm: list[int] | None = None,
    status: int = 200,
) -> HttpResponse:
    tiles = board.board_tiles(round_)
    labels = board.state_labels()
    return render(
        request,
        "director/round_board.html",
        {
            "event": event,
            "round": round_,
            "tiles": [t.as_json(labels) for t in tiles],
            "missing": board.missing_tables(tiles),
            "confirm_missing": confirm,
            "clock": board.clock_json(round_, timezone.now()),
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
    tiles = board.board_tiles(round_)
    labels = board.state_labels()
    return JsonResponse(
        {
            "round": round_.number,
            "status": round_.status,
            "status_label": round_.get_status_display(),
            "tables": [t.as_json(labels) for t in tiles],
            "missing": board.missing_tables(tiles),
            "clock": board.clock_json(round_, timezone.now()),
            "floor": [
                {
                    "table": item.table,
                    "kind": item.kind,
                    "id": item.pk,
                    "hand": item.number,
                    "reason": item.reason,
                    "by": item.by,
                    "created_at": item.created_at.isoformat(),
                }
                for item in _floor(round_)
            ],
        }
    )


def _floor(round_: Round) -> list[sheets.FloorItem]:
    """Open disputes (correction requests once the round is closed) and referee calls: two
    queries, at an event that keeps score sheets."""
    return sheets.floor_items(round_) if round_.event.keeps_score_sheets else []


def _numbers(text: str) -> list[int]:
    return sorted({int(part) for part in text.split(",") if part.strip().isdigit()})


@director_required
@require_http_methods(["POST"])
def round_close(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Close the round. With tables lacking a counting result, the first press shows which
    and asks again; the confirmation names the tables it was given for, so a table that lost
    its result meanwhile asks once more."""
    round_ = _round(event, number)
    missing = board.missing_tables(board.board_tiles(round_))
    if missing and _numbers(request.POST.get("confirm_missing", "")) != missing:
        return _page(request, event, round_, confirm=missing, status=409)
    try:
        round_services.update_round(round_, status=Round.Status.CLOSED, by=request.user)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Round %(number)d closed.") % {"number": round_.number})
    return redirect("board:round", slug=event.slug, number=round_.number)
