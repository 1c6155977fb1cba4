"""The channels API, for the event's director: list (secrets masked, with how the posts
went), add, remove."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.channels import reading, services
from tournament.channels.models import EventChannel
from tournament.channels.serializers import ChannelSerializer
from tournament.registration.api import DirectorOnly


def _shown(line: reading.ChannelLine) -> dict:
    c = line.channel
    return {
        "id": c.pk,
        "service": c.service,
        "name": c.name,
        "chat_id": c.chat_id,
        "secret": c.secret_shown,
        "created_at": c.created_at,
        "posts": line.posts.__dict__,
    }


class Channels(APIView):
    """GET: the event's channels. POST: add a Discord webhook (``webhook_url``) or a
    Telegram bot and chat (``bot_token``, ``chat_id``)."""

    permission_classes = [DirectorOnly]

    @extend_schema(responses={200: ChannelSerializer(many=True)})
    def get(self, request, event):
        return Response(
            ChannelSerializer([_shown(x) for x in reading.lines(self.event)], many=True).data
        )

    @extend_schema(request=ChannelSerializer, responses={201: ChannelSerializer})
    def post(self, request, event):
        serializer = ChannelSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        channel = services.add_channel(self.event, **serializer.validated_data, by=request.user)
        line = reading.ChannelLine(channel, reading.Posts())
        return Response(ChannelSerializer(_shown(line)).data, status=status.HTTP_201_CREATED)


class Channel(APIView):
    """DELETE: stop posting to the channel (its secret is forgotten; its posts stay
    counted)."""

    permission_classes = [DirectorOnly]

    @extend_schema(request=None, responses={204: None})
    def delete(self, request, event, pk):
        channel = get_object_or_404(EventChannel, event=self.event, pk=pk, removed_at__isnull=True)
        services.remove_channel(channel)
        return Response(status=status.HTTP_204_NO_CONTENT)
