"""Hands from the players' side (docs/rules/hands.md#disputes).

A player of the table or a referee disputes a hand's version with a reason (``HandDispute``): it
does not count, and the sheet cannot close, until a referee settles the dispute or its author
withdraws it (``DisputeResolution``), or a new version replaces it. A strike is a correction to
"no hand" (a ``struck`` version), confirmed like any player's correction. A player calls the
referee (``RefereeCall``) until a referee takes the call (``RefereeCallTaken``). All of them are
append-only rows; what counts is read from them. Disputes and calls are throttled per author
(``Throttled``, HTTP 429).

``services`` (the writes), ``reading`` (the open disputes and calls of a round, a sheet's
history), ``api`` and ``api_urls``.
"""
