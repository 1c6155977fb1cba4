"""The project's URLs plus the export downloads, for tests run before config/urls.py has them."""

from django.urls import include, path

from config.urls import urlpatterns as project_urlpatterns

urlpatterns = [path("director/", include("scoring.urls_export")), *project_urlpatterns]
