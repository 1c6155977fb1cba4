from django.urls import path

from scoring.ranking import api

urlpatterns = [
    path("ranking/<str:family>/", api.RankingList.as_view(), name="ranking-list"),
    path("ranking/<str:family>/persons/<int:pk>/", api.PersonLine.as_view(), name="ranking-person"),
]
