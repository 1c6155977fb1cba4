"""Login with a brake on password guessing, on every login form (pages, ``/api/auth/``, admin).

Failures are counted in the cache (Redis in production, shared by every web process) within
``LOGIN_FAILURE_WINDOW`` seconds, three ways:

- per (username, address): past ``LOGIN_MAX_FAILURES`` that address may not try that user's
  password any more until the window passes. Somebody guessing elsewhere does not lock the
  user out: their own address still gets in.
- per address: past ``LOGIN_ADDRESS_MAX_FAILURES`` (higher, since a venue NAT or a proxy puts a
  whole hall behind one address) the address is refused for every username, except for a
  username that already logged in from it (see below).
- per username, from any address: past ``LOGIN_MAX_FAILURES`` each further attempt must wait a
  delay that doubles with every failure (``LOGIN_DELAY_SECONDS`` up to
  ``LOGIN_MAX_DELAY_SECONDS``), counted from the last failure. Guessing spread over many
  addresses slows down to one try per delay; it never locks the account.

An address from which a user logged in successfully (within ``LOGIN_KNOWN_ADDRESS_DAYS``) is
known for that user: it skips the per-address brake and the per-username delay, so a referee
at their usual tablet is not stopped by somebody else's guessing. The client address is
``REMOTE_ADDR``, or with ``TRUSTED_PROXIES`` = n > 0 the n-th address from the right of
``X-Forwarded-For`` (what the n proxies in front of the application saw).
"""

from __future__ import annotations

import hashlib
import math
import time

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.access import brake


def client_address(request: HttpRequest | None) -> str:
    if request is None:
        return "unknown"
    proxies = getattr(settings, "TRUSTED_PROXIES", 0)
    if proxies > 0:
        forwarded = [
            a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()
        ]
        if len(forwarded) >= proxies:
            return forwarded[-proxies][:64]
    return request.META.get("REMOTE_ADDR", "unknown")[:64]


def _digest(*parts: str) -> str:
    return hashlib.sha256("\x00".join(parts).encode("utf-8", "replace")).hexdigest()[:32]


def _try_again_in_minutes(minutes: int) -> str:
    return ngettext(
        "Too many failed attempts. Try again in %(minutes)d minute.",
        "Too many failed attempts. Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


class Brake:
    """The brake's counters for one attempt (``username`` from ``address``)."""

    def __init__(self, username: str, address: str):
        user = username.strip().casefold()
        self.pair = f"login:pair:{_digest(user, address)}"
        self.address = f"login:addr:{_digest(address)}"
        self.user = f"login:user:{_digest(user)}"
        self.user_last = f"login:user-last:{_digest(user)}"
        self.known = f"login:known:{_digest(user, address)}"

    def refusal(self) -> str | None:
        """Why this attempt is refused before the password is even checked, or ``None``."""
        window_minutes = max(1, math.ceil(settings.LOGIN_FAILURE_WINDOW / 60))
        if brake.count(self.pair) >= settings.LOGIN_MAX_FAILURES:
            return _try_again_in_minutes(window_minutes)
        if cache.get(self.known):
            return None
        if brake.count(self.address) >= settings.LOGIN_ADDRESS_MAX_FAILURES:
            return _try_again_in_minutes(window_minutes)
        wait = self.delay_left()
        if wait > 0:
            seconds = math.ceil(wait)
            return ngettext(
                "Too many failed attempts for this user. Try again in %(seconds)d second.",
                "Too many failed attempts for this user. Try again in %(seconds)d seconds.",
                seconds,
            ) % {"seconds": seconds}
        return None

    def delay_left(self) -> float:
        over = brake.count(self.user) - settings.LOGIN_MAX_FAILURES
        if over < 0:
            return 0.0
        delay = min(
            settings.LOGIN_DELAY_SECONDS * 2 ** min(over, 30), settings.LOGIN_MAX_DELAY_SECONDS
        )
        last = cache.get(self.user_last)
        if last is None:
            return 0.0
        return max(0.0, last + delay - time.time())

    def failed(self) -> None:
        for key in (self.pair, self.address, self.user):
            brake.hit(key, settings.LOGIN_FAILURE_WINDOW)
        cache.set(self.user_last, time.time(), settings.LOGIN_FAILURE_WINDOW)

    def succeeded(self) -> None:
        brake.forget(self.pair)
        cache.set(self.known, 1, settings.LOGIN_KNOWN_ADDRESS_DAYS * 86400)


class BrakeMixin:
    """For an ``AuthenticationForm``: refuse while braked, count failures, remember success."""

    throttled = False

    def clean(self):
        username = str(self.data.get("username", "") or "")[:300]
        brake = Brake(username, client_address(self.request))
        refusal = brake.refusal()
        if refusal:
            self.throttled = True
            raise ValidationError(refusal, code="throttled")
        try:
            cleaned = super().clean()
        except ValidationError:
            brake.failed()
            raise
        brake.succeeded()
        return cleaned


class ThrottledAuthenticationForm(BrakeMixin, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(BrakeMixin, AdminAuthenticationForm):
    pass


def player_door(next_url: str) -> dict | None:
    """What the login page offers a player who opened a staff address (an old table card's
    QR code, a link passed on): the event's "My page" and, for a table's address, that table's
    public page. Only for a public event, so that the login page says nothing of private ones."""
    from django.urls import Resolver404, resolve, reverse

    from tournament.events.models import Event

    if not next_url or not next_url.startswith("/"):
        return None
    try:
        match = resolve(next_url.split("?", 1)[0])
    except Resolver404:
        return None
    slug = match.kwargs.get("slug")
    if not slug:
        return None
    event = Event.objects.filter(slug=slug, is_public=True).first()
    if event is None:
        return None
    door = {"event": event, "my_page": reverse("sheets-me", args=[slug])}
    round_number = match.kwargs.get("round_number")
    table_number = match.kwargs.get("table_number")
    if round_number and table_number:
        door["table"] = table_number
        door["table_page"] = reverse("sheets-table-public", args=[slug, round_number, table_number])
    return door


class LoginView(auth_views.LoginView):
    """The staff login. A player sent here by a staff address is shown their own door first
    (``player_door``): staff addresses never greet a player with a bare staff login."""

    form_class = ThrottledAuthenticationForm
    http_method_names = ["get", "post", "head", "options"]

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        if not self.request.user.is_authenticated:
            context["player_door"] = player_door(self.get_redirect_url())
        return context

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if getattr(form, "throttled", False):
            response.status_code = 429
        return response


class AdminLoginView(LoginView):
    """``/admin/login/`` with the same brake (and 429) as the other logins."""

    form_class = ThrottledAdminAuthenticationForm
    template_name = "admin/login.html"

    def get_default_redirect_url(self) -> str:
        from django.urls import reverse

        return reverse("admin:index")

    def get_context_data(self, **kwargs):
        from django.contrib import admin

        context = super().get_context_data(**kwargs)
        context.update(admin.site.each_context(self.request))
        context.setdefault("title", _("Log in"))
        context.setdefault("site_header", admin.site.site_header)
        return context


class LogoutView(auth_views.LogoutView):
    """Logging out also clears what the browser keeps of this site: the HTTP cache and the
    storage, the referee tablet's service worker and its cached pages included, so that a
    shared tablet never shows the last referee's pages to the next person, even offline. The
    page warns first when reports wait unsent in the tablet's queue (``static/js/site.js``)."""

    def post(self, request, *args, **kwargs):
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = '"cache", "storage"'
        return response
