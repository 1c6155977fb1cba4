"""On PostgreSQL the database itself refuses UPDATE and DELETE on score sheet hands and their
confirmations, as it does for the penalty ledger: a correction is a new hand version."""

from django.db import migrations

TABLES = ("scoring_sheethand", "scoring_handconfirmation")

FUNCTION = """
CREATE FUNCTION scoring_hands_append_only() RETURNS trigger AS $$
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
            "FOR EACH ROW EXECUTE FUNCTION scoring_hands_append_only();"
        )


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in TABLES:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};")
    schema_editor.execute("DROP FUNCTION IF EXISTS scoring_hands_append_only();")


class Migration(migrations.Migration):
    dependencies = [("scoring", "0006_sheets_score_sheets")]

    operations = [migrations.RunPython(forwards, backwards)]
