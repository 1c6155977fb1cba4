"""The director's round board, included under ``director/``."""

from django.urls import path

from scoring.board import views as views_board

app_name = "board"

urlpatterns = [
    path("<slug:slug>/rounds/<int:number>/", views_board.round_board, name="round"),
    path("<slug:slug>/rounds/<int:number>/board.json", views_board.round_board_json, name="json"),
    path("<slug:slug>/rounds/<int:number>/close/", views_board.round_close, name="close"),
    path(
        "<slug:slug>/rounds/<int:number>/confirm-sheets/",
        views_board.confirm_sheets,
        name="confirm-sheets",
    ),
]
