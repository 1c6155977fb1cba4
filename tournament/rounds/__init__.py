"""Rounds, tables and seats: ``models`` (``Round``, ``Table``, ``Seat``, status changes,
seating drafts), ``services`` (a round's life: planned, seated, live, closed, and back with a
reason), ``seats`` (seating a table or a round by hand), ``clock``, the director's ``forms``
and ``views`` (rounds, seating by hand, table cards), and the ``api``.
"""
