"""The API's shapes of seating drafts and their quality."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournament.events.models import MAX_NUMBER
from tournament.rounds.serializers import ID_MAX


class SeatingRequestSerializer(serializers.Serializer):
    first_round = serializers.IntegerField(min_value=1, max_value=MAX_NUMBER)
    rounds = serializers.IntegerField(min_value=1, max_value=40)
    method = serializers.ChoiceField(choices=["balanced", "swiss"], default="balanced")
    fill = serializers.ChoiceField(choices=["substitutes", "byes"], default="substitutes")
    avoid_club_weight = serializers.FloatField(
        min_value=0,
        max_value=10,
        default=None,
        allow_null=True,
        help_text="Weight of a same-club meeting (a repeat weighs 1); null: the default, "
        "0: clubs may meet.",
    )
    avoid_country_weight = serializers.FloatField(min_value=0, max_value=10, default=0)
    avoid_team_weight = serializers.FloatField(
        min_value=0,
        max_value=10,
        default=None,
        allow_null=True,
        help_text="Weight of a meeting of teammates (a repeat weighs 1); null: the default, "
        "0: teammates may meet. Ignored when the event has no teams.",
    )
    seed = serializers.CharField(max_length=40, default="0")


class SeatingQualitySerializer(serializers.Serializer):
    repeats = serializers.IntegerField()
    lower_bound = serializers.IntegerField()
    max_meetings = serializers.IntegerField()
    wind_imbalance = serializers.IntegerField()
    wind_ideal = serializers.IntegerField()
    same_club = serializers.IntegerField()
    same_country = serializers.IntegerField()
    same_team = serializers.IntegerField(default=0)


class SeatingDraftSerializer(serializers.ModelSerializer):
    quality = serializers.SerializerMethodField()
    schedule = serializers.ListField(
        child=serializers.ListField(child=serializers.ListField(child=serializers.IntegerField())),
        help_text="New rounds: tables of player ids in wind order E, S, W, N; negative ids "
        "are substitutes created when the draft is published.",
    )

    class Meta:
        from tournament.rounds.models import SeatingDraft

        model = SeatingDraft
        fields = [
            "id",
            "first_round",
            "round_count",
            "options",
            "status",
            "schedule",
            "quality",
            "error",
            "seconds",
            "created_at",
        ]

    @extend_schema_field(SeatingQualitySerializer(allow_null=True))
    def get_quality(self, draft) -> dict | None:
        """None until the draft is generated."""
        return SeatingQualitySerializer(draft.quality).data if draft.quality else None


class SeatingSwapSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, max_value=MAX_NUMBER)
    a = serializers.IntegerField(min_value=-ID_MAX, max_value=ID_MAX)
    b = serializers.IntegerField(min_value=-ID_MAX, max_value=ID_MAX)
