"""The API's shapes of rounds, tables and seats."""

from __future__ import annotations

from rest_framework import serializers

from tournament.events.models import MAX_NUMBER
from tournament.rounds.models import Round, Seat, Table, Wind

ID_MAX = 2**63 - 1


class RoundSerializer(serializers.ModelSerializer):
    number = serializers.IntegerField(min_value=1, max_value=MAX_NUMBER, required=False)
    table_count = serializers.IntegerField(read_only=True)
    length_minutes = serializers.IntegerField(required=False, min_value=1, max_value=24 * 60)
    reason = serializers.CharField(
        write_only=True,
        required=False,
        allow_blank=True,
        max_length=500,
        help_text="Why the status moves back (reopening, stopping a live round): required then.",
    )

    class Meta:
        model = Round
        fields = ["number", "status", "starts_at", "length_minutes", "table_count", "reason"]


class SeatSerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)

    class Meta:
        model = Seat
        fields = ["wind", "player", "player_name"]


class TableSerializer(serializers.ModelSerializer):
    number = serializers.IntegerField(min_value=1, max_value=MAX_NUMBER, required=False)
    seats = SeatSerializer(many=True, read_only=True)

    class Meta:
        model = Table
        fields = ["number", "label", "seats"]


class TableSeatsSerializer(serializers.Serializer):
    """The seating of one table: wind -> player id (null or missing for an empty seat)."""

    E = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=ID_MAX)
    S = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=ID_MAX)
    W = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=ID_MAX)
    N = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=ID_MAX)

    def validate(self, attrs):
        unknown = set(self.initial_data) - {w.value for w in Wind}
        if unknown:
            raise serializers.ValidationError(
                {"seats": f"Unknown wind(s): {', '.join(sorted(unknown))}; use E, S, W, N."}
            )
        return attrs


class RoundSeatingSerializer(serializers.Serializer):
    tables = serializers.ListField(
        child=serializers.ListField(
            child=serializers.IntegerField(allow_null=True, min_value=1, max_value=ID_MAX),
            min_length=1,
            max_length=4,
        ),
        help_text="Table i+1 lists its player ids in wind order E, S, W, N.",
    )
