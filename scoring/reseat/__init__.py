"""Seats corrected after hands were played (issue 46, item 2): two players sat in each other's
seats, or the winds were wrong, and hands are on the sheet.

The director (or, in a live round, the head referee) says who really sat where, with a reason.
One correction, in one transaction: the table's seats move; every hand on its sheet gets a new
version with each player at their real seat (``scoring.sheets.entry.services.reseat``: the same
people won and paid, the rulebook pays again from the real dealer), carrying its author,
confirmation and open disputes; every standing foul report the new seats price differently is
voided and recorded again (``penalties``, linked by a ``Replacement``, as a re-pricing does);
the table's result gets its next version; standings are recomputed; the four players are told
through the outbox. Nothing is updated or deleted but the seats themselves: ``SeatCorrection``
records who, when, why, the seats before and after, and what it wrote. A closed round is refused
until the director reopens it.

``models`` (the record), ``services`` (the plan a page shows and the correction), ``confirm``
(the page's question before it acts), ``forms``, ``views`` and ``urls`` (the staff page, from
the referee's table page), ``api``, ``serializers`` and ``api_urls``.
"""
