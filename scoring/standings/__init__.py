"""Standings: the snapshot of the players' standings, the team and stage standings computed
from it, and the reconcile that keeps both current.

``snapshot`` loads results and the ledger in bulk and ranks them with ``rules``; ``formats``
derives team and stage standings from the snapshot's rows; ``reconcile`` (with the Celery
``tasks``) writes both at the event's revision, never backwards. ``models`` holds
``StandingsSnapshot`` and ``FormatStandings``; ``api`` serves the standings to clients.
Every other capability of ``scoring`` may read these; this package imports only the results'
models.
"""
