"""What the channels API reads and writes. The secrets (the Discord webhook URL, the Telegram
bot token) are written, never read back: ``secret`` shows their last characters only."""

from __future__ import annotations

from rest_framework import serializers

from tournament.channels.models import EventChannel


class PostsSerializer(serializers.Serializer):
    sent = serializers.IntegerField()
    pending = serializers.IntegerField()
    failed = serializers.IntegerField()
    unsure = serializers.IntegerField(help_text="Posted without an answer: not sent again.")


class ChannelSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    service = serializers.ChoiceField(choices=EventChannel.Service.choices)
    name = serializers.CharField(max_length=80, required=False, allow_blank=True, default="")
    webhook_url = serializers.CharField(
        max_length=500, required=False, allow_blank=True, default="", write_only=True
    )
    bot_token = serializers.CharField(
        max_length=100, required=False, allow_blank=True, default="", write_only=True
    )
    chat_id = serializers.CharField(max_length=64, required=False, allow_blank=True, default="")
    secret = serializers.CharField(
        read_only=True, help_text="The webhook URL's or the bot token's last characters."
    )
    created_at = serializers.DateTimeField(read_only=True)
    posts = PostsSerializer(read_only=True)
