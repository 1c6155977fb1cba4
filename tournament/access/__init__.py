"""Who may do what, and what every page and API view shares to ask it: ``roles`` (directors,
head and floor referees, scorekeepers, per event and table), ``login`` (the login brake),
``pages`` (``director_required``, form errors from a service), ``confirm`` (the question
asked before an irreversible action, and its server-side check), ``api`` (event-scoped DRF
permissions, service errors as 400s), ``pagination`` and ``params`` (bounded query integers).
"""
