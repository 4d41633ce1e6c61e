"""python manage.py send_notifications: hand every pending email to the workers (after a broker outage)."""
from django.core.management.base import BaseCommand

from notifications.services import enqueue_pending


class Command(BaseCommand):
    help = "Queue every notification not yet sent (each is sent once, however often this runs)."

    def handle(self, *args, **options):
        self.stdout.write(f"{enqueue_pending()} pending notification(s) queued.")
