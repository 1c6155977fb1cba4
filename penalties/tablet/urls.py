from django.urls import path

from penalties.handcheck import views as handcheck
from penalties.tablet import views

app_name = "referee"

urlpatterns = [
    path("", views.home, name="home"),
    path("<slug:slug>/", views.my_tables, name="tables"),
    path("<slug:slug>/fouls/", views.foul_list, name="fouls"),
    path("<slug:slug>/fouls/<int:pk>/", views.receipt, name="receipt"),
    path("<slug:slug>/fouls/<int:pk>/void/", views.void, name="void"),
    path("<slug:slug>/r<int:round_number>/t<int:table_number>/", views.table_page, name="table"),
    path(
        "<slug:slug>/r<int:round_number>/t<int:table_number>/check-hand/",
        handcheck.check,
        name="check-hand",
    ),
    path(
        "<slug:slug>/r<int:round_number>/t<int:table_number>/extra-time/",
        views.extra_time,
        name="extra-time",
    ),
    path(
        "<slug:slug>/r<int:round_number>/t<int:table_number>/<str:code>/",
        views.foul_form,
        name="foul",
    ),
]
