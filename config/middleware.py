"""Cross-cutting HTTP behaviour, set in one place.

- ``HeadAsGetMiddleware``: HEAD is answered wherever GET is (views decorated ``require_GET``
  would answer 405): the view runs as for GET and the body is dropped.
- ``SecurityHeadersMiddleware``: the Content-Security-Policy and the Permissions-Policy of
  every response. Our templates have no inline script, handler or style, so the policy is
  strict; pages rendered by third-party templates (the admin, DRF's browsable API and the API
  docs) get the relaxations they need, listed in ``CSP_THIRD_PARTY``.
- ``OverflowAsBadRequestMiddleware``: a number too large for the database (a 30-digit id in a
  URL) is the client's mistake: 400, not a server error.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest


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
