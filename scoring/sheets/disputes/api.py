"""REST API of the sheet's floor: a player or a referee disputes a hand, a referee settles the
dispute (or its author withdraws it), a hand is struck, a player calls the referee and a
referee takes the call. The writes are the services' (``scoring.sheets.disputes.services``); the
answers and the sign-in are the sheet API's (``scoring.sheets.entry.api``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from scoring.sheets import services as sheets
from scoring.sheets.entry.api import (
    WRITE_ANSWERS,
    SheetBaseView,
    SheetSerializer,
    request_author,
)
from tournament.players.models import Player


class DisputeInSerializer(serializers.Serializer):
    version = serializers.IntegerField(
        min_value=1, max_value=2**31 - 1, help_text="The version disputed (as seen)."
    )
    reason = serializers.CharField(max_length=1000)


class SettleInSerializer(serializers.Serializer):
    note = serializers.CharField(required=False, allow_blank=True, default="", max_length=1000)


class StrikeInSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=1000)
    based_on_version = serializers.IntegerField(min_value=1, max_value=2**31 - 1)
    idempotency_key = serializers.CharField(max_length=64)


class FloorItemSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    kind = serializers.ChoiceField(
        choices=["dispute", "request", "call"],
        help_text="request: a dispute still open after the round closed (for the director).",
    )
    id = serializers.IntegerField(source="pk")
    hand = serializers.IntegerField(source="number", allow_null=True)
    reason = serializers.CharField()
    by = serializers.CharField()
    created_at = serializers.DateTimeField()


_FLOOD = {429: OpenApiResponse(description="Too many disputes or calls from this author.")}


class SheetHandDisputeView(SheetBaseView):
    @extend_schema(
        request=DisputeInSerializer,
        responses={201: SheetSerializer, **WRITE_ANSWERS, **_FLOOD},
        description=(
            "Dispute a hand's version, with a reason (a player of the table or a referee). "
            "The hand stops counting and the sheet cannot close until the dispute is settled "
            "or a new version replaces it. Refused once the sheet is closed."
        ),
    )
    def post(self, request, event, number, table, hand):
        table_obj = self.table(number, table)
        serializer = DisputeInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        sheets.dispute_hand(
            table_obj,
            hand,
            author=request_author(request),
            version=serializer.validated_data["version"],
            reason=serializer.validated_data["reason"],
        )
        return Response(self.sheet_body(table_obj), status=status.HTTP_201_CREATED)


class SheetDisputeSettleView(SheetBaseView):
    @extend_schema(
        request=SettleInSerializer,
        responses={200: SheetSerializer, **WRITE_ANSWERS},
        description=(
            "A referee keeps the disputed hand as it is, or the player who raised the "
            "dispute withdraws it."
        ),
    )
    def post(self, request, event, number, table, dispute):
        table_obj = self.table(number, table)
        serializer = SettleInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        sheets.settle_dispute(
            table_obj,
            dispute,
            author=request_author(request),
            note=serializer.validated_data["note"],
        )
        return Response(self.sheet_body(table_obj))


class SheetHandStrikeView(SheetBaseView):
    @extend_schema(
        request=StrikeInSerializer,
        responses={201: SheetSerializer, 200: SheetSerializer, **WRITE_ANSWERS},
        description=(
            "Strike a hand entered by mistake: a correction to no hand. A player's strike "
            "counts once another player of the table or a referee confirms it (confirm with "
            "the strike's version); the hand then leaves the sheet and keeps its number."
        ),
    )
    def post(self, request, event, number, table, hand):
        table_obj = self.table(number, table)
        serializer = StrikeInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        done = sheets.strike_hand(
            table_obj,
            hand,
            author=request_author(request),
            reason=data["reason"],
            based_on_version=data["based_on_version"],
            idempotency_key=data["idempotency_key"],
        )
        return Response(
            self.sheet_body(table_obj),
            status=status.HTTP_201_CREATED if done[1] else status.HTTP_200_OK,
        )


class SheetCallsView(SheetBaseView):
    """The table's open referee calls and disputes; a player calls the referee."""

    @extend_schema(responses={200: FloorItemSerializer(many=True)})
    def get(self, request, event, number, table):
        table_obj = self.table(number, table)
        items = sheets.floor_items(table_obj.round, [table_obj.number])
        return Response(FloorItemSerializer(items, many=True).data)

    @extend_schema(
        request=None,
        responses={
            201: FloorItemSerializer(many=True),
            200: FloorItemSerializer(many=True),
            **WRITE_ANSWERS,
            **_FLOOD,
        },
        description="A player of the table calls the referee; calling again while a call is "
        "open changes nothing (200).",
    )
    def post(self, request, event, number, table):
        table_obj = self.table(number, table)
        done = sheets.call_referee(table_obj, author=request_author(request))
        items = sheets.floor_items(table_obj.round, [table_obj.number])
        return Response(
            FloorItemSerializer(items, many=True).data,
            status=status.HTTP_201_CREATED if done[1] else status.HTTP_200_OK,
        )


class SheetCallTakeView(SheetBaseView):
    @extend_schema(
        request=None,
        responses={200: FloorItemSerializer(many=True), **WRITE_ANSWERS},
        description="A referee of the table takes the call.",
    )
    def post(self, request, event, number, table, call):
        table_obj = self.table(number, table)
        if isinstance(request.auth, Player):
            raise PermissionDenied(_("A referee takes the call."))
        sheets.take_call(table_obj, call, user=request.user)
        items = sheets.floor_items(table_obj.round, [table_obj.number])
        return Response(FloorItemSerializer(items, many=True).data)
