"""The referee's tablet pages and the head referee's foul list: thin views over
``penalties.services``. Forms post normally; static/js/offline-queue.js adds the offline queue
and asks for JSON with ``Accept: application/json``."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from penalties import services
from penalties.handcheck import services as handcheck
from penalties.models import FoulReport
from penalties.tablet.access import (
    any_staff_of,
    explain_forbidden,
    is_head,
    seats_by_wind,
    seats_of,
    staff_of,
    table_of,
    wants_json,
)
from penalties.tablet.forms import FoulForm
from penalties.tablet.reading import render_panels
from penalties.wording import foul_description
from rules import CATALOGUE, get_ruleset
from tournament.access.params import bounded_int
from tournament.access.roles import can_enter_results
from tournament.collation import by_name
from tournament.events.models import Event
from tournament.events.reading.ordering import latest_first
from tournament.hall import services as hall_services
from tournament.rounds.models import Round, Table
from tournament.rounds.reading import tabletimes
from tournament.staff.models import RefereeAssignment
from tournament.staff.services.invitations import has_new_roles

require_GET_POST = require_http_methods(["GET", "POST"])

COMMON_FOULS = (
    "chombo",
    "false_win",
    "exposed_tiles",
    "wrong_wall_draw",
    "long_hand",
    "short_hand",
    "wrong_claim",
    "misnamed_discard",
)


@login_required
@require_GET
def home(request: HttpRequest) -> HttpResponse:
    recording = (
        RefereeAssignment.Role.HEAD,
        RefereeAssignment.Role.FLOOR,
        RefereeAssignment.Role.SCOREKEEPER,
    )
    events = Event.objects.filter(
        Q(director=request.user) | Q(referees__user=request.user, referees__role__in=recording)
    )
    events = latest_first(events.distinct())
    if len(events) == 1 and not has_new_roles(request.user):
        return redirect("referee:tables", slug=events[0].slug)
    return render(request, "referee/home.html", {"events": events})


@login_required
@require_GET
@explain_forbidden
def my_tables(request: HttpRequest, slug: str) -> HttpResponse:
    event, assignment, can_record = any_staff_of(request, slug)
    live = event.rounds.filter(status=Round.Status.LIVE).order_by("-number").first()
    tables = []
    if live:
        for table in live.tables.prefetch_related("seats__player"):
            mine = assignment is None or assignment.covers_table(table.number)
            tables.append(
                {
                    "table": table,
                    "mine": mine,
                    "seats": seats_by_wind(list(table.seats.all())),
                    "results": can_enter_results(request.user, event, table.number),
                }
            )
        tables.sort(key=lambda t: (not t["mine"], t["table"].number))
    return render(
        request,
        "referee/my_tables.html",
        {
            "event": event,
            "round": live,
            "tables": tables,
            "is_head": is_head(assignment),
            "can_record": can_record,
            "assigned": assignment.table_numbers if assignment else [],
            "offline_urls": offline_urls(event, live, tables, can_record) if live else [],
            "panels": render_panels(
                request, live, [t["table"].number for t in tables if t["mine"]]
            ),
        },
    )


@login_required
@require_GET
@explain_forbidden
def table_page(request: HttpRequest, slug: str, round_number: int, table_number: int):
    event, assignment, can_record = any_staff_of(request, slug)
    table = table_of(event, round_number, table_number, assignment)
    ruleset = get_ruleset(event.ruleset)
    common = [(code, _(CATALOGUE[code].label)) for code in COMMON_FOULS if code in ruleset.codes]
    others = [
        (code, _(CATALOGUE[code].label))
        for code in ruleset.codes
        if code not in COMMON_FOULS and code != "referee_decision"
    ]
    recent = (
        FoulReport.objects.filter(table=table)
        .select_related("offender", "void", "table")
        .prefetch_related("entries", "table__seats")[:10]
    )
    return render(
        request,
        "referee/table.html",
        {
            "event": event,
            "table": table,
            "round": table.round,
            "seats": seats_by_wind(seats_of(table)),
            "common": common,
            "others": others,
            "recent": recent,
            "is_head": is_head(assignment),
            "can_record": can_record,
            "can_result": can_enter_results(request.user, event, table.number),
            "show_others": request.GET.get("all") == "1",
            "check_hand": can_record and handcheck.family_of(event) is not None,
            "panels": render_panels(request, table.round, [table.number]),
            **_table_time(table, is_head(assignment)),
        },
    )


def _table_time(table: Table, is_head: bool) -> dict:
    """The table's own clock and extensions, and the form giving it more (the director and
    the head referee, while the round is live)."""
    clock = tabletimes.table_clock(table, timezone.now())
    extensions = [e for e in tabletimes.extensions_of(table.round) if e.table_id == table.pk]
    return {
        "table_clock": clock,
        "table_extra": sum(e.minutes for e in extensions),
        "extensions": extensions,
        "may_extend": is_head and table.round.status == Round.Status.LIVE,
        "extension_key": uuid.uuid4().hex,
    }


@login_required
@require_POST
@explain_forbidden
def extra_time(request: HttpRequest, slug: str, round_number: int, table_number: int):
    """Give the table minutes more on its clock (``tournament.hall.services.extend_table``),
    from its page, the round board or the hall page; back to the page the form was on."""
    event, assignment = staff_of(request, slug)
    table = table_of(event, round_number, table_number, assignment)
    try:
        extension, _created = hall_services.extend_table(
            table,
            request.user,
            minutes=request.POST.get("minutes", ""),
            reason=request.POST.get("reason", ""),
            idempotency_key=request.POST.get("key", ""),
        )
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    except hall_services.ExtensionConflict as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("Table %(table)d: +%(minutes)d min.")
            % {"table": table.number, "minutes": extension.minutes},
        )
    back = request.POST.get("next", "")
    if not back.startswith("/") or not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = reverse("referee:table", args=[slug, round_number, table_number])
    return redirect(back)


@login_required
@require_GET_POST
@explain_forbidden
def foul_form(request: HttpRequest, slug: str, round_number: int, table_number: int, code: str):
    event, assignment = staff_of(request, slug)
    table = table_of(event, round_number, table_number, assignment)
    ruleset = get_ruleset(event.ruleset)
    if code not in ruleset.codes:
        raise Http404
    seats = seats_of(table)
    with_reason = table.round.status != Round.Status.LIVE and assignment is None
    form = FoulForm(
        request.POST or None,
        code=code,
        seats=seats,
        ruleset=ruleset,
        with_reason=with_reason,
        initial=prefill(request) if request.method == "GET" else None,
    )
    preview = None
    status = 200
    hand_check = handcheck_summary(event, request.POST or form.initial)
    if request.method == "POST":
        if form.is_valid():
            data = foul_input(form, table)
            try:
                data.hand_check = handcheck.read_inputs(form.cleaned_data.get("hand_check", ""))
                if request.POST.get("action") == "preview":
                    preview = services.check_foul(event, request.user, data).description
                    if wants_json(request):
                        return JsonResponse({"preview": preview})
                else:
                    report, created = services.record_foul(
                        event,
                        request.user,
                        data,
                        user_agent=request.headers.get("User-Agent", ""),
                    )
                    receipt = reverse("referee:receipt", kwargs={"slug": slug, "pk": report.pk})
                    if wants_json(request):
                        return JsonResponse(
                            {"id": report.pk, "created": created, "receipt": receipt},
                            status=201 if created else 200,
                        )
                    return redirect(receipt)
            except ValidationError as exc:
                for field, errors in exc.message_dict.items():
                    form.add_rule_error(field, errors)
            except services.Conflict as exc:
                form.add_error(None, exc.message)
                status = 409
            except PermissionDenied as exc:
                form.add_error(None, str(exc) or _("You may not record this foul."))
                status = 403
        if form.errors:
            status = status if status in (403, 409) else 400
            if wants_json(request):
                return JsonResponse({"errors": form.errors.get_json_data()}, status=status)
    return render(
        request,
        "referee/foul_form.html",
        {
            "event": event,
            "table": table,
            "round": table.round,
            "form": form,
            "code": code,
            "label": _(CATALOGUE[code].label),
            "description": foul_description(code, ruleset),
            "preview": preview,
            "seats": seats_by_wind(seats),
            "hand_check": hand_check,
        },
        status=status,
    )


def foul_input(form: FoulForm, table: Table) -> services.FoulInput:
    """The valid form's foul at ``table``, as the services take it."""
    return services.FoulInput(
        round=table.round.number,
        table=table.number,
        offender=int(form.cleaned_data["offender"]),
        code=form.code,
        details=form.details(),
        note=form.cleaned_data.get("note", ""),
        explanation=form.cleaned_data.get("explanation", ""),
        reason=form.cleaned_data.get("reason", ""),
        idempotency_key=form.cleaned_data["idempotency_key"],
    )


def prefill(request: HttpRequest) -> dict[str, str]:
    """A form opened from another page may name the offender, a detail's value and the hand
    the referee checked (the false-win link of ``penalties.handcheck``)."""
    initial = {}
    for name in ("offender", "d_reason", "hand_check"):
        value = request.GET.get(name, "")
        if value and len(value) <= handcheck.MAX_INPUT:
            initial[name] = value
    return initial


def handcheck_summary(event: Event, data) -> dict | None:
    """The checked hand shown on the foul form, when there is one that reads."""
    raw = data.get("hand_check", "") if data else ""
    try:
        inputs = handcheck.read_inputs(raw)
        if inputs is None:
            return None
        result = handcheck.evaluate(event, inputs)
    except ValidationError:
        return None
    return handcheck.summary(inputs, result)


@login_required
@require_GET
@explain_forbidden
def receipt(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event, assignment = staff_of(request, slug)
    report = get_object_or_404(
        FoulReport.objects.select_related(
            "round", "table", "offender", "referee", "void__voided_by"
        ),
        event=event,
        pk=pk,
    )
    if assignment is not None and not is_head(assignment) and report.referee_id != request.user.pk:
        raise PermissionDenied
    return render(
        request,
        "referee/receipt.html",
        {
            "event": event,
            "report": report,
            "label": _(CATALOGUE[report.code].label),
            "hand_check": handcheck.evidence(report),
        },
    )


@login_required
@require_GET
@explain_forbidden
def foul_list(request: HttpRequest, slug: str) -> HttpResponse:
    event, assignment = staff_of(request, slug)
    if not is_head(assignment):
        raise PermissionDenied(_("The foul list is for the head referee and the director."))
    reports = (
        FoulReport.objects.filter(event=event)
        .select_related("round", "table", "offender", "referee", "void__voided_by")
        .prefetch_related("entries", "table__seats")
        .order_by("-created_at", "-pk")
    )
    filters = {}
    for name, lookup in (("round", "round__number"), ("table", "table__number")):
        value = request.GET.get(name, "")
        if (number := bounded_int(value)) is not None:
            reports = reports.filter(**{lookup: number})
            filters[name] = value
    player = request.GET.get("player", "")
    if bounded_int(player) is not None:
        reports = reports.filter(Q(offender_id=player) | Q(co_offenders=player)).distinct()
        filters["player"] = player
    if code := request.GET.get("code"):
        reports = reports.filter(code=code)
        filters["code"] = code
    ruleset = get_ruleset(event.ruleset)
    reports = list(reports[:500])
    return render(
        request,
        "referee/foul_list.html",
        {
            "event": event,
            "reports": reports,
            "filters": filters,
            "codes": [(c, _(CATALOGUE[c].label)) for c in ruleset.codes],
            "players": by_name(event.players.all()),
        },
    )


@login_required
@require_POST
def void(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event, _assignment = staff_of(request, slug)
    report = get_object_or_404(FoulReport, event=event, pk=pk)
    try:
        services.void_report(
            report,
            request.user,
            request.POST.get("reason", ""),
            user_agent=request.headers.get("User-Agent", ""),
        )
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    except services.Conflict as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Report #%(id)s voided.") % {"id": report.pk})
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = reverse("referee:fouls", kwargs={"slug": slug})
    return redirect(back)


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The tablet's service worker, from the site root so that it may serve /referee/ and
    /static/ (see templates/referee/sw.js)."""
    response = render(request, "referee/sw.js", content_type="application/javascript")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


def offline_urls(event: Event, round_: Round, tables: list[dict], can_record: bool) -> list[str]:
    """What the referee's tablet keeps for offline use: their tables' pages, foul forms and
    result pages."""
    codes = get_ruleset(event.ruleset).codes if can_record else ()
    urls = []
    for item in tables:
        if not item["mine"]:
            continue
        number = item["table"].number
        urls.append(reverse("referee:table", args=[event.slug, round_.number, number]))
        if item["results"]:
            urls.append(reverse("results:table", args=[event.slug, round_.number, number]))
        urls.extend(
            reverse("referee:foul", args=[event.slug, round_.number, number, code])
            for code in codes
        )
    return urls
