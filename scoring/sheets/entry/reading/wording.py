"""A stored hand in a few words, as the sheet's list, its conflicts, the door and the
online logs' differences show it."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

ABORTIVE_NAMES = {
    "nine_terminals": gettext_noop("nine terminals"),
    "four_winds": gettext_noop("four winds"),
    "four_riichi": gettext_noop("four riichi"),
    "four_kans": gettext_noop("four kans"),
    "triple_ron": gettext_noop("triple ron"),
}


def describe(data: dict, names: list[str]) -> str:
    """A hand in a few words for the sheet's list."""
    kind = data.get("kind")
    if kind == "win":
        parts = []
        for win in data.get("wins", []):
            if win.get("limit"):
                value = win["limit"]
            elif win.get("han"):
                value = _("%(han)d han %(fu)d fu") % {"han": win["han"], "fu": win.get("fu", 0)}
            else:
                value = _("%(fan)d fan") % {"fan": win.get("fan", 0)}
                if win.get("bonus"):
                    value = ngettext(
                        "%(fan)d fan + %(count)d bonus tile",
                        "%(fan)d fan + %(count)d bonus tiles",
                        win["bonus"],
                    ) % {"fan": win.get("fan", 0), "count": win["bonus"]}
            if win.get("pao") is not None:
                value = _("%(value)s, liable: %(name)s") % {
                    "value": value,
                    "name": names[win["pao"]],
                }
            parts.append(f"{names[win['winner']]} ({value})")
        discarder = data.get("discarder")
        how = (
            _("self-drawn")
            if discarder is None
            else _("on %(name)s's discard") % {"name": names[discarder]}
        )
        return _("Win: %(winners)s, %(how)s") % {"winners": ", ".join(parts), "how": how}
    if kind == "draw" and data.get("abortive"):
        return _("Abortive draw: %(reason)s") % {"reason": _(ABORTIVE_NAMES[data["abortive"]])}
    if kind == "draw" and data.get("nagashi"):
        return _("Draw; nagashi mangan: %(names)s") % {
            "names": ", ".join(names[i] for i in data["nagashi"])
        }
    if kind == "draw":
        tenpai = [names[i] for i in data.get("tenpai", [])]
        if tenpai:
            return _("Draw; tenpai: %(names)s") % {"names": ", ".join(tenpai)}
        return _("Draw")
    if kind == "aborted":
        return _("Aborted hand (re-dealt)")
    if kind == "adjustment":
        return _("Referee adjustment")
    return _("Points per seat")
