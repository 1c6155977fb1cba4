"""Login with a brake on password guessing.

Failed attempts are counted in the cache (Redis in production, shared by every web process)
per client address and per username; past ``LOGIN_MAX_FAILURES`` within
``LOGIN_FAILURE_WINDOW`` seconds further attempts are refused with HTTP 429 until the window
passes, whatever the password.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _


def _keys(request, username: str) -> list[str]:
    address = request.META.get("REMOTE_ADDR", "unknown") if request else "unknown"
    return [f"login-failures:addr:{address}", f"login-failures:user:{username.lower()}"]


def _failures(keys: list[str]) -> int:
    return max((cache.get(k, 0) for k in keys), default=0)


def _count_failure(keys: list[str]) -> None:
    for key in keys:
        if not cache.add(key, 1, settings.LOGIN_FAILURE_WINDOW):
            try:
                cache.incr(key)
            except ValueError:
                cache.set(key, 1, settings.LOGIN_FAILURE_WINDOW)


class ThrottledAuthenticationForm(AuthenticationForm):
    def clean(self):
        username = self.data.get("username", "") or ""
        keys = _keys(self.request, username)
        if _failures(keys) >= settings.LOGIN_MAX_FAILURES:
            self.throttled = True
            raise ValidationError(
                _("Too many failed attempts. Try again in %(minutes)d minutes.")
                % {"minutes": max(1, settings.LOGIN_FAILURE_WINDOW // 60)},
                code="throttled",
            )
        try:
            return super().clean()
        except ValidationError:
            _count_failure(keys)
            raise


class LoginView(auth_views.LoginView):
    form_class = ThrottledAuthenticationForm
    http_method_names = ["get", "post", "head", "options"]

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if getattr(form, "throttled", False):
            response.status_code = 429
        return response
