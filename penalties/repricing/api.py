"""``POST /api/events/<event>/reprice/``: the audited re-pricing
(``penalties.repricing.services``) for directors without a shell. Without ``confirm`` it only
says which fouls the new rules price differently; with ``confirm: true`` it re-prices them."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from penalties.repricing.services import reprice_event
from rules import RULESETS
from tournament.access.api import EventScoped, as_drf_error
from tournament.events.reading.pricing import MAX_REPRICING_REASON, reprice


class RepriceSerializer(serializers.Serializer):
    ruleset = serializers.ChoiceField(choices=sorted(RULESETS), required=False)
    ruleset_options = serializers.DictField(required=False)
    reason = serializers.CharField(
        max_length=MAX_REPRICING_REASON, required=False, allow_blank=True
    )
    confirm = serializers.BooleanField(default=False)


class RepriceView(APIView):
    permission_classes = [EventScoped]

    @extend_schema(
        request=RepriceSerializer,
        responses=inline_serializer(
            "RepriceAnswer",
            {
                "ruleset": serializers.CharField(),
                "ruleset_options": serializers.DictField(),
                "priced_differently": serializers.ListField(child=serializers.IntegerField()),
                "repriced": serializers.ListField(
                    child=serializers.ListField(child=serializers.IntegerField())
                ),
                "confirmed": serializers.BooleanField(),
            },
        ),
        description="Change the ruleset or options after play by re-pricing every foul (voids "
        "and new reports, recorded in the archive). Without confirm: a preview.",
    )
    def post(self, request, event):
        data = RepriceSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        ruleset = data.validated_data.get("ruleset", self.event.ruleset)
        options = data.validated_data.get("ruleset_options", self.event.ruleset_options or {})
        answer = {
            "ruleset": ruleset,
            "ruleset_options": options,
            "priced_differently": [
                r.report.pk for r in reprice(self.event, ruleset, options) if r.differs
            ],
            "repriced": [],
            "confirmed": False,
        }
        if data.validated_data["confirm"]:
            try:
                summary = reprice_event(
                    self.event,
                    request.user,
                    ruleset=ruleset,
                    options=options,
                    reason=data.validated_data.get("reason", ""),
                )
            except DjangoValidationError as exc:
                raise as_drf_error(exc) from exc
            except DjangoPermissionDenied as exc:
                raise PermissionDenied(str(exc)) from exc
            answer["repriced"] = [list(pair) for pair in summary.repriced]
            answer["confirmed"] = True
        return Response(answer)
