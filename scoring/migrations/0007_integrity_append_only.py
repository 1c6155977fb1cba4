"""Table results and their seat scores are closed below the application, like the ledger.

A result is versioned by new rows (a correction is version n+1); the only change a stored
version ever sees is ``counts`` moving to the newest counting version and, once, its
confirmation (``confirmed_by``, ``confirmed_at``). Anything else, a DELETE or a TRUNCATE is
refused by the database: seat scores are never changed at all. See penalties 0003 for how a
test database is still wiped, and for SQLite's table rebuilds, which drop these triggers.
"""

from django.db import migrations

from penalties.migrations._triggers import sqlite_triggers

SEATSCORE = "scoring_seatscore"
RESULT = "scoring_tableresult"
# The columns a result version keeps for ever (``counts`` and the confirmation may move).
FIXED = (
    "id",
    "event_id",
    "round_id",
    "table_id",
    "version",
    "reason",
    "entered_by_id",
    "entered_at",
    "ruleset_key",
    "ruleset_version",
)


def _changed(fixed: tuple[str, ...]) -> str:
    return " OR ".join(f"NEW.{c} IS NOT OLD.{c}" for c in fixed)


def sqlite_result_update(fixed: tuple[str, ...] = FIXED) -> str:
    """SQLite's UPDATE trigger of result versions; later migrations that add a column a
    version keeps for ever create it again with the longer list."""
    return f"""
        CREATE TRIGGER IF NOT EXISTS {RESULT}_no_update BEFORE UPDATE ON {RESULT}
        WHEN NOT EXISTS (SELECT 1 FROM integrity_maintenance) AND (
            {_changed(fixed)}
            OR (OLD.confirmed_by_id IS NOT NULL AND NEW.confirmed_by_id IS NOT OLD.confirmed_by_id)
            OR (OLD.confirmed_at IS NOT NULL AND NEW.confirmed_at IS NOT OLD.confirmed_at)
        )
        BEGIN
            SELECT RAISE(ABORT, '{RESULT} is append-only: UPDATE refused');
        END;
        """


def _sqlite() -> list[str]:
    return [
        *sqlite_triggers(SEATSCORE),
        *sqlite_triggers(RESULT, ("DELETE",)),
        sqlite_result_update(),
    ]


def postgres_result(fixed: tuple[str, ...] = FIXED, create: str = "CREATE") -> str:
    """The PostgreSQL function behind the result trigger (``CREATE OR REPLACE`` for a later
    migration's longer column list)."""
    return f"""
{create} FUNCTION scoring_result_versions() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE'
       OR {" OR ".join(f"NEW.{c} IS DISTINCT FROM OLD.{c}" for c in fixed)}
       OR (OLD.confirmed_by_id IS NOT NULL
           AND NEW.confirmed_by_id IS DISTINCT FROM OLD.confirmed_by_id)
       OR (OLD.confirmed_at IS NOT NULL AND NEW.confirmed_at IS DISTINCT FROM OLD.confirmed_at)
    THEN
        RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
"""


def create_sqlite_triggers(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for sql in _sqlite():
            schema_editor.execute(sql)


def forwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        create_sqlite_triggers(apps, schema_editor)
    elif vendor == "postgresql":
        schema_editor.execute(
            f"CREATE TRIGGER {SEATSCORE}_append_only BEFORE UPDATE OR DELETE ON {SEATSCORE} "
            "FOR EACH ROW EXECUTE FUNCTION penalties_append_only();"
        )
        schema_editor.execute(postgres_result(), params=None)
        schema_editor.execute(
            f"CREATE TRIGGER {RESULT}_versions BEFORE UPDATE OR DELETE ON {RESULT} "
            "FOR EACH ROW EXECUTE FUNCTION scoring_result_versions();"
        )
        for table in (SEATSCORE, RESULT):
            schema_editor.execute(
                f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
                "FOR EACH STATEMENT EXECUTE FUNCTION penalties_append_only();"
            )


def backwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for name in (
            f"{SEATSCORE}_no_update",
            f"{SEATSCORE}_no_delete",
            f"{RESULT}_no_update",
            f"{RESULT}_no_delete",
        ):
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {name};")
    elif vendor == "postgresql":
        for trigger, table in (
            (f"{SEATSCORE}_append_only", SEATSCORE),
            (f"{RESULT}_versions", RESULT),
            (f"{SEATSCORE}_no_truncate", SEATSCORE),
            (f"{RESULT}_no_truncate", RESULT),
        ):
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {trigger} ON {table};")
        schema_editor.execute("DROP FUNCTION IF EXISTS scoring_result_versions();")


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0006_integrity_result_ruleset"),
        ("penalties", "0003_integrity_append_only_everywhere"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
