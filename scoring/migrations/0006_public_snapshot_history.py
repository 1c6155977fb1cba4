from django.db import migrations


def mark_stale(apps, schema_editor):
    """Snapshots of the format before 3 lack the place history and tables played that the
    player page now reads: mark them stale (the sweep or the next write recomputes them). The
    rows stay readable meanwhile; the pages show "updating"."""
    apps.get_model("scoring", "StandingsSnapshot").objects.update(revision=-1)


def forget_computed_standings(apps, schema_editor):
    """Going back to 0005: the release before cannot read format 3, so mark every snapshot
    never computed (derived data)."""
    apps.get_model("scoring", "StandingsSnapshot").objects.update(
        revision=-1, computed_at=None, packed=b""
    )


class Migration(migrations.Migration):
    dependencies = [("scoring", "0005_snapshot_columns")]

    operations = [migrations.RunPython(mark_stale, forget_computed_standings)]
