from django.db import migrations, models


def record_event_ruleset(apps, schema_editor):
    """Results stored before this release were entered under their event's ruleset (a change
    of ruleset after play was not refused yet; ``verify`` cannot tell those apart)."""
    from rules import RuleError, get_ruleset

    TableResult = apps.get_model("scoring", "TableResult")
    Event = apps.get_model("tournament", "Event")
    for event_id, key in Event.objects.filter(table_results__isnull=False).distinct().values_list(
        "pk", "ruleset"
    ):
        try:
            version = get_ruleset(key).version
        except RuleError:
            version = ""
        TableResult.objects.filter(event_id=event_id).update(
            ruleset_key=key, ruleset_version=version
        )


class Migration(migrations.Migration):
    dependencies = [("scoring", "0005_snapshot_columns"), ("tournament", "0011_player_import")]

    operations = [
        migrations.AddField(
            model_name="tableresult",
            name="ruleset_key",
            field=models.CharField(blank=True, default="", max_length=20),
        ),
        migrations.AddField(
            model_name="tableresult",
            name="ruleset_version",
            field=models.CharField(blank=True, default="", max_length=40),
        ),
        migrations.RunPython(record_event_ruleset, migrations.RunPython.noop),
    ]
