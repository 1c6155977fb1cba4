"""The tablet's result page: a table's four scores entered, corrected or confirmed by the
scorekeepers, head referees, the director and (where the event allows) floor referees.

A thin view over ``scoring.results.services``: every rule (rights, live round, sum, reason, stale
versions, idempotency) is checked there. Like the foul forms, the page posts normally and
static/js/offline-queue.js sends it with ``Accept: application/json`` through the offline
queue. A stale ``based_on_version`` writes nothing: the page shows the version somebody else
stored beside the one typed here."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scoring.results import services as result_services
from scoring.results.forms import ConfirmForm, ResultForm, score_field_name
from scoring.results.models import TableResult
from tournament.access.roles import can_enter_results, can_view, is_director, is_staff_of
from tournament.events.models import Event
from tournament.events.pages.timezones import activate_event_time_zone
from tournament.numbers import shown
from tournament.rounds.models import WIND_ORDER, Round, Table


def group_digits(value: int) -> str:
    """30000 -> "30 000" (the digit groups a scorekeeper reads on a score sheet), a negative
    number with the minus sign of every page (``tournament.numbers``)."""
    return shown(value, group=True)


def sum_message(total: int, expected: int, sticks: int) -> str:
    """The sum check of docs/rules/standings.md#table-result in words: "Adds up to 119 000,
    1 000 short."."""
    diff = total - expected
    values = {"total": group_digits(total), "diff": group_digits(abs(diff))}
    if diff == 0:
        return _("Adds up to %(total)s.") % values
    if diff < 0 and sticks and -diff % sticks == 0:
        return _("Adds up to %(total)s, %(diff)s short: riichi sticks left the game.") % values
    if diff < 0:
        return _("Adds up to %(total)s, %(diff)s short.") % values
    return _("Adds up to %(total)s, %(diff)s over.") % values


def forbidden_page(request: HttpRequest, event: Event, message: str) -> HttpResponse:
    """A 403 that says why and leads back to the referee's tables."""
    return render(
        request, "referee/forbidden.html", {"slug": event.slug, "message": message}, status=403
    )


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _versions(table: Table) -> list[dict]:
    rows = []
    for result in result_services.result_versions(table):
        by_wind = {s.wind: s.score for s in result.scores.all()}
        rows.append(
            {
                "result": result,
                "scores": [group_digits(by_wind[w]) if w in by_wind else "–" for w in WIND_ORDER],
            }
        )
    return rows


def _conflict(table: Table, form: ResultForm, seats) -> dict | None:
    current = table.results.prefetch_related("scores").select_related("entered_by").first()
    if current is None:
        return None
    theirs = {s.wind: s.score for s in current.scores.all()}
    yours = form.cleaned_data.get("scores", {})
    return {
        "version": current.version,
        "entered_by": current.entered_by.get_username(),
        "reason": current.reason,
        "rows": [
            {
                "wind": str(wind.label),
                "name": seat.player.name if seat else "",
                "yours": group_digits(yours[wind.value]) if wind.value in yours else "–",
                "theirs": group_digits(theirs[wind.value]) if wind.value in theirs else "–",
            }
            for wind, seat in zip(WIND_ORDER, seats, strict=True)
        ],
    }


@login_required
@require_http_methods(["GET", "POST"])
def result_page(
    request: HttpRequest, slug: str, round_number: int, table_number: int
) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    if not can_view(request.user, event):
        raise Http404
    activate_event_time_zone(event)
    if not is_staff_of(request.user, event):
        return forbidden_page(request, event, _("You are not staff of this event."))
    table = get_object_or_404(
        Table.objects.select_related("round"),
        round__event=event,
        round__number=round_number,
        number=table_number,
    )
    director = is_director(request.user, event)
    if not director and not can_enter_results(request.user, event, table.number):
        return forbidden_page(
            request,
            event,
            _(
                "You may not enter results for table %(table)d: it is not one of your tables, "
                "or your role does not enter results in this event."
            )
            % {"table": table.number},
        )
    seat_rows = list(table.seats.select_related("player"))
    by_wind = {s.wind: s for s in seat_rows}
    seats = [by_wind.get(w.value) for w in WIND_ORDER]
    versions = _versions(table)
    latest = versions[0]["result"] if versions else None
    form = ResultForm(
        request.POST
        if request.method == "POST" and request.POST.get("action") != "confirm"
        else None,
        seats=seat_rows,
        initial=_initial(latest),
    )
    status = 200
    conflict = None
    if request.method == "POST":
        if request.POST.get("action") not in (None, "save", "confirm"):
            return JsonResponse({"errors": {}}, status=400)
        if request.POST.get("action") == "confirm":
            answer = _confirm(request, event, table)
            if answer is not None:
                return answer
            return redirect(request.path)
        if form.is_valid():
            answer, status, conflict = _save(request, table, form, seats)
            if answer is not None:
                return answer
        if form.errors:
            status = status if status in (403, 409) else 400
            if _wants_json(request):
                return JsonResponse(
                    {"errors": form.errors.get_json_data(), "conflict": conflict}, status=status
                )
    context = _page_context(request, event, table, form, versions, conflict, director=director)
    return render(request, "referee/result.html", context, status=status)


def _initial(latest: TableResult | None) -> dict:
    """The form's start: the version it is based on and, for a correction, the current
    scores (not an empty form)."""
    return {
        "based_on_version": latest.version if latest else 0,
        **({score_field_name(s.wind): s.score for s in latest.scores.all()} if latest else {}),
    }


def _save(
    request: HttpRequest, table: Table, form: ResultForm, seats: list
) -> tuple[HttpResponse | None, int, dict | None]:
    """Enter the valid form's result: the answer when saved (or replayed), else None with
    the page's status and, for a conflict, the current version beside the form's."""
    data = form.cleaned_data
    try:
        result = result_services.enter_result(
            table,
            request.user,
            data["scores"],
            based_on_version=data.get("based_on_version") or 0,
            reason=data.get("reason", ""),
            idempotency_key=data["idempotency_key"],
        )
    except result_services.ResultConflict as exc:
        form.add_error(None, exc.message)
        return None, 409, _conflict(table, form, seats)
    except ValidationError as exc:
        for field, errors in exc.message_dict.items():
            form.add_error("reason" if field == "reason" else None, errors)
        return None, 200, None
    except PermissionDenied as exc:
        form.add_error(None, str(exc) or _("You may not enter results for this table."))
        return None, 403, None
    else:
        replayed = getattr(result, "replayed", False)
        url = request.path
        if _wants_json(request):
            answer = JsonResponse(
                {"id": result.pk, "created": not replayed, "receipt": url},
                status=200 if replayed else 201,
            )
            return answer, 200, None
        if replayed:
            messages.info(
                request,
                _("Version %(version)d was already saved from this form.")
                % {"version": result.version},
            )
        else:
            saved = (
                _("Version %(version)d saved: the result is corrected.")
                if result.version > 1
                else _("Version %(version)d saved.")
            )
            messages.success(request, saved % {"version": result.version})
        return redirect(url), 200, None


def _page_context(
    request: HttpRequest,
    event: Event,
    table: Table,
    form: ResultForm,
    versions: list,
    conflict: dict | None,
    *,
    director: bool,
) -> dict:
    """The result page: the form, the versions, the confirmation and the sum line."""
    latest = versions[0]["result"] if versions else None
    expected, sticks = result_services.result_sum_target(event)
    total = form.total() if form.is_bound else None
    confirmable = (
        latest is not None
        and event.results_need_confirmation
        and latest.confirmed_by_id is None
        and latest.entered_by_id != request.user.pk
    )
    return {
        "event": event,
        "table": table,
        "round": table.round,
        "form": form,
        "score_fields": [form[n] for n, _s in form.seat_fields],
        "versions": versions,
        "latest": latest,
        "conflict": conflict,
        "confirmable": confirmable,
        "confirm_form": ConfirmForm(initial={"version": latest.version}) if latest else None,
        "expected": expected,
        "sticks": sticks,
        "sum_line": sum_message(total, expected, sticks) if total is not None else "",
        "not_live": table.round.status != Round.Status.LIVE,
        "is_director": director,
        "winds": [str(w.label) for w in WIND_ORDER],
        "score_names": [score_field_name(w.value) for w in WIND_ORDER],
        "messages_short": {
            "exact": _("Adds up to %(total)s."),
            "short": _("Adds up to %(total)s, %(diff)s short."),
            "over": _("Adds up to %(total)s, %(diff)s over."),
            "sticks": _("Adds up to %(total)s, %(diff)s short: riichi sticks left the game."),
        },
    }


def _confirm(request: HttpRequest, event: Event, table: Table) -> HttpResponse | None:
    """Confirming is a write like entering: checked by the service, queued offline, and a
    resend of a confirmation already stored by the same person answers as done."""
    form = ConfirmForm(request.POST)
    error = None
    code = 400
    version = None
    if not form.is_valid():
        error = _("Choose the version to confirm.")
    else:
        version = form.cleaned_data["version"]
        try:
            result_services.confirm_result(table, request.user, version)
        except result_services.ResultConflict as exc:
            error, code = exc.message, 409
        except ValidationError as exc:
            done = TableResult.objects.filter(
                table=table, version=version, confirmed_by=request.user
            ).exists()
            if not done:
                error = " ".join(exc.messages)
        except PermissionDenied as exc:
            error, code = str(exc), 403
    if _wants_json(request):
        if error:
            return JsonResponse({"errors": {"__all__": [{"message": error}]}}, status=code)
        return JsonResponse({"id": version, "created": True, "receipt": request.path}, status=200)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, _("Version %(version)d confirmed.") % {"version": version})
    return None


def result_link(event: Event, round_number: int, table_number: int) -> str:
    return reverse("results:table", args=[event.slug, round_number, table_number])
