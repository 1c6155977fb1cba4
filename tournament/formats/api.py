"""REST API for the event's format: teams and stages (the director writes, reads follow the
event's visibility). Cuts, team standings and the final ranking are in ``scoring.formats.api``."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.access.api import EventScoped
from tournament.collation import by_name
from tournament.formats.models import Stage
from tournament.formats.services import stages as stage_services
from tournament.formats.services import teams as team_services
from tournament.players.models import Team


class TeamSerializer(serializers.ModelSerializer):
    """A team; ``members`` are the ids of its players (set on each player: ``team``)."""

    members = serializers.PrimaryKeyRelatedField(many=True, read_only=True)

    class Meta:
        model = Team
        fields = ["id", "name", "members"]
        validators = []


class TeamList(generics.ListCreateAPIView):
    serializer_class = TeamSerializer
    permission_classes = [EventScoped]
    pagination_class = None

    def get_queryset(self):
        return self.event.teams.prefetch_related("members")

    def filter_queryset(self, queryset):
        # By name, in the order of the request's language.
        return by_name(super().filter_queryset(queryset))

    def perform_create(self, serializer):
        serializer.instance = team_services.create_team(
            self.event, serializer.validated_data["name"]
        )


class TeamDetail(generics.RetrieveUpdateDestroyAPIView):
    serializer_class = TeamSerializer
    permission_classes = [EventScoped]
    http_method_names = ["get", "patch", "delete", "head", "options"]

    def get_object(self):
        return get_object_or_404(Team, event=self.event, pk=self.kwargs["pk"])

    def perform_update(self, serializer):
        name = serializer.validated_data.get("name", serializer.instance.name)
        serializer.instance = team_services.rename_team(serializer.instance, name)

    def perform_destroy(self, instance):
        team_services.delete_team(instance)


class StageSerializer(serializers.ModelSerializer):
    """A stage: a range of rounds; a stage after the first may start with a cut to
    ``cut_size`` players. ``seed_points``: exact numbers ("8", "7/2") by place."""

    seed_points = serializers.ListField(
        child=serializers.CharField(max_length=30), required=False, max_length=1000
    )
    cut_confirmed = serializers.SerializerMethodField()

    class Meta:
        model = Stage
        fields = [
            "id",
            "number",
            "name",
            "first_round",
            "last_round",
            "cut_size",
            "carry",
            "seed_points",
            "rest",
            "seating",
            "allow_byes",
            "cut_confirmed",
        ]
        read_only_fields = ["id", "number"]
        validators = []

    def get_cut_confirmed(self, stage) -> bool:
        return hasattr(stage, "cut")


class StageList(generics.ListCreateAPIView):
    serializer_class = StageSerializer
    permission_classes = [EventScoped]
    pagination_class = None

    def get_queryset(self):
        return self.event.stages.select_related("cut").order_by("first_round")

    def perform_create(self, serializer):
        serializer.instance = stage_services.add_stage(self.event, **serializer.validated_data)


class StageDetail(generics.RetrieveUpdateDestroyAPIView):
    serializer_class = StageSerializer
    permission_classes = [EventScoped]
    http_method_names = ["get", "patch", "delete", "head", "options"]

    def get_object(self):
        return get_object_or_404(
            Stage.objects.select_related("cut"), event=self.event, pk=self.kwargs["pk"]
        )

    def perform_update(self, serializer):
        serializer.instance = stage_services.update_stage(
            serializer.instance, **serializer.validated_data
        )

    def destroy(self, request, *args, **kwargs):
        stage_services.delete_stage(self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)


class TeamBestSerializer(serializers.Serializer):
    team_best = serializers.IntegerField(
        allow_null=True,
        help_text="How many members' totals count for a team; null: every member's.",
    )


class TeamBest(APIView):
    """How many members' totals count for each team (the director's Teams page sets the same)."""

    permission_classes = [EventScoped]

    @extend_schema(responses={200: TeamBestSerializer})
    def get(self, request, event):
        return Response({"team_best": self.event.team_best})

    @extend_schema(request=TeamBestSerializer, responses={200: TeamBestSerializer})
    def put(self, request, event):
        data = TeamBestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        updated = team_services.set_team_best(self.event, data.validated_data["team_best"])
        return Response({"team_best": updated.team_best})
