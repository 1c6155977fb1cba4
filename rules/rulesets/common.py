"""Building blocks shared by the rulesets."""

from collections.abc import Iterable

from rules.consequences import (
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
from rules.report import Report
from rules.seats import Player


def pay_each(payer: Player, receivers: Iterable[Player], amount: int) -> list[Transfer]:
    return [Transfer(payer, receiver, amount) for receiver in receivers if amount > 0]


def merge_transfers(consequences: Iterable[Consequence]) -> list[Consequence]:
    """One transfer per (payer, receiver) pair, in order of first appearance."""
    result: list[Consequence] = []
    index: dict[tuple, int] = {}
    for c in consequences:
        if isinstance(c, Transfer):
            pair = (c.payer, c.receiver)
            if pair in index:
                previous = result[index[pair]]
                result[index[pair]] = Transfer(c.payer, c.receiver, previous.amount + c.amount)
                continue
            index[pair] = len(result)
        result.append(c)
    return result


def warning(report: Report) -> list[Consequence]:
    """The default for a reported foul the source gives no sanction for: a recorded warning
    (the referee escalates with ``referee_decision``)."""
    return [Warning(report.offender, report.code)]


def dead_hand(report: Report, **flags: bool) -> list[Consequence]:
    return [DeadHand(report.offender, **flags)]


def east_passes(report: Report, offenders: Iterable[Player]) -> list[Consequence]:
    east = report.seats.east
    return [DealerPasses(east)] if east in offenders else []


def dangerous_discard(report: Report) -> list[Consequence]:
    """The discarder pays for the other two: he refunds each what they paid for that win."""
    payments = report.details["payments"]
    return [
        Transfer(report.offender, player, amount)
        for player, amount in payments.items()
        if amount > 0
    ]


def referee_decision(report: Report, options: dict) -> list[Consequence]:
    """The sanction the referee chose; a deduction without scope uses the event's default."""
    d = report.details
    offender = report.offender
    sanction = d["sanction"]
    amount = d["amount"]
    if sanction == "transfer":
        receivers = [d["receiver"]] if d["receiver"] is not None else report.seats.others(offender)
        return pay_each(offender, receivers, amount)
    if sanction == "deduct":
        return [Deduct(offender, amount, d["scope"] or options["point_penalty_scope"])]
    if sanction == "dead_hand":
        return [DeadHand(offender)]
    if sanction == "penalty_tiles":
        return [PenaltyTiles(offender, amount)]
    if sanction == "hand_ends":
        return [HandEnds(offender, no_score=True)]
    if sanction == "redeal":
        return [Redeal(offender)]
    if sanction == "dealer_passes":
        return [DealerPasses(offender)]
    if sanction == "warning":
        return [Warning(offender, report.code)]
    if sanction == "disqualification":
        return [Disqualification(offender)]
    raise AssertionError(sanction)  # pragma: no cover
