"""Persons across events: ``models`` (``Person``, the append-only ``PersonChange`` record),
``services`` (finding a player's person by EMA number, suggestions by name and country, merge,
split and undo, each with a reason), and the registry's ``views`` and ``api``.

A ``Player`` is a person's entry in one event and keeps the name it had there; ``Player.person``
says whose entry it is. The database keeps a person to at most one player per event.
"""
