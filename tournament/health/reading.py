"""System checks for a deployment of several processes or machines (``manage.py check``).

PostgreSQL and Redis are the shared state: every web and worker process, on every machine,
must see the same database, the same cache and the same ``SECRET_KEY``. Two settings would
quietly keep state in one process or one machine instead:

- a cache in the process's memory (no ``REDIS_URL``): each web process would count login and
  PIN failures and API requests of its own, so the brakes would hold on one process only
  (``--deploy`` only: the embedded default is one process);
- a ``SECRET_KEY`` generated into this machine's ``VAR_DIR`` while the database is shared: a
  session, a signed link or a PIN card of one machine would not work on another.

And one that would send every mail's links elsewhere: a ``SITE_URL`` whose host this site does
not serve (``ALLOWED_HOSTS``), such as the embedded default's ``127.0.0.1`` (``--deploy``).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.core.checks import Tags, Warning, register
from django.http.request import validate_host

PROCESS_LOCAL_CACHES = {
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
    "django.core.cache.backends.filebased.FileBasedCache",
}


@register(Tags.caches, deploy=True)
def cache_is_shared(app_configs=None, **kwargs):
    backend = settings.CACHES.get("default", {}).get("BACKEND", "")
    if backend not in PROCESS_LOCAL_CACHES:
        return []
    return [
        Warning(
            "The cache is kept by each process (or machine) on its own: the login and PIN "
            "brakes and the API throttles count per process.",
            hint="Set REDIS_URL to a Redis that every web process shares.",
            id="tournament.W001",
        )
    ]


@register(Tags.security)
def secret_key_is_shared(app_configs=None, **kwargs):
    shared_database = settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3"
    if not shared_database or getattr(settings, "SECRET_KEY_SOURCE", "") != "generated":
        return []
    return [
        Warning(
            "SECRET_KEY was generated into this machine's VAR_DIR, but the database may be "
            "shared: sessions, signed links and PINs of another machine will not work here.",
            hint="Give every web and worker process the same SECRET_KEY or SECRET_KEY_FILE.",
            id="tournament.W002",
        )
    ]


@register(Tags.security, deploy=True)
def site_url_is_served(app_configs=None, **kwargs):
    host = urlsplit(settings.SITE_URL).hostname or ""
    if host and validate_host(host, settings.ALLOWED_HOSTS):
        return []
    return [
        Warning(
            f"SITE_URL ({settings.SITE_URL}) names a host this site does not serve: the links "
            "in mails (registration, notifications, calendars) would lead elsewhere.",
            hint="Set SITE_URL to the site's public address, e.g. https://mahjong.example.org.",
            id="tournament.W003",
        )
    ]
