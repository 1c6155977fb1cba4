"""The play page's service worker and web app manifest."""

from django.urls import path

from scoring.sheets.offline import views

urlpatterns = [
    path("e/<slug:slug>/play/sw.js", views.service_worker, name="sheets-play-sw"),
    path(
        "e/<slug:slug>/play/manifest.webmanifest",
        views.web_manifest,
        name="sheets-play-manifest",
    ),
]
