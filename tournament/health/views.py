"""Liveness answers for load balancers and monitoring."""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_GET

WORKER_RESULT = "healthz:worker"
WORKER_LOCK = "healthz:worker-lock"


def _database_up() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception:  # noqa: BLE001 - any database failure means down
        return False
    return True


def _worker_state() -> str:
    """ "ok" or "unavailable: <error>", from a Celery round trip made at most once per
    ``HEALTHZ_WORKER_SECONDS`` whoever asks (the answer is kept in the shared cache): a stream
    of ``?worker=1`` requests cannot flood the broker."""
    state = cache.get(WORKER_RESULT)
    if state is not None:
        return state
    if not cache.add(WORKER_LOCK, 1, settings.HEALTHZ_WORKER_SECONDS):
        # Another request is making the round trip right now; the last answer is gone.
        return cache.get(WORKER_RESULT) or "checking"
    from tournament.health.tasks import health_check

    try:
        health_check.delay().get(timeout=settings.HEALTHZ_WORKER_TIMEOUT)
        state = "ok"
    except Exception as exc:  # noqa: BLE001 - any broker/worker failure is reported
        state = f"unavailable: {exc.__class__.__name__}"
    cache.set(WORKER_RESULT, state, settings.HEALTHZ_WORKER_SECONDS)
    return state


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness: the database answers; with ``?worker=1`` also a (rate-limited) Celery round
    trip. Anonymous callers and users who are not staff get only ``{"status": "up"}`` or
    ``"down"`` (503); staff see which part is down. No count of anything is ever shown."""
    body: dict[str, object] = {"database": "ok" if _database_up() else "unavailable"}
    if request.GET.get("worker"):
        body["worker"] = _worker_state()
    up = body["database"] == "ok" and body.get("worker", "ok") in ("ok", "checking")
    answer = {"status": "up" if up else "down"}
    if request.user.is_authenticated and request.user.is_staff:
        answer.update(body)
    return JsonResponse(answer, status=200 if up else 503)


@require_GET
def ping(request: HttpRequest) -> HttpResponse:
    """A constant answer: liveness for load balancers; the baseline of bench/standings_http.py."""
    return HttpResponse("ok", content_type="text/plain")
