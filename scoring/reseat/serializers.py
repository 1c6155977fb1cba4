"""The API's shapes of a seat correction, its request and its dry run."""

from __future__ import annotations

from rest_framework import serializers

from scoring.reseat.models import SeatCorrection

SEATS_HELP = 'Player ids per wind: {"E": 12, "S": 11, "W": 13, "N": 14}.'


class SeatCorrectionSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number")
    table = serializers.IntegerField(source="table.number")
    before = serializers.DictField(child=serializers.IntegerField(), help_text=SEATS_HELP)
    after = serializers.DictField(child=serializers.IntegerField(), help_text=SEATS_HELP)
    made_by = serializers.CharField(source="made_by.username")
    written = serializers.DictField(
        help_text=(
            "What the correction wrote: hands ([number, new version] each), confirmations and "
            "disputes carried over, reports ([voided, replacement] each, those the corrected "
            "seats price differently), result_version (null: the table had no result)."
        )
    )

    class Meta:
        model = SeatCorrection
        fields = [
            "id",
            "round",
            "table",
            "before",
            "after",
            "reason",
            "made_by",
            "created_at",
            "written",
        ]


class SeatCorrectionInSerializer(serializers.Serializer):
    swap = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="Two players of the table who sat in each other's seats (their ids).",
    )
    seats = serializers.DictField(
        child=serializers.IntegerField(),
        required=False,
        help_text="Or the four winds as the players really sat. " + SEATS_HELP,
    )
    based_on = serializers.DictField(
        child=serializers.IntegerField(),
        required=False,
        help_text="The seats you saw (optional): if they changed meanwhile, 409.",
    )
    reason = serializers.CharField(max_length=500, allow_blank=True)
    idempotency_key = serializers.CharField(
        max_length=64,
        required=False,
        allow_blank=True,
        help_text="The same key again returns the stored correction (required unless dry_run).",
    )
    dry_run = serializers.BooleanField(
        default=False, help_text="Only say what the correction would do; nothing is written."
    )


class SeatCorrectionPlanHandSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    version = serializers.IntegerField(help_text="The version the correction re-seats.")
    counts = serializers.BooleanField()
    disputed = serializers.BooleanField()


class SeatCorrectionPlanFoulSerializer(serializers.Serializer):
    report = serializers.IntegerField()
    before = serializers.CharField(help_text="The points its ledger entries move now.")
    after = serializers.CharField(help_text="The points at the corrected seats.")


class SeatCorrectionPlanSerializer(serializers.Serializer):
    before = serializers.DictField(child=serializers.IntegerField(), help_text=SEATS_HELP)
    after = serializers.DictField(child=serializers.IntegerField(), help_text=SEATS_HELP)
    hands = SeatCorrectionPlanHandSerializer(many=True)
    totals = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Per player id: the sheet's counted total [now, after the correction].",
    )
    fouls = SeatCorrectionPlanFoulSerializer(
        many=True, help_text="The reports voided and recorded again."
    )
    fouls_kept = serializers.IntegerField(help_text="Reports priced the same: they stay.")
    result_version = serializers.IntegerField(
        allow_null=True, help_text="The latest result version (the correction writes the next)."
    )
    scores = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Per player id: the result's score [now, in the next version].",
    )


def plan_data(plan) -> dict:
    return {
        "before": plan.before,
        "after": plan.after,
        "hands": [
            {
                "number": h.number,
                "version": h.latest_version,
                "counts": h.counts,
                "disputed": bool(h.disputes),
            }
            for h in (plan.sheet.hands if plan.sheet else [])
        ],
        "totals": {str(p): list(v) for p, v in plan.totals.items()},
        "fouls": [
            {"report": item.report.pk, "before": item.before, "after": item.after}
            for item in plan.fouls
        ],
        "fouls_kept": plan.kept,
        "result_version": plan.result.version if plan.result else None,
        "scores": {str(p): list(v) for p, v in plan.scores.items()},
    }
