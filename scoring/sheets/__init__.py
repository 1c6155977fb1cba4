"""Score sheets, hand by hand (RULES.md section 7): the write services and what pages read.

A sheet stores nothing but its hands; what they add up to is always ``Ruleset.play_sheet`` over
the latest version of each hand number, so the running totals, the dealer, the counters and the
deposits cannot drift from the hands. Every write locks the sheet's row, reads its hands in one
query and checks the whole sheet with the new hand before inserting it: a write costs the same
few queries on hand 1 and on hand 30.

Who writes: anybody who may enter the table's result (``Author(user=...)``), or, when the event
lets players enter hands, a player of the table signed in with a PIN (``Author(player=...)``).
A player's hand counts once another player of the table or a referee confirms it. When the game
is over and every hand counts, the sheet closes itself and writes the table result through
``scoring.results.services.enter_result``, marked as coming from the sheet; a correction after that
writes the next result version with the correction's reason.

From the players' side (``disputes``): a player of the table or a referee disputes a hand's
version with a reason (``HandDispute``): it does not count, and the sheet cannot close, until a
referee settles the dispute or its author withdraws it (``DisputeResolution``), or a new version
replaces it. A player's correction is a proposal: it counts once another player of the table or
a referee confirms it, never on its proposer's word. A strike is a correction to "no hand" (a
``struck`` version), confirmed the same way; the hand then leaves the sheet and keeps its
number. A player calls the referee (``RefereeCall``) until a referee takes the call
(``RefereeCallTaken``). All of them are append-only rows; what counts is read from them. Open
disputes and calls show on the referees' tablets (a panel registered with
``penalties.tablet.panels``) and on the director's round board; a dispute still open once the
round closes is shown there as a correction request. Disputes and calls are throttled per
author (``SHEET_DISPUTES_PER_AUTHOR``, ``SHEET_CALLS_PER_AUTHOR`` per
``SHEET_THROTTLE_SECONDS``).

Errors: ``ValidationError`` (bad input, nothing written), ``PermissionDenied``, and
``HandConflict`` (HTTP 409) carrying the stored hand when two devices send the same number,
and ``Throttled`` (HTTP 429).

One module per concern: ``models`` (sheet, hands, confirmations, disputes, calls), ``reading``
(a sheet as pages and the API read it), ``rights`` (who may write), ``writing`` (the write
services), ``disputes`` (disputes, strikes, calls, the history), ``floor`` (the tablet's panel),
``output`` (the API's and the exports' dicts), ``live`` (live tables, hand statistics),
``integrity`` (``verify``, page markers), ``export`` (the hands CSV/XLSX), ``offline`` (the web
app manifests, the player's service worker, the play page's ETag); the staff's and the
players' pages in ``views``, ``forms`` and ``urls`` (the players' door: a card's signed link,
"My page" and a table's public page, in ``door``), the REST API in ``api``
(the floor's disputes, strikes and calls in ``floor_api``) and ``api_urls``; the director's
player cards and PINs in ``cards``.
Other code calls ``scoring.sheets.services``, which names the public functions.
"""
