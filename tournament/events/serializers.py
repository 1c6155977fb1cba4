"""The API's shape of an event and its settings."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import serializers

from tournament.events.models import Event


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
            "language",
            "round_times",
            "director",
            "revision",
        ]
        read_only_fields = ["id", "director", "revision"]
        # Left out, a new event's short name is made from its name.
        extra_kwargs = {"slug": {"required": False}}

    round_times = serializers.ChoiceField(
        choices=["local", "moments"],
        required=False,
        write_only=True,
        help_text=(
            "With a new time_zone while rounds have start times: keep their local times "
            "(local) or the same moments (moments)."
        ),
    )

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
