"""The API's shapes of a table's extension (extra time) and its request."""

from __future__ import annotations

from rest_framework import serializers

from tournament.rounds.models import TableExtension


class TableExtensionSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number")
    table = serializers.IntegerField(source="table.number")
    by = serializers.CharField(source="by.username", allow_null=True, default=None)

    class Meta:
        model = TableExtension
        fields = ["id", "round", "table", "minutes", "reason", "by", "created_at"]


class TableExtensionInSerializer(serializers.Serializer):
    minutes = serializers.IntegerField(help_text="Minutes added to the table's clock: 1 to 120.")
    reason = serializers.CharField(max_length=500, allow_blank=True, help_text="Why (required).")
    idempotency_key = serializers.CharField(
        max_length=64,
        allow_blank=True,
        help_text="The same key again (same minutes and reason) returns the stored extension.",
    )


class TableTimeSerializer(serializers.Serializer):
    """A table's clock after its extensions, and what they are."""

    table = serializers.IntegerField()
    extra_minutes = serializers.IntegerField(help_text="The sum of the table's extensions.")
    ends_at = serializers.DateTimeField(
        allow_null=True, help_text="The table's own end (the event's time zone)."
    )
    round_ends_at = serializers.DateTimeField(
        allow_null=True, help_text="The round's end: when its last table ends."
    )
    extensions = TableExtensionSerializer(many=True)
