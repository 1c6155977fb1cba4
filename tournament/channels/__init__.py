"""The event's channels: a Discord webhook or a Telegram bot's chat where the event posts what
the hall hears (the seating published, a round starting, an announcement, the cut, the final
ranking), in the event's language.

``models`` (``EventChannel``: the service and its secret, never shown back in full),
``services`` (adding and removing one, and the posts: one outbox row per channel and subject,
``tournament.notify``'s ``Message`` and ``Delivery``), ``notices`` (what a post says), the
director's ``forms``, ``views`` and ``urls``, and the ``api``. The HTTP call to Discord or
Telegram behind the outbox's SSRF guard is the outbox's own
(``tournament.notify.services.channel_posts``).
See docs/reference/notifications.md#channels.
"""
