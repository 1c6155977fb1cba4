"""Kinds of message and their text, rendered at send time from the outbox row's plain
parameters in the recipient's language.

A producer in a layer above ``tournament`` whose text needs its own vocabulary registers its
kind here (``register``) when its app is ready; the worker loads every app, so the renderer is
there when the message is sent."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from rules import CATALOGUE, LedgerLine, RuleError, Seats, consequence_of, describe
from tournament.rounds.models import Wind


@dataclass(frozen=True)
class Text:
    title: str
    body: str
    path: str = ""  # where tapping the notification leads (a path on this site)


Renderer = Callable[[dict], Text]

KINDS: dict[str, tuple[object, Renderer]] = {}


def register(kind: str, label, renderer: Renderer) -> None:
    """Add a kind of message: ``label`` (lazy, translatable) names it in the player's
    choices and the director's view; ``renderer(params)`` returns its ``Text``, called with
    the recipient's language active."""
    KINDS[kind] = (label, renderer)


def label(kind: str) -> str:
    return str(KINDS[kind][0]) if kind in KINDS else kind


def one_line(text: str, limit: int = 300) -> str:
    """No CR, LF or other control character (an e-mail header, a notification title)."""
    cleaned = "".join(" " if ord(ch) < 32 or ord(ch) == 127 else ch for ch in str(text))
    return " ".join(cleaned.split())[:limit]


def render(kind: str, params: dict, language: str) -> Text:
    with translation.override(language or None):
        text = KINDS[kind][1](params)
        return Text(one_line(text.title, 120), text.body.strip()[:2000], text.path)


def _wind(code: str) -> str:
    return str(dict(Wind.choices).get(code, code))


def _names(names: list[str]) -> str:
    return ", ".join(str(n) for n in names)


def _play(params: dict) -> str:
    return f"/e/{params.get('slug', '')}/play/"


def _seat_words(params: dict) -> str:
    return _("Round %(round)d: table %(table)d, %(wind)s, with %(others)s") % {
        "round": params["round"],
        "table": params["table"],
        "wind": _wind(params["wind"]),
        "others": _names(params.get("others", [])) or "-",
    }


def _seating(params: dict) -> Text:
    return Text(_("Round %(round)d: table %(table)d") % params, _seat_words(params), _play(params))


def _seating_corrected(params: dict) -> Text:
    if params.get("after_play"):
        # The seats were corrected after hands were played (``scoring.reseat``).
        body = _(
            "The seats at your table were corrected: %(reason)s. %(seat)s. Your hands, "
            "results and penalties now follow the seats you really had."
        ) % {"reason": str(params.get("reason", "")).rstrip("."), "seat": _seat_words(params)}
    else:
        body = _("Your seat has changed. %(seat)s") % {"seat": _seat_words(params)}
    return Text(_("Correction, round %(round)d: table %(table)d") % params, body, _play(params))


def _seating_removed(params: dict) -> Text:
    return Text(
        _("Correction, round %(round)d") % params,
        _("You are no longer seated in round %(round)d.") % params,
        _play(params),
    )


def _round_soon(params: dict) -> Text:
    minutes = int(params.get("minutes", 10))
    title = ngettext(
        "Round %(round)d starts in %(minutes)d minute",
        "Round %(round)d starts in %(minutes)d minutes",
        minutes,
    ) % {"round": params["round"], "minutes": minutes}
    body = _seat_words(params) if params.get("table") else title
    return Text(title, body, _play(params))


def _hand_confirm(params: dict) -> Text:
    return Text(
        _("A hand waits for your confirmation"),
        _("Round %(round)d, table %(table)d, hand %(hand)d: please confirm it.") % params,
        _play(params),
    )


def _hand_disputed(params: dict) -> Text:
    return Text(
        _("Your hand was disputed"),
        _(
            "Round %(round)d, table %(table)d, hand %(hand)d was disputed; "
            "a referee will look at it."
        )
        % params,
        _play(params),
    )


def _hand_corrected(params: dict) -> Text:
    return Text(
        _("Your hand was corrected"),
        _("Round %(round)d, table %(table)d, hand %(hand)d was corrected.") % params,
        _play(params),
    )


def _cut(params: dict) -> Text:
    if params.get("qualified"):
        body = _("You qualified for %(next)s.") % {
            "next": params.get("next") or _("the next stage")
        }
    else:
        body = _("You did not qualify for %(next)s.") % {
            "next": params.get("next") or _("the next stage")
        }
    return Text(
        _("The cut after %(stage)s") % {"stage": params.get("stage", "")}, body, _play(params)
    )


def _final(params: dict) -> Text:
    return Text(
        _("Final ranking of %(event)s") % params,
        ngettext(
            "You finished in place %(place)d of %(count)d player.",
            "You finished in place %(place)d of %(count)d players.",
            int(params.get("count", 0)),
        )
        % params,
        f"/e/{params.get('slug', '')}/",
    )


def _penalty(params: dict) -> Text:
    """What (the foul), what it costs (the rulebook's sentence from the stored ledger lines,
    in the reader's language), the referee's public explanation, and how to appeal."""
    foul = CATALOGUE.get(params.get("code", ""))
    name = _(foul.label) if foul else str(params.get("code", ""))
    cost = ""
    try:
        seats = Seats.from_mapping({w: int(p) for w, p in params.get("seats", {}).items()})
        lines = [LedgerLine(*line) for line in params.get("lines", [])]
        cost = describe([consequence_of(line) for line in lines], seats, _)
    except (RuleError, TypeError, ValueError):
        cost = ""
    parts = [
        _("Round %(round)d, table %(table)d: %(foul)s.")
        % {"round": params["round"], "table": params["table"], "foul": name}
    ]
    if cost:
        parts.append(cost[:1].upper() + cost[1:] + ".")
    if params.get("explanation"):
        parts.append(_("The referee's explanation: %(text)s") % {"text": params["explanation"]})
    parts.append(_("To appeal, speak to the head referee before the round ends."))
    return Text(_("Penalty: %(foul)s") % {"foul": name}, "\n".join(parts), _play(params))


def _announcement(params: dict) -> Text:
    return Text(_("Announcement: %(event)s") % params, str(params.get("text", "")), _play(params))


def _test(params: dict) -> Text:
    return Text(
        _("Test message"),
        _("This is a test message from %(event)s.") % params,
        f"/e/{params.get('slug', '')}/",
    )


def _text(params: dict) -> Text:
    """A message rendered by its producer (one language only): ``title`` and ``body``."""
    return Text(str(params.get("title", "")), str(params.get("body", "")), params.get("path", ""))


register("seating", gettext_lazy("Your seat"), _seating)
register("seating_corrected", gettext_lazy("Seat corrections"), _seating_corrected)
register("seating_removed", gettext_lazy("Seat corrections"), _seating_removed)
register("round_soon", gettext_lazy("Round starts soon"), _round_soon)
register("hand_confirm", gettext_lazy("Hands to confirm"), _hand_confirm)
register("hand_disputed", gettext_lazy("Disputed hands"), _hand_disputed)
register("hand_corrected", gettext_lazy("Corrected hands"), _hand_corrected)
register("penalty", gettext_lazy("Penalties"), _penalty)
register("cut", gettext_lazy("The cut"), _cut)
register("final", gettext_lazy("Final ranking"), _final)
register("announcement", gettext_lazy("Announcements"), _announcement)
register("test", gettext_lazy("Test message"), _test)
register("text", gettext_lazy("Other messages"), _text)

# What a player can turn off, per channel (corrections follow "seating").
PLAYER_KINDS = (
    "seating",
    "round_soon",
    "hand_confirm",
    "hand_disputed",
    "penalty",
    "cut",
    "final",
    "announcement",
)
# A kind that follows another's choice.
FOLLOWS = {
    "seating_corrected": "seating",
    "seating_removed": "seating",
    "hand_corrected": "hand_disputed",
}
