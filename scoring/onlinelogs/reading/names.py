"""Players' online names: a player's, and the event's players behind a log's four names.
Setting them is ``scoring.onlinelogs.services.names``."""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules.onlinelogs import MAJSOUL, PLATFORMS, GameLog
from scoring.onlinelogs.models import OnlineName
from tournament.events.models import Event
from tournament.players.models import Player

MAX_NAME = 100
PLATFORM_NAMES = {"tenhou": "tenhou.net", "majsoul": "Mahjong Soul"}


def online_names(player: Player) -> dict[str, str]:
    """The player's name per platform ('' where none is set)."""
    names = {platform: "" for platform in PLATFORMS}
    names.update(dict(player.online_names.values_list("platform", "name")))
    return names


def log_players(event: Event, log: GameLog) -> tuple[list[Player | None], list[str]]:
    """The event's player behind each of the log's four seats (None where nobody has that
    name), and the problems: a name two seats share that no account id tells apart, a player
    named at two seats. Mahjong Soul names may be the account id."""
    known = {
        n.name: n.player
        for n in OnlineName.objects.filter(event=event, platform=log.platform).select_related(
            "player"
        )
    }
    players: list[Player | None] = []
    problems: list[str] = []
    for seat, name in enumerate(log.names):
        account = log.accounts[seat] if log.accounts else ""
        player = known.get(account) if log.platform == MAJSOUL and account else None
        if player is None:
            player = known.get(name)
            if player is not None and log.names.count(name) > 1:
                problems.append(
                    _(
                        "Two seats of the log are named %(name)s: give these players their "
                        "Mahjong Soul account id as their online name."
                    )
                    % {"name": name}
                )
                player = None
        players.append(player)
    seen = [p.pk for p in players if p is not None]
    if len(seen) != len(set(seen)):
        problems.append(_("The log names the same player at two seats."))
    return players, problems
