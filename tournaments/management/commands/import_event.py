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
            event = import_event(read(file), organizer=fallback)
        except BackupError as error:  # the only refusal: anything else is a bug, and shows as one
            raise CommandError(f"Cannot restore {file}: {error}")
        self.stdout.write(str(event.pk))


def read(file: str):
    """The file's JSON; a file that cannot be read or is no JSON is a BackupError saying why."""
    try:
        with open(file, "rb") as handle:
            text = handle.read().decode("utf-8-sig")  # a byte-order mark from an editor is no fault
        return json.loads(text)
    except OSError as error:
        raise BackupError(error.strerror or str(error))
    except UnicodeDecodeError as error:
        raise BackupError(f"not UTF-8 text (byte {error.start})")
    except RecursionError:
        raise BackupError("nested too deeply")
    except ValueError as error:  # json.JSONDecodeError, or a number too long to read
        raise BackupError(f"not JSON ({error})")
