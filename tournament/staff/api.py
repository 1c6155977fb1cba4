"""REST API for an event's staff and for staff members themselves.

Directors: the event's roles (one row per person and role; a person may hold several), roles
for people already on their staff (``candidates``), and invitation links for new people.
Whether an account exists is never told: a username outside the director's staff gets the
same answer whether or not it exists. Anybody holding an invitation link accepts it (logged in,
or creating an account). Every user reads their own roles and acknowledges new ones.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.access.api import EventScoped, as_drf_error
from tournament.access.roles import is_director
from tournament.collation import by_name
from tournament.events.models import MAX_NUMBER
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment, StaffInvitation
from tournament.staff.services import invitations

# Serializers --------------------------------------------------------------------------------


class TableNumbers(serializers.ListField):
    child = serializers.IntegerField(min_value=1, max_value=MAX_NUMBER)

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 500)
        kwargs.setdefault(
            "help_text",
            "Table numbers this role covers (1 to the event's table count: the most tables "
            "any round has, or as many as its active players fill); empty: every table.",
        )
        super().__init__(**kwargs)


class RefereeSerializer(serializers.ModelSerializer):
    username = serializers.CharField(
        source="user.username",
        max_length=150,
        help_text="An account on the staff of one of your events (see candidates/); invite "
        "anybody else with an invitation link.",
    )
    table_numbers = TableNumbers()
    seen = serializers.SerializerMethodField(help_text="Whether the person has seen this role.")

    class Meta:
        model = RefereeAssignment
        fields = ["id", "username", "role", "table_numbers", "assigned_at", "seen"]
        read_only_fields = ["id", "assigned_at", "seen"]

    def get_seen(self, assignment) -> bool:
        return assignment.seen_at is not None


class CandidateSerializer(serializers.Serializer):
    username = serializers.CharField()


class InvitationSerializer(serializers.ModelSerializer):
    roles = serializers.ListField(
        child=serializers.ChoiceField(choices=RefereeAssignment.Role.choices),
        min_length=1,
        max_length=3,
    )
    table_numbers = TableNumbers()
    note = serializers.CharField(required=False, allow_blank=True, max_length=120)

    class Meta:
        model = StaffInvitation
        fields = ["id", "roles", "table_numbers", "note", "created_at", "expires_at"]
        read_only_fields = ["id", "created_at", "expires_at"]


class NewInvitationSerializer(InvitationSerializer):
    url = serializers.CharField(read_only=True, help_text="The link to give; shown only now.")
    token = serializers.CharField(read_only=True, help_text="The link's secret; shown only now.")

    class Meta(InvitationSerializer.Meta):
        fields = [*InvitationSerializer.Meta.fields, "url", "token"]


class AcceptSerializer(serializers.Serializer):
    token = serializers.CharField(max_length=100)
    username = serializers.CharField(
        required=False, max_length=150, help_text="Only when not logged in: the new account."
    )
    password = serializers.CharField(
        required=False, max_length=4096, style={"input_type": "password"}
    )
    password_again = serializers.CharField(
        required=False, max_length=4096, style={"input_type": "password"}
    )


class MyRoleSerializer(serializers.ModelSerializer):
    event = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    event_name = serializers.CharField(source="event.name", read_only=True)
    new = serializers.SerializerMethodField()

    class Meta:
        model = RefereeAssignment
        fields = ["event", "event_name", "role", "table_numbers", "assigned_at", "new"]

    def get_new(self, assignment) -> bool:
        return assignment.seen_at is None


class DirectorOnly(EventScoped):
    """The event's staff is the director's business, reads included."""

    def has_permission(self, request, view) -> bool:
        super().has_permission(request, view)
        if not is_director(request.user, view.event):
            raise PermissionDenied(_("Only the event's director manages its staff."))
        return True


# Roles --------------------------------------------------------------------------------------


class RefereeList(generics.ListCreateAPIView):
    """The event's roles. POST gives a role to a person on your staff (another role of the
    same person is added beside theirs; the same role again changes its tables)."""

    serializer_class = RefereeSerializer
    permission_classes = [DirectorOnly]

    def get_queryset(self):
        return self.event.referees.select_related("user").order_by("user__username", "role")

    def filter_queryset(self, queryset):
        # By username in the order of the request's language, then by role.
        return by_name(super().filter_queryset(queryset), key=lambda a: a.user.get_username())

    def perform_create(self, serializer):
        data = serializer.validated_data
        user = staff_services.find_staff(self.request.user, data["user"]["username"])
        serializer.instance = staff_services.assign_referee(
            self.event,
            user,
            role=data.get("role", RefereeAssignment.Role.FLOOR),
            table_numbers=data.get("table_numbers", []),
        )


class RefereeDetail(generics.RetrieveUpdateDestroyAPIView):
    """One role of one person: change its tables (or its role), or remove it (their other
    roles stay)."""

    serializer_class = RefereeSerializer
    permission_classes = [DirectorOnly]

    def get_object(self):
        return get_object_or_404(
            RefereeAssignment.objects.select_related("user"), event=self.event, pk=self.kwargs["pk"]
        )

    def perform_update(self, serializer):
        instance = serializer.instance
        data = serializer.validated_data
        if "user" in data and data["user"].get("username") != instance.user.username:
            raise as_drf_error(
                DjangoValidationError(
                    {"username": [_("Give the role to the other person instead.")]}
                )
            )
        serializer.instance = staff_services.change_assignment(
            instance,
            role=data.get("role"),
            table_numbers=data.get("table_numbers"),
        )

    def perform_destroy(self, instance):
        staff_services.remove_assignment(instance)


class StaffCandidates(generics.ListAPIView):
    """People you may give roles directly: staff of any event you direct."""

    serializer_class = CandidateSerializer
    permission_classes = [DirectorOnly]

    def get_queryset(self):
        return staff_services.known_staff(self.request.user).order_by("username")

    def filter_queryset(self, queryset):
        return by_name(super().filter_queryset(queryset), key=lambda user: user.get_username())


# Invitations --------------------------------------------------------------------------------


def _link(request, token: str) -> str:
    return request.build_absolute_uri(reverse("staff:invitation", args=[token]))


class InvitationList(generics.ListCreateAPIView):
    """Invitations nobody has accepted yet. POST creates one: the answer carries its link
    (and secret) once; nothing else ever shows them again."""

    serializer_class = InvitationSerializer
    permission_classes = [DirectorOnly]

    def get_queryset(self):
        return staff_services.pending_invitations(self.event)

    @extend_schema(request=InvitationSerializer, responses={201: NewInvitationSerializer})
    def post(self, request, *args, **kwargs):
        incoming = InvitationSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = incoming.validated_data
        invitation, token = invitations.create_invitation(
            self.event,
            request.user,
            roles=data["roles"],
            table_numbers=data.get("table_numbers", []),
            note=data.get("note", ""),
        )
        invitation.url, invitation.token = _link(request, token), token
        return Response(NewInvitationSerializer(invitation).data, status=status.HTTP_201_CREATED)


class InvitationDetail(generics.RetrieveDestroyAPIView):
    """One pending invitation; DELETE withdraws it (its link stops working)."""

    serializer_class = InvitationSerializer
    permission_classes = [DirectorOnly]

    def get_object(self):
        return get_object_or_404(
            staff_services.pending_invitations(self.event), pk=self.kwargs["pk"]
        )

    def perform_destroy(self, instance):
        invitations.withdraw_invitation(instance)


class InvitationRenew(APIView):
    """A new link (and validity) for a pending invitation; the old link stops working."""

    permission_classes = [DirectorOnly]

    @extend_schema(request=None, responses={200: NewInvitationSerializer})
    def post(self, request, event, pk):
        invitation = get_object_or_404(staff_services.pending_invitations(self.event), pk=pk)
        token = invitations.renew_invitation(invitation)
        invitation.url, invitation.token = _link(request, token), token
        return Response(NewInvitationSerializer(invitation).data)


class InvitationAccept(APIView):
    """Accept an invitation: as the logged-in user, or (not logged in) by creating an account
    with ``username``, ``password`` and ``password_again``. An unknown, used, expired or
    withdrawn link gets 404."""

    permission_classes = [AllowAny]

    @extend_schema(request=AcceptSerializer, responses={201: MyRoleSerializer(many=True)})
    def post(self, request):
        incoming = AcceptSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = incoming.validated_data
        invitation = invitations.open_invitation(data["token"])
        if invitation is None:
            return Response(
                {"detail": _("This invitation link is no longer valid.")},
                status=status.HTTP_404_NOT_FOUND,
            )
        if request.user.is_authenticated:
            assignments = invitations.accept_invitation(invitation, request.user)
        else:
            user = invitations.create_account(
                invitation,
                username=data.get("username", ""),
                password=data.get("password", ""),
                password_again=data.get("password_again", ""),
            )
            assignments = list(user.referee_assignments.filter(event=invitation.event))
        return Response(
            MyRoleSerializer(assignments, many=True).data, status=status.HTTP_201_CREATED
        )


# The user's own roles -----------------------------------------------------------------------


class MyRoles(generics.ListAPIView):
    """Your roles in every event, newest first; ``new`` until you acknowledge them."""

    serializer_class = MyRoleSerializer
    permission_classes = [IsAuthenticated]
    pagination_class = None

    def get_queryset(self):
        return (
            RefereeAssignment.objects.filter(user=self.request.user)
            .select_related("event")
            .order_by("-assigned_at", "-pk")
        )


class MyRolesSeen(APIView):
    """Acknowledge your new roles."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def post(self, request):
        invitations.mark_assignments_seen(request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
