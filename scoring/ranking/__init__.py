"""The ranking across events (RULES.md section 8): ``models`` (ranking events, their
published results, weight overrides, settings, the stored ranking), ``finals`` (an event's
final places and days), ``compute`` (reading, recomputing and verifying the stored ranking),
``tasks`` (Celery), ``services`` (the director's writes), ``importing`` (past events from the
EMA results file and from archives), and the pages, exports and API.

The arithmetic is ``rules.ranking``'s; this capability reads published final rankings from
``scoring.formats`` and ``scoring.standings`` (through the exports' tables)."""
