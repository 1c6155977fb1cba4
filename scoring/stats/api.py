"""REST API of the statistics: an event's players with their figures and its published awards,
one player's figures with the score through each game, a person's across events, and the
director's publication of the awards. Reads follow the event's visibility; figures are counts,
with rates and averages as decimal text (4 places) computed from them."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from rules import statistics as st
from scoring.sheets import services as sheets
from scoring.stats import reading, services
from scoring.stats.reading.output import COUNTS, RATES, awards_list, person_list, player_dict
from tournament.access.api import EventScoped, EventStaffWrites
from tournament.persons.models import Person
from tournament.players.models import Player


class StatsWinSerializer(serializers.Serializer):
    fan = serializers.IntegerField()
    bonus = serializers.IntegerField()
    han = serializers.IntegerField()
    fu = serializers.IntegerField()
    limit = serializers.CharField(allow_blank=True)
    yakuman = serializers.IntegerField()


class StatsYakuSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()


class StatsYakuCountSerializer(StatsYakuSerializer):
    count = serializers.IntegerField()


class StatsBestSerializer(serializers.Serializer):
    size = serializers.IntegerField(help_text="Riichi: the win's points; MCR: its fan.")
    points = serializers.IntegerField(help_text="Before counters and deposits.")
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    hand = serializers.IntegerField(help_text="The hand's number on its sheet.")
    self_drawn = serializers.BooleanField()
    win = StatsWinSerializer()
    announced = serializers.CharField()
    yaku = StatsYakuSerializer(many=True, help_text="Where the hand was entered by its tiles.")


class StatsSerializer(serializers.Serializer):
    family = serializers.ChoiceField(choices=[st.MCR, st.RIICHI, st.POINTS])
    best = StatsBestSerializer(allow_null=True)
    yaku = StatsYakuCountSerializer(many=True)

    def get_fields(self):
        fields = super().get_fields()
        for name in COUNTS:
            fields[name] = serializers.IntegerField()
        for name in RATES:
            fields[name] = serializers.CharField(allow_null=True)
        return fields


class PlayerStatsSerializer(StatsSerializer):
    player = serializers.IntegerField()
    name = serializers.CharField()


class StatsSeatPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(allow_null=True)
    name = serializers.CharField(allow_blank=True)


class StatsGameSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    seat = serializers.ChoiceField(choices=["E", "S", "W", "N"])
    players = StatsSeatPlayerSerializer(many=True, help_text="By seat: East, South, West, North.")
    scores = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Each seat's score at the start and after every hand.",
    )
    closed = serializers.BooleanField()


class PlayerGamesSerializer(PlayerStatsSerializer):
    games_played = StatsGameSerializer(many=True)


class StatsAwardSerializer(serializers.Serializer):
    award = serializers.ChoiceField(choices=list(st.AWARDS))
    name = serializers.CharField()
    figure = serializers.IntegerField()
    players = StatsSeatPlayerSerializer(many=True)
    hands = StatsBestSerializer(many=True)


class EventStatsSerializer(serializers.Serializer):
    family = serializers.ChoiceField(choices=[st.MCR, st.RIICHI, st.POINTS])
    awards = StatsAwardSerializer(many=True, help_text="The awards the director published.")
    players = PlayerStatsSerializer(many=True)


class PersonEventSerializer(StatsSerializer):
    event = serializers.CharField()
    name = serializers.CharField()
    player = serializers.IntegerField()


class PersonFamilySerializer(StatsSerializer):
    events = PersonEventSerializer(many=True)


class PersonStatsSerializer(serializers.Serializer):
    person = serializers.IntegerField()
    name = serializers.CharField()
    families = PersonFamilySerializer(many=True)


class AwardsInSerializer(serializers.Serializer):
    awards = serializers.ListField(
        child=serializers.CharField(),
        allow_empty=True,
        help_text=f"The awards to make public ({', '.join(st.AWARDS)}); empty: withdraw them.",
    )


class StatsPublicationSerializer(serializers.Serializer):
    awards = serializers.ListField(child=serializers.ChoiceField(choices=list(st.AWARDS)))
    published_at = serializers.DateTimeField(allow_null=True)


def _sheets_event(view) -> None:
    if not view.event.keeps_score_sheets:
        raise NotFound(_("This event keeps no score sheets."))


def _tagged(request, tag: str, body) -> Response:
    """``body()`` with its ETag, or 304 when the client has it."""
    if tag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
        return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": tag})
    return Response(body(), headers={"ETag": tag, "Cache-Control": "no-cache"})


class EventStatsView(APIView):
    """Every player's figures in the event (MCR: the MCR subset is what means anything) and the
    awards the director published. ETag: the event's revision and its sheets' marker."""

    permission_classes = [EventScoped]

    @extend_schema(
        responses={200: EventStatsSerializer, 304: OpenApiResponse(description="Not modified.")}
    )
    def get(self, request, event):
        _sheets_event(self)
        marker = sheets.sheet_marker(self.event)
        publication = reading.latest_publication(self.event)
        number = publication.pk if publication else 0
        tag = f'"api-stats-{self.event.revision}{marker}-{number}-{get_language()}"'

        def body() -> dict:
            found = reading.event_statistics(self.event, marker=marker)
            shown = reading.published(found, publication)  # type: ignore[arg-type]
            return {
                "family": shown.family,
                "awards": awards_list(shown),
                "players": [player_dict(p, games=False) for p in shown.players],
            }

        return _tagged(request, tag, body)


class PlayerStatsView(APIView):
    """One player's figures in the event and the score through each of their games."""

    permission_classes = [EventScoped]

    @extend_schema(
        responses={200: PlayerGamesSerializer, 304: OpenApiResponse(description="Not modified.")}
    )
    def get(self, request, event, player: int):
        _sheets_event(self)
        get_object_or_404(Player.objects.only("pk"), event=self.event, pk=player)
        marker = reading.player_marker(self.event, player)
        found = reading.player_statistics(self.event, player, marker=marker)
        if found is None:
            raise NotFound(_("No hand of this player is on a score sheet yet."))
        tag = f'"api-stats-{player}-{self.event.revision}{marker}-{get_language()}"'
        return _tagged(request, tag, lambda: player_dict(found))


class PersonStatsView(APIView):
    """A person's figures per ruleset family over the public events they played that kept
    score sheets, and per event."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: PersonStatsSerializer})
    def get(self, request, pk: int):
        person = get_object_or_404(Person, pk=pk)
        families = reading.person_statistics(person)
        body = {"person": person.pk, "name": person.name, "families": person_list(families)}
        return Response(body, headers={"Cache-Control": "no-cache"})


class AwardsView(APIView):
    """GET: the awards published now. POST (the event's director): publish the awards named in
    ``awards``, or withdraw them with an empty list; 201 for a new publication, 200 when it was
    already in force. An award nobody earned yet is refused (400) with its reason."""

    permission_classes = [EventStaffWrites]

    @extend_schema(responses={200: StatsPublicationSerializer})
    def get(self, request, event):
        _sheets_event(self)
        return Response(_publication(reading.latest_publication(self.event)))

    @extend_schema(
        request=AwardsInSerializer,
        responses={200: StatsPublicationSerializer, 201: StatsPublicationSerializer},
    )
    def post(self, request, event):
        _sheets_event(self)
        data = AwardsInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        publication, new = services.publish_awards(
            self.event, data.validated_data["awards"], by=request.user
        )
        answer = status.HTTP_201_CREATED if new else status.HTTP_200_OK
        return Response(_publication(publication), status=answer)


def _publication(publication) -> dict:
    if publication is None:
        return {"awards": [], "published_at": None}
    return {"awards": list(publication.awards), "published_at": publication.created_at}
