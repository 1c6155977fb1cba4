"""Recording fouls and voiding them: the only code that writes the penalty ledger.

``record_foul`` validates a referee's report against the event, the table and the ruleset,
then stores the report and its ledger entries in one transaction and bumps the event revision.
A replay of the same idempotency key returns the stored report and writes nothing.
``void_report`` writes reversing entries; nothing is ever updated or deleted.

Failures raise ``ValidationError`` (400: the input is wrong), ``PermissionDenied`` (403: this
user may not) or ``Conflict`` (409: the state forbids it), each naming the field.

Modules: ``checks`` (rights, the foul against the ruleset, errors), ``recording``,
``voiding`` and ``discipline``.
"""

from penalties.services.checks import (
    MAX_KEY_LENGTH,
    MAX_VOID_REASON,
    CheckedFoul,
    Conflict,
    FoulInput,
    check_foul,
    check_recorder,
)
from penalties.services.discipline import Discipline, discipline
from penalties.services.recording import record_foul
from penalties.services.voiding import check_voider, void_report

__all__ = [
    "MAX_KEY_LENGTH",
    "MAX_VOID_REASON",
    "CheckedFoul",
    "Conflict",
    "Discipline",
    "FoulInput",
    "check_foul",
    "check_recorder",
    "check_voider",
    "discipline",
    "record_foul",
    "void_report",
]
