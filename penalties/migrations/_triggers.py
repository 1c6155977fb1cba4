"""SQL shared by the append-only migrations (penalties 0003 and 0004, scoring 0007). Not a
migration: the loader skips modules whose name starts with an underscore."""

PENALTY_TABLES = (
    "penalties_ledgerentry",
    "penalties_foulreport",
    "penalties_void",
    "penalties_foulreport_co_offenders",
)
# Tables made after 0003, each closed by the migration that creates it (0004: re-pricing links).
LATER_PENALTY_TABLES = ("penalties_replacement",)
# 0005: hand checks kept with foul reports.
HAND_CHECK_TABLES = ("penalties_handcheck",)
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
