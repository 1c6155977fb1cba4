from django.urls import path

from penalties.repricing import views as views_repricing

app_name = "repricing"

urlpatterns = [
    path("<slug:slug>/reprice/", views_repricing.reprice, name="reprice"),
]
