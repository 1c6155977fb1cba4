"""Fouls and the penalty ledger: ``models`` (foul reports, ledger entries, voids; append-only),
``services`` (recording a report with its ledger entries in one transaction, voids,
discipline), ``describe`` and ``wording`` (how a foul and its consequences read), ``tablet``
(the referee's pages), ``repricing`` (the audited re-pricing) and ``api``. Imports
``tournament`` and ``rules``, never ``scoring``.
"""
