"""Pages of the notifications: the player's choices (signed in with their PIN), the browser's
subscription, the calendar feed and the signed unsubscribe link (no sign-in), and the
director's view. Thin: every write is a ``services`` function."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    JsonResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from tournament.access.pages import director_required, require_GET_POST
from tournament.contacts import services as contacts
from tournament.contacts.models import Contact
from tournament.contacts.pages import speaking
from tournament.events.models import Event
from tournament.events.pages.timezones import activate_event_time_zone
from tournament.notify import services as notify
from tournament.notify.models import CHANNELS, PushSubscription
from tournament.notify.reading import calendar, links, stats
from tournament.notify.reading.kinds import PLAYER_KINDS, label
from tournament.notify.reading.preferences import event_settings
from tournament.notify.services import vapid
from tournament.players.access import pins
from tournament.players.models import Player


def _player_or_redirect(request, slug):
    player = pins.session_player(request, slug)
    if player is None:
        get_object_or_404(Event, slug=slug)
        return None, redirect("sheets-play", slug=slug)
    activate_event_time_zone(player.event)
    return player, None


def _errors(exc: ValidationError) -> str:
    return " ".join(exc.messages)


@require_GET_POST
def choices(request: HttpRequest, slug: str) -> HttpResponse:
    """/e/<event>/play/notify/: language, address, channels and kinds; "Notify me" asks the
    browser. The address and the language are the player's contact's (the ones given at
    sign-up), and the page speaks that language."""
    player, away = _player_or_redirect(request, slug)
    if away:
        return away
    contact = contacts.of_player(player)
    with speaking(request, contact.language if contact else "") as language:
        response = _choices(request, player, contact)
    if language:
        response["Content-Language"] = language
    return response


def _choices(request: HttpRequest, player: Player, contact: Contact | None) -> HttpResponse:
    recipient = notify.recipient_of(player)
    address = contact.email if contact else ""
    errors: dict[str, list[str]] = {}
    if request.method == "POST":
        posted = request.POST
        muted = [
            f"{channel}:{kind}"
            for channel in CHANNELS
            for kind in PLAYER_KINDS
            if f"{channel}:{kind}" not in posted.getlist("on")
        ]
        try:
            notify.save_choices(
                player,
                language=posted.get("language", ""),
                email=posted.get("email", ""),
                push_on=posted.get("push_on") == "1",
                email_on=posted.get("email_on") == "1",
                muted=muted,
            )
        except ValidationError as exc:
            errors = exc.message_dict
            address = posted.get("email", "")[:254]
        else:
            # said in the language the next page speaks, a new one if it changed
            with speaking(request, posted.get("language", "")):
                messages.success(request, _("Your choices are saved."))
            return redirect("notify:choices", slug=player.event.slug)
    event = player.event
    rows = [
        {
            "kind": kind,
            "label": label(kind),
            "channels": [
                {"key": f"{c}:{kind}", "on": f"{c}:{kind}" not in recipient.muted} for c in CHANNELS
            ],
        }
        for kind in PLAYER_KINDS
    ]
    context = {
        "event": event,
        "player": player,
        "signed_player": player,
        "recipient": recipient,
        "contact": contact,
        "address": address,
        "language": contact.language if contact else "",
        "email_on": contact.email_on if contact else True,
        "rows": rows,
        "errors": errors,
        "languages": settings.LANGUAGES,
        "default_language": event.language,
        "vapid_key": vapid.public_key(),
        "subscriptions": PushSubscription.objects.filter(player=player).count(),
        "calendar_url": links.calendar_url(player),
        "enabled": event_settings(event).enabled,
    }
    return render(request, "notify/choices.html", context, status=400 if errors else 200)


@require_POST
def subscribe(request: HttpRequest, slug: str) -> JsonResponse:
    """The browser's PushSubscription (JSON body): 201, or 400 with the reason."""
    player = pins.session_player(request, slug)
    if player is None:
        return JsonResponse({"error": _("Sign in with your PIN first.")}, status=403)
    try:
        notify.subscribe(player, request.body)
    except ValidationError as exc:
        return JsonResponse({"error": _errors(exc)}, status=400)
    return JsonResponse({"ok": True}, status=201)


@require_POST
def unsubscribe_browser(request: HttpRequest, slug: str) -> JsonResponse:
    player = pins.session_player(request, slug)
    if player is None:
        return JsonResponse({"error": _("Sign in with your PIN first.")}, status=403)
    endpoint = request.POST.get("endpoint", "")
    return JsonResponse({"removed": notify.unsubscribe_endpoint(player, endpoint)})


@require_GET
def calendar_feed(request: HttpRequest, slug: str, player_id: int, token: str) -> HttpResponse:
    """The player's .ics feed, in the player's language, else the event's (never the
    request's: calendar applications send none): a signed link that a calendar application
    can poll, until it expires or the player's PIN is reissued."""
    signed = links.calendar_player(player_id, token)
    if signed is None:
        raise Http404
    player = get_object_or_404(
        Player.objects.select_related("event"),
        pk=player_id,
        event__slug=slug,
        pin_generation=signed[1],
    )
    contact = contacts.of_player(player)
    language = (contact.language if contact else "") or player.event.language
    with translation.override(language):
        feed = calendar.feed(player)
    response = HttpResponse(feed, content_type="text/calendar; charset=utf-8")
    response["Content-Language"] = language
    response["Content-Disposition"] = f'inline; filename="{slug}.ics"'
    response["Cache-Control"] = "private, max-age=300"
    return response


@csrf_exempt
@require_GET_POST
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """The signed link of every e-mail (and RFC 8058 one-click POST): no sign-in needed."""
    found = links.read_unsubscribe(token)
    if found is None:
        return render(
            request,
            "notify/unsubscribe.html",
            {"invalid": True},
            status=HttpResponseBadRequest.status_code,
        )
    recipient, channel = found
    done = False
    if request.method == "POST":
        done = notify.unsubscribe(recipient, channel)
    return render(
        request, "notify/unsubscribe.html", {"channel": channel, "done": done, "token": token}
    )


@director_required
@require_GET_POST
def director(request: HttpRequest, event: Event) -> HttpResponse:
    """What was sent, to how many, delivered / failed / pending; the switch; a test message."""
    config = event_settings(event)
    if request.method == "POST":
        try:
            if "test" in request.POST:
                address = request.POST.get("email", "")
                notify.send_test(event, address)
                messages.success(
                    request, _("A test message is on its way to %(to)s.") % {"to": address.strip()}
                )
            else:
                notify.save_event_settings(event, enabled=request.POST.get("enabled") == "1")
                messages.success(request, _("Saved."))
        except ValidationError as exc:
            messages.error(request, _errors(exc))
        return redirect("notify:director", slug=event.slug)
    activate_event_time_zone(event)
    return render(
        request,
        "notify/director.html",
        {
            "event": event,
            "config": config,
            "rows": stats.by_kind(event),
            "totals": stats.totals(event),
            "reach": stats.reach(event),
            "language": event.get_language_display(),
        },
    )
