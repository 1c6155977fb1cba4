import unicodedata

from django.db import migrations, models


def key(name):
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def fill_keys(apps, schema_editor):
    """Existing players get their key. Names that already share a key (accepted before the
    comparison folded case beyond ASCII) keep their names; the later ones get a key made unique
    by their id, so that the director can still see and rename them."""
    Player = apps.get_model("tournament", "Player")
    seen = set()
    changed = []
    for player in Player.objects.order_by("event_id", "pk").only("pk", "event_id", "name"):
        value = key(player.name)
        if (player.event_id, value) in seen:
            value = f"{value}\n{player.pk}"
        seen.add((player.event_id, value))
        player.name_key = value
        changed.append(player)
    Player.objects.bulk_update(changed, ["name_key"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ('tournament', '0008_event_time_zone'),
    ]

    operations = [
        migrations.AddField(
            model_name='player',
            name='name_key',
            field=models.CharField(default='', editable=False, max_length=360),
            preserve_default=False,
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
        migrations.RemoveConstraint(
            model_name='player',
            name='player_name_unique_per_event',
        ),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.UniqueConstraint(fields=('event', 'name_key'), name='player_name_key_unique_per_event'),
        ),
    ]
