"""Events and their structure: the event and its settings, players, rounds with tables and
seats, seating drafts, the hall, the staff, teams and stages; the director's pages and API.

One folder per capability, each with its models, services, forms, views and API: ``events``,
``players``, ``rounds``, ``seating`` (drafts from the ``seating`` library), ``hall``
(announcements, extra time), ``staff`` (roles and invitations), ``formats`` (teams, stages),
``contacts`` (a person's address and language, read by registration and notifications),
``health``. ``access`` says who may do what (roles, the login brake, page and API checks);
``text`` and ``writes`` hold what every write service shares; ``collation`` is the order names
are listed in (by language). ``models`` only gathers the models for Django; code imports them
from their capability. Imports only ``rules`` and ``seating``.
"""
