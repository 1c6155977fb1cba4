"""Reading the standings: the stored rows as pages, the API and the exports show them
(``snapshot``), their display strings (``display``), the reconcile's inputs read with the ORM
(``inputs``), the team and stage standings computed from the rows (``formats``) and the current
ranking of an event with stages (``ranking``)."""
