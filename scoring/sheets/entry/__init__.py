"""A score sheet and its hands (docs/rules/hands.md).

A sheet stores nothing but its hands; what they add up to is always ``Ruleset.play_sheet`` over
the latest version of each hand number, so the totals, the dealer, the counters and the deposits
cannot drift from the hands. Every write locks the sheet's row, reads its hands in one query and
checks the whole sheet with the new hand before inserting it.

Who writes (``access``): anybody who may enter the table's result (``Author(user=...)``), or,
when the event lets players enter hands, a player of the table signed in with a PIN
(``Author(player=...)``). A player's hand counts once another player of the table or a referee
confirms it. When the game is over and every hand counts, the sheet closes itself and writes the
table result through ``scoring.results.services.enter_result``. Errors: ``ValidationError``,
``PermissionDenied``, and ``HandConflict`` (HTTP 409) carrying the stored hand when two devices
send the same number.

``services`` (the writes; ``services.reseat``, the sheet read again after a seat correction),
``reading`` (a sheet as pages and the API read it; ``output``, ``wording``, ``live``,
``integrity`` and ``export`` in its package), ``notices`` (the messages to players), ``forms``,
``views`` (the staff's sheet page, the players' play page), ``urls``, ``api`` and ``api_urls``.
"""
