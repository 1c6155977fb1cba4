"""Seating drafts: the ``seating`` library (top level, no Django) run for an event.
``services`` starts, runs (in a worker: ``tasks``), swaps and publishes drafts; ``forms``,
``views`` and ``api`` are the director's seating page and its API.
"""
