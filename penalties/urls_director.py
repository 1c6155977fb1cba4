from django.urls import path

from . import views_repricing

app_name = "repricing"

urlpatterns = [
    path("<slug:slug>/reprice/", views_repricing.reprice, name="reprice"),
]
