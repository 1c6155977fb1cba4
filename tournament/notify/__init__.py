"""Telling players: web push, e-mail and a calendar feed, through an append-only outbox.

Producers (seating, rounds, the cut, penalties, score sheets, the hall) call one function of
``tournament.notify.services`` after their write commits; it writes one outbox row per
(recipient, kind, subject) and its deliveries, and the Celery task ``dispatch`` sends them.
See docs/reference/notifications.md.
"""
