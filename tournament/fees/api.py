"""The fee API, for the event's director (it shows what each person paid): the schedule and
the totals, who owes what, the fee chosen for a person, payments and refunds, and reversals.
Payments are never changed or deleted: there is no PUT, PATCH or DELETE for them."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.fees import reading, services
from tournament.fees.models import Fee, Payment
from tournament.fees.reading import money
from tournament.fees.serializers import (
    ChoiceSerializer,
    CurrencySerializer,
    FeeSerializer,
    FeesSerializer,
    PaymentRowSerializer,
    PaymentSerializer,
    PersonSerializer,
    ReverseSerializer,
)
from tournament.registration.api import DirectorOnly


def _summary(event) -> dict:
    plan = reading.schedule(event)
    totals = reading.totals(event, reading.lines(event, plan))
    return {
        "currency": plan.currency,
        "exponent": money.exponent(plan.currency),
        "fees": FeeSerializer(plan.fees, many=True).data,
        "totals": {
            "methods": [
                {"method": m.method, "received": m.received, "refunded": m.refunded, "net": m.net}
                for m in totals.methods
            ],
            "received": totals.received,
            "refunded": totals.refunded,
            "net": totals.net,
            "due": totals.due,
            "to_pay": totals.to_pay,
            "to_give_back": totals.to_give_back,
            "unpaid": totals.unpaid,
            "paid_up": totals.paid_up,
        },
    }


class Fees(APIView):
    """GET: the currency, the fees and the totals by method. PATCH: the currency (refused
    once a payment is recorded)."""

    permission_classes = [DirectorOnly]

    @extend_schema(responses={200: FeesSerializer})
    def get(self, request, event):
        return Response(_summary(self.event))

    @extend_schema(request=CurrencySerializer, responses={200: FeesSerializer})
    def patch(self, request, event):
        serializer = CurrencySerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.set_currency(self.event, serializer.validated_data["currency"])
        return Response(_summary(self.event))


class FeeList(APIView):
    """POST: add a fee (amount in minor units). The first fee is the default."""

    permission_classes = [DirectorOnly]

    @extend_schema(request=FeeSerializer, responses={201: FeeSerializer})
    def post(self, request, event):
        serializer = FeeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        fee = services.save_fee(self.event, None, **serializer.validated_data)
        return Response(FeeSerializer(fee).data, status=status.HTTP_201_CREATED)


class FeeDetail(APIView):
    """PUT: change a fee (amounts and the default are fixed once a payment is recorded).
    DELETE: a fee nobody was given."""

    permission_classes = [DirectorOnly]

    @extend_schema(request=FeeSerializer, responses={200: FeeSerializer})
    def put(self, request, event, pk):
        fee = get_object_or_404(Fee, event=self.event, pk=pk)
        serializer = FeeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        fee = services.save_fee(self.event, fee, **serializer.validated_data)
        return Response(FeeSerializer(fee).data)

    @extend_schema(responses={204: None})
    def delete(self, request, event, pk):
        fee = get_object_or_404(Fee, event=self.event, pk=pk)
        services.delete_fee(self.event, fee)
        return Response(status=status.HTTP_204_NO_CONTENT)


class People(APIView):
    """Everyone of the event with what they owe, paid and got back, by name."""

    permission_classes = [DirectorOnly]

    @extend_schema(
        parameters=[
            OpenApiParameter("unpaid", bool, description="Only those with something to pay.")
        ],
        responses={200: PersonSerializer(many=True)},
    )
    def get(self, request, event):
        everyone = reading.lines(self.event)
        if request.query_params.get("unpaid") in ("true", "1"):
            everyone = [line for line in everyone if line.to_pay]
        return Response(PersonSerializer(everyone, many=True).data)


class Person(APIView):
    permission_classes = [DirectorOnly]

    @extend_schema(responses={200: PersonSerializer})
    def get(self, request, event, person):
        line = reading.line_of(self.event, person)
        if line is None:
            raise Http404
        return Response(PersonSerializer(line).data)


class PersonFee(APIView):
    """POST: the fee this person owes from now on (null: no fee), with a reason if wanted."""

    permission_classes = [DirectorOnly]

    @extend_schema(request=ChoiceSerializer, responses={200: PersonSerializer})
    def post(self, request, event, person):
        if reading.line_of(self.event, person) is None:
            raise Http404
        serializer = ChoiceSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        fee = None
        if data["fee"] is not None:
            fee = get_object_or_404(Fee, event=self.event, pk=data["fee"])
        line = services.choose_fee(self.event, person, fee, request.user, data.get("reason", ""))
        return Response(PersonSerializer(line).data)


class Payments(generics.ListCreateAPIView):
    """GET: every payment, refund and reversal, in order. POST: a payment or a refund (a
    refund needs a reason) of ``person``; sent again with the same ``key``, it is recorded once
    (200 with the first record)."""

    permission_classes = [DirectorOnly]
    serializer_class = PaymentSerializer

    def get_queryset(self):
        return Payment.objects.filter(event=self.event).select_related("by").order_by("pk")

    @extend_schema(responses={200: PaymentRowSerializer(many=True)})
    def get(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(PaymentRowSerializer(page, many=True).data)

    @extend_schema(
        request=PaymentSerializer,
        responses={
            201: PaymentRowSerializer,
            200: OpenApiResponse(
                PaymentRowSerializer,
                description="The row stored under this key before (a resend): nothing new.",
            ),
            400: OpenApiResponse(
                description="Nobody of the event so named, an amount not above zero or above "
                "what is owed or paid, another method, or a key used for another record "
                "(nothing written)."
            ),
        },
    )
    def post(self, request, *args, **kwargs):
        serializer = PaymentSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        record = (
            services.record_refund
            if data["kind"] == Payment.Kind.REFUND
            else services.record_payment
        )
        recorded = record(
            self.event,
            data["person"],
            amount=data["amount"],
            method=data["method"],
            by=request.user,
            key=data["key"],
            reason=data.get("reason", ""),
        )
        return Response(
            PaymentRowSerializer(recorded.payment).data,
            status=status.HTTP_200_OK if recorded.replayed else status.HTTP_201_CREATED,
        )


class Reverse(APIView):
    """POST: reverse a mistaken payment or refund with a reason: a new row with the amount
    negated. A row is reversed once; a reversal is never reversed."""

    permission_classes = [DirectorOnly]

    @extend_schema(
        request=ReverseSerializer,
        responses={
            201: PaymentRowSerializer,
            200: OpenApiResponse(
                PaymentRowSerializer,
                description="The reversal stored under this key before (a resend).",
            ),
            400: OpenApiResponse(
                description="No reason, a row reversed already, or a reversal (nothing written)."
            ),
        },
    )
    def post(self, request, event, pk):
        payment = get_object_or_404(Payment, event=self.event, pk=pk)
        serializer = ReverseSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        recorded = services.reverse(
            self.event,
            payment,
            by=request.user,
            reason=data["reason"],
            key=data.get("key", ""),
        )
        return Response(
            PaymentRowSerializer(recorded.payment).data,
            status=status.HTTP_200_OK if recorded.replayed else status.HTTP_201_CREATED,
        )
