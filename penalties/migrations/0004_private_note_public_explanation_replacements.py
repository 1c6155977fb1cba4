"""A report's private note and public explanation; the links from re-priced reports to their
replacements.

- ``note`` keeps every note written so far and becomes the private note (staff only). Those
  notes were written before anybody was told they would be published: the privacy-safe choice
  is to keep them for the staff. ``explanation``, the public text, starts empty for them (no
  row is updated: the column is added with its default). RULES.md says nothing else.
- ``Replacement`` rows link a report a re-pricing voided to the report it recorded in its
  place. Re-pricings before this migration are linked from the replacement's idempotency key
  (``reprice-<voided report>-<event>``, written by ``penalties.repricing.services``): new rows
  only, so the append-only tables stay untouched. The new table is append-only below the
  application too, like the others (0002, 0003).
"""

import re

import django.db.models.deletion
from django.db import migrations, models

from penalties.migrations._triggers import sqlite_triggers

TABLE = "penalties_replacement"
REPRICED_KEY = re.compile(r"^reprice-(\d+)-(\d+)$")


def close_table(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for sql in sqlite_triggers(TABLE):
            schema_editor.execute(sql)
    elif vendor == "postgresql":
        schema_editor.execute(
            f"CREATE TRIGGER {TABLE}_append_only BEFORE UPDATE OR DELETE ON {TABLE} "
            "FOR EACH ROW EXECUTE FUNCTION penalties_append_only();"
        )
        schema_editor.execute(
            f"CREATE TRIGGER {TABLE}_no_truncate BEFORE TRUNCATE ON {TABLE} "
            "FOR EACH STATEMENT EXECUTE FUNCTION penalties_append_only();"
        )


def open_table(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for op in ("update", "delete"):
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {TABLE}_no_{op};")
    elif vendor == "postgresql":
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {TABLE}_append_only ON {TABLE};")
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {TABLE}_no_truncate ON {TABLE};")


def link_earlier_repricings(apps, schema_editor):
    FoulReport = apps.get_model("penalties", "FoulReport")
    Replacement = apps.get_model("penalties", "Replacement")
    db = schema_editor.connection.alias
    voided = set(
        FoulReport.objects.using(db).filter(void__isnull=False).values_list("pk", "event_id")
    )
    links = []
    for pk, event_id, key in (
        FoulReport.objects.using(db)
        .filter(idempotency_key__startswith="reprice-")
        .values_list("pk", "event_id", "idempotency_key")
        .order_by("pk")
    ):
        found = REPRICED_KEY.match(key)
        if found is None or int(found[2]) != event_id:
            continue
        replaced = int(found[1])
        if (replaced, event_id) in voided and replaced != pk:
            links.append(Replacement(replaced_id=replaced, replacement_id=pk))
    Replacement.objects.using(db).bulk_create(links)


class Migration(migrations.Migration):
    dependencies = [
        ("penalties", "0003_integrity_append_only_everywhere"),
    ]

    operations = [
        migrations.AddField(
            model_name="foulreport",
            name="explanation",
            field=models.TextField(
                blank=True,
                help_text="Shown on the public penalties page and the player's page.",
                verbose_name="public explanation",
            ),
        ),
        migrations.AlterField(
            model_name="foulreport",
            name="note",
            field=models.TextField(
                blank=True,
                help_text="For the staff only (director, referees); never shown on public pages.",
                verbose_name="private note",
            ),
        ),
        migrations.CreateModel(
            name="Replacement",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "replaced",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="replaced_by",
                        to="penalties.foulreport",
                    ),
                ),
                (
                    "replacement",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="replaces",
                        to="penalties.foulreport",
                    ),
                ),
            ],
            options={
                "verbose_name": "replacement",
                "verbose_name_plural": "replacements",
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("replaced", models.F("replacement")), _negated=True),
                        name="replacement_is_another_report",
                    )
                ],
            },
        ),
        migrations.RunPython(link_earlier_repricings, migrations.RunPython.noop),
        migrations.RunPython(close_table, open_table),
    ]
