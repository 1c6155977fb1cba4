"""Settings, every one from an environment variable with a working default.

With nothing configured the project runs embedded: SQLite (WAL, busy timeout, immediate
transactions), Celery tasks executed eagerly in-process and a local-memory cache. Setting
``DATABASE_URL``, ``CELERY_BROKER_URL`` and ``REDIS_URL`` moves it to PostgreSQL, a Redis broker
with real workers and a shared Redis cache; the code paths are the same.
"""

import os
import secrets
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def _development_secret_key() -> str:
    """A random key kept in var/ so that sessions survive a restart of the development server.
    Every VAR_DIR gets its own: several machines (nodes) serving one event must be given the
    same key instead (``SECRET_KEY`` or ``SECRET_KEY_FILE``)."""
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    key_file = VAR_DIR / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_urlsafe(50))
    return key_file.read_text().strip()


def _secret_key_from_file(path: str) -> str:
    try:
        key = Path(path).read_text().strip()
    except OSError as error:
        raise ImproperlyConfigured(f"SECRET_KEY_FILE cannot be read: {error}") from error
    if not key:
        raise ImproperlyConfigured("SECRET_KEY_FILE is empty.")
    return key


DEBUG = env_bool("DEBUG", True)
# Sessions, signed links, staff invitations and the players' PINs all derive from SECRET_KEY:
# every web and worker process of one deployment, on every machine, needs the same one. Give
# it in the environment, or as a file (a mounted secret) named by SECRET_KEY_FILE.
SECRET_KEY = os.environ.get("SECRET_KEY", "")
SECRET_KEY_SOURCE = "environment"
if not SECRET_KEY and os.environ.get("SECRET_KEY_FILE"):
    SECRET_KEY = _secret_key_from_file(os.environ["SECRET_KEY_FILE"])
    SECRET_KEY_SOURCE = "file"
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY (or SECRET_KEY_FILE) must be set when DEBUG=0.")
    SECRET_KEY = _development_secret_key()
    SECRET_KEY_SOURCE = "generated"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.forms",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_countries",
    "integrity",
    "tournament",
    "penalties",
    "scoring",
]

MIDDLEWARE = [
    "config.middleware.SecurityHeadersMiddleware",
    "config.middleware.HeadAsGetMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "config.middleware.NulAsBadRequestMiddleware",
    "tournament.events.pages.timezones.EventTimeZoneMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "config.middleware.OverflowAsBadRequestMiddleware",
    "config.middleware.RefusalsAnsweredMiddleware",
]

ROOT_URLCONF = "config.urls"
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # The base layout and shared fragments, then each capability's own templates
        # (e.g. scoring/sheets/templates/sheets/sheet.html is "sheets/sheet.html").
        "DIRS": [
            BASE_DIR / "templates",
            *sorted(
                path
                for app in ("tournament", "penalties", "scoring")
                for path in (BASE_DIR / app).glob("*/templates")
            ),
        ],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournament.players.pages.signed_player",
            ],
        },
    },
]

# Database -----------------------------------------------------------------------------------
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Cache --------------------------------------------------------------------------------------
# The cache holds what every web process must agree on: the login and PIN brakes, the API
# throttles, the /healthz worker probe, rendered public pages. Without REDIS_URL it is this
# process's memory: right for the embedded default, wrong for several web processes or
# machines (``check --deploy`` says so). CACHE_KEY_PREFIX separates deployments sharing a Redis.
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", ""),
        }
    }
    # Sessions read from the shared cache, written through to the database: a signed-in
    # phone's poll reads no session row. Without Redis they stay in the database only, since
    # this process's memory would not see another process's sign-out.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Celery -------------------------------------------------------------------------------------
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", CELERY_BROKER_URL or None)
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 3600
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# With the broker down, a write must not hang: try once more, briefly, then give up (the write
# is stored; the beat sweep reconciles once the broker is back).
CELERY_BROKER_CONNECTION_TIMEOUT = float(os.environ.get("CELERY_BROKER_CONNECTION_TIMEOUT", "2"))
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
# An unacknowledged task (its worker died) is delivered again after this many seconds.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "300"))
}
# Standings reconcile: least seconds between two recomputes of one event while writes keep
# coming; how long a queued reconcile may stay unclaimed before another is queued; its queue.
STANDINGS_COALESCE_SECONDS = float(os.environ.get("STANDINGS_COALESCE_SECONDS", "0.35"))
STANDINGS_PENDING_TTL_SECONDS = float(os.environ.get("STANDINGS_PENDING_TTL_SECONDS", "30"))
STANDINGS_QUEUE = os.environ.get("STANDINGS_QUEUE") or None
CELERY_BEAT_SCHEDULE = {
    "sweep-stale-standings": {
        "task": "scoring.tasks.sweep_stale",
        "schedule": float(os.environ.get("STANDINGS_SWEEP_SECONDS", "30")),
    },
    # every result ages: the stored ranking is recomputed as of the new day
    "ranking-daily": {
        "task": "scoring.ranking.daily",
        "schedule": float(os.environ.get("RANKING_DAILY_SECONDS", "3600")),
    },
}

# Auth ---------------------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_MAX_FAILURES = int(os.environ.get("LOGIN_MAX_FAILURES", "10"))
LOGIN_FAILURE_WINDOW = int(os.environ.get("LOGIN_FAILURE_WINDOW", "900"))
# The login brake (tournament/login.py): failures per address for every username (a venue NAT
# puts a hall behind one address), the per-username delay that doubles past
# LOGIN_MAX_FAILURES and its cap, how long an address a user logged in from stays known.
LOGIN_ADDRESS_MAX_FAILURES = int(os.environ.get("LOGIN_ADDRESS_MAX_FAILURES", "100"))
LOGIN_DELAY_SECONDS = float(os.environ.get("LOGIN_DELAY_SECONDS", "1"))
LOGIN_MAX_DELAY_SECONDS = float(os.environ.get("LOGIN_MAX_DELAY_SECONDS", "60"))
LOGIN_KNOWN_ADDRESS_DAYS = int(os.environ.get("LOGIN_KNOWN_ADDRESS_DAYS", "30"))
# Proxies in front of the application that append to X-Forwarded-For (0: use REMOTE_ADDR).
TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES", "0"))
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Internationalisation -----------------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("cs", _("Czech")),
    ("fr", _("French")),
    ("fi", _("Finnish")),
    ("pl", _("Polish")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True
# English dates and times without "a.m." and in day-month-year order (config/formats/).
FORMAT_MODULE_PATH = ["config.formats"]

# Static files -------------------------------------------------------------------------------
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "static"))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
# The documentation site (`make docs` builds it here; served at /docs/ by config/docs.py).
DOCS_ROOT = Path(os.environ.get("DOCS_ROOT", VAR_DIR / "docs"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# REST API -----------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "EXCEPTION_HANDLER": "tournament.access.api.exception_handler",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_THROTTLE_CLASSES": [
        "config.throttles.AnonReadThrottle",
        "config.throttles.WriteThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon_read": os.environ.get("API_THROTTLE_ANON_READS", "1200/min") or None,
        "write": os.environ.get("API_THROTTLE_WRITES", "600/min") or None,
    },
    "NUM_PROXIES": int(os.environ.get("TRUSTED_PROXIES", "0")) or None,
    "DEFAULT_PARSER_CLASSES": [
        "config.parsers.SafeJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "tournament.access.pagination.BoundedLimitOffsetPagination",
    "PAGE_SIZE": 500,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Mahjong tournament API",
    "DESCRIPTION": "Events, players, rounds, seating and referees of Mahjong tournaments.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "StaffRoleEnum": "tournament.models.RefereeAssignment.Role",
        "StatsAwardEnum": "rules.statistics.AWARDS",
        "PaymentKindEnum": "tournament.models.Payment.Kind",
        "PaymentMethodEnum": "tournament.models.Payment.Method",
    },
}

# Security -----------------------------------------------------------------------------------
# HTTPS is assumed in production (DEBUG=0) unless HTTPS=0 says the proxy is plain HTTP.
HTTPS = env_bool("HTTPS", not DEBUG)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 31536000 if HTTPS else 0))
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
# Content-Security-Policy of every response (config/middleware.py): our pages load scripts,
# styles and images from this site only and have no inline script, handler or style. The
# admin, DRF's browsable API and the API docs render third-party templates with inline styles
# (and, for ReDoc, an inline script): those paths get exactly these relaxations.
CONTENT_SECURITY_POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}
CSP_THIRD_PARTY = [
    ("/admin/", {"style-src": "'self' 'unsafe-inline'"}),
    (
        "/api/redoc/",
        {
            "style-src": "'self' 'unsafe-inline'",
            "script-src": "'self' 'unsafe-inline'",
            "worker-src": "'self' blob:",
        },
    ),
    ("/api/docs/", {"style-src": "'self' 'unsafe-inline'"}),
    ("/api/", {"style-src": "'self' 'unsafe-inline'"}),
]
PERMISSIONS_POLICY = {
    "camera": "()",
    "microphone": "()",
    "geolocation": "()",
    "payment": "()",
    "usb": "()",
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# The event's statistics (every player's, read from every hand of the event) may be this many
# seconds behind the sheets while hands come in; a change of the event's revision (a result, a
# name, an option) always shows at once. A player's own statistics are never behind.
STATS_EVENT_SECONDS = float(os.environ.get("STATS_EVENT_SECONDS", "30"))

# /healthz?worker=1 makes at most one Celery round trip per this many seconds (the answer is
# shared through the cache), waiting at most HEALTHZ_WORKER_TIMEOUT seconds for it.
HEALTHZ_WORKER_SECONDS = float(os.environ.get("HEALTHZ_WORKER_SECONDS", "30"))
HEALTHZ_WORKER_TIMEOUT = float(os.environ.get("HEALTHZ_WORKER_TIMEOUT", "5"))

# Seconds the seating generator may search at most (it usually stops much earlier).
SEATING_TIME_BUDGET = float(os.environ.get("SEATING_TIME_BUDGET", "10"))

# Uploaded CSV files are small: refuse anything absurd before parsing it.
PLAYER_CSV_MAX_BYTES = 512 * 1024
# Players in one imported file (CSV or .xlsx); a longer file is refused with a message.
PLAYER_IMPORT_MAX_ROWS = int(os.environ.get("PLAYER_IMPORT_MAX_ROWS", 2000))
# Days a staff invitation link stays valid.
STAFF_INVITATION_DAYS = int(os.environ.get("STAFF_INVITATION_DAYS", 7))

# Score sheets: disputes and referee calls from one author (a player's phone, a referee) are
# throttled, as a flood from one phone would bury the referees' tablets
# (scoring.sheets.disputes.services).
SHEET_DISPUTES_PER_AUTHOR = int(os.environ.get("SHEET_DISPUTES_PER_AUTHOR", "5"))
SHEET_CALLS_PER_AUTHOR = int(os.environ.get("SHEET_CALLS_PER_AUTHOR", "3"))
SHEET_THROTTLE_SECONDS = int(os.environ.get("SHEET_THROTTLE_SECONDS", "600"))

# E-mail: the console backend unless EMAIL_HOST names an SMTP server (or EMAIL_BACKEND says).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = float(os.environ.get("EMAIL_TIMEOUT", "10"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "mahjong@localhost")

# The site's address (scheme, host, port; no path), for every link in a mail or a notification:
# a mail sent by the worker has no request to take a host from. NOTIFY_BASE_URL is its older
# name, still read.
SITE_URL = (
    os.environ.get("SITE_URL") or os.environ.get("NOTIFY_BASE_URL") or "http://127.0.0.1:8000"
).rstrip("/")

# Notifications (tournament/notify, docs/reference/notifications.md).
NOTIFY_EMAIL_DOMAIN = os.environ.get("NOTIFY_EMAIL_DOMAIN", "localhost")
NOTIFY_VAPID_KEY_FILE = os.environ.get("NOTIFY_VAPID_KEY_FILE", str(VAR_DIR / "vapid_private.pem"))
NOTIFY_VAPID_SUBJECT = os.environ.get("NOTIFY_VAPID_SUBJECT", f"mailto:{DEFAULT_FROM_EMAIL}")
NOTIFY_PUSH_ALLOWED_HOSTS = [h.lower() for h in env_list("NOTIFY_PUSH_ALLOWED_HOSTS", "")]
# The hosts an event's channels post to (tournament.channels): Discord's webhooks and Telegram's
# bot API; NOTIFY_TELEGRAM_API is where Telegram's bot API is. The tests point both at local
# servers (with their host:port also in NOTIFY_PUSH_ALLOWED_HOSTS, which allows plain http).
NOTIFY_CHANNEL_HOSTS = [
    h.lower() for h in env_list("NOTIFY_CHANNEL_HOSTS", "discord.com,api.telegram.org")
]
NOTIFY_TELEGRAM_API = os.environ.get("NOTIFY_TELEGRAM_API", "https://api.telegram.org")
# Seconds between two posts to one channel by one worker (Telegram takes about 20 a minute in
# a group, Discord's webhooks about 30).
NOTIFY_CHANNEL_INTERVAL = float(os.environ.get("NOTIFY_CHANNEL_INTERVAL", "2"))
NOTIFY_PUSH_TTL = int(os.environ.get("NOTIFY_PUSH_TTL", "3600"))
NOTIFY_PUSH_CONNECT_TIMEOUT = float(os.environ.get("NOTIFY_PUSH_CONNECT_TIMEOUT", "3"))
NOTIFY_PUSH_READ_TIMEOUT = float(os.environ.get("NOTIFY_PUSH_READ_TIMEOUT", "10"))
NOTIFY_PUSH_THREADS = int(os.environ.get("NOTIFY_PUSH_THREADS", "8"))
NOTIFY_BATCH_SIZE = int(os.environ.get("NOTIFY_BATCH_SIZE", "200"))
NOTIFY_LEASE_SECONDS = float(os.environ.get("NOTIFY_LEASE_SECONDS", "60"))
NOTIFY_MAX_ATTEMPTS = int(os.environ.get("NOTIFY_MAX_ATTEMPTS", "8"))
NOTIFY_RETRY_BASE_SECONDS = float(os.environ.get("NOTIFY_RETRY_BASE_SECONDS", "5"))
NOTIFY_RETRY_MAX_SECONDS = float(os.environ.get("NOTIFY_RETRY_MAX_SECONDS", "600"))
NOTIFY_QUEUE = os.environ.get("NOTIFY_QUEUE") or None
# A player's calendar link works this many days after the notification page gave it.
NOTIFY_CALENDAR_LINK_DAYS = int(os.environ.get("NOTIFY_CALENDAR_LINK_DAYS", "120"))
CELERY_IMPORTS = ["tournament.notify.tasks.reminders"]

# Online game logs (scoring/onlinelogs, docs/reference/online-logs.md). A tenhou.net log id is
# fetched from ONLINE_LOG_TENHOU_URL ({log_id} filled in), only from a host of
# ONLINE_LOG_HOSTS, over https, from public addresses (the notifications' SSRF guard), with a
# timeout and a size limit. ONLINE_LOG_TEST_HOSTS are exempt from https and the address check:
# the test suite's local fake of tenhou.net.
ONLINE_LOG_TENHOU_URL = os.environ.get(
    "ONLINE_LOG_TENHOU_URL", "https://tenhou.net/0/log/?{log_id}"
)
ONLINE_LOG_HOSTS = [h.lower() for h in env_list("ONLINE_LOG_HOSTS", "tenhou.net,www.tenhou.net")]
ONLINE_LOG_TEST_HOSTS = [h.lower() for h in env_list("ONLINE_LOG_TEST_HOSTS", "")]
ONLINE_LOG_TIMEOUT = float(os.environ.get("ONLINE_LOG_TIMEOUT", "8"))
CELERY_BEAT_SCHEDULE["notify-sweep"] = {
    "task": "tournament.notify.sweep",
    "schedule": float(os.environ.get("NOTIFY_SWEEP_SECONDS", "15")),
    "options": {"queue": NOTIFY_QUEUE} if NOTIFY_QUEUE else {},
}
CELERY_BEAT_SCHEDULE["notify-final-ranking"] = {
    "task": "scoring.standings.final_ranking_notices",
    "schedule": 60.0,
    "options": {"queue": NOTIFY_QUEUE} if NOTIFY_QUEUE else {},
}
CELERY_BEAT_SCHEDULE["notify-round-reminders"] = {
    "task": "tournament.notify.round_reminders",
    "schedule": 60.0,
    "options": {"queue": NOTIFY_QUEUE} if NOTIFY_QUEUE else {},
}

# Registration (tournament/registration) ------------------------------------------------------
REGISTRATION_LINK_DAYS = int(os.environ.get("REGISTRATION_LINK_DAYS", "365"))
# The public form's brake (tournament/registration/access.py): sign-ups per e-mail address per
# hour; posts per client address in a burst of REGISTRATION_BURST_SECONDS, and per hour.
REGISTRATION_SIGNUPS_PER_EMAIL = int(os.environ.get("REGISTRATION_SIGNUPS_PER_EMAIL", "5"))
REGISTRATION_BURST_PER_ADDRESS = int(os.environ.get("REGISTRATION_BURST_PER_ADDRESS", "30"))
REGISTRATION_BURST_SECONDS = int(os.environ.get("REGISTRATION_BURST_SECONDS", "60"))
REGISTRATION_SIGNUPS_PER_ADDRESS = int(os.environ.get("REGISTRATION_SIGNUPS_PER_ADDRESS", "300"))
# A queue of its own for registration's tasks (mails, offer expiry), if set; else the default.
REGISTRATION_QUEUE = os.environ.get("REGISTRATION_QUEUE") or None
CELERY_BEAT_SCHEDULE["registration-expire-offers"] = {
    "task": "tournament.registration.expire_offers",
    "schedule": float(os.environ.get("REGISTRATION_OFFER_SWEEP_SECONDS", "60")),
    "options": {"queue": REGISTRATION_QUEUE} if REGISTRATION_QUEUE else {},
}
