from django.contrib import admin
from django.http import HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST, require_safe
from django.views.i18n import set_language
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from config import docs as docs_site
from penalties.tablet import views as referee_views
from scoring.public.views import mine as my_page
from scoring.sheets.entry import views as sheets_views
from scoring.sheets.offline import views as sheets_offline
from tournament.access.login import (
    AdminLoginView,
    LoginView,
    LogoutView,
    ThrottledAdminAuthenticationForm,
)
from tournament.events import views as event_views
from tournament.health import views as health


@require_safe
def favicon(request):
    """The SVG icon's address, asked for each time: with hashed static names (DEBUG=0) it is
    known only once ``collectstatic`` has run."""
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))


# Every login goes through the brake, the admin's too (its own view is routed first below).
admin.site.login_form = ThrottledAdminAuthenticationForm

urlpatterns = [
    path("", event_views.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("ping", health.ping, name="ping"),
    path("sw.js", referee_views.service_worker, name="service-worker"),
    # Browsers ask for /favicon.ico on their own; pages name the SVG icon.
    path("favicon.ico", favicon, name="favicon"),
    path("manifest.webmanifest", sheets_offline.web_manifest, name="web-manifest"),
    path("accounts/login/", LoginView.as_view(), name="login"),
    path("accounts/logout/", LogoutView.as_view(), name="logout"),
    # The players' page: the sheets' page with the player's seats, results and places, and
    # its live part (refreshed every 5 s), which the layers above the sheets give.
    path(
        "e/<slug:slug>/play/",
        sheets_views.play,
        {"mine": my_page.my_page, "live": my_page.live_part},
        name="sheets-play",
    ),
    path("", include("scoring.sheets.urls")),
    path("", include("scoring.onlinelogs.urls")),
    path("", include("scoring.stats.urls")),
    path("", include("tournament.notify.urls")),
    # before the event pages: "persons" and "ranking" are not event short names here
    path("director/persons/", include("tournament.persons.urls")),
    path("director/", include("scoring.ranking.urls_director")),
    path("director/", include("tournament.urls_director")),
    path("director/", include("scoring.exports.urls")),
    path("director/", include("scoring.board.urls")),
    path("referee/", include("scoring.results.urls")),
    path("referee/", include("scoring.reseat.urls")),
    path("director/", include("scoring.formats.urls")),
    path("director/", include("penalties.repricing.urls")),
    path("referee/", include("penalties.tablet.urls")),
    path("staff/", include("tournament.staff.urls")),
    path("e/", include("tournament.registration.urls")),
    path("e/", include("scoring.public.urls")),
    path("e/", include("scoring.rulebook.urls")),
    path("ranking/", include("scoring.ranking.urls")),
    path("api/", include("tournament.events.api_urls")),
    path("api/", include("tournament.players.api_urls")),
    path("api/", include("tournament.rounds.api_urls")),
    path("api/", include("tournament.hall.api_urls")),
    path("api/", include("tournament.seating.api_urls")),
    path("api/", include("tournament.formats.api_urls")),
    path("api/", include("tournament.staff.api_urls")),
    path("api/", include("tournament.registration.api_urls")),
    path("api/", include("tournament.fees.api_urls")),
    path("api/", include("tournament.channels.api_urls")),
    path("api/", include("penalties.api.urls")),
    path("api/", include("penalties.repricing.api_urls")),
    path("api/", include("scoring.standings.api_urls")),
    path("api/", include("scoring.formats.api_urls")),
    path("api/", include("scoring.results.api_urls")),
    path("api/", include("scoring.sheets.api_urls")),
    path("api/", include("scoring.onlinelogs.api_urls")),
    path("api/", include("scoring.reseat.api_urls")),
    path("api/", include("scoring.ranking.api_urls")),
    path("api/", include("scoring.stats.api_urls")),
    path("api/", include("scoring.exports.api_urls")),
    path(
        "api/auth/login/",
        LoginView.as_view(template_name="rest_framework/login.html"),
        name="api-login",
    ),
    path("api/auth/", include("rest_framework.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's script as a file: no inline script for the CSP.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="api-redoc"),
    # Choosing a language changes nothing but a cookie; it needs no CSRF token, so that the
    # public pages served to anonymous visitors carry none and can be cached whole.
    path("i18n/setlang/", csrf_exempt(require_POST(set_language)), name="set_language"),
    path("admin/login/", AdminLoginView.as_view(), name="admin-login"),
    path("admin/", admin.site.urls),
    # The guides and the reference (``make docs`` builds them into DOCS_ROOT).
    path("docs/", docs_site.docs, name="docs"),
    path("docs/<path:path>", docs_site.docs, name="docs-page"),
]
