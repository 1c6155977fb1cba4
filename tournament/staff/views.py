"""The event's staff: the director's page of referees, head referees and scorekeepers (each
role shown and removed on its own; roles for people already on the director's staff;
invitation links for new people, see ``tournament.staff.services.invitations``), and the
pages of staff members themselves: accepting an invitation (with a new account or an existing
one) and acknowledging new roles."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from tournament.access.pages import apply_errors, director_required, require_GET_POST
from tournament.collation import by_name
from tournament.events.models import Event
from tournament.events.pages.timezones import activate_event_time_zone
from tournament.qr import qr_svg
from tournament.staff import services as staff_services
from tournament.staff.forms import AccountForm, InvitationForm, StaffRolesForm
from tournament.staff.models import RefereeAssignment, StaffInvitation
from tournament.staff.services import invitations

NEW_LINK = "staff_invitation_link"


def invitation_url(request: HttpRequest, token: str) -> str:
    return request.build_absolute_uri(reverse("staff:invitation", args=[token]))


def _show_link_once(request: HttpRequest, invitation: StaffInvitation, token: str) -> None:
    """Keep the new link for the next page view only: it is shown once, never stored."""
    request.session[NEW_LINK] = {"id": invitation.pk, "url": invitation_url(request, token)}


@director_required
@require_GET_POST
def referees(request: HttpRequest, event: Event) -> HttpResponse:
    people = by_name(
        staff_services.known_staff(request.user).order_by("username"),
        key=lambda user: user.get_username(),
    )
    roles_form = StaffRolesForm(
        request.POST if "assign" in request.POST else None, people=people, prefix="assign"
    )
    invite_form = InvitationForm(
        request.POST if "invite" in request.POST else None, prefix="invite"
    )
    if request.method == "POST" and "assign" in request.POST and roles_form.is_valid():
        data = roles_form.cleaned_data
        try:
            staff_services.assign_roles(
                event, data["person"], roles=data["roles"], table_numbers=data["table_numbers"]
            )
        except ValidationError as exc:
            apply_errors(roles_form, exc, {"user": "person", "role": "roles"})
        else:
            messages.success(
                request,
                _("Roles saved for %(person)s; they see them on their referee page.")
                % {"person": data["person"].get_username()},
            )
            return redirect("director:referees", slug=event.slug)
    if request.method == "POST" and "invite" in request.POST and invite_form.is_valid():
        data = invite_form.cleaned_data
        try:
            invitation, token = invitations.create_invitation(
                event,
                request.user,
                roles=data["roles"],
                table_numbers=data["table_numbers"],
                note=data["note"],
            )
        except ValidationError as exc:
            apply_errors(invite_form, exc)
        else:
            _show_link_once(request, invitation, token)
            return redirect("director:referees", slug=event.slug)
    new_link = request.session.pop(NEW_LINK, None)
    if new_link:
        new_link["qr"] = qr_svg(new_link["url"])
    return render(
        request,
        "director/referees.html",
        {
            "event": event,
            "staff": staff_services.staff_of(event),
            "invitations": staff_services.pending_invitations(event),
            "roles_form": roles_form,
            "invite_form": invite_form,
            "has_people": bool(people),
            "new_link": new_link,
            "table_count": staff_services.event_table_count(event),
        },
    )


@director_required
@require_POST
def referee_remove(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    """Take one role away from a person; their other roles stay."""
    assignment = get_object_or_404(
        RefereeAssignment.objects.select_related("user"), event=event, pk=pk
    )
    staff_services.remove_assignment(assignment)
    messages.success(
        request,
        _("%(person)s is no longer %(role)s.")
        % {"person": assignment.user.get_username(), "role": assignment.get_role_display()},
    )
    return redirect("director:referees", slug=event.slug)


@director_required
@require_POST
def invitation_renew(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    invitation = get_object_or_404(StaffInvitation, event=event, pk=pk)
    try:
        token = invitations.renew_invitation(invitation)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        _show_link_once(request, invitation, token)
    return redirect("director:referees", slug=event.slug)


@director_required
@require_POST
def invitation_withdraw(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    invitation = get_object_or_404(StaffInvitation, event=event, pk=pk)
    try:
        invitations.withdraw_invitation(invitation)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Invitation withdrawn: its link no longer works."))
    return redirect("director:referees", slug=event.slug)


def _welcome(request: HttpRequest, invitation, user) -> HttpResponse:
    messages.success(
        request,
        _("Welcome to the staff of %(event)s, %(user)s.")
        % {"event": invitation.event.name, "user": user.get_username()},
    )
    return redirect("referee:home")


@never_cache
@require_GET_POST
def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """Accept an invitation: logged in, with one tap; otherwise by creating an account (or
    logging in first, which comes back here)."""
    invitation = invitations.open_invitation(token)
    if invitation is None:
        return render(request, "staff/invitation_invalid.html", status=404)
    activate_event_time_zone(invitation.event)
    user = request.user
    creating = request.method == "POST" and "create" in request.POST
    form = AccountForm(request.POST if creating and not user.is_authenticated else None)
    problems: list[str] = []
    if request.method == "POST" and user.is_authenticated and "accept" in request.POST:
        try:
            invitations.accept_invitation(invitation, user)
        except ValidationError as exc:
            problems = exc.messages
        else:
            return _welcome(request, invitation, user)
    elif form.is_bound and form.is_valid():
        try:
            user = invitations.create_account(invitation, **form.cleaned_data)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            login(request, user, backend=settings.AUTHENTICATION_BACKENDS[0])
            return _welcome(request, invitation, user)
    return render(
        request,
        "staff/invitation.html",
        {
            "invitation": invitation,
            "form": form,
            "problems": problems,
            "is_director": user.is_authenticated and user.pk == invitation.event.director_id,
        },
    )


@login_required
@require_POST
def assignments_seen(request: HttpRequest) -> HttpResponse:
    """The person has read their new roles: they stop showing as new."""
    invitations.mark_assignments_seen(request.user)
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = "referee:home"
    return redirect(target)
