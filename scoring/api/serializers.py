from __future__ import annotations

from rest_framework import serializers

from scoring.models import TableResult


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


class RoundLineSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    score = serializers.IntegerField(help_text="Table score after table-scope penalties.")
    units = serializers.CharField(help_text='Standing units, exact ("7/3").')
    units_display = serializers.CharField()
    table_points = serializers.CharField(help_text="Exact table points.")
    penalty = serializers.IntegerField(help_text="Table-scope penalty balance.")


class StandingPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class PlaceAfterRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    place = serializers.IntegerField()


class StandingRowSerializer(serializers.Serializer):
    place = serializers.IntegerField(
        allow_null=True, help_text="None for a player who has not played a counting table."
    )
    player = StandingPlayerSerializer()
    total = serializers.CharField(help_text='Ranking total, exact ("7/3").')
    total_display = serializers.CharField()
    table_points = serializers.CharField()
    table_points_display = serializers.CharField()
    score = serializers.CharField()
    score_display = serializers.CharField()
    penalties = serializers.IntegerField(help_text="Net penalty points, table and overall.")
    penalties_display = serializers.CharField(help_text="In the unit of total_display.")
    dropped = serializers.BooleanField()
    played = serializers.IntegerField(help_text="Counting tables played.")
    rounds = RoundLineSerializer(many=True)
    history = PlaceAfterRoundSerializer(many=True, help_text="Place after each round.")


class StandingsSerializer(serializers.Serializer):
    event = serializers.CharField()
    ruleset = serializers.CharField()
    method = serializers.CharField()
    revision = serializers.IntegerField(help_text="Revision the snapshot was computed at.")
    event_revision = serializers.IntegerField()
    current = serializers.BooleanField(help_text="False while the standings are updating.")
    computed_at = serializers.DateTimeField(allow_null=True)
    count = serializers.IntegerField(help_text="Rows in all pages (or for the player asked).")
    page = serializers.IntegerField()
    page_size = serializers.IntegerField()
    pages = serializers.IntegerField()
    rows = StandingRowSerializer(many=True)
