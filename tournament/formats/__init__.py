"""The event's format as structure: ``models`` (``Stage``, ``CutDecision``), ``services``
(``stages`` and ``teams``, their write services), and the ``api``. Team and stage standings and
cuts are computed in ``scoring``.
"""
