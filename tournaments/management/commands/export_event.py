"""python manage.py export_event ID --output FILE: a complete event backup as JSON."""
import sys

from django.core.management.base import BaseCommand, CommandError

from tournaments import exports
from tournaments.models import Event


class Command(BaseCommand):
    help = "Write a complete event (players, rounds, games, results, audit trail) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("--output", "-o", default="-", help="A file, or - for standard output.")

    def handle(self, *args, event_id, output, **options):
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"No event {event_id}.")
        text = exports.build(event, exports.BACKUP).text
        if output == "-":
            sys.stdout.write(text + "\n")
        else:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text + "\n")
            self.stderr.write(f"Event {event_id} written to {output}.")
