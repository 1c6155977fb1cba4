from django.db import migrations, models


def forget_computed_standings(apps, schema_editor):
    """Snapshots are derived data: mark them never computed, so the sweep or the next write
    recomputes them in the new form."""
    apps.get_model("scoring", "StandingsSnapshot").objects.update(revision=-1, computed_at=None)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0003_results_protect_their_table")]

    operations = [
        migrations.AddField(
            model_name="standingssnapshot",
            name="packed",
            field=models.BinaryField(blank=True, default=b""),
        ),
        migrations.RunPython(forget_computed_standings, migrations.RunPython.noop),
        migrations.RemoveField(model_name="standingssnapshot", name="rows"),
    ]
