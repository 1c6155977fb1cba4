"""What the outbox reads and computes without writing: ``kinds`` (the registry of kinds of
message and their text, rendered in the recipient's language), ``preferences`` (the event's
switch, whose contact a message goes to, in which language), ``links`` (signed unsubscribe and
calendar links), ``calendar`` (a player's .ics feed), ``stats`` (the director's figures) and
``guard`` (the SSRF guard every request to an address someone else named passes, and the shape
of a push subscription)."""
