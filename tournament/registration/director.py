"""The director's registration pages: settings, the registrations with their decisions,
adding a player directly, the export, and the check-in desk (tablet width) with its JSON
endpoints (search, check in by name or card, live count)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournament.access.pages import apply_errors, director_required, require_GET_POST
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.registration import checkin, decisions, personal, services
from tournament.registration.forms import ReasonForm, RegistrationSettingsForm, SignUpForm
from tournament.registration.models import Attendance, Registration
from tournament.registration.views import base_url

LIST_LIMIT = 2000


@director_required
@require_GET_POST
def registration_page(request: HttpRequest, event: Event) -> HttpResponse:
    regset = services.settings_of(event)
    saving = request.method == "POST" and "save" in request.POST
    adding = request.method == "POST" and "add" in request.POST
    form = RegistrationSettingsForm(request.POST if saving else None, instance=regset)
    add_form = SignUpForm(request.POST if adding else None, event=event, email_required=False)
    del add_form.fields["website"]
    if saving and form.is_valid():
        try:
            services.update_settings(
                event,
                base_url=base_url(request),
                **{f: form.cleaned_data[f] for f in form.Meta.fields},
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Registration settings saved."))
            return redirect("director:registration", slug=event.slug)
    if adding and add_form.is_valid():
        try:
            reg = services.sign_up(
                event, add_form.cleaned_data, by=request.user, base_url=base_url(request)
            )
        except ValidationError as exc:
            apply_errors(add_form, exc)
        else:
            messages.success(request, _("%(name)s added.") % {"name": reg.name})
            return redirect("director:registration", slug=event.slug)
    registrations = list(
        event.registrations.select_related("team").order_by("-priority", "pk")[:LIST_LIMIT]
    )
    return render(
        request,
        "registration/director.html",
        {
            "event": event,
            "regset": regset,
            "form": form,
            "add_form": add_form,
            "registrations": registrations,
            "counts": services.counts(event),
            "reason_form": ReasonForm(),
        },
    )


@director_required
@require_POST
def registration_action(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    registration = get_object_or_404(Registration, event=event, pk=pk)
    action = request.POST.get("action")
    reason = request.POST.get("reason", "")
    steps = {
        "approve": lambda: decisions.approve(registration, request.user),
        "refuse": lambda: decisions.refuse(registration, request.user, reason),
        "move_up": lambda: decisions.move_up(registration, request.user, reason),
        "erase": lambda: personal.erase(registration, request.user),
    }
    if action not in steps:
        return HttpResponse(status=400)
    try:
        steps[action]()
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("%(name)s: done.") % {"name": registration.name})
    return redirect("director:registration", slug=event.slug)


@director_required
@require_GET
def registration_export(request: HttpRequest, event: Event, fmt: str) -> HttpResponse:
    if fmt not in ("csv", "xlsx"):
        raise Http404
    if fmt == "xlsx":
        response = HttpResponse(
            personal.as_xlsx(event),
            content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        )
    else:
        response = HttpResponse(personal.as_csv(event), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-registrations.{fmt}"'
    return response


# The check-in desk ------------------------------------------------------------------------

DESK_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "worker-src 'self' blob:; media-src 'self' blob: mediastream:; connect-src 'self'; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)


@director_required
@require_GET_POST
def desk(request: HttpRequest, event: Event) -> HttpResponse:
    if request.method == "POST":
        try:
            if "open" in request.POST:
                checkin.open_check_in(event)
                messages.success(request, _("Check-in is open."))
            elif "close" in request.POST:
                checkin.close_check_in(event, request.user)
                messages.success(request, _("Check-in is closed and round 1 is seated."))
                return redirect("director:seating", slug=event.slug)
            elif "seat" in request.POST:
                checkin.seat_round_one(event, request.user)
                messages.success(request, _("Round 1 is seated."))
                return redirect("director:seating", slug=event.slug)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        return redirect("director:check-in", slug=event.slug)
    response = render(
        request,
        "registration/desk.html",
        {
            "event": event,
            "status": checkin.desk_status(event),
            "regset": services.settings_of(event),
        },
    )
    # The camera for the card's QR code: allowed on this page only; the scanner's worker is a blob.
    response["Permissions-Policy"] = "camera=(self), microphone=(), geolocation=()"
    response["Content-Security-Policy"] = DESK_POLICY
    return response


@director_required
@require_GET
def desk_search(request: HttpRequest, event: Event) -> JsonResponse:
    found = checkin.search(event, request.GET.get("q", "")[:120])
    return JsonResponse({"results": [f.__dict__ for f in found]})


@director_required
@require_GET
def desk_status(request: HttpRequest, event: Event) -> JsonResponse:
    return JsonResponse(checkin.desk_status(event))


@director_required
@require_POST
def desk_check_in(request: HttpRequest, event: Event) -> JsonResponse:
    """Check in a player (``player``), a waitlisted registrant (``registration``) or the
    holder of a scanned card (``card``: the QR code's text)."""
    try:
        if request.POST.get("card"):
            player = checkin.player_for_card(event, request.POST["card"][:1000])
            checkin.check_in(event, player, Attendance.How.QR)
            name = player.name
        elif request.POST.get("registration"):
            reg = get_object_or_404(Registration, pk=_int(request.POST["registration"]))
            checkin.check_in_registration(event, reg)
            name = reg.name
        else:
            player = get_object_or_404(Player, pk=_int(request.POST.get("player")))
            checkin.check_in(event, player)
            name = player.name
    except ValidationError as exc:
        return JsonResponse({"error": " ".join(exc.messages)}, status=400)
    return JsonResponse(
        {
            "name": name,
            "message": _("%(name)s is checked in.") % {"name": name},
            **checkin.desk_status(event),
        }
    )


def _int(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0
