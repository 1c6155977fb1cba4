"""The ranking across events (docs/rules/ranking.md): ``models`` (ranking events, their
published results, weight overrides, settings, the stored ranking), ``reading`` (with
``finals``: an event's final places and days; ``inputs``; ``person``: a person's page),
``services`` (the director's writes, with ``compute``: recomputing and verifying the stored
ranking, ``storing``, and ``importing``: past events from the EMA results file and from
archives), ``tasks`` (Celery), ``views`` (with ``director``: the director's pages), and the
exports and API.

The arithmetic is ``rules.ranking``'s; this capability reads published final rankings from
``scoring.formats`` and ``scoring.standings`` (through the exports' tables)."""
