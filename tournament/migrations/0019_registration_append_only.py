"""The registration log and the record of sent mails are append-only, below the application;
a stored mail may only lose its address and text (a registrant's personal data deleted on
request), nothing else. See penalties 0003 for how a test database is still wiped."""

from django.db import migrations

MAINTENANCE = "CREATE TABLE IF NOT EXISTS integrity_maintenance (id INTEGER PRIMARY KEY)"


def sqlite_triggers(table: str, operations: tuple[str, ...] = ("UPDATE", "DELETE")) -> list[str]:
    """As penalties' ``_triggers.sqlite_triggers`` (not imported: tournament is below
    penalties)."""
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

LOG = "tournament_registrationlog"
SENT = "tournament_registrationmailsent"
MAIL = "tournament_registrationmail"
MAIL_FIXED = ("id", "key", "event_id", "subject", "created_at")

SQLITE_MAIL_UPDATE = f"""
CREATE TRIGGER IF NOT EXISTS {MAIL}_no_update BEFORE UPDATE ON {MAIL}
WHEN NOT EXISTS (SELECT 1 FROM integrity_maintenance) AND (
    {" OR ".join(f"NEW.{c} IS NOT OLD.{c}" for c in MAIL_FIXED)}
    OR NEW."to" != '' OR NEW.body != ''
)
BEGIN
    SELECT RAISE(ABORT, '{MAIL} is append-only: UPDATE refused');
END;
"""

PG_FUNCTION = """
CREATE FUNCTION registration_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
"""
PG_MAIL_FUNCTION = f"""
CREATE FUNCTION registration_mail_erase_only() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' OR ({" OR ".join(f"NEW.{c} IS DISTINCT FROM OLD.{c}" for c in MAIL_FIXED)})
       OR NEW."to" <> '' OR NEW.body <> '' THEN
        RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
"""


def forwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        schema_editor.execute(MAINTENANCE)
        for sql in [
            *sqlite_triggers(LOG),
            *sqlite_triggers(SENT),
            *sqlite_triggers(MAIL, ("DELETE",)),
            SQLITE_MAIL_UPDATE,
        ]:
            schema_editor.execute(sql)
    elif vendor == "postgresql":
        schema_editor.execute(PG_FUNCTION, params=None)
        schema_editor.execute(PG_MAIL_FUNCTION, params=None)
        for table in (LOG, SENT):
            schema_editor.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION registration_append_only();"
            )
            schema_editor.execute(
                f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
                "FOR EACH STATEMENT EXECUTE FUNCTION registration_append_only();"
            )
        schema_editor.execute(
            f"CREATE TRIGGER {MAIL}_append_only BEFORE UPDATE OR DELETE ON {MAIL} "
            "FOR EACH ROW EXECUTE FUNCTION registration_mail_erase_only();"
        )


def backwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for table in (LOG, SENT, MAIL):
            for op in ("update", "delete"):
                schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_no_{op};")
    elif vendor == "postgresql":
        for table in (LOG, SENT, MAIL):
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};")
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_no_truncate ON {table};")
        schema_editor.execute("DROP FUNCTION IF EXISTS registration_append_only();")
        schema_editor.execute("DROP FUNCTION IF EXISTS registration_mail_erase_only();")


class Migration(migrations.Migration):
    dependencies = [("tournament", "0018_registration")]

    operations = [migrations.RunPython(forwards, backwards)]
