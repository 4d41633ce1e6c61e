"""python manage.py vapid_keys: make the key pair Web Push signs with (VAPID), into VAPID_KEY_FILE (var/,
out of git) or, with --env, as the two lines for an environment file. New keys end every subscription
(phones subscribed to the old public key), so an existing file is kept unless --force."""
import json
import os

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from notifications.push import vapid_pair


class Command(BaseCommand):
    help = "Make the VAPID key pair for Web Push notifications."

    def add_arguments(self, parser):
        parser.add_argument("--env", action="store_true", help="print VAPID_PUBLIC_KEY= and VAPID_PRIVATE_KEY= lines")
        parser.add_argument("--force", action="store_true", help="replace an existing key file")

    def handle(self, *args, env=False, force=False, **options):
        public, private = vapid_pair()
        if env:
            self.stdout.write(f"VAPID_PUBLIC_KEY={public}\nVAPID_PRIVATE_KEY={private}")
            return
        path = settings.VAPID_KEY_FILE
        if path.exists() and not force:
            raise CommandError(f"{path} exists: its keys sign today's subscriptions. --force replaces them.")
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # the private key: owner only
        with os.fdopen(descriptor, "w") as file:
            json.dump({"public_key": public, "private_key": private}, file)
        self.stdout.write(f"VAPID keys written to {path}; restart the app to offer push notifications.")
