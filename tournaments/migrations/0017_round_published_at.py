"""Rounds can be drafts: paired, previewed and swapped by the organizer before they are published. Every
round made before this was published when it was paired."""
from django.db import migrations, models


def published_when_paired(apps, schema_editor):
    Round = apps.get_model("tournaments", "Round")
    Round.objects.filter(published_at__isnull=True).update(published_at=models.F("created_at"))


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0016_player_awards'),
    ]

    operations = [
        migrations.AddField(
            model_name='round',
            name='published_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(published_when_paired, migrations.RunPython.noop),
    ]
