"""A person's e-mail address and language in one event, kept in one place (``Contact``):
the registration, the player made from it, the notification choices, the calendar and the
outbox refer to it."""
