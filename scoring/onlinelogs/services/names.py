"""Setting a player's online names: the director, or the player themselves."""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from rules.onlinelogs import PLATFORMS
from scoring.onlinelogs.models import OnlineName
from scoring.onlinelogs.reading.names import MAX_NAME, PLATFORM_NAMES, online_names
from tournament.access.roles import is_director
from tournament.players.models import Player
from tournament.text import clean_text


def set_online_names(
    player: Player, names: Mapping[str, str], *, user=None, as_player: Player | None = None
) -> dict[str, str]:
    """Set the player's name on each platform in ``names`` (an empty name removes it). The
    event's director may set anybody's; a player signed in with their PIN, their own."""
    event = player.event
    if as_player is not None:
        if as_player.pk != player.pk:
            raise PermissionDenied(_("A player sets only their own online names."))
    elif user is None or not is_director(user, event):
        raise PermissionDenied(_("Only the event's director may change it."))
    errors: dict = {}
    cleaned: dict[str, str] = {}
    for platform, value in names.items():
        if platform not in PLATFORMS:
            errors[platform] = [_("Unknown platform.")]
            continue
        label = PLATFORM_NAMES[platform]
        cleaned[platform] = clean_text(
            value, label=label, limit=MAX_NAME, errors=errors, field=platform
        )
    if errors:
        raise ValidationError(errors)
    taken = (
        OnlineName.objects.filter(event=event, name__in=[n for n in cleaned.values() if n])
        .exclude(player=player)
        .select_related("player")
    )
    for other in taken:
        if cleaned.get(other.platform) == other.name:
            errors[other.platform] = [
                _("%(name)s is already the online name of %(player)s.")
                % {"name": other.name, "player": other.player.name}
            ]
    if errors:
        raise ValidationError(errors)
    try:
        with transaction.atomic():
            for platform, name in cleaned.items():
                if name:
                    OnlineName.objects.update_or_create(
                        player=player, platform=platform, defaults={"event": event, "name": name}
                    )
                else:
                    OnlineName.objects.filter(player=player, platform=platform).delete()
    except IntegrityError:
        raise ValidationError(
            {"__all__": [_("Another player took this online name meanwhile.")]}
        ) from None
    return online_names(player)
