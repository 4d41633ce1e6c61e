"""job moved here from the tournaments app, keeping its table and rows."""

import django.db.models.deletion
import uuid
from django.conf import settings
from django.db import migrations, models


def move_content_type(apps, schema_editor):
    """Admin permissions follow the model: its content type now belongs to this app."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label="jobs", model="job").exists():
        ContentType.objects.filter(app_label="tournaments", model="job").update(app_label="jobs")


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
                    name='Job',
                    fields=[
                        ('id', models.UUIDField(default=uuid.uuid4, editable=False, primary_key=True, serialize=False)),
                        ('kind', models.CharField(max_length=40)),
                        ('params', models.JSONField(blank=True, default=dict)),
                        ('status', models.CharField(choices=[('pending', 'pending'), ('running', 'running'), ('done', 'done'), ('failed', 'failed')], default='pending', max_length=10)),
                        ('progress', models.PositiveSmallIntegerField(default=0)),
                        ('result', models.JSONField(blank=True, default=dict)),
                        ('errors', models.JSONField(blank=True, default=list)),
                        ('output', models.TextField(blank=True, default='')),
                        ('output_name', models.CharField(blank=True, default='', max_length=200)),
                        ('output_type', models.CharField(blank=True, default='', max_length=60)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('finished_at', models.DateTimeField(blank=True, null=True)),
                        ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='jobs', to='tournaments.event')),
                    ],
                    options={
                        'db_table': 'tournaments_job',
                    },
                ),
        ]),
        migrations.RunPython(move_content_type, migrations.RunPython.noop),
    ]
