"""auditrecord moved here from the tournaments app, keeping its table and rows."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


def move_content_type(apps, schema_editor):
    """Admin permissions follow the model: its content type now belongs to this app."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label="audit", model="auditrecord").exists():
        ContentType.objects.filter(app_label="tournaments", model="auditrecord").update(app_label="audit")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('tournaments', '0008_move_audit_jobs_notifications'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # The table exists already (made by the tournaments app's migrations, kept by its 0008): state only.
        migrations.SeparateDatabaseAndState(state_operations=[
                migrations.CreateModel(
                    name='AuditRecord',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('at', models.DateTimeField(db_index=True, default=django.utils.timezone.now)),
                        ('action', models.CharField(max_length=40)),
                        ('by', models.CharField(max_length=160)),
                        ('round_number', models.PositiveSmallIntegerField(blank=True, null=True)),
                        ('table', models.PositiveSmallIntegerField(blank=True, db_index=True, null=True)),
                        ('before', models.JSONField(blank=True, null=True)),
                        ('after', models.JSONField(blank=True, null=True)),
                        ('by_player', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='tournaments.player')),
                        ('by_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='audit', to='tournaments.event')),
                        ('other_player', models.ForeignKey(db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='tournaments.player')),
                        ('player', models.ForeignKey(db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='tournaments.player')),
                    ],
                    options={
                        'db_table': 'tournaments_auditrecord',
                        'ordering': ['-at', '-id'],
                        'indexes': [models.Index(fields=['event', '-at'], name='tournaments_event_i_28911d_idx')],
                    },
                ),
        ]),
        migrations.RunPython(move_content_type, migrations.RunPython.noop),
    ]
