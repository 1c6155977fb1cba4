"""REST API of rounds, their tables and seats: the round's life (status, times) and seating
one table or a whole round by hand."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Count
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.access.api import EventScoped, as_drf_error
from tournament.events.models import Event
from tournament.rounds import services as round_services
from tournament.rounds.models import Round, Table
from tournament.rounds.serializers import (
    RoundSeatingSerializer,
    RoundSerializer,
    TableSeatsSerializer,
    TableSerializer,
)
from tournament.rounds.services import seats as seat_services


def _round(event: Event, number: int) -> Round:
    return get_object_or_404(Round, event=event, number=number)


class RoundList(generics.ListCreateAPIView):
    serializer_class = RoundSerializer
    permission_classes = [EventScoped]

    def get_queryset(self):
        return self.event.rounds.annotate(table_count=Count("tables"))

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        data.pop("status", None)
        data.pop("reason", None)
        round_ = round_services.create_round(self.event, **data)
        round_.table_count = 0
        serializer.instance = round_


class RoundDetail(generics.RetrieveUpdateAPIView):
    serializer_class = RoundSerializer
    permission_classes = [EventScoped]

    def get_object(self):
        return get_object_or_404(
            self.event.rounds.annotate(table_count=Count("tables")), number=self.kwargs["number"]
        )

    def perform_update(self, serializer):
        changes = dict(serializer.validated_data)
        if "number" in changes and changes["number"] != serializer.instance.number:
            raise as_drf_error(DjangoValidationError({"number": [_("A round keeps its number.")]}))
        changes.pop("number", None)
        serializer.instance = round_services.update_round(
            serializer.instance, by=self.request.user, **changes
        )


class RoundSeating(APIView):
    """Replace a round's whole seating at once (the director's hand seating)."""

    permission_classes = [EventScoped]

    @extend_schema(request=RoundSeatingSerializer, responses={200: TableSerializer(many=True)})
    def put(self, request, event, number):
        serializer = RoundSeatingSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        round_ = _round(self.event, number)
        seat_services.seat_round(round_, serializer.validated_data["tables"])
        tables = round_.tables.prefetch_related("seats__player")
        return Response(TableSerializer(tables, many=True).data)


class TableList(generics.ListCreateAPIView):
    serializer_class = TableSerializer
    permission_classes = [EventScoped]

    def get_queryset(self):
        return _round(self.event, self.kwargs["number"]).tables.prefetch_related("seats__player")

    def perform_create(self, serializer):
        round_ = _round(self.event, self.kwargs["number"])
        serializer.instance = seat_services.create_table(round_, **serializer.validated_data)


class TableDetail(generics.RetrieveAPIView):
    serializer_class = TableSerializer
    permission_classes = [EventScoped]

    def get_object(self):
        return get_object_or_404(
            Table.objects.prefetch_related("seats__player"),
            round__event=self.event,
            round__number=self.kwargs["number"],
            number=self.kwargs["table"],
        )


class TableSeats(APIView):
    """Replace the seating of one table: ``{"E": id, "S": id, "W": id, "N": id}``."""

    permission_classes = [EventScoped]

    @extend_schema(request=TableSeatsSerializer, responses={200: TableSerializer})
    def put(self, request, event, number, table):
        table_obj = get_object_or_404(
            Table, round__event=self.event, round__number=number, number=table
        )
        serializer = TableSeatsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        seat_services.seat_table(table_obj, serializer.validated_data)
        table_obj = Table.objects.prefetch_related("seats__player").get(pk=table_obj.pk)
        return Response(TableSerializer(table_obj).data)
