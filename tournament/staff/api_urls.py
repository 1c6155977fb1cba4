"""The API of an event's staff, invitations and a user's own roles, included under ``api/``."""

from django.urls import path

from tournament.staff import api

urlpatterns = [
    path("events/<slug:event>/referees/", api.RefereeList.as_view(), name="referee-list"),
    path(
        "events/<slug:event>/referees/candidates/",
        api.StaffCandidates.as_view(),
        name="referee-candidates",
    ),
    path(
        "events/<slug:event>/referees/<int:pk>/",
        api.RefereeDetail.as_view(),
        name="referee-detail",
    ),
    path("events/<slug:event>/invitations/", api.InvitationList.as_view(), name="invitation-list"),
    path(
        "events/<slug:event>/invitations/<int:pk>/",
        api.InvitationDetail.as_view(),
        name="invitation-detail",
    ),
    path(
        "events/<slug:event>/invitations/<int:pk>/renew/",
        api.InvitationRenew.as_view(),
        name="invitation-renew",
    ),
    path("invitations/accept/", api.InvitationAccept.as_view(), name="invitation-accept"),
    path("me/roles/", api.MyRoles.as_view(), name="my-roles"),
    path("me/roles/seen/", api.MyRolesSeen.as_view(), name="my-roles-seen"),
]
