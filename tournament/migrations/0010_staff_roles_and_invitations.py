import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    """A person may hold several roles in an event (one assignment per role); assignments
    remember when they were made and seen; directors invite staff by link."""

    dependencies = [
        ('tournament', '0009_player_name_key'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='refereeassignment',
            name='referee_once_per_event',
        ),
        migrations.AddConstraint(
            model_name='refereeassignment',
            constraint=models.UniqueConstraint(fields=('user', 'event', 'role'), name='referee_role_once_per_event'),
        ),
        migrations.AddField(
            model_name='refereeassignment',
            name='assigned_at',
            field=models.DateTimeField(default=django.utils.timezone.now, verbose_name='assigned'),
        ),
        migrations.AddField(
            model_name='refereeassignment',
            name='seen_at',
            field=models.DateTimeField(blank=True, null=True, verbose_name='seen'),
        ),
        migrations.CreateModel(
            name='StaffInvitation',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('roles', models.JSONField(default=list, verbose_name='roles')),
                ('table_numbers', models.JSONField(blank=True, default=list, verbose_name='tables')),
                ('note', models.CharField(blank=True, help_text="A note for you, e.g. the person's name; they do not see it.", max_length=120, verbose_name='for whom')),
                ('token_hash', models.CharField(editable=False, max_length=64, unique=True)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('expires_at', models.DateTimeField(verbose_name='valid until')),
                ('accepted_at', models.DateTimeField(blank=True, null=True)),
                ('accepted_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='accepted_staff_invitations', to=settings.AUTH_USER_MODEL)),
                ('created_by', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='invitations', to='tournament.event')),
            ],
            options={
                'verbose_name': 'staff invitation',
                'verbose_name_plural': 'staff invitations',
                'ordering': ['-created_at', '-pk'],
            },
        ),
    ]
