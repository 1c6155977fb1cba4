"""Who wants what, and in which language."""

from __future__ import annotations

from django.conf import settings

from tournament.notify.models import Message, NotifySettings, Recipient


def event_settings(event) -> NotifySettings:
    found = NotifySettings.objects.filter(event=event).first()
    return found or NotifySettings(event=event, language=settings.LANGUAGE_CODE)


def language_of(message: Message, recipients: dict[int, Recipient]) -> str:
    """The recipient's chosen language, else the one stored with the message (the event's
    at enqueue time), else the site's."""
    recipient = recipients.get(message.player_id) if message.player_id else None
    if recipient is not None and recipient.language:
        return recipient.language
    return message.language or settings.LANGUAGE_CODE
