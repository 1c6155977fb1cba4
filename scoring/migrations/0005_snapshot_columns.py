from django.db import migrations


def forget_computed_standings(apps, schema_editor):
    """The packed form changed (lines stored column by column): snapshots are derived data, so
    mark them never computed; the sweep or the next write recomputes them."""
    apps.get_model("scoring", "StandingsSnapshot").objects.update(
        revision=-1, computed_at=None, packed=b""
    )


class Migration(migrations.Migration):
    dependencies = [("scoring", "0004_snapshot_packed")]

    operations = [migrations.RunPython(forget_computed_standings, migrations.RunPython.noop)]
