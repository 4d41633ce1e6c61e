"""Accounts' proven addresses. Accounts made before start unproven: nothing recorded that their holder
ever received a mail at their address (a sign-up confirmed by link proves the mailbox's owner, not that
they made the account with that address: that is the very takeover being closed). Staff and superusers
start proven: the site's operator made them, with the address they typed."""
import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models
from django.db.models import Q


def staff_proven(apps, schema_editor):
    User, VerifiedEmail = apps.get_model(settings.AUTH_USER_MODEL), apps.get_model("people", "VerifiedEmail")
    VerifiedEmail.objects.bulk_create([
        VerifiedEmail(user=user, email=user.email.strip().lower())
        for user in User.objects.filter(Q(is_staff=True) | Q(is_superuser=True)).exclude(email="")])


class Migration(migrations.Migration):

    dependencies = [
        ('people', '0008_rate_finished_events_only'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='VerifiedEmail',
            fields=[
                ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True,
                                              related_name='verified_email', serialize=False,
                                              to=settings.AUTH_USER_MODEL)),
                ('email', models.EmailField(max_length=254)),
                ('verified_at', models.DateTimeField(default=django.utils.timezone.now)),
            ],
        ),
        migrations.RunPython(staff_proven, migrations.RunPython.noop),
    ]
