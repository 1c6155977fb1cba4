from django.urls import path

from tournament.api import formats, staff, views

urlpatterns = [
    path("events/", views.EventList.as_view(), name="event-list"),
    path("events/<slug:event>/", views.EventDetail.as_view(), name="event-detail"),
    path("events/<slug:event>/players/", views.PlayerList.as_view(), name="player-list"),
    path(
        "events/<slug:event>/players/import/", views.PlayerCsvImport.as_view(), name="player-import"
    ),
    path(
        "events/<slug:event>/players/<int:pk>/", views.PlayerDetail.as_view(), name="player-detail"
    ),
    path("events/<slug:event>/rounds/", views.RoundList.as_view(), name="round-list"),
    path(
        "events/<slug:event>/rounds/<int:number>/", views.RoundDetail.as_view(), name="round-detail"
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/seating/",
        views.RoundSeating.as_view(),
        name="round-seating",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/",
        views.TableList.as_view(),
        name="table-list",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/",
        views.TableDetail.as_view(),
        name="table-detail",
    ),
    path(
        "events/<slug:event>/rounds/<int:number>/tables/<int:table>/seats/",
        views.TableSeats.as_view(),
        name="table-seats",
    ),
    path("events/<slug:event>/seating/", views.SeatingView.as_view(), name="seating"),
    path(
        "events/<slug:event>/seating/<int:pk>/swap/",
        views.SeatingSwap.as_view(),
        name="seating-swap",
    ),
    path(
        "events/<slug:event>/seating/<int:pk>/publish/",
        views.SeatingPublish.as_view(),
        name="seating-publish",
    ),
    path("events/<slug:event>/teams/", formats.TeamList.as_view(), name="team-list"),
    path("events/<slug:event>/teams/<int:pk>/", formats.TeamDetail.as_view(), name="team-detail"),
    path("events/<slug:event>/stages/", formats.StageList.as_view(), name="stage-list"),
    path(
        "events/<slug:event>/stages/<int:pk>/",
        formats.StageDetail.as_view(),
        name="stage-detail",
    ),
    path("events/<slug:event>/referees/", staff.RefereeList.as_view(), name="referee-list"),
    path(
        "events/<slug:event>/referees/candidates/",
        staff.StaffCandidates.as_view(),
        name="referee-candidates",
    ),
    path(
        "events/<slug:event>/referees/<int:pk>/",
        staff.RefereeDetail.as_view(),
        name="referee-detail",
    ),
    path(
        "events/<slug:event>/invitations/", staff.InvitationList.as_view(), name="invitation-list"
    ),
    path(
        "events/<slug:event>/invitations/<int:pk>/",
        staff.InvitationDetail.as_view(),
        name="invitation-detail",
    ),
    path(
        "events/<slug:event>/invitations/<int:pk>/renew/",
        staff.InvitationRenew.as_view(),
        name="invitation-renew",
    ),
    path("invitations/accept/", staff.InvitationAccept.as_view(), name="invitation-accept"),
    path("me/roles/", staff.MyRoles.as_view(), name="my-roles"),
    path("me/roles/seen/", staff.MyRolesSeen.as_view(), name="my-roles-seen"),
]
