"""Pages for staff members themselves (``/staff/``): invitations and their roles."""

from django.urls import path

from tournament.staff import views as staff

app_name = "staff"

urlpatterns = [
    path("invitation/<str:token>/", staff.invitation, name="invitation"),
    path("roles/seen/", staff.assignments_seen, name="roles-seen"),
]
