"""Cross-cutting HTTP behaviour, set in one place.

- ``HeadAsGetMiddleware``: HEAD is answered wherever GET is (views decorated ``require_GET``
  would answer 405): the view runs as for GET and the body is dropped.
- ``SecurityHeadersMiddleware``: the Content-Security-Policy and the Permissions-Policy of
  every response. Our templates have no inline script, handler or style, so the policy is
  strict; pages rendered by third-party templates (the admin, DRF's browsable API and the API
  docs) get the relaxations they need, listed in ``CSP_THIRD_PARTY``.
- ``OverflowAsBadRequestMiddleware``: a number too large for the database (a 30-digit id in a
  URL) is the client's mistake: 400, not a server error.
- ``RefusalsAnsweredMiddleware``: what a service refuses and a page did not answer itself is
  answered as the API answers it (``tournament.access.api.exception_handler``): invalid input
  400, a write the current state forbids 409, too many tries 429, with the message on a page
  (``refused.html``), never a server error.
- ``NulAsBadRequestMiddleware``: a NUL character in the query string (a ``%00``), which
  PostgreSQL's text columns refuse, is answered 400 with the reason before any view runs: no
  search or filter of any page, export or API has to look for it. (Posted forms and API
  bodies refuse it field by field, next to the field: Django's and DRF's text fields do.)
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from tournament import errors


class HeadAsGetMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method != "HEAD":
            return self.get_response(request)
        request.method = "GET"
        try:
            response = self.get_response(request)
        finally:
            request.method = "HEAD"
        if not response.streaming:
            length = len(response.content)
            response.content = b""
            response["Content-Length"] = str(length)
        return response


def _policy(directives: dict[str, str]) -> str:
    return "; ".join(f"{name} {value}".strip() for name, value in directives.items())


class SecurityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response
        self.strict = _policy(settings.CONTENT_SECURITY_POLICY)
        self.relaxed = [
            (prefix, _policy({**settings.CONTENT_SECURITY_POLICY, **extra}))
            for prefix, extra in settings.CSP_THIRD_PARTY
        ]
        self.permissions = ", ".join(f"{k}={v}" for k, v in settings.PERMISSIONS_POLICY.items())

    def policy_for(self, request: HttpRequest, response: HttpResponse) -> str:
        path = request.path_info
        html = response.get("Content-Type", "").startswith("text/html")
        for prefix, policy in self.relaxed:
            # DRF's JSON answers under /api/ keep the strict policy; only its HTML pages
            # (the browsable API) come from templates with inline styles.
            if path.startswith(prefix) and (prefix != "/api/" or html):
                return policy
        return self.strict

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = self.policy_for(request, response)
        if self.permissions and "Permissions-Policy" not in response:
            response["Permissions-Policy"] = self.permissions
        return response


class OverflowAsBadRequestMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if isinstance(exception, OverflowError):
            return HttpResponseBadRequest(
                b"A number in the request is out of range.", content_type="text/plain"
            )
        return None


class RefusalsAnsweredMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if isinstance(exception, ValidationError):
            status, messages = 400, exception.messages
        elif isinstance(exception, errors.Conflict):
            status, messages = 409, [exception.message]
        elif isinstance(exception, errors.TooMany):
            status, messages = 429, [exception.message]
        else:
            return None
        response = render(request, "refused.html", {"messages_list": messages}, status=status)
        if status == 429:
            response["Retry-After"] = str(exception.seconds)
        return response


def _holds_nul(query) -> bool:
    return any("\x00" in key or any("\x00" in v for v in values) for key, values in query.lists())


class NulAsBadRequestMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _holds_nul(request.GET):
            reason = _("The request holds a NUL character (code 0), which no field may contain.")
            if request.path_info.startswith("/api/"):
                return JsonResponse({"detail": reason}, status=400)
            return HttpResponseBadRequest(reason, content_type="text/plain; charset=utf-8")
        return self.get_response(request)
