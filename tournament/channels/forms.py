"""The director's form for a new channel. The secrets are password fields: never rendered
back, not even after a refused submit."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.channels.models import EventChannel


class ChannelForm(forms.Form):
    service = forms.ChoiceField(
        label=_("Service"), choices=EventChannel.Service.choices, widget=forms.RadioSelect
    )
    name = forms.CharField(
        label=_("Name (for you)"),
        max_length=80,
        required=False,
        help_text=_("For example #results or the club's group."),
    )
    webhook_url = forms.CharField(
        label=_("Discord webhook URL"),
        max_length=500,
        required=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "off"}),
        help_text=_(
            "In Discord: the channel's settings, Integrations, Webhooks, New Webhook, "
            "Copy Webhook URL."
        ),
    )
    bot_token = forms.CharField(
        label=_("Telegram bot token"),
        max_length=100,
        required=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "off"}),
        help_text=_("From @BotFather; add the bot to the group or channel first."),
    )
    chat_id = forms.CharField(
        label=_("Telegram chat id"),
        max_length=64,
        required=False,
        help_text=_("-100… for a group, or @channelname."),
    )
