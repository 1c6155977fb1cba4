"""The hall during a round: announcements for the projector and a table's extra time
(``services``: the append-only extensions of ``tournament.rounds.models.TableExtension``, read
by ``tournament.rounds.reading.tabletimes``; the director's ``views``, the ``api`` with its
``serializers`` and ``api_urls``).
"""
