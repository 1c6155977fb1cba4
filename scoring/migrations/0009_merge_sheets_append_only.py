"""Joins the score sheets with the append-only branch. A result version keeps the sheet it
came from for ever, like its idempotency key; hands and their confirmations get SQLite's
triggers and PostgreSQL's TRUNCATE trigger, like the ledger (penalties 0003)."""

import importlib

from django.db import migrations

from penalties.migrations._triggers import sqlite_triggers

append_only = importlib.import_module("scoring.migrations.0007_integrity_append_only")
merged = importlib.import_module("scoring.migrations.0008_merge_public_tablet_integrity")
FIXED = (*merged.FIXED, "sheet_id")
HANDS = ("scoring_sheethand", "scoring_handconfirmation")


def forwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {append_only.RESULT}_no_update;")
        for sql in append_only._sqlite()[:-1]:
            schema_editor.execute(sql)
        schema_editor.execute(append_only.sqlite_result_update(FIXED))
        for table in HANDS:
            for sql in sqlite_triggers(table):
                schema_editor.execute(sql)
    elif vendor == "postgresql":
        schema_editor.execute(append_only.postgres_result(FIXED, "CREATE OR REPLACE"), params=None)
        for table in HANDS:
            schema_editor.execute(
                f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
                "FOR EACH STATEMENT EXECUTE FUNCTION penalties_append_only();"
            )


def backwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for table in HANDS:
            for op in ("update", "delete"):
                schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_no_{op};")
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {append_only.RESULT}_no_update;")
        schema_editor.execute(append_only.sqlite_result_update(merged.FIXED))
    elif vendor == "postgresql":
        for table in HANDS:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_no_truncate ON {table};")
        schema_editor.execute(
            append_only.postgres_result(merged.FIXED, "CREATE OR REPLACE"), params=None
        )


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0007_sheets_append_only_triggers"),
        ("scoring", "0008_merge_public_tablet_integrity"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
