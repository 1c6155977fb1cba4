"""Joins the snapshot, result-key and append-only branches. A result version also keeps its
idempotency key for ever, and SQLite's table rebuilds of the other branches dropped the result
triggers: both are put right here."""

import importlib

from django.db import migrations

append_only = importlib.import_module("scoring.migrations.0007_integrity_append_only")
FIXED = (*append_only.FIXED, "idempotency_key")


def forwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {append_only.RESULT}_no_update;")
        for sql in append_only._sqlite()[:-1]:
            schema_editor.execute(sql)
        schema_editor.execute(append_only.sqlite_result_update(FIXED))
    elif vendor == "postgresql":
        schema_editor.execute(append_only.postgres_result(FIXED, "CREATE OR REPLACE"), params=None)


def backwards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {append_only.RESULT}_no_update;")
        schema_editor.execute(append_only.sqlite_result_update())
    elif vendor == "postgresql":
        schema_editor.execute(append_only.postgres_result(create="CREATE OR REPLACE"), params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0006_public_snapshot_history"),
        ("scoring", "0006_tablet_result_idempotency_key"),
        ("scoring", "0007_integrity_append_only"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
