"""The event's staff: ``models`` (role assignments, invitations), ``services`` (giving and
removing roles, the event's table numbers), ``invitations`` (links shown once, accounts
without the admin), ``forms``, ``views`` and ``urls`` (the director's staff page and the staff
member's own pages), and the ``api``.
"""
