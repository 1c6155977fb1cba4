"""The outbox (``tournament_message``) is append-only below the application: triggers refuse
UPDATE and DELETE on SQLite and PostgreSQL (and TRUNCATE on PostgreSQL), as for the penalty
ledger (penalties 0003: a test database is wiped with ``session_replication_role = replica``
on PostgreSQL, a row in ``integrity_maintenance`` on SQLite)."""

from django.db import migrations

TABLE = "tournament_message"


def sqlite_statements() -> list[str]:
    """Also run after every ``migrate`` (``tournament.apps``): SQLite drops a table's triggers
    when a migration rebuilds the table."""
    return [
        "CREATE TABLE IF NOT EXISTS integrity_maintenance (id INTEGER PRIMARY KEY)",
        *(
            f"""
            CREATE TRIGGER IF NOT EXISTS {TABLE}_no_{op.lower()} BEFORE {op} ON {TABLE}
            WHEN NOT EXISTS (SELECT 1 FROM integrity_maintenance)
            BEGIN
                SELECT RAISE(ABORT, '{TABLE} is append-only: {op} refused');
            END;
            """
            for op in ("UPDATE", "DELETE")
        ),
    ]


def forwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for sql in sqlite_statements():
            schema_editor.execute(sql)
    elif vendor == "postgresql":
        schema_editor.execute(
            """
            CREATE OR REPLACE FUNCTION notify_append_only() RETURNS trigger AS $$
            BEGIN
                RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
                    USING ERRCODE = 'integrity_constraint_violation';
            END;
            $$ LANGUAGE plpgsql;
            """,
            params=None,
        )
        schema_editor.execute(
            f"CREATE TRIGGER {TABLE}_append_only BEFORE UPDATE OR DELETE ON {TABLE} "
            "FOR EACH ROW EXECUTE FUNCTION notify_append_only();"
        )
        schema_editor.execute(
            f"CREATE TRIGGER {TABLE}_no_truncate BEFORE TRUNCATE ON {TABLE} "
            "FOR EACH STATEMENT EXECUTE FUNCTION notify_append_only();"
        )


def backwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for op in ("update", "delete"):
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {TABLE}_no_{op};")
    elif vendor == "postgresql":
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {TABLE}_append_only ON {TABLE};")
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {TABLE}_no_truncate ON {TABLE};")
        schema_editor.execute("DROP FUNCTION IF EXISTS notify_append_only();")


class Migration(migrations.Migration):
    dependencies = [("tournament", "0015_notify_outbox")]

    operations = [migrations.RunPython(forwards, backwards)]
