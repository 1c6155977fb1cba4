"""The writes of a person's address and language: every page that changes them (the
registrant's private link, the director, the player's notification choices) comes here, so
they are checked one way and kept in one row."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.contacts.models import EMAIL_MAX, Contact
from tournament.events.models import Event
from tournament.players.models import Player


def clean_address(address: str) -> str:
    """A single address, no CR/LF or other control character, or a ``ValidationError``;
    lower-cased, as every address is stored and compared."""
    address = (address or "").strip()
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in address) or "," in address:
        raise ValidationError(_("Enter a single e-mail address on one line."))
    validate_email(address)
    return address.lower() if len(address) <= EMAIL_MAX else address


def clean_language(language: str) -> str:
    """A language of the site, or blank (the event's); a ``ValidationError`` otherwise."""
    if language and language not in dict(settings.LANGUAGES):
        raise ValidationError({"language": [_("Choose one of the languages offered.")]})
    return language or ""


def address_taken() -> ValidationError:
    return ValidationError(
        {"email": [_("This e-mail address is already used by somebody else in this event.")]}
    )


def of_player(player: Player) -> Contact | None:
    return Contact.objects.filter(player=player).first()


def for_player(player: Player) -> Contact:
    """The player's contact, made on first use; locked until the caller's transaction ends."""
    found = Contact.objects.select_for_update().filter(player=player).first()
    if found is None:
        found = Contact.objects.create(event_id=player.event_id, player=player)
    return found


def for_address(event: Event | None, address: str) -> Contact:
    """The contact of ``address`` (already cleaned) in ``event``, made on first use."""
    found = Contact.objects.filter(event=event, email=address).order_by("pk").first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return Contact.objects.create(event=event, email=address)
    except IntegrityError:  # made meanwhile
        return Contact.objects.get(event=event, email=address)


def change(contact: Contact, **fields) -> Contact:
    """Save ``email``, ``language`` and ``email_on`` (those given, already cleaned) on a contact
    the caller locked. A new address is tried again by the mail server; an address another
    contact of the event holds is refused (``ValidationError`` on ``email``)."""
    if "email" in fields and fields["email"] != contact.email:
        if (
            fields["email"]
            and Contact.objects.filter(event_id=contact.event_id, email=fields["email"])
            .exclude(pk=contact.pk)
            .exists()
        ):
            raise address_taken()
        contact.email_invalid = False
        fields["email_invalid"] = False
    for key, value in fields.items():
        setattr(contact, key, value)
    try:
        with transaction.atomic():
            contact.save(update_fields=list(fields))
    except IntegrityError:  # the address was taken meanwhile
        raise address_taken() from None
    return contact


def stop_mail(contact: Contact) -> None:
    """No more e-mail to this contact (an unsubscribe link)."""
    Contact.objects.filter(pk=contact.pk).update(email_on=False)


def erase(contact: Contact) -> None:
    """The address goes, for every page, mail and message that refers to the contact."""
    Contact.objects.filter(pk=contact.pk).update(
        email="", email_invalid=False, erased_at=timezone.now()
    )
    contact.email = ""
