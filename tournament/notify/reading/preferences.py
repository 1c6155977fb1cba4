"""Who wants what, and in which language."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

from tournament.contacts.models import Contact
from tournament.notify.models import Message, NotifySettings


def event_settings(event) -> NotifySettings:
    found = NotifySettings.objects.filter(event=event).first()
    return found or NotifySettings(event=event)


@dataclass(frozen=True)
class Contacts:
    """The contacts of a batch's players, by player id; a message to an address names its
    own."""

    by_player: dict[int, Contact]

    def of(self, message: Message) -> Contact | None:
        if message.contact_id:
            return message.contact
        return self.by_player.get(message.player_id) if message.player_id else None


def language_of(message: Message, contacts: Contacts) -> str:
    """The recipient's language (their contact's), else the event's as it is now, else the
    one stored with the message (the event's at enqueue time, or the one asked for), else the
    site's."""
    contact = contacts.of(message)
    if contact is not None and contact.language:
        return contact.language
    if message.language:
        return message.language
    if message.event_id is not None and message.event.language:
        return message.event.language
    return settings.LANGUAGE_CODE
