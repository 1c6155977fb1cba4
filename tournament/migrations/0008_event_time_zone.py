from django.db import migrations, models

import tournament.models


class Migration(migrations.Migration):
    """Events get their own time zone; existing events keep the server's (``TIME_ZONE``), the
    one their times were shown in so far. The dates constraint gets a message for people."""

    dependencies = [
        ('tournament', '0007_event_announcements_revision'),
    ]

    operations = [
        migrations.AddField(
            model_name='event',
            name='time_zone',
            field=models.CharField(default=tournament.models.default_time_zone, help_text='Every page about this event shows and takes times in this time zone.', max_length=64, verbose_name='time zone'),
        ),
        migrations.RemoveConstraint(
            model_name='event',
            name='event_dates_in_order',
        ),
        migrations.AddConstraint(
            model_name='event',
            constraint=models.CheckConstraint(condition=models.Q(('end_date__isnull', True), ('start_date__isnull', True), ('end_date__gte', models.F('start_date')), _connector='OR'), name='event_dates_in_order', violation_error_message='The last day cannot be before the first day.'),
        ),
    ]
