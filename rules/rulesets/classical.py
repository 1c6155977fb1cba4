"""Classical / Western rules (seed 000, Czech, 2005): docs/rules/fouls.md#classical.

The amounts that scale with the false mah-jong amount (1/2, 1/3, 1/6 of it) are derived by the
rule of ``rules.options``: rounded down to a whole number, at least 1.
"""

from fractions import Fraction

from rules.consequences import Consequence, DeadHand, HandEnds, Transfer
from rules.hands import POINT_HANDS
from rules.i18n import gettext_noop as _
from rules.options import INT, OPTIONAL_INT, SHEET_LENGTH, Derivation, Option, scope_option
from rules.report import Report
from rules.rulesets.base import COMMON_CODES, Ruleset
from rules.rulesets.common import (
    dangerous_discard,
    east_passes,
    merge_transfers,
    pay_each,
    warning,
)
from rules.seats import Player

OPTIONS = {
    o.name: o
    for o in (
        Option(
            "false_win_amount",
            INT,
            300,
            _("False mah-jong: paid to each opponent"),
            minimum=1,
            help=_("The other amounts follow it unless set: 1/2, 1/3 and 1/6 of it."),
        ),
        Option(
            "two_offender_amount",
            OPTIONAL_INT,
            None,
            _("Two offenders: each pays each other player"),
            1,
            derived=Derivation("false_win_amount", Fraction(1, 2)),
        ),
        Option(
            "three_offender_amount",
            OPTIONAL_INT,
            None,
            _("Three offenders: each pays the fourth player"),
            1,
            derived=Derivation("false_win_amount", Fraction(1, 3)),
        ),
        Option(
            "pung_claim_amount",
            OPTIONAL_INT,
            None,
            _("Misnamed discard, proven pung or kong claim: paid to the claimer"),
            1,
            derived=Derivation("false_win_amount", Fraction(1, 3)),
        ),
        Option(
            "chow_claim_amount",
            OPTIONAL_INT,
            None,
            _("Misnamed discard, proven chow claim: paid to the claimer"),
            1,
            derived=Derivation("false_win_amount", Fraction(1, 6)),
        ),
        scope_option("table"),
        SHEET_LENGTH,
    )
}


def false_win_transfers(
    offenders: tuple[Player, ...], others: tuple[Player, ...], options: dict
) -> list[Consequence]:
    """Each offender pays each non-offender: 300 alone, 150 when two, 100 when three."""
    amount = {
        1: options["false_win_amount"],
        2: options["two_offender_amount"],
        3: options["three_offender_amount"],
    }.get(len(offenders), 0)
    return [t for offender in offenders for t in pay_each(offender, others, amount)]


def false_win(report: Report, options: dict) -> list[Consequence]:
    if not report.details["others_exposed"]:
        return []
    offenders = report.offenders
    return [
        *false_win_transfers(offenders, report.seats.others(*offenders), options),
        HandEnds(report.offender, no_score=True),
        *east_passes(report, offenders),
    ]


def misnamed_discard(report: Report, options: dict) -> list[Consequence]:
    """Proven claims on the named tile cost the discarder; a proven win claim ends the hand.

    A false win claim on the named tile after someone exposed makes discarder and claimer(s)
    co-offenders of a false mah-jong. With a win claim involved, nobody receives more than the
    false mah-jong amount in total from this report.
    """
    seats, discarder = report.seats, report.offender
    claims = report.details["claims"]
    proven = [c for c in claims if c["proven"]]
    false_winners = [c["player"] for c in claims if c["claim"] == "win" and not c["proven"]]
    main: list[Consequence] = []
    flow: list[Consequence] = []
    any_win = any(c["claim"] == "win" for c in claims)
    if any(c["claim"] == "win" for c in proven):
        main = pay_each(discarder, seats.others(discarder), options["false_win_amount"])
        flow = [HandEnds(discarder, no_score=True), *east_passes(report, [discarder])]
    elif false_winners and report.details["others_exposed"]:
        offenders = (discarder, *false_winners)
        main = false_win_transfers(offenders, seats.others(*offenders), options)
        flow = [HandEnds(discarder, no_score=True), *east_passes(report, offenders)]
    for claim in proven:
        if claim["claim"] == "chow":
            main.append(Transfer(discarder, claim["player"], options["chow_claim_amount"]))
        elif claim["claim"] in ("pung", "kong"):
            main.append(Transfer(discarder, claim["player"], options["pung_claim_amount"]))
    if any_win:
        main = cap_received(main, options["false_win_amount"])
    return [*merge_transfers(main), *flow]


def cap_received(transfers: list[Consequence], cap: int) -> list[Consequence]:
    """Cut transfers, in order, so that no player receives more than ``cap`` in total."""
    received: dict[Player, int] = {}
    result: list[Consequence] = []
    for t in transfers:
        assert isinstance(t, Transfer)
        room = cap - received.get(t.receiver, 0)
        amount = min(t.amount, room)
        if amount > 0:
            received[t.receiver] = received.get(t.receiver, 0) + amount
            result.append(Transfer(t.payer, t.receiver, amount))
    return result


def long_hand(report: Report, options: dict) -> list[Consequence]:
    values = report.details["hand_values"]
    return [
        DeadHand(report.offender),
        *(
            Transfer(report.offender, player, values[player])
            for player in report.seats.others(report.offender)
            if values.get(player, 0) > 0
        ),
    ]


def rule(report: Report, options: dict) -> list[Consequence]:
    code, d = report.code, report.details
    dead = [DeadHand(report.offender)]
    if code == "false_win":
        return false_win(report, options)
    if code == "misnamed_discard":
        return misnamed_discard(report, options)
    if code == "long_hand":
        return long_hand(report, options)
    if code == "short_hand":
        return dead
    if code == "wrong_claim":
        return [] if d["corrected_in_time"] or d["cancelled_before_reveal"] else dead
    if code == "draw_out_of_turn":
        return dead if d["tile_seen"] else []
    if code == "discard_out_of_turn":
        return dead if d["claimed_by_someone"] else []
    if code == "dangerous_discard":
        return dangerous_discard(report)
    return warning(report)


# Details ``rule`` reads per code it handles itself (Ruleset.detail_fields); other codes get the
# generic warning and ask every field for the record. Required fields it does not read (the
# wrong claim's ``claim``, the dangerous discard's ``winner``) are asked for the record.
READS = {
    "false_win": ("others_exposed", "co_offenders"),
    "misnamed_discard": ("claims", "others_exposed"),
    "long_hand": ("hand_values",),
    "short_hand": (),
    "wrong_claim": ("corrected_in_time", "cancelled_before_reveal"),
    "draw_out_of_turn": ("tile_seen",),
    "discard_out_of_turn": ("claimed_by_someone",),
    "dangerous_discard": ("payments",),
}

RULESET = Ruleset(
    key="classical",
    name="Classical (Western) rules",
    version="classical-2005.1",
    option_specs=OPTIONS,
    codes=(*COMMON_CODES, "dangerous_discard"),
    method="score",
    rule=rule,
    reads=READS,
    hand_rules=POINT_HANDS,
)
