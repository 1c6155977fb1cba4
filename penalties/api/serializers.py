from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from penalties.models import FoulReport, LedgerEntry, Void
from rules import CATALOGUE, CODES, catalogue_json_schema
from tournament.events.models import MAX_NUMBER
from tournament.rounds.serializers import ID_MAX


@extend_schema_field(
    {
        "type": "object",
        "description": "The details the foul code asks for (docs/rules/fouls.md#catalogue); "
        "one schema per code, selected by `code`: "
        + "; ".join(f"`{code}`: {foul.label}" for code, foul in CATALOGUE.items()),
        "oneOf": list(catalogue_json_schema().values()),
    }
)
class DetailsField(serializers.JSONField):
    pass


class FoulCreateSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, max_value=MAX_NUMBER, help_text="Round number.")
    table = serializers.IntegerField(
        min_value=1, max_value=MAX_NUMBER, help_text="Table number in that round."
    )
    offender = serializers.IntegerField(
        min_value=1, max_value=ID_MAX, help_text="Player id of the offender, seated there."
    )
    code = serializers.ChoiceField(choices=CODES, help_text="Foul code (see the catalogue).")
    details = DetailsField(required=False, default=dict)
    note = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=2000,
        help_text="Private note for the staff (director, referees): never shown on public pages "
        "nor in public API answers.",
    )
    explanation = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=2000,
        help_text="Public explanation: shown on the public penalties page, the player's page and "
        "to anybody who may read the event.",
    )
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=2000,
        help_text="Required when the director records a foul in a closed round.",
    )
    idempotency_key = serializers.CharField(
        max_length=64, help_text="Client-generated key: a replay with it stores nothing new."
    )
    hand_check = serializers.JSONField(
        required=False,
        default=None,
        allow_null=True,
        help_text="The hand the referee checked from its tiles, kept with the report as "
        'evidence: {"notation": "123m456p...", "win": "", "situation": {"tsumo": false, '
        '"seat_wind": 0, "prevalent_wind": 0, ...}} (MCR and riichi events).',
    )


class VoidCreateSerializer(serializers.Serializer):
    reason = serializers.CharField(
        max_length=2000,
        required=False,
        allow_blank=True,
        default="",
        help_text="Why the report is voided (required).",
    )


class LedgerEntrySerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number", read_only=True)
    table = serializers.IntegerField(source="table.number", read_only=True)
    player_name = serializers.CharField(source="player.name", read_only=True)
    counterpart_name = serializers.CharField(
        source="counterpart.name", read_only=True, default=None, allow_null=True
    )
    created_by = serializers.CharField(source="created_by.username", read_only=True)
    reversed_by = serializers.SerializerMethodField()

    class Meta:
        model = LedgerEntry
        fields = [
            "id",
            "round",
            "table",
            "player",
            "player_name",
            "kind",
            "points",
            "scope",
            "counterpart",
            "counterpart_name",
            "detail",
            "report",
            "void",
            "reverses",
            "reversed_by",
            "ruleset_key",
            "ruleset_version",
            "created_by",
            "created_at",
        ]

    def get_reversed_by(self, entry) -> int | None:
        reversal = getattr(entry, "reversed_by", None)
        return reversal.pk if reversal else None


class VoidSerializer(serializers.ModelSerializer):
    voided_by = serializers.CharField(source="voided_by.username", read_only=True)

    class Meta:
        model = Void
        fields = ["id", "reason", "voided_by", "created_at"]


class FoulReportSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number", read_only=True)
    table = serializers.IntegerField(source="table.number", read_only=True)
    offender_name = serializers.CharField(source="offender.name", read_only=True)
    label = serializers.SerializerMethodField()
    referee = serializers.CharField(source="referee.username", read_only=True)
    entries = LedgerEntrySerializer(many=True, read_only=True)
    void = serializers.SerializerMethodField()
    replaces = serializers.SerializerMethodField()
    replaced_by = serializers.SerializerMethodField()

    class Meta:
        model = FoulReport
        fields = [
            "id",
            "round",
            "table",
            "offender",
            "offender_name",
            "co_offenders",
            "code",
            "label",
            "details",
            "explanation",
            "reason",
            "description",
            "ruleset_key",
            "ruleset_version",
            "referee",
            "created_at",
            "entries",
            "void",
            "replaces",
            "replaced_by",
        ]
        extra_kwargs = {
            "explanation": {"help_text": "Public explanation (what the public pages show)."}
        }

    def get_label(self, report) -> str:
        foul = CATALOGUE.get(report.code)
        return foul.label if foul else report.code

    @extend_schema_field(VoidSerializer(allow_null=True))
    def get_void(self, report):
        void = getattr(report, "void", None)
        return VoidSerializer(void).data if void else None

    def get_replaces(self, report) -> int | None:
        """The report a re-pricing voided and replaced with this one."""
        link = getattr(report, "replaces", None)
        return link.replaced_id if link else None

    def get_replaced_by(self, report) -> int | None:
        """The report a re-pricing recorded in this one's place (this one is voided)."""
        link = getattr(report, "replaced_by", None)
        return link.replacement_id if link else None


class FoulReportStaffSerializer(FoulReportSerializer):
    """What the staff (director, referees) see: the private note as well."""

    class Meta(FoulReportSerializer.Meta):
        fields = [*FoulReportSerializer.Meta.fields, "note"]
        extra_kwargs = {
            **FoulReportSerializer.Meta.extra_kwargs,
            "note": {"help_text": "Private note for the staff: never in public answers."},
        }


class FoulReportAuditSerializer(FoulReportStaffSerializer):
    """What the head referee and the director see: the device and key of each write."""

    void = serializers.SerializerMethodField()

    class Meta(FoulReportStaffSerializer.Meta):
        fields = [*FoulReportStaffSerializer.Meta.fields, "user_agent", "idempotency_key"]

    @extend_schema_field(VoidSerializer(allow_null=True))
    def get_void(self, report):
        void = getattr(report, "void", None)
        if not void:
            return None
        return {**VoidSerializer(void).data, "user_agent": void.user_agent}


class PreviewSerializer(serializers.Serializer):
    description = serializers.CharField()
    entries = serializers.ListField(child=serializers.DictField())


class DisciplineSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="player_id")
    player_name = serializers.CharField()
    warnings = serializers.IntegerField()
    dead_hands = serializers.IntegerField()
    penalty_tiles = serializers.IntegerField()
    disqualified = serializers.BooleanField()
    table_points = serializers.IntegerField()
    overall_points = serializers.IntegerField()
    reports = serializers.IntegerField()


class FoulCatalogueSerializer(serializers.Serializer):
    code = serializers.CharField()
    label = serializers.CharField()
    description = serializers.CharField()
    details_schema = serializers.DictField()


class RulesetSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    version = serializers.CharField()
    default_options = serializers.DictField()
    options_schema = serializers.DictField()
    points_unit = serializers.CharField(
        help_text="What a referee's point amount means under this ruleset."
    )
    fouls = FoulCatalogueSerializer(many=True)
