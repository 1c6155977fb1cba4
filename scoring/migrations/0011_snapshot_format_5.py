from django.db import migrations


def forget_computed_standings(apps, schema_editor):
    """Going back to 0010: the release before cannot read snapshot format 5 (the rows' integer
    fields as binary columns), so mark every snapshot never computed (derived data; that
    release recomputes them)."""
    apps.get_model("scoring", "StandingsSnapshot").objects.update(
        revision=-1, computed_at=None, packed=b""
    )


class Migration(migrations.Migration):
    """Format 5 needs nothing going forward: formats 2 and 3 are still read."""

    dependencies = [("scoring", "0010_merge_formats_sheets")]

    operations = [migrations.RunPython(migrations.RunPython.noop, forget_computed_standings)]
