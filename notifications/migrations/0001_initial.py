"""notification moved here from the tournaments app, keeping its table and rows."""

import django.db.models.deletion
from django.db import migrations, models


def move_content_type(apps, schema_editor):
    """Admin permissions follow the model: its content type now belongs to this app."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label="notifications", model="notification").exists():
        ContentType.objects.filter(app_label="tournaments", model="notification").update(app_label="notifications")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('tournaments', '0008_move_audit_jobs_notifications'),
    ]

    operations = [
        # The table exists already (made by the tournaments app's migrations, kept by its 0008): state only.
        migrations.SeparateDatabaseAndState(state_operations=[
                migrations.CreateModel(
                    name='Notification',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('to', models.EmailField(max_length=254)),
                        ('kind', models.CharField(max_length=30)),
                        ('about', models.CharField(max_length=60)),
                        ('subject', models.CharField(max_length=200)),
                        ('body', models.TextField()),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('sent_at', models.DateTimeField(blank=True, null=True)),
                        ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='notifications', to='tournaments.event')),
                    ],
                    options={
                        'db_table': 'tournaments_notification',
                        'constraints': [models.UniqueConstraint(fields=('to', 'kind', 'about'), name='notification_once')],
                    },
                ),
        ]),
        migrations.RunPython(move_content_type, migrations.RunPython.noop),
    ]
