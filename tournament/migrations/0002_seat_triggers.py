"""Database triggers that guard seats whatever code writes them.

- A seat's copied ``round_id`` must equal its table's round.
- No seat may be added to, or moved within, a closed round.

Deleting is left to the services (a flush or an event deletion must still be possible).

SQLite checks every trigger when a table it names is rebuilt (Django rebuilds a table for most
column changes): a later migration that rebuilds tournament_table or tournament_round must run
``drop_sqlite_triggers`` before and ``create_sqlite_triggers`` after (both no-ops elsewhere).
Columns added with a ``db_default`` need no rebuild.
"""

from django.db import migrations

SQLITE = [
    """
    CREATE TRIGGER tournament_seat_guard_insert BEFORE INSERT ON tournament_seat
    BEGIN
        SELECT RAISE(ABORT, 'seat round differs from its table round')
        WHERE NEW.round_id <> (SELECT round_id FROM tournament_table WHERE id = NEW.table_id);
        SELECT RAISE(ABORT, 'seat in a closed round')
        WHERE (SELECT status FROM tournament_round WHERE id = NEW.round_id) = 'closed';
    END;
    """,
    """
    CREATE TRIGGER tournament_seat_guard_update BEFORE UPDATE ON tournament_seat
    BEGIN
        SELECT RAISE(ABORT, 'seat round differs from its table round')
        WHERE NEW.round_id <> (SELECT round_id FROM tournament_table WHERE id = NEW.table_id);
        SELECT RAISE(ABORT, 'seat in a closed round')
        WHERE (SELECT status FROM tournament_round WHERE id = NEW.round_id) = 'closed'
           OR (SELECT status FROM tournament_round WHERE id = OLD.round_id) = 'closed';
    END;
    """,
]
SQLITE_REVERSE = [
    "DROP TRIGGER IF EXISTS tournament_seat_guard_insert;",
    "DROP TRIGGER IF EXISTS tournament_seat_guard_update;",
]

POSTGRES = [
    """
    CREATE FUNCTION tournament_seat_guard() RETURNS trigger AS $$
    BEGIN
        IF NEW.round_id IS DISTINCT FROM
           (SELECT round_id FROM tournament_table WHERE id = NEW.table_id) THEN
            RAISE EXCEPTION 'seat round differs from its table round'
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        IF (SELECT status FROM tournament_round WHERE id = NEW.round_id) = 'closed'
           OR (TG_OP = 'UPDATE' AND
               (SELECT status FROM tournament_round WHERE id = OLD.round_id) = 'closed') THEN
            RAISE EXCEPTION 'seat in a closed round'
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        RETURN NEW;
    END;
    $$ LANGUAGE plpgsql;
    """,
    """
    CREATE TRIGGER tournament_seat_guard BEFORE INSERT OR UPDATE ON tournament_seat
    FOR EACH ROW EXECUTE FUNCTION tournament_seat_guard();
    """,
]
POSTGRES_REVERSE = [
    "DROP TRIGGER IF EXISTS tournament_seat_guard ON tournament_seat;",
    "DROP FUNCTION IF EXISTS tournament_seat_guard();",
]


def drop_sqlite_triggers(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for sql in SQLITE_REVERSE:
            schema_editor.execute(sql)


def create_sqlite_triggers(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for sql in SQLITE:
            schema_editor.execute(sql)


def forwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    statements = {"sqlite": SQLITE, "postgresql": POSTGRES}.get(vendor, [])
    for sql in statements:
        schema_editor.execute(sql)


def backwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    statements = {"sqlite": SQLITE_REVERSE, "postgresql": POSTGRES_REVERSE}.get(vendor, [])
    for sql in statements:
        schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [("tournament", "0001_initial")]

    operations = [migrations.RunPython(forwards, backwards)]
