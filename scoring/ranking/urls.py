from django.urls import path

from scoring.ranking import views

app_name = "ranking"

urlpatterns = [
    path("", views.index, name="index"),
    path("persons/<int:pk>/", views.person_page, name="person"),
    path("<str:family>/", views.family_page, name="family"),
    path("<str:family>/countries/", views.countries_page, name="countries"),
    path("<str:family>/export.<str:kind>", views.export, name="export"),
]
