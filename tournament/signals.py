"""The one notification the write services send: an event's standings inputs changed.

Sent after the writing transaction commits, with the event id. ``scoring`` listens and asks for
a reconcile; the sender knows nothing about how standings are computed.
"""

from django.dispatch import Signal

standings_changed = Signal()
