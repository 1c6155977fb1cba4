"""Hand checks kept with foul reports (issue 36): append-only below the application too, like
the other penalty tables (0002-0004)."""

import django.db.models.deletion
from django.db import migrations, models

from penalties.migrations._triggers import HAND_CHECK_TABLES, sqlite_triggers

TABLE = HAND_CHECK_TABLES[0]


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


class Migration(migrations.Migration):

    dependencies = [
        ('penalties', '0004_private_note_public_explanation_replacements'),
    ]

    operations = [
        migrations.CreateModel(
            name='HandCheck',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('family', models.CharField(max_length=10)),
                ('notation', models.CharField(max_length=200, verbose_name='tiles')),
                ('inputs', models.JSONField(default=dict)),
                ('result', models.JSONField(default=dict)),
                ('total', models.IntegerField(verbose_name='total')),
                ('reaches_minimum', models.BooleanField(default=True)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('report', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='hand_check', to='penalties.foulreport')),
            ],
            options={
                'verbose_name': 'hand check',
                'verbose_name_plural': 'hand checks',
            },
        ),
        migrations.RunPython(close_table, open_table),
    ]
