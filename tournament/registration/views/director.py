"""The director's registration pages: settings, the registrations with their decisions,
adding a player directly, the export, and the check-in desk (tablet width) with its JSON
endpoints (search, check in by name or card, live count)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from tournament.access.confirm import confirm_or_ask
from tournament.access.pages import apply_errors, director_required, require_GET_POST
from tournament.events.models import Event
from tournament.fees import services as fee_services
from tournament.fees.reading import desk as fee_desk
from tournament.players.models import Player
from tournament.registration import questions, services
from tournament.registration.forms import ReasonForm, RegistrationSettingsForm, SignUpForm
from tournament.registration.models import Attendance, Registration
from tournament.registration.services import checkin, decisions, personal

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
    add_form.fields["email"].help_text = ""  # the registrant's words
    if saving and form.is_valid():
        try:
            services.update_settings(event, **{f: form.cleaned_data[f] for f in form.Meta.fields})
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Registration settings saved."))
            return redirect("director:registration", slug=event.slug)
    if adding and add_form.is_valid():
        try:
            reg = services.sign_up(event, add_form.cleaned_data, by=request.user)
        except ValidationError as exc:
            apply_errors(add_form, exc)
        else:
            messages.success(request, _("%(name)s added.") % {"name": reg.name})
            return redirect("director:registration", slug=event.slug)
    registrations = list(
        event.registrations.select_related("team", "contact").order_by("-priority", "pk")[
            :LIST_LIMIT
        ]
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


def _approved(reg: Registration) -> str:
    """What approving did: a place, or the waitlist."""
    if reg.status == Registration.Status.ACCEPTED:
        return _("%(name)s is approved and holds a place.") % {"name": reg.name}
    return _(
        "%(name)s is approved, but every place is taken: they wait on the waitlist "
        "(number %(place)d)."
    ) % {"name": reg.name, "place": services.waitlist_place(reg) or 0}


def _done(action: str, reg: Registration) -> str:
    """What the director's decision really did to ``reg``."""
    if action == "approve":
        return _approved(reg)
    if action == "refuse":
        return _("%(name)s is refused.") % {"name": reg.name}
    if action == "move_up":
        if reg.status == Registration.Status.OFFERED:
            return _("%(name)s is offered the free place.") % {"name": reg.name}
        return _("%(name)s is first on the waitlist.") % {"name": reg.name}
    return _("The personal data of %(name)s are deleted.") % {"name": reg.name}


@director_required
@require_POST
def registration_action(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    """One registration's decision; deleting personal data asks first."""
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
    if action == "erase":
        asked = confirm_or_ask(request, questions.erase_question(event, registration), event=event)
        if asked is not None:
            return asked
    try:
        reg = steps[action]()
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        waiting = action == "approve" and reg.status != Registration.Status.ACCEPTED
        (messages.warning if waiting else messages.success)(request, _done(action, reg))
    return redirect("director:registration", slug=event.slug)


@director_required
@require_POST
def registration_approve(request: HttpRequest, event: Event) -> HttpResponse:
    """Approve the chosen registrations (``selected``), or every one awaiting approval
    (``all``), in order of arrival."""
    if request.POST.get("all"):
        pks = list(
            event.registrations.filter(status=Registration.Status.PENDING).values_list(
                "pk", flat=True
            )[:LIST_LIMIT]
        )
    else:
        pks = [_int(pk) for pk in request.POST.getlist("selected")[:LIST_LIMIT]]
    try:
        approved = decisions.approve_many(event, pks, request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        placed = [r.name for r in approved if r.status == Registration.Status.ACCEPTED]
        waiting = [r.name for r in approved if r.status != Registration.Status.ACCEPTED]
        if placed:
            messages.success(
                request,
                ngettext(
                    "%(count)d approved, holding a place: %(names)s.",
                    "%(count)d approved, holding places: %(names)s.",
                    len(placed),
                )
                % {"count": len(placed), "names": ", ".join(placed)},
            )
        if waiting:
            messages.warning(
                request,
                ngettext(
                    "%(count)d approved, but every place is taken; on the waitlist: %(names)s.",
                    "%(count)d approved, but every place is taken; on the waitlist: %(names)s.",
                    len(waiting),
                )
                % {"count": len(waiting), "names": ", ".join(waiting)},
            )
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


def _desk_post(request: HttpRequest, event: Event) -> HttpResponse:
    """Open, close (asks first), seat round 1 again (asks first), check in the chosen."""
    try:
        if "open" in request.POST:
            checkin.open_check_in(event)
            messages.success(request, _("Check-in is open."))
        elif "close" in request.POST:
            asked = confirm_or_ask(
                request, questions.close_question(event, checkin.closing(event)), event=event
            )
            if asked is not None:
                return asked
            checkin.close_check_in(event, request.user)
            messages.success(request, _("Check-in is closed and round 1 is seated."))
            return redirect("director:seating", slug=event.slug)
        elif "seat" in request.POST:
            checkin.check_round_one(event)
            asked = confirm_or_ask(request, questions.reseat_question(event), event=event)
            if asked is not None:
                return asked
            checkin.seat_round_one(event, request.user)
            messages.success(request, _("Round 1 is seated."))
            return redirect("director:seating", slug=event.slug)
        elif "check_in" in request.POST:
            ids = [_int(pk) for pk in request.POST.getlist("player")[:LIST_LIMIT]]
            players = checkin.check_in_many(event, ids)
            messages.success(
                request,
                ngettext(
                    "%(count)d player is checked in: %(names)s.",
                    "%(count)d players are checked in: %(names)s.",
                    len(players),
                )
                % {"count": len(players), "names": questions.names([p.name for p in players])},
            )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    return redirect("director:check-in", slug=event.slug)


def _round_one(event: Event) -> str:
    """Round 1's state for the desk: "" (not there yet), or its status."""
    return event.rounds.filter(number=1).values_list("status", flat=True).first() or ""


@director_required
@require_GET_POST
def desk(request: HttpRequest, event: Event) -> HttpResponse:
    if request.method == "POST":
        return _desk_post(request, event)
    status = checkin.desk_status(event)
    response = render(
        request,
        "registration/desk.html",
        {
            "event": event,
            "status": status,
            "missing": list(zip(status["missing"], status["missing_ids"], strict=True)),
            "regset": services.settings_of(event),
            "round_one": _round_one(event),
            "fees": fee_desk.state(event),
            "fees_key": fee_services.new_key(),
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
    # with each person's fee when the event has fees: what is left to pay, paid in one tap
    return JsonResponse({"results": fee_desk.found(event, [f.__dict__ for f in found])})


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
