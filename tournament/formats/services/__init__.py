"""The format's write services: ``stages`` (ranges of rounds, cuts, carry-over) and ``teams``
(creating, renaming and removing teams, and who belongs to which)."""
