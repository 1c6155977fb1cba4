"""The append-only tables are closed below the application on both databases.

- PostgreSQL: the co-offender link table joins the row triggers of 0002, and every append-only
  table refuses TRUNCATE (a statement-level trigger: row triggers do not see a TRUNCATE).
  Wiping a test database sets ``session_replication_role = replica`` for its transaction,
  which only a superuser may do: the application's role (see the README) cannot.
- SQLite: triggers refuse UPDATE and DELETE on the same tables. SQLite has no roles; a wipe of a
  test database puts a row in ``integrity_maintenance`` for its transaction.

SQLite drops a table's triggers when Django rebuilds the table (most column changes): a later
migration that alters one of these tables must call ``create_sqlite_triggers`` again;
``tests/security/test_append_only_triggers.py`` fails until it does.
"""

from django.db import migrations

from penalties.migrations._triggers import MAINTENANCE, sqlite_triggers

TABLES = (
    "penalties_ledgerentry",
    "penalties_foulreport",
    "penalties_void",
    "penalties_foulreport_co_offenders",
)
LINK = "penalties_foulreport_co_offenders"

def postgres_truncate_trigger(table: str) -> str:
    return (
        f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
        "FOR EACH STATEMENT EXECUTE FUNCTION penalties_append_only();"
    )


def create_sqlite_triggers(apps, schema_editor):
    if schema_editor.connection.vendor != "sqlite":
        return
    schema_editor.execute(MAINTENANCE)
    for table in TABLES:
        for sql in sqlite_triggers(table):
            schema_editor.execute(sql)


def forwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        create_sqlite_triggers(apps, schema_editor)
    elif vendor == "postgresql":
        schema_editor.execute(
            f"CREATE TRIGGER {LINK}_append_only BEFORE UPDATE OR DELETE ON {LINK} "
            "FOR EACH ROW EXECUTE FUNCTION penalties_append_only();"
        )
        for table in TABLES:
            schema_editor.execute(postgres_truncate_trigger(table))


def backwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for table in TABLES:
            for op in ("update", "delete"):
                schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_no_{op};")
    elif vendor == "postgresql":
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {LINK}_append_only ON {LINK};")
        for table in TABLES:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_no_truncate ON {table};")


class Migration(migrations.Migration):
    dependencies = [("penalties", "0002_append_only_triggers")]

    operations = [migrations.RunPython(forwards, backwards)]
