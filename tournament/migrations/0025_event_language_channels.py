"""The event's own language (``Event.language``: the rulebook, the notifications and the
calendar feed speak it to whoever chose none), taken over from the notifications' setting of
the same name; the event's channels (``tournament.channels``); and the outbox's two states of a
channel's post (posting, unconfirmed).

Numbered 0025 after 0023: another branch adds 0024."""

import django.db.models.deletion
import tournament.events.models
from django.conf import settings
from django.db import migrations, models


def language_from_notify_settings(apps, schema_editor):
    """An event whose notifications had a language of their own speaks it."""
    Event = apps.get_model("tournament", "Event")
    NotifySettings = apps.get_model("tournament", "NotifySettings")
    for event_id, language in NotifySettings.objects.values_list("event_id", "language"):
        Event.objects.filter(pk=event_id).update(language=language)


def language_to_notify_settings(apps, schema_editor):
    Event = apps.get_model("tournament", "Event")
    NotifySettings = apps.get_model("tournament", "NotifySettings")
    for config in NotifySettings.objects.all():
        config.language = Event.objects.values_list("language", flat=True).get(pk=config.event_id)
        config.save(update_fields=["language"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0024_table_extensions"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="language",
            field=models.CharField(
                choices=[
                    ("en", "English"),
                    ("cs", "Czech"),
                    ("fr", "French"),
                    ("fi", "Finnish"),
                    ("pl", "Polish"),
                ],
                default=tournament.events.models.default_language,
                help_text="The rulebook, the notifications and the calendar feed speak this language to every reader and player who chose none.",
                max_length=8,
                verbose_name="language",
            ),
        ),
        migrations.RunPython(language_from_notify_settings, language_to_notify_settings),
        migrations.RemoveField(
            model_name="notifysettings",
            name="language",
        ),
        migrations.AlterField(
            model_name="delivery",
            name="status",
            field=models.CharField(
                choices=[
                    ("pending", "pending"),
                    ("sent", "delivered"),
                    ("failed", "failed"),
                    ("posting", "posting"),
                    ("unsure", "unconfirmed"),
                ],
                default="pending",
                max_length=8,
            ),
        ),
        migrations.CreateModel(
            name="EventChannel",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "service",
                    models.CharField(
                        choices=[("discord", "Discord"), ("telegram", "Telegram")],
                        max_length=8,
                        verbose_name="service",
                    ),
                ),
                ("name", models.CharField(blank=True, max_length=80, verbose_name="name")),
                (
                    "webhook_url",
                    models.CharField(
                        blank=True, max_length=500, verbose_name="Discord webhook URL"
                    ),
                ),
                (
                    "bot_token",
                    models.CharField(blank=True, max_length=100, verbose_name="Telegram bot token"),
                ),
                (
                    "chat_id",
                    models.CharField(blank=True, max_length=64, verbose_name="Telegram chat id"),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("removed_at", models.DateTimeField(blank=True, null=True)),
                (
                    "created_by",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "event",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="channels",
                        to="tournament.event",
                    ),
                ),
            ],
            options={
                "ordering": ["pk"],
                "indexes": [
                    models.Index(
                        fields=["event", "removed_at"], name="tournament__event_i_13e24b_idx"
                    )
                ],
            },
        ),
    ]
