"""The standings' one write: the reconcile (``reconcile``), which stores the snapshot and the
format standings at the event's revision, never backwards."""
