"""The statistics as the API answers them and the export writes them: counts as numbers, rates
and averages as decimal text rounded half up (4 decimals in the API, as the pages' figures
come from the same counts), a win as announced with its fans or yaku where its tiles were
entered."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _

from rules import statistics as st
from scoring.files import shown_number
from scoring.stats.reading import EventStatistics, GameLine, PersonFamily, PlayerStatistics
from scoring.stats.reading.names import award_name, win_words, yaku_named

COUNTS = (
    "games",
    "hands",
    "wins",
    "self_drawn",
    "deal_ins",
    "riichi",
    "dealt",
    "dealt_again",
    "draws",
    "tenpai_draws",
    "chombo",
    "won",
    "fan",
    "tiled_wins",
)
RATES = (
    "win_rate",
    "deal_in_rate",
    "riichi_rate",
    "tsumo_share",
    "average_win",
    "fan_average",
    "dealer_retention",
    "tenpai_share",
)


def exact(value: Fraction | None, places: int = 4) -> str | None:
    return None if value is None else st.decimal(value, places)


def best_dict(best: st.BestWin | None, family: str) -> dict[str, Any] | None:
    if best is None:
        return None
    _event, round_number, table = best.label  # type: ignore[misc]
    win = best.win
    return {
        "size": best.size,
        "points": best.points,
        "round": round_number,
        "table": table,
        "hand": best.number,
        "self_drawn": best.self_drawn,
        "win": {
            "fan": win.fan,
            "bonus": win.bonus,
            "han": win.han,
            "fu": win.fu,
            "limit": win.limit,
            "yakuman": win.yakuman,
        },
        "announced": win_words(win, family),
        "yaku": [
            {"key": y.key, "name": y.label} for y in yaku_named(family, dict.fromkeys(best.yaku, 1))
        ],
    }


def stats_dict(stats: st.PlayerStats) -> dict[str, Any]:
    return {
        "family": stats.family,
        **{name: getattr(stats, name) for name in COUNTS},
        **{name: exact(getattr(stats, name)) for name in RATES},
        "best": best_dict(stats.best, stats.family),
        "yaku": [
            {"key": y.key, "name": y.label, "count": y.count}
            for y in yaku_named(stats.family, stats.yaku)
        ],
    }


def game_dict(game: GameLine) -> dict[str, Any]:
    return {
        "round": game.round,
        "table": game.table,
        "seat": "ESWN"[game.seat],
        "players": [
            {"id": pk, "name": name} for pk, name in zip(game.players, game.names, strict=True)
        ],
        "scores": [list(row) for row in game.scores],
        "closed": game.closed,
    }


def player_dict(found: PlayerStatistics, *, games: bool = True) -> dict[str, Any]:
    data = {"player": found.player, "name": found.name, **stats_dict(found.stats)}
    if games:
        data["games_played"] = [game_dict(g) for g in found.games]
    return data


def awards_list(found: EventStatistics) -> list[dict[str, Any]]:
    names = {p.player: p.name for p in found.players}
    return [
        {
            "award": award.kind,
            "name": award_name(award.kind, found.family),
            "figure": award.figure,
            "players": [{"id": pk, "name": names.get(pk, "")} for pk in award.players],
            "hands": [best_dict(hand, found.family) for hand in award.hands],
        }
        for award in found.awards
    ]


def person_list(families: list[PersonFamily]) -> list[dict[str, Any]]:
    return [
        {
            **stats_dict(family.stats),
            "events": [
                {
                    "event": e.slug,
                    "name": e.name,
                    "player": e.player,
                    **stats_dict(e.stats),
                }
                for e in family.events
            ],
        }
        for family in families
    ]


def _cell(value: Fraction | None, places: int, scale: int = 1) -> Any:
    """A figure for a file: a number as the pages round it, empty where there is none."""
    return "" if value is None else shown_number(st.decimal(value * scale, places))


def export_table(found: EventStatistics) -> tuple[list[str], list[list[Any]]]:
    """The event's players, one row each, for the CSV and XLSX files: the MCR subset for MCR,
    hands only for rulesets whose hands are points per seat. Rates in per cent, one decimal,
    as the pages show them."""
    family = found.family
    if family == st.MCR:
        header = [
            _("Player"), _("Hands played"), _("Wins"), _("Self-drawn"),
            _("Discarded into"), _("Fan average"), _("Best hand (fan)"),
        ]  # fmt: skip
    elif family == st.RIICHI:
        header = [
            _("Player"), _("Hands played"), _("Wins"), _("Win rate (%)"), _("Deal-ins"),
            _("Deal-in rate (%)"), _("Riichi"), _("Riichi rate (%)"), _("Self-drawn"),
            _("Tsumo share (%)"), _("Average win"), _("Best win"), _("Dealer hands"),
            _("Dealer retention (%)"), _("Draws"), _("Draws in tenpai"), _("Chombo"),
        ]  # fmt: skip
    else:
        header = [_("Player"), _("Hands played")]
    rows = []
    for p in found.players:
        s = p.stats
        best = s.best.size if s.best else ""
        if family == st.MCR:
            average = _cell(s.fan_average, 2)
            rows.append([p.name, s.hands, s.wins, s.self_drawn, s.deal_ins, average, best])
        elif family == st.RIICHI:
            rows.append(
                [
                    p.name, s.hands, s.wins, _cell(s.win_rate, 1, 100), s.deal_ins,
                    _cell(s.deal_in_rate, 1, 100), s.riichi, _cell(s.riichi_rate, 1, 100),
                    s.self_drawn, _cell(s.tsumo_share, 1, 100), _cell(s.average_win, 0), best,
                    s.dealt, _cell(s.dealer_retention, 1, 100), s.draws, s.tenpai_draws, s.chombo,
                ]
            )  # fmt: skip
        else:
            rows.append([p.name, s.hands])
    return header, rows
