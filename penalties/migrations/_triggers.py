"""SQL shared by the append-only migrations (penalties 0003, scoring 0007). Not a migration:
the loader skips modules whose name starts with an underscore."""

MAINTENANCE = "CREATE TABLE IF NOT EXISTS integrity_maintenance (id INTEGER PRIMARY KEY)"


def sqlite_triggers(table: str, operations: tuple[str, ...] = ("UPDATE", "DELETE")) -> list[str]:
    """SQLite triggers refusing ``operations`` on ``table`` (unless a test database is being
    wiped: a row in ``integrity_maintenance``)."""
    return [
        f"""
        CREATE TRIGGER IF NOT EXISTS {table}_no_{op.lower()} BEFORE {op} ON {table}
        WHEN NOT EXISTS (SELECT 1 FROM integrity_maintenance)
        BEGIN
            SELECT RAISE(ABORT, '{table} is append-only: {op} refused');
        END;
        """
        for op in operations
    ]
