"""The API's shapes of rounds, tables and seats."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournament.events.models import MAX_NUMBER
from tournament.rounds.models import Round, Seat, Table, Wind
from tournament.rounds.reading.tabletimes import RoundTimes, round_times

ID_MAX = 2**63 - 1


def _when(moment: datetime | None) -> str | None:
    return serializers.DateTimeField().to_representation(moment) if moment else None


def _times(serializer: serializers.Serializer, round_: Round) -> RoundTimes:
    """The round's table clocks, read once per round for a whole answer."""
    cache = serializer.context.setdefault("round_times", {})
    if round_.pk not in cache:
        cache[round_.pk] = round_times(round_, timezone.now())
    return cache[round_.pk]


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

    ends_at = serializers.SerializerMethodField(
        help_text="When the round ends: its last table's end, extra time included (null: "
        "not scheduled)."
    )

    class Meta:
        model = Round
        fields = [
            "number",
            "status",
            "starts_at",
            "length_minutes",
            "table_count",
            "ends_at",
            "reason",
        ]

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_ends_at(self, round_: Round) -> str | None:
        return _when(_times(self, round_).ends.ends_at)


class SeatSerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)

    class Meta:
        model = Seat
        fields = ["wind", "player", "player_name"]


class TableSerializer(serializers.ModelSerializer):
    number = serializers.IntegerField(min_value=1, max_value=MAX_NUMBER, required=False)
    seats = SeatSerializer(many=True, read_only=True)
    extra_minutes = serializers.SerializerMethodField(
        help_text="The table's extra time: the sum of its extensions."
    )
    ends_at = serializers.SerializerMethodField(
        help_text="The table's own end, its extra time included (null: not scheduled)."
    )

    class Meta:
        model = Table
        fields = ["number", "label", "seats", "extra_minutes", "ends_at"]

    def get_extra_minutes(self, table: Table) -> int:
        return _times(self, table.round).extra.get(table.number, 0)

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_ends_at(self, table: Table) -> str | None:
        clock = _times(self, table.round).tables.get(table.number)
        return _when(clock.ends_at if clock else None)


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
