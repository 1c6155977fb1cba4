"""Standings: the players' standings rows, the team and stage standings computed from them,
and the reconcile that keeps both current.

``reading``: ``inputs`` reads results, the ledger and the format with the ORM, ``formats``
computes team and stage standings, ``ranking`` reads the current ranking of an event with
stages, ``snapshot`` gives the stored rows to pages and ``display`` their display strings.
``services.reconcile`` ranks the inputs with ``rules`` and writes the rows and the format
standings at the event's revision, never backwards (with the Celery ``tasks``). ``models``
holds ``StandingsSnapshot`` (with its rows) and ``FormatStandings``; ``api`` serves the
standings to clients. Every other capability of ``scoring`` may read these; this package
imports only the results' models.
"""
