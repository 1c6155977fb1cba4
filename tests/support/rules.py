"""A seated table and a one-line way to ask a ruleset what a foul costs."""

from rules import Report, Seats, balances, get_ruleset, ledger_lines

EAST, SOUTH, WEST, NORTH = 1, 2, 3, 4
SEATS = Seats(EAST, SOUTH, WEST, NORTH)


def judge(ruleset_key, code, offender, options=None, **details):
    report = Report(code, offender, SEATS, details)
    return get_ruleset(ruleset_key).consequences(report, options)


def table_moves(consequences):
    """Table-scope balance per player named by the consequences."""
    return {p: b["table"] for p, b in balances(ledger_lines(consequences)).items()}


def kinds(consequences):
    return [c.kind for c in consequences]
