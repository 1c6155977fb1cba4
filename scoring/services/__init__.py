"""Table result entry and standings reconciliation.

Views, the API, tasks and the management command call these functions; they own validation and
transactions. Validation failures raise ``django.core.exceptions.ValidationError``, missing
rights ``PermissionDenied`` and a correction based on a stale version ``ResultConflict``.

Modules: ``results`` (rights, entry, versions, confirmation) and ``reconcile`` (the standings
snapshot, asked for after every write).
"""

from scoring import snapshot
from scoring.services.reconcile import (
    clear_pending,
    coalesce_seconds,
    compute,
    pending_ttl,
    reconcile_event,
    reconcile_queue,
    request_reconcile,
    stale_event_ids,
)
from scoring.services.results import (
    MAX_KEY_LENGTH,
    MAX_REASON,
    MAX_SCORE,
    WINDS,
    ResultConflict,
    _as_int,
    _check_rights,
    _latest_version,
    confirm_result,
    enter_result,
    result_sum_target,
    result_versions,
)

__all__ = [
    "MAX_KEY_LENGTH",
    "MAX_REASON",
    "MAX_SCORE",
    "WINDS",
    "ResultConflict",
    "_as_int",
    "_check_rights",
    "_latest_version",
    "clear_pending",
    "coalesce_seconds",
    "compute",
    "confirm_result",
    "enter_result",
    "pending_ttl",
    "reconcile_event",
    "reconcile_queue",
    "request_reconcile",
    "result_sum_target",
    "result_versions",
    "snapshot",
    "stale_event_ids",
]
