from django.urls import path

from scoring.results import views as views_results

app_name = "results"

urlpatterns = [
    path(
        "<slug:slug>/r<int:round_number>/t<int:table_number>/result/",
        views_results.result_page,
        name="table",
    ),
]
