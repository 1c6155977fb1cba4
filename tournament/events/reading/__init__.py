"""Reading events for pages, messages and the other apps: how a day and an event's days are
written (``dates``), the order events are listed in (``ordering``), and what the recorded
fouls cost under a ruleset beside what the ledger holds (``pricing``)."""
