"""The API's shapes of players and of an imported file of players."""

from __future__ import annotations

from django_countries.serializer_fields import CountryField
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournament.players.models import PLAYER_CLUB_MAX, PLAYER_NAME_MAX, Player
from tournament.players.services.importing import CSV_COLUMNS, ENCODINGS


class PlayerSerializer(serializers.ModelSerializer):
    """A player. Names are stored in Unicode NFC with single spaces; two names that differ
    only in case or normalisation are the same player. Control and invisible formatting
    characters are refused. PATCH changes any of name, country, club, EMA number and status."""

    country = CountryField(required=False, allow_blank=True)
    name = serializers.CharField(max_length=PLAYER_NAME_MAX, trim_whitespace=False)
    club = serializers.CharField(
        max_length=PLAYER_CLUB_MAX, required=False, allow_blank=True, trim_whitespace=False
    )

    team = serializers.IntegerField(source="team_id", required=False, allow_null=True)

    class Meta:
        model = Player
        fields = [
            "id",
            "name",
            "country",
            "club",
            "ema_number",
            "status",
            "is_substitute",
            "team",
        ]
        read_only_fields = ["id", "is_substitute"]
        validators = []  # uniqueness is the service's (case- and normalisation-blind)

    def to_representation(self, instance):
        """EMA numbers are personal data: only the event's director reads them."""
        from tournament.access.roles import is_director

        data = super().to_representation(instance)
        if "director" not in self.context:
            request = self.context.get("request")
            event = getattr(self.context.get("view"), "event", None) or instance.event
            self.context["director"] = request is not None and is_director(request.user, event)
        if not self.context["director"]:
            data["ema_number"] = ""
        return data


class PlayerCsvSerializer(serializers.Serializer):
    file = serializers.FileField(
        help_text="CSV (UTF-8 with or without BOM, UTF-16, Windows-1252/1250, Latin-1/2) or an "
        "Excel .xlsx workbook; first line: name and any of country, club, ema_number."
    )
    encoding = serializers.ChoiceField(
        choices=[("", "detect"), *((key, key) for key, _label in ENCODINGS)],
        required=False,
        allow_blank=True,
        help_text="The CSV's encoding; empty or missing: detected.",
    )
    dry_run = serializers.BooleanField(
        required=False, default=False, help_text="Only check and preview; import nothing."
    )


class ImportedPlayerSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    name = serializers.CharField()
    country = serializers.CharField()
    club = serializers.CharField()
    ema_number = serializers.CharField()
    team = serializers.CharField(required=False)


class PlayerImportPreviewSerializer(serializers.Serializer):
    """How a file reads and the players it would import (nothing is written)."""

    format = serializers.CharField(source="file.kind")
    encoding = serializers.CharField(source="file.encoding")
    columns = serializers.SerializerMethodField()
    ignored_columns = serializers.ListField(
        source="file.ignored_columns", child=serializers.CharField()
    )
    players = serializers.SerializerMethodField()

    def get_columns(self, checked) -> list[str]:
        return [c for c in CSV_COLUMNS if c in checked.file.header]

    @extend_schema_field(ImportedPlayerSerializer(many=True))
    def get_players(self, checked) -> list[dict]:
        return [{"line": line, **fields} for line, fields in checked.players]
