"""The EMA ranking results file."""

from __future__ import annotations

from typing import Any

from rules.standings import RIICHI
from scoring.exports.reading.tables import country_code, players_by_id, standings
from scoring.files import number, table_points, to_csv
from scoring.formats.reading import final_order
from tournament.events.models import Event

# The EMA reads these column names; they are a file format, not text for people, so they are
# not translated.
EMA_HEADER = ("place", "EMA number", "last name", "first name", "country", "points", "mahjong")


def ema_table(event: Event) -> tuple[list[str], list[list[Any]]]:
    """The EMA ranking results file: ranked players (dropped ones included, substitutes and
    players who never played a counting table not, as in the standings) with their places as
    the standings show them. MCR: points are table points, mahjong the score; riichi: points
    are table points, mahjong the total. An event with stages lists its final ranking
    (``scoring.formats.reading.final_order``)."""
    method, rows = standings(event)
    final = final_order(event)
    if final is not None:
        by_player = {row["player"]: row for row in rows}
        rows = [{**by_player[who], "place": place} for place, who in final if who in by_player]
    players = players_by_id(event)
    riichi = method == RIICHI
    body = []
    for row in rows:
        if row["place"] is None:
            continue
        player = players.get(row["player"])
        last, first = split_name(player.name if player else row["name"])
        body.append(
            [
                row["place"],
                player.ema_number if player else "",
                last,
                first,
                country_code(player),
                number(table_points(row["table_points"])),
                number(row["total_display"] if riichi else row["score_display"]),
            ]
        )
    return list(EMA_HEADER), body


NAME_PARTICLES = {"de", "van", "der", "den", "von", "di", "da", "du", "le", "la", "ten", "ter"}


def split_name(name: str) -> tuple[str, str]:
    """(last name, first name): the last word with the lower-case particles before it
    ("Sanne de Jong" -> "de Jong", "Sanne"), and the words before that."""
    words = name.split()
    if not words:
        return "", ""
    start = len(words) - 1
    while start > 1 and words[start - 1] in NAME_PARTICLES:
        start -= 1
    return " ".join(words[start:]), " ".join(words[:start])


def ema_csv(event: Event) -> bytes:
    return to_csv(*ema_table(event))
