"""Pages for staff members themselves: accepting an invitation (with a new account or an
existing one), and acknowledging new roles."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST


from tournament.services import staff as invitations
from tournament.staff_forms import AccountForm
from tournament.timezones import activate_event_time_zone
from tournament.views.access import apply_errors, require_GET_POST


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
