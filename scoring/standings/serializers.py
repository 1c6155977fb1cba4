"""The API's shape of the standings: rows with their round lines and place history."""

from __future__ import annotations

from rest_framework import serializers


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


class RankingPlaceSerializer(serializers.Serializer):
    place = serializers.IntegerField(help_text="Place in the current ranking (as /final/).")
    group = serializers.ChoiceField(
        choices=["qualified", "consolation", "cut"],
        help_text="Plays in the current stage, in its consolation group, or was cut before it.",
    )
    stage = serializers.IntegerField(
        help_text="The current stage's number, or the stage whose cut the player missed."
    )
    group_place = serializers.IntegerField(
        allow_null=True, help_text="Place in the consolation group."
    )


class RankingSerializer(serializers.Serializer):
    stage = serializers.IntegerField(help_text="The current stage's number.")
    stage_name = serializers.CharField()
    complete = serializers.BooleanField(help_text="The last stage is over: the final ranking.")
    count = serializers.IntegerField(help_text="Players with a place in the ranking.")


class StandingRowSerializer(serializers.Serializer):
    place = serializers.IntegerField(
        allow_null=True,
        help_text=(
            "None for a player who has not played a counting table. After a cut (view "
            "ranking), the place in the current ranking; None for a player without one."
        ),
    )
    overall_place = serializers.IntegerField(
        allow_null=True, help_text="Place in the overall standings."
    )
    ranking = RankingPlaceSerializer(
        allow_null=True, help_text="Once a stage after the first has begun."
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
    view = serializers.ChoiceField(
        choices=["ranking", "overall"], help_text="Which order and places the rows follow."
    )
    ranking = RankingSerializer(
        allow_null=True, help_text="The current ranking, once a stage after the first has begun."
    )
    rows = StandingRowSerializer(many=True)
