from django.urls import path

from scoring.rulebook import views

app_name = "rulebook"

urlpatterns = [
    path("<slug:slug>/rules/", views.rulebook, name="rulebook"),
]
