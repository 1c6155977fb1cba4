"""The WSGI application, warmed up before it serves.

Django imports most of the project lazily: the URL patterns (and with them every view, DRF and
its settings), the cache client, the Celery broker transport. Left alone, each gunicorn worker
pays for that on its first request and on its first queued task: about half a second of CPU,
which on a small machine shows as a burst of slow answers right after a start or a reload
(score sheets: the first hands of fifty tables at once). ``warm_up`` does it at start instead.

It opens no connection (database, cache or broker): with ``gunicorn --preload`` the app is
loaded once in the master and the workers fork from it, sharing what was imported, and a
connection opened there would be shared by every worker.

Then everything loaded so far is moved out of the garbage collector's sight (``gc.freeze``):
those objects live as long as the process, and a full collection walking them (some 140,000)
costs a worker about 50 ms of CPU in the middle of a request, and after a ``--preload`` fork it
would also copy every page they sit on into each worker.
"""

import contextlib
import gc
import logging
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

logger = logging.getLogger(__name__)


def warm_up() -> None:
    from django.conf import settings
    from django.core.cache import caches
    from django.urls import Resolver404, get_resolver

    resolver = get_resolver()
    for path in ("/", "/api/"):
        with contextlib.suppress(Resolver404):
            resolver.resolve(path)  # imports every view, compiles the patterns
    for alias in settings.CACHES:
        getattr(caches[alias], "_cache", None)  # the Redis client class, unconnected
    from rest_framework.settings import api_settings

    for name in (
        "DEFAULT_AUTHENTICATION_CLASSES",
        "DEFAULT_PERMISSION_CLASSES",
        "DEFAULT_THROTTLE_CLASSES",
        "DEFAULT_RENDERER_CLASSES",
        "DEFAULT_PARSER_CLASSES",
    ):
        getattr(api_settings, name, None)
    from config.celery import app

    app.finalize(auto=True)
    if settings.CELERY_BROKER_URL:
        from kombu.transport import get_transport_cls

        get_transport_cls(app.conf.broker_url.split("://", 1)[0])  # imports, connects not


try:
    warm_up()
except Exception:  # pragma: no cover - warming is an optimisation, never a reason not to serve
    logger.exception("warming the application up failed; serving anyway")
gc.collect()
gc.freeze()
