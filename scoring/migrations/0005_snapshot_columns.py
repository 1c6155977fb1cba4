from django.db import migrations


def forget_computed_standings(apps, schema_editor):
    """Going back to 0004: the release before reads only snapshots packed row by row, so mark
    every snapshot never computed (derived data: the sweep or the next write recomputes it).
    Going forward nothing changes: snapshots packed row by row are still read."""
    apps.get_model("scoring", "StandingsSnapshot").objects.update(
        revision=-1, computed_at=None, packed=b""
    )


class Migration(migrations.Migration):
    dependencies = [("scoring", "0004_snapshot_packed")]

    operations = [migrations.RunPython(migrations.RunPython.noop, forget_computed_standings)]
