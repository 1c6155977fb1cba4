"""Liveness answers for load balancers and monitoring."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness: the database answers; with ``?worker=1`` also a Celery round trip."""
    from django.db import connection
    from django.http import JsonResponse

    from tournament.tasks import health_check

    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    body: dict[str, object] = {"database": "ok"}
    if request.GET.get("worker"):
        try:
            body["worker"] = health_check.delay().get(timeout=5)
        except Exception as exc:  # any broker/worker failure is reported, not raised
            body["worker"] = f"unavailable: {exc.__class__.__name__}"
            return JsonResponse(body, status=503)
    return JsonResponse(body)


@require_GET
def ping(request: HttpRequest) -> HttpResponse:
    """A constant answer: liveness for load balancers; the baseline of bench/standings_http.py."""
    return HttpResponse("ok", content_type="text/plain")
