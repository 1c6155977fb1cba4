"""What the pages call the awards and a win, in the active language, and how they show the
rates."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules import statistics as st
from rules.hands import Win
from scoring.sheets.tiles.reading import Named, named
from tournament.numbers import shown as shown_number


def award_name(kind: str, family: str) -> str:
    if kind == st.BEST_HAND:
        return _("Best hand")
    if kind == st.MOST_WINS:
        return _("Most wins")
    if family == st.MCR:
        return _("Fewest times discarded into")
    return _("Fewest deal-ins")


def award_figure(kind: str, family: str, figure: int) -> str:
    """What earned the award, in words ("12 wins"); the best hand's is its own line."""
    if kind == st.MOST_WINS:
        return ngettext("%(count)s win", "%(count)s wins", figure) % {"count": figure}
    if kind == st.FEWEST_DEAL_INS and family == st.MCR:
        return ngettext(
            "discarded into %(count)s time", "discarded into %(count)s times", figure
        ) % {"count": figure}
    if kind == st.FEWEST_DEAL_INS:
        return ngettext("%(count)s deal-in", "%(count)s deal-ins", figure) % {"count": figure}
    return ""


def win_size(best: st.BestWin, family: str) -> str:
    """How big a best win was: "12 fan" in MCR, its points otherwise ("12 000")."""
    if family == st.MCR:
        return _("%(fan)s fan") % {"fan": best.size}
    return shown_number(best.points, group=True)


def win_words(win: Win, family: str) -> str:
    """A win as announced: "3 han 30 fu", "mangan", "2 × yakuman", "12 fan + 2 bonus"."""
    if family == st.MCR:
        if win.bonus:
            return _("%(fan)s fan + %(bonus)s bonus") % {"fan": win.fan, "bonus": win.bonus}
        return _("%(fan)s fan") % {"fan": win.fan}
    if win.limit == "yakuman" and win.yakuman > 1:
        return ngettext("%(count)s × yakuman", "%(count)s × yakuman", win.yakuman) % {
            "count": win.yakuman
        }
    if win.limit:
        return win.limit
    if win.fu:
        return _("%(han)s han %(fu)s fu") % {"han": win.han, "fu": win.fu}
    return _("%(han)s han") % {"han": win.han}


def yaku_named(family: str, counts: dict[str, int] | tuple[tuple[str, int], ...]) -> list[Named]:
    """Fans or yaku by key, named in the active language, most frequent first."""
    return named(family, dict(counts))


@dataclass(frozen=True)
class Shown:
    """A player's rates and averages as the pages show them (per cent, one decimal; the
    average win in whole points, the fan average to one decimal); "" where there is none."""

    win_rate: str
    deal_in_rate: str
    riichi_rate: str
    tsumo_share: str
    dealer_retention: str
    average_win: str
    fan_average: str


def shown(stats: st.PlayerStats) -> Shown:
    average, fan = stats.average_win, stats.fan_average
    return Shown(
        st.percent(stats.win_rate),
        st.percent(stats.deal_in_rate),
        st.percent(stats.riichi_rate),
        st.percent(stats.tsumo_share),
        st.percent(stats.dealer_retention),
        "" if average is None else st.decimal(average, 0),
        "" if fan is None else st.decimal(fan, 1),
    )
