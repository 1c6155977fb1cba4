"""Events: ``models`` (``Event``, its options and announcements), ``services`` (creating and
changing one, option checks), ``pricing`` (what recorded fouls cost under other rules, for
re-pricing), ``timezones`` (each event's own), ``ordering`` (the order
events are listed in), the director's ``forms`` and ``views`` (home,
dashboard, settings), and the ``api``.
"""
