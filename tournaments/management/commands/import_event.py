"""python manage.py import_event FILE: restore a backup as a new event and print its id."""
import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournaments.backup import BackupError, import_event


class Command(BaseCommand):
    help = "Restore an event backup (from export_event) as a new event; prints the new event's id."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--organizer", help="Username that owns the event if its creator has no account here.")

    def handle(self, *args, file, organizer, **options):
        fallback = None
        if organizer:
            fallback = get_user_model().objects.filter(username=organizer).first()
            if fallback is None:
                raise CommandError(f"No user {organizer!r}.")
        try:
            with open(file, encoding="utf-8") as handle:
                data = json.load(handle)
            event = import_event(data, organizer=fallback)
        except (OSError, ValueError, KeyError, BackupError) as error:
            raise CommandError(f"Cannot restore {file}: {error}")
        self.stdout.write(str(event.pk))
