"""Public registration pages: the sign-up form (phone width), the list of registered players,
the registrant's private page (status, offer, details, withdrawal) and self check-in."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from tournament.access.login import client_address
from tournament.access.pages import apply_errors, require_GET_POST
from tournament.access.roles import can_view
from tournament.collation import by_name
from tournament.contacts.pages import speaking
from tournament.events.models import Event
from tournament.events.pages.timezones import activate_event_time_zone
from tournament.fees.reading import mine as my_fee
from tournament.notify.reading import links as notify_links
from tournament.registration import access, services
from tournament.registration.forms import SelfCheckInForm, SignUpForm
from tournament.registration.models import Registration, RegistrationSettings
from tournament.registration.services import checkin, decisions
from tournament.registration.services.mail import facts

# The private link is shown once, after the redirect: a signed cookie for that page only says
# which registration (a session would cost a database write per sign-up).
DONE_COOKIE = "registration-done"
DONE_SALT = "mahjong-registration-done"
DONE_SECONDS = 600


def _event(request: HttpRequest, slug: str) -> Event:
    event = get_object_or_404(Event.objects.select_related("registration"), slug=slug)
    if not can_view(request.user, event):
        raise Http404
    activate_event_time_zone(event)
    return event


@never_cache
@require_GET_POST
def register(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    regset = services.settings_of(event)
    form = SignUpForm(
        request.POST if request.method == "POST" else None,
        event=event,
        required=regset.required_fields,
        initial={"language": get_language()},
    )
    status = 200
    if request.method == "POST":
        if form.is_bot:
            # a bot filled the hidden field: it is told nothing useful, nothing is stored
            return render(
                request,
                "registration/register.html",
                {"event": event, "regset": regset, "form": SignUpForm(event=event)},
                status=400,
            )
        refusal = access.address_refusal(client_address(request))
        if refusal is None and form.is_valid():
            refusal = access.email_refusal(form.cleaned_data.get("email", "").strip())
        if refusal is not None:
            form.add_error(None, refusal)
            status = 429
        elif form.is_valid():
            try:
                registration = services.sign_up(
                    event,
                    {
                        **form.cleaned_data,
                        "language": form.cleaned_data.get("language") or get_language(),
                    },
                )
            except ValidationError as exc:
                apply_errors(form, exc)
                status = 400
            else:
                return _registered(request, event, registration)
        else:
            status = 400
    return _form_page(request, event, regset, form, status)


def _form_page(
    request: HttpRequest,
    event: Event,
    regset: RegistrationSettings,
    form: SignUpForm,
    status: int = 200,
) -> HttpResponse:
    context = {
        "event": event,
        "regset": regset,
        "form": form,
        "open": services.is_open(regset),
        "opens_later": services.opens_later(regset),
    }
    return render(request, "registration/register.html", context, status=status)


def _registered(request: HttpRequest, event: Event, registration: Registration) -> HttpResponse:
    """The private link is shown once, on the page the redirect leads to (Post/Redirect/Get)."""
    response = redirect("registration-done", slug=event.slug)
    response.set_signed_cookie(
        DONE_COOKIE,
        f"{event.pk}:{registration.pk}",
        salt=DONE_SALT,
        max_age=DONE_SECONDS,
        path=reverse("registration-done", args=[event.slug]),
        secure=request.is_secure(),
        httponly=True,
        samesite="Lax",
    )
    return response


@never_cache
@require_safe
def registered_done(request: HttpRequest, slug: str) -> HttpResponse:
    """The private link, once: a reload of this page leads back to the form."""
    event = _event(request, slug)
    done = request.get_signed_cookie(
        DONE_COOKIE, default="", salt=DONE_SALT, max_age=DONE_SECONDS
    ).split(":")
    registration = (
        Registration.objects.filter(pk=done[1], event=event).first()
        if len(done) == 2 and done[0] == str(event.pk) and done[1].isdigit()
        else None
    )
    if registration is None:
        response = redirect("registration-form", slug=event.slug)
    else:
        response = render(
            request,
            "registration/registered_done.html",
            {
                "event": event,
                "registration": registration,
                "link": services.link_url(registration),
            },
        )
    response.delete_cookie(DONE_COOKIE, path=request.path, samesite="Lax")
    return response


@require_safe
def registered(request: HttpRequest, slug: str) -> HttpResponse:
    """The public list: names, countries and clubs of those holding a place (no e-mail, no
    EMA number), and the count against the cap."""
    event = _event(request, slug)
    regset = services.settings_of(event)
    rows = by_name(
        event.registrations.filter(status=Registration.Status.ACCEPTED).only(
            "name", "country", "club"
        ),
        key=lambda r: r.name,
    )
    waiting = event.registrations.filter(
        status__in=(Registration.Status.WAITLISTED, Registration.Status.OFFERED)
    ).count()
    return render(
        request,
        "registration/registered.html",
        {"event": event, "regset": regset, "rows": rows, "waiting": waiting},
    )


@never_cache
@require_GET_POST
def mine(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """The registrant's own page, reached by the private link, in the registrant's language."""
    event = _event(request, slug)
    try:
        registration = services.registration_for_link(event, token)
    except ValidationError as exc:
        return render(
            request,
            "registration/link_refused.html",
            {"event": event, "message": exc.messages[0]},
            status=404,
        )
    with speaking(request, registration.contact.language) as language:
        response = _mine(request, event, registration, token)
    if language:
        response["Content-Language"] = language
    return response


def _mine(
    request: HttpRequest, event: Event, registration: Registration, token: str
) -> HttpResponse:
    regset = services.settings_of(event)
    initial = {
        "name": registration.name,
        "country": str(registration.country or ""),
        "club": registration.club,
        "ema_number": registration.ema_number,
        "email": registration.contact.email,
        "language": registration.contact.language,
        "team": registration.team_id or "",
    }
    editing = request.method == "POST" and request.POST.get("action") == "edit"
    form = SignUpForm(
        request.POST if editing else None,
        event=event,
        required=regset.required_fields,
        initial=initial,
    )
    del form.fields["website"]
    if request.method == "POST" and not editing:
        action = request.POST.get("action")
        actions = {
            "withdraw": (services.withdraw, _("You have withdrawn.")),
            "accept": (services.accept_offer, _("The place is yours.")),
            "decline": (services.decline_offer, _("You declined the place.")),
        }
        if action not in actions:
            return HttpResponse(status=400)
        act, done = actions[action]
        try:
            act(registration)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(request, done)
        return redirect("registration-mine", slug=event.slug, token=token)
    if editing and form.is_valid():
        try:
            decisions.edit_details(registration, form.cleaned_data)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            # said in the language the next page speaks, a new one if it changed
            with speaking(request, form.cleaned_data.get("language") or ""):
                messages.success(request, _("Your details are saved."))
            return redirect("registration-mine", slug=event.slug, token=token)
    registration = Registration.objects.select_related("contact", "player").get(pk=registration.pk)
    # the calendar link once the player has a PIN (a link made before would die when the
    # cards' PINs are issued)
    playing = (
        registration.status == Registration.Status.ACCEPTED
        and registration.player
        and registration.player.pin_digest
    )
    return render(
        request,
        "registration/mine.html",
        {
            "event": event,
            "regset": regset,
            "registration": registration,
            "form": form,
            "place": services.waitlist_place(registration),
            "live": registration.status in Registration.LIVE and regset.check_in_closed_at is None,
            "calendar_url": notify_links.calendar_url(registration.player) if playing else "",
            "my_fee": my_fee.of_contact(event, registration.contact_id),
            **facts(event),
        },
        status=400 if editing else 200,
    )


@never_cache
@require_GET_POST
def self_check_in(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    regset = services.settings_of(event)
    if not regset.self_check_in:
        raise Http404
    form = SelfCheckInForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        from tournament.players.access.pins import PinThrottled

        try:
            player = checkin.self_check_in(
                event,
                form.cleaned_data["name"],
                form.cleaned_data["pin"],
                client_address(request),
                session=request.session,
            )
        except PinThrottled as throttled:
            form.add_error(
                None,
                ngettext(
                    "Too many tries; wait %(seconds)d second.",
                    "Too many tries; wait %(seconds)d seconds.",
                    throttled.seconds,
                )
                % {"seconds": throttled.seconds},
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("%(name)s, you are checked in.") % {"name": player.name})
            return redirect("registration-self-check-in", slug=event.slug)
    return render(request, "registration/self_check_in.html", {"event": event, "form": form})
