"""Telling players: web push, e-mail and a calendar feed, through an append-only outbox.

Producers (seating, rounds, the cut, penalties, score sheets, the hall) call one function of
``tournament.notify.services`` after their write commits; it writes one outbox row per
(recipient, kind, subject) and its deliveries, and the Celery task ``dispatch`` sends them.
See docs/reference/notifications.md.

``models`` (the outbox, a player's choices, push subscriptions, an event's switch);
``services`` (enqueueing, a player's choices and subscriptions, the event's switch), with
``services.producers`` (the seating and the round's start), ``services.sending`` (claiming and
sending due deliveries), ``services.channels`` (one push or e-mail and what its answer means),
``services.channel_posts`` (one post to Discord or Telegram) and ``services.vapid`` (the key
that signs the pushes); ``reading``: ``kinds`` (the kinds of message and their text),
``preferences`` (the event's switch, the recipient's language), ``links`` (signed unsubscribe
and calendar links), ``calendar`` (the .ics feed), ``stats`` (the director's figures) and
``guard`` (the SSRF guard and a push subscription's shape); ``tasks`` (``dispatch``,
``sweep``, and ``tasks.reminders``: the beat's round reminders); ``views``, ``urls`` and
``templates/``.
"""
