"""On PostgreSQL the database itself refuses UPDATE and DELETE on the ledger, the reports and
the voids, whoever sends them (raw SQL included). TRUNCATE, used only to wipe a test database,
is not a row operation and stays possible."""

from django.db import migrations

TABLES = ("penalties_ledgerentry", "penalties_foulreport", "penalties_void")

FUNCTION = """
CREATE FUNCTION penalties_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
"""


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(FUNCTION, params=None)
    for table in TABLES:
        schema_editor.execute(
            f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION penalties_append_only();"
        )


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in TABLES:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};")
    schema_editor.execute("DROP FUNCTION IF EXISTS penalties_append_only();")


class Migration(migrations.Migration):
    dependencies = [("penalties", "0001_initial")]

    operations = [migrations.RunPython(forwards, backwards)]
