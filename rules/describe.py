"""Sentences a referee reads out at the table, built from small translatable templates.

``describe_parts`` gives ``(template, params)`` pairs so the edge can translate each template
and format it; ``describe`` formats them in English and joins them with "; ".
"""

from collections.abc import Callable, Iterable

from rules.consequences import (
    OVERALL,
    Consequence,
    DeadHand,
    DealerPasses,
    Deduct,
    Disqualification,
    HandEnds,
    PenaltyTiles,
    Redeal,
    Transfer,
    Warning,
)
from rules.i18n import NTranslate, Plural
from rules.i18n import gettext_noop as _
from rules.i18n import ngettext_noop as ngettext
from rules.seats import Player, Seats

NO_PENALTY = _("no penalty")
PAYS_EACH = _("{payer} pays {amount} to each opponent")
PAYS = _("{payer} pays {amount} to {receivers}")
AND = _("{first} and {last}")
LOSES_TABLE = _("{player} loses {amount} from the table score")
LOSES_OVERALL = _("{player} loses {amount} from the overall total")
DEAD_HAND = _("{player}'s hand is dead (cannot win)")
DEAD_HAND_LONG = _("{player}'s hand is dead (cannot win, claim or kong)")
DEAD_HAND_PLAIN = _("{player}'s hand is dead")
PENALTY_TILES = ngettext(
    "{player} has {count} live penalty tile", "{player} has {count} live penalty tiles"
)
HAND_ENDS_NO_SCORE = _("hand ends without scoring")
HAND_ENDS = _("hand ends")
REDEAL = _("the hand is re-dealt")
DEALER_PASSES = _("{player} passes")
WARNING = _("{player} is warned")
DISQUALIFIED = _("{player} is disqualified")

Part = tuple[str | Plural, dict]
Translate = Callable[[str], str]


def _identity(message: str) -> str:
    return message


class _Names:
    """Seat names (East, South, ...) through the caller's translation."""

    def __init__(self, seats: Seats, translate: Translate):
        self.seats = seats
        self.translate = translate

    def name(self, player: Player) -> str:
        return self.translate(self.seats.name(player))

    def others(self, player: Player):
        return self.seats.others(player)


def _names(players: list[Player], seats: _Names) -> str:
    names = [seats.name(p) for p in players]
    if len(names) == 1:
        return names[0]
    return seats.translate(AND).format(first=", ".join(names[:-1]), last=names[-1])


def _transfer_parts(transfers: list[Transfer], seats: _Names) -> list[Part]:
    """Transfers grouped by payer and amount: "South pays 300 to each opponent"."""
    groups: dict[tuple[Player, int], list[Player]] = {}
    for t in transfers:
        groups.setdefault((t.payer, t.amount), []).append(t.receiver)
    parts: list[Part] = []
    for (payer, amount), receivers in groups.items():
        if set(receivers) == set(seats.others(payer)):
            parts.append((PAYS_EACH, {"payer": seats.name(payer), "amount": amount}))
        else:
            params = {"payer": seats.name(payer), "amount": amount}
            parts.append((PAYS, params | {"receivers": _names(receivers, seats)}))
    return parts


def _part(c: Consequence, seats: _Names) -> Part:
    if isinstance(c, Deduct):
        template = LOSES_OVERALL if c.scope == OVERALL else LOSES_TABLE
        return template, {"player": seats.name(c.player), "amount": c.amount}
    if isinstance(c, DeadHand):
        if c.no_win and c.no_claim and c.no_kong:
            template = DEAD_HAND_LONG
        else:
            template = DEAD_HAND if c.no_win else DEAD_HAND_PLAIN
        return template, {"player": seats.name(c.player)}
    if isinstance(c, PenaltyTiles):
        return PENALTY_TILES, {"player": seats.name(c.player), "count": c.count}
    if isinstance(c, HandEnds):
        return (HAND_ENDS_NO_SCORE if c.no_score else HAND_ENDS), {}
    if isinstance(c, Redeal):
        return REDEAL, {}
    if isinstance(c, DealerPasses):
        return DEALER_PASSES, {"player": seats.name(c.player)}
    if isinstance(c, Warning):
        return WARNING, {"player": seats.name(c.player)}
    if isinstance(c, Disqualification):
        return DISQUALIFIED, {"player": seats.name(c.player)}
    raise TypeError(f"not a consequence: {c!r}")  # pragma: no cover


def describe_parts(
    consequences: Iterable[Consequence], seats: Seats, translate: Translate = _identity
) -> list[Part]:
    """``(template, params)`` pairs; ``translate`` is applied to the seat names and the joining
    word in the params (the caller translates each template itself)."""
    seats = _Names(seats, translate)
    consequences = list(consequences)
    transfers = [c for c in consequences if isinstance(c, Transfer)]
    parts = _transfer_parts(transfers, seats)
    parts += [_part(c, seats) for c in consequences if not isinstance(c, Transfer)]
    return parts or [(NO_PENALTY, {})]


def template_text(
    template: str | Plural,
    params: dict,
    translate: Translate = _identity,
    ntranslate: NTranslate | None = None,
) -> str:
    """One part's template in the language of ``translate``; a template with a count
    (``Plural``) in the form ``ntranslate`` (Django's ``ngettext``) gives for it."""
    if isinstance(template, Plural):
        return template.translated(params[template.count], ntranslate)
    return translate(template)


def describe(
    consequences: Iterable[Consequence],
    seats: Seats,
    translate: Translate = _identity,
    ntranslate: NTranslate | None = None,
) -> str:
    """E.g. "South pays 300 to each opponent; hand ends without scoring; East passes".
    With ``translate`` and ``ntranslate`` (Django's ``gettext`` and ``ngettext``) the sentence
    comes out in that language."""
    return "; ".join(
        template_text(template, params, translate, ntranslate).format(**params)
        for template, params in describe_parts(consequences, seats, translate)
    )
