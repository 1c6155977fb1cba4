"""The API's shapes of a table result and its versions."""

from __future__ import annotations

from rest_framework import serializers

from scoring.results.models import TableResult


class SeatScoreOutSerializer(serializers.Serializer):
    wind = serializers.CharField()
    player = serializers.IntegerField(source="player_id")
    player_name = serializers.CharField(source="player.name")
    score = serializers.IntegerField()


class ResultVersionSerializer(serializers.ModelSerializer):
    entered_by = serializers.CharField(source="entered_by.username", allow_null=True)
    confirmed_by = serializers.CharField(
        source="confirmed_by.username", allow_null=True, default=None
    )
    scores = serializers.SerializerMethodField()

    class Meta:
        model = TableResult
        fields = [
            "version",
            "scores",
            "reason",
            "entered_by",
            "entered_at",
            "confirmed_by",
            "confirmed_at",
            "counts",
        ]

    def get_scores(self, result) -> list[dict]:
        order = "ESWN"
        seats = sorted(result.scores.all(), key=lambda s: order.index(s.wind))
        return SeatScoreOutSerializer(seats, many=True).data


class TableResultSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    latest_version = serializers.IntegerField(
        allow_null=True, help_text="Send this as based_on_version with a correction."
    )
    counting_version = serializers.IntegerField(
        allow_null=True, help_text="The version that counts in the standings (null: none yet)."
    )
    current = ResultVersionSerializer(allow_null=True, help_text="The latest version.")
    versions = ResultVersionSerializer(many=True, help_text="Every version, newest first.")


class ResultInSerializer(serializers.Serializer):
    scores = serializers.DictField(
        child=serializers.JSONField(),
        help_text=(
            'Final score per seat, keyed by wind ({"E": 40, "S": 5, "W": 0, "N": -45}) or by '
            "player id; all four seats. Whole numbers (riichi: raw points)."
        ),
    )
    based_on_version = serializers.IntegerField(
        min_value=0,
        max_value=2**31 - 1,
        required=False,
        allow_null=True,
        help_text="The latest version you saw (omit or 0 for the first entry); 409 if stale.",
    )
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=2000,
        help_text="Why: required for a correction and outside a live round.",
    )
    idempotency_key = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=64,
        help_text="The client's key for this entry: a resend returns the stored version (200).",
    )


class ConfirmInSerializer(serializers.Serializer):
    version = serializers.IntegerField(
        min_value=1, max_value=2**31 - 1, help_text="The latest version, to confirm."
    )


class ConflictSerializer(serializers.Serializer):
    detail = serializers.CharField()
    current_version = serializers.IntegerField(allow_null=True)
