from django.urls import path

from tournament.persons import views

app_name = "persons"

urlpatterns = [
    path("", views.registry, name="registry"),
    path("<int:pk>/", views.person, name="person"),
]
