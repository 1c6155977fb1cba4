"""For tests that build a state no service would write (tampering, shortcuts): a block in which
the database's append-only triggers let rows change, the way the wipe of a test database does
(see penalties migration 0003)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection, transaction


@contextmanager
def below_the_triggers() -> Iterator[None]:
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET LOCAL session_replication_role = replica")
        elif connection.vendor == "sqlite":
            cursor.execute("INSERT OR IGNORE INTO integrity_maintenance (id) VALUES (1)")
        try:
            yield
        finally:
            if connection.vendor == "postgresql":
                cursor.execute("SET LOCAL session_replication_role = origin")
            elif connection.vendor == "sqlite":
                cursor.execute("DELETE FROM integrity_maintenance")
