"""Checks across a foul's fields, run after each field is clean (``Foul.check``)."""

from rules.errors import RuleError
from rules.seats import Player, Seats


def _not_offender(details: dict, name: str, offender: Player | None) -> None:
    """Field ``name`` (a player, a player list or a player map) must not name the offender."""
    value = details[name]
    if offender is None or value is None:
        return
    named = value if isinstance(value, list | dict) else [value]
    if offender in named:
        raise RuleError(f"details.{name}", "must not name the offender")


def check_false_win(details: dict, offender: Player | None, seats: Seats) -> None:
    _not_offender(details, "co_offenders", offender)
    _not_offender(details, "others_exposed_counts", offender)
    if details["revealed_count"] and not details["revealed"]:
        details["revealed"] = True
    if details["revealed"] and not details["revealed_count"]:
        details["revealed_count"] = 14
    if any(details["others_exposed_counts"].values()):
        details["others_exposed"] = True


def check_wrong_wall_draw(details: dict, offender: Player | None, seats: Seats) -> None:
    if details["won_with_tile"]:
        details["taken_into_hand"] = True


def check_long_hand(details: dict, offender: Player | None, seats: Seats) -> None:
    _not_offender(details, "hand_values", offender)


def check_wrong_claim(details: dict, offender: Player | None, seats: Seats) -> None:
    if details["cancelled_before_reveal"] and details["tiles_revealed"]:
        raise RuleError(
            "details.tiles_revealed", "must be 0 when the claim was cancelled before revealing"
        )


def check_misnamed_discard(details: dict, offender: Player | None, seats: Seats) -> None:
    claimers = [claim["player"] for claim in details["claims"]]
    if offender is not None and offender in claimers:
        raise RuleError("details.claims", "the discarder cannot claim his own discard")
    if len(set(claimers)) != len(claimers):
        raise RuleError("details.claims", "names a player twice")


def check_dangerous_discard(details: dict, offender: Player | None, seats: Seats) -> None:
    _not_offender(details, "winner", offender)
    payments = details["payments"]
    if details["winner"] in payments:
        raise RuleError("details.payments", "the winner made no payment for his own win")
    _not_offender(details, "payments", offender)


def check_referee_decision(details: dict, offender: Player | None, seats: Seats) -> None:
    sanction = details["sanction"]
    amount = details["amount"]
    if sanction in ("transfer", "deduct") and amount < 1:
        raise RuleError("details.amount", "a point sanction needs an amount of at least 1")
    if sanction == "penalty_tiles" and not 1 <= amount <= 14:
        raise RuleError("details.amount", "the number of penalty tiles must be 1 to 14")
    if sanction != "deduct" and details["scope"] is not None:
        raise RuleError("details.scope", "only a deduction has a scope")
    if sanction != "transfer" and details["receiver"] is not None:
        raise RuleError("details.receiver", "only a transfer has a receiver")
    _not_offender(details, "receiver", offender)
    if sanction == "dealer_passes" and offender is not None and offender != seats.east:
        raise RuleError("details.sanction", "only East can lose the East seat")
