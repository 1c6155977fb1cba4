"""Table results: versions that are never edited, who may enter and confirm them, and the
tablet's result page and API.

``models`` (``TableResult``, ``SeatScore``), ``services`` (rights, entry, corrections,
confirmation; each write bumps the event's revision and asks for a reconcile through
``tournament.signals.standings_changed``), ``forms``, ``views`` and ``urls`` (the referee's
result page), ``api``, ``serializers`` and ``api_urls``. The bottom of ``scoring``: it imports
no other capability of the app.
"""
