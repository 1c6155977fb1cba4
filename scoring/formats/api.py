"""REST API: team standings, stage standings with the final ranking, and the cut of a stage
(see it live; the director confirms it, choosing among players tied at the line)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.formats import reading, services
from tournament.access.api import EventScoped
from tournament.formats.models import Stage


class NamedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class MemberSerializer(NamedSerializer):
    counted = serializers.BooleanField()


class ValuesSerializer(serializers.Serializer):
    total = serializers.CharField(help_text='Exact value, e.g. "7/3".')
    table_points = serializers.CharField()
    score = serializers.CharField()


class TeamRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    team = NamedSerializer()
    values = ValuesSerializer()
    members = MemberSerializer(many=True)


class TeamStandingsSerializer(serializers.Serializer):
    current = serializers.BooleanField()
    rows = TeamRowSerializer(many=True)


class StageRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player = NamedSerializer()
    values = ValuesSerializer()


class StageStandingsSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    started = serializers.BooleanField()
    rows = StageRowSerializer(many=True)
    consolation = StageRowSerializer(many=True)


class FinalRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player = NamedSerializer()


class FinalRankingSerializer(serializers.Serializer):
    current = serializers.BooleanField()
    stages = StageStandingsSerializer(many=True)
    rows = FinalRowSerializer(many=True)


class TeamStandingsView(APIView):
    """Team standings as last computed (sum of members' totals, or of the best N)."""

    permission_classes = [EventScoped]

    @extend_schema(responses={200: TeamStandingsSerializer})
    def get(self, request, event):
        current = reading.state(self.event)
        rows = [
            {
                "place": r["place"],
                "team": {"id": r["team"], "name": r["name"]},
                "values": r["exact"],
                "members": r["members"],
            }
            for r in reading.team_rows(self.event, current)
        ]
        return Response({"current": not current.updating, "rows": rows})


def _stage_rows(lines: list[dict]) -> list[dict]:
    return [
        {
            "place": r["place"],
            "player": {"id": r["player"], "name": r["name"]},
            "values": r["exact"],
        }
        for r in lines
    ]


class FinalRankingView(APIView):
    """Each stage's standings and the final ranking: the last stage's places, then the players
    cut before it by their standing at the cut."""

    permission_classes = [EventScoped]

    @extend_schema(responses={200: FinalRankingSerializer})
    def get(self, request, event):
        current = reading.state(self.event)
        stages = [
            {
                "number": t["stage"].number,
                "name": t["stage"].name,
                "started": t["started"],
                "rows": _stage_rows(t["rows"]),
                "consolation": _stage_rows(t["consolation"]),
            }
            for t in reading.stage_tables(self.event, current)
        ]
        rows = [
            {"place": r["place"], "player": {"id": r["player"], "name": r["name"]}}
            for r in reading.final_rows(current)
        ]
        return Response({"current": not current.updating, "stages": stages, "rows": rows})


class CutSerializer(serializers.Serializer):
    confirmed = serializers.BooleanField()
    cut_size = serializers.IntegerField()
    qualified = serializers.ListField(child=serializers.IntegerField())
    tied = serializers.ListField(child=serializers.IntegerField())
    open_seats = serializers.IntegerField()
    chosen = serializers.ListField(child=serializers.IntegerField())
    message = serializers.CharField(allow_blank=True)


class CutInSerializer(serializers.Serializer):
    chosen = serializers.ListField(
        child=serializers.IntegerField(), required=False, default=list, max_length=1000
    )
    seat = serializers.BooleanField(
        required=False, default=False, help_text="Seat the stage's first round at once."
    )


class CutView(APIView):
    """The cut before a stage: live while not confirmed (who is in, who is tied at the line and
    how many of them go on), then as the director confirmed it."""

    permission_classes = [EventScoped]

    def stage(self) -> Stage:
        return get_object_or_404(
            Stage.objects.select_related("cut"), event=self.event, pk=self.kwargs["pk"]
        )

    def body(self, stage: Stage) -> dict:
        decision = getattr(stage, "cut", None)
        if decision is not None:
            return {
                "confirmed": True,
                "cut_size": stage.cut_size or 0,
                "qualified": decision.qualified,
                "tied": decision.tied,
                "open_seats": 0,
                "chosen": decision.chosen,
                "message": "",
            }
        view = reading.cut_view(stage)
        line = view.line
        return {
            "confirmed": False,
            "cut_size": stage.cut_size or 0,
            "qualified": list(line.qualified) if line else [],
            "tied": list(line.tied) if line else [],
            "open_seats": line.open_seats if line else 0,
            "chosen": [],
            "message": view.error,
        }

    @extend_schema(responses={200: CutSerializer})
    def get(self, request, event, pk):
        return Response(self.body(self.stage()))

    @extend_schema(request=CutInSerializer, responses={201: CutSerializer})
    def post(self, request, event, pk):
        stage = self.stage()
        data = CutInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.confirm_cut_and_seat(
            stage,
            request.user,
            data.validated_data["chosen"],
            seat=data.validated_data["seat"],
        )
        return Response(self.body(self.stage()), status=status.HTTP_201_CREATED)


class SeatStageInSerializer(serializers.Serializer):
    round = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=10_000,
        help_text="The round to seat; by default the stage's first round not seated yet.",
    )


class SeatedRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    tables = serializers.IntegerField()


class SeatStageView(APIView):
    """Seat a round of a stage by the stage's seating method, within its qualified players (the
    main group first, then the consolation group), as the director's Stages page does."""

    permission_classes = [EventScoped]

    @extend_schema(request=SeatStageInSerializer, responses={201: SeatedRoundSerializer})
    def post(self, request, event, pk):
        stage = get_object_or_404(Stage.objects.select_related("cut"), event=self.event, pk=pk)
        data = SeatStageInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        round_ = services.seat_stage_round(stage, data.validated_data.get("round"))
        return Response(
            {"round": round_.number, "tables": round_.tables.count()},
            status=status.HTTP_201_CREATED,
        )
