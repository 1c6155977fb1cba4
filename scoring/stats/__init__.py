"""Player statistics (issue 47, item 3): what every score sheet's hands that count say about a
player, per event and across a person's events, and the event's awards the director may
publish. The figures themselves are ``rules.statistics`` (pure, exact); this capability reads
the hands for it and shows the result.

One module per concern: ``models`` (the award publications), ``reading`` (the games of a player,
an event's players or a person, through ``scoring.sheets.services.counted_sheet``, kept in
Django's cache under the event's revision and its sheets' marker; ``reading.charts``, the score
through each game as the template draws it; ``reading.names``, what the pages call the awards
and a win; ``reading.output``, the API's dicts and the export's rows), ``services`` (publishing
the awards); the pages in ``views`` and ``urls`` (public: the event's,
a player's and a person's statistics, the CSV/XLSX export; director: the awards), the REST API
in ``api`` and ``api_urls``, the templates in ``templates/stats``. The player's page and the
person's page include ``stats/_summary.html`` and ``stats/_person_link.html``.
"""
