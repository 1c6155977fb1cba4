"""A table's extra time as append-only extensions (``tournament.rounds.models.TableExtension``):
minutes, a reason, who and when. The extra time tables held before (``Table.extra_minutes``)
becomes one extension each (no author, a reason saying so), then the column goes. The
one append-only operation (``integrity.operations.AppendOnly``) closes the table."""

import django.db.models.deletion
import integrity.operations
from django.conf import settings
from django.db import migrations, models

EARLIER_REASON = "Extra time given before extensions were recorded"
MAX_MINUTES = 120


def earlier_extra_time(apps, schema_editor):
    """Each table's extra time so far as extensions of at most 120 minutes each."""
    Table = apps.get_model("tournament", "Table")
    TableExtension = apps.get_model("tournament", "TableExtension")
    rows = []
    for table in Table.objects.filter(extra_minutes__gt=0).select_related("round"):
        left, part = table.extra_minutes, 0
        while left > 0:
            part += 1
            rows.append(
                TableExtension(
                    event_id=table.round.event_id,
                    round_id=table.round_id,
                    table_id=table.pk,
                    minutes=min(left, MAX_MINUTES),
                    reason=EARLIER_REASON,
                    key=f"earlier-{part}",
                )
            )
            left -= MAX_MINUTES
    TableExtension.objects.bulk_create(rows)
    if schema_editor.connection.vendor == "postgresql":
        # The new rows' foreign keys are checked now, not at commit: PostgreSQL alters no
        # table (the column dropped next) with checks of rows naming it still pending.
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def earlier_extra_time_back(apps, schema_editor):
    """Going back: the extensions summed into the column again (the rows stay until the
    table is dropped)."""
    Table = apps.get_model("tournament", "Table")
    TableExtension = apps.get_model("tournament", "TableExtension")
    totals: dict[int, int] = {}
    for table_id, minutes in TableExtension.objects.values_list("table_id", "minutes"):
        totals[table_id] = totals.get(table_id, 0) + minutes
    for table_id, minutes in totals.items():
        Table.objects.filter(pk=table_id).update(extra_minutes=min(minutes, 32767))


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0023_fees"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="TableExtension",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("minutes", models.PositiveSmallIntegerField(verbose_name="minutes")),
                ("reason", models.CharField(max_length=500, verbose_name="reason")),
                ("key", models.CharField(max_length=64)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "by",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "event",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="tournament.event",
                    ),
                ),
                (
                    "round",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="extensions",
                        to="tournament.round",
                    ),
                ),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="extensions",
                        to="tournament.table",
                    ),
                ),
            ],
            options={
                "verbose_name": "table extension",
                "verbose_name_plural": "table extensions",
                "ordering": ["pk"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("table", "key"), name="table_extension_key_once"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("minutes__gte", 1), ("minutes__lte", 120)),
                        name="table_extension_minutes_bounded",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("reason", ""), _negated=True),
                        name="table_extension_has_reason",
                    ),
                ],
            },
        ),
        migrations.RunPython(earlier_extra_time, earlier_extra_time_back),
        migrations.RemoveField(model_name="table", name="extra_minutes"),
        integrity.operations.AppendOnly("TableExtension"),
    ]
