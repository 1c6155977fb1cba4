"""Online game logs into score sheets (issue 47): tenhou.net logs by id or link, mjlog XML and
tenhou.net/6 JSON files (Mahjong Soul games converted to it), each game written as the hands of
one table's sheet.

``models``: a player's name on each platform (``OnlineName``) and the record of every imported
log (``LogImport``, append-only, one per log id and event). ``reading``: reading what a person
gave into a log, ``reading.fetch`` a tenhou.net log by id, only from the allowed hosts, through
the notifications' SSRF guard, with a timeout and a size limit, and ``reading.names`` the
players behind a log's names. ``services``: checking a log (``rules.onlinelogs`` parses it and
checks that our rules reproduce it), matching its players by their online names and its seats
with the seating, and writing its hands through ``scoring.sheets.services.add_hand``
(idempotent by log id; a log that disagrees with the hands already on the sheet is refused
naming the first differing hand); a whole round's logs are matched to their tables first
(``propose_round``) and imported once the director confirms (``import_round``);
``services.names`` sets a player's online names. ``forms``, ``views``, ``urls`` (the player's
page and the director's), ``api`` and ``api_urls``, ``templates/onlinelogs/``.
"""
