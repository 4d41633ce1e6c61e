"""Ratings now count finished events only: every edition already rated is marked due from the start, so
the next refresh (Celery beat's round, or the next change) drops the games of events never finished."""
from datetime import date

from django.db import migrations


def rate_again(apps, schema_editor):
    Rating, RatingsDue = apps.get_model("people", "Rating"), apps.get_model("people", "RatingsDue")
    for edition in Rating.objects.values_list("edition", flat=True).distinct():
        RatingsDue.objects.create(edition=edition, since=date(1900, 1, 1))


class Migration(migrations.Migration):
    dependencies = [("people", "0007_pending_link")]
    operations = [migrations.RunPython(rate_again, migrations.RunPython.noop)]
