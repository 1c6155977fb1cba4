"""The event's format as the director runs it: teams, stages and cuts.

``services`` (confirming a cut, seating a stage's round), ``reading`` (team and stage standings
and the final ranking as pages, the API and exports show them, and the live cut line),
``forms``, ``views`` and ``urls`` (the director's teams, stages and cut pages), ``api`` and
``api_urls``. The computing of team and stage standings is ``scoring.standings.reading.formats``.
"""
