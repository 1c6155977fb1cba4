from __future__ import annotations

from django.utils.translation import gettext as _
from django_countries.serializer_fields import CountryField
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournament.models.events import MAX_NUMBER

from tournament.models.players import PLAYER_CLUB_MAX

from tournament.models.players import PLAYER_NAME_MAX

from tournament.models.events import Event

from tournament.models.players import Player

from tournament.models.rounds import Round

from tournament.models.rounds import Seat

from tournament.models.rounds import Table

from tournament.models.rounds import Wind
from tournament.services.player_import import CSV_COLUMNS
from tournament.services.player_import import ENCODINGS

ID_MAX = 2**63 - 1


class EventSerializer(serializers.ModelSerializer):
    director = serializers.CharField(source="director.username", read_only=True)

    class Meta:
        model = Event
        fields = [
            "id",
            "name",
            "slug",
            "ruleset",
            "ruleset_options",
            "status",
            "start_date",
            "end_date",
            "venue",
            "is_public",
            "floor_referees_enter_results",
            "results_need_confirmation",
            "keeps_score_sheets",
            "players_enter_hands",
            "time_zone",
            "director",
            "revision",
        ]
        read_only_fields = ["id", "director", "revision"]

    def validate_ruleset_options(self, value):
        if not isinstance(value, dict):
            raise serializers.ValidationError(_("Ruleset options are a JSON object."))
        return value

    def validate(self, attrs):
        start = attrs.get("start_date", getattr(self.instance, "start_date", None))
        end = attrs.get("end_date", getattr(self.instance, "end_date", None))
        if start and end and end < start:
            raise serializers.ValidationError(
                {"end_date": _("The last day cannot be before the first day.")}
            )
        return attrs


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
        from tournament.models.rounds import SeatingDraft

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
