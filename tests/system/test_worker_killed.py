"""A Celery worker killed in the middle of a task (SIGKILL while it is sending an email): the task is
handed out again to the next worker and its work is done once.

Real Redis and real workers; the first worker's mail server accepts and never answers, so the kill
lands mid-send; the second worker writes mail to files, which are counted."""
import os
import signal
import socket
import threading
import time

import pytest
from django.conf import settings
from django.db import connection

from gaininggrounds.celery import app as celery_app
from notifications.models import Notification
from notifications.tasks import send_notification
from tests.processes import celery_worker, emails_in, free_port, postgres_url, redis_server, stop
from tournaments.models import Event


class SilentMailServer:
    """Accepts connections and never says a word: an SMTP client waits there."""

    def __init__(self):
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.accepted = threading.Event()
        self.held = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            self.held.append(client)
            self.accepted.set()

    def close(self):
        self.server.close()
        for client in self.held:
            client.close()


def sent_by(note, *, seconds: float, why: str = "never sent") -> None:
    """Wait for the notification to be marked sent, at most `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        note.refresh_from_db()
        if note.sent_at:
            return
        time.sleep(0.2)
    raise AssertionError(f"{note.subject}: {why} within {seconds} s")


@pytest.fixture
def broker():
    """A Redis of the test's own on a free port: a queue away from the suite's (and its parallel workers')."""
    port = free_port()
    server = redis_server(port)
    yield f"redis://127.0.0.1:{port}/0"
    stop(server)


def worker(broker, env_extra):
    inherited = {k: v for k, v in os.environ.items() if not k.startswith("EMAIL_")}
    return celery_worker({**inherited, "DATABASE_URL": postgres_url(connection.settings_dict), "REDIS_URL": broker,
                          "CELERY_VISIBILITY_TIMEOUT": "3", "CELERY_RESTORE_INTERVAL": "1",
                          "CELERY_RESTORE_THROTTLE": "1", **env_extra})


@pytest.mark.django_db(transaction=True)
def test_a_task_whose_worker_is_killed_runs_again_and_sends_once(tmp_path, django_user_model, broker):
    if connection.vendor != "postgresql" or "redis" not in settings.CACHES["default"]["BACKEND"].lower():
        pytest.skip("needs PostgreSQL and Redis (the CI's second run)")
    organizer = django_user_model.objects.create_user("org", password="x" * 12)
    event = Event.objects.create(name="Kill", slug="kill", date="2017-05-06", format="gg2017", created_by=organizer)
    note = Notification.objects.create(event=event, to="ann@example.org", kind=Notification.ROUND_PUBLISHED,
                                       about="round:1", subject="Round 1: table 3", body="Table 3 against Bob")
    with celery_app.connection_for_write(broker) as connected:
        send_notification.apply_async(args=[note.pk], connection=connected)
    silent = SilentMailServer()
    first = worker(broker, {"EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(silent.port), "EMAIL_USE_TLS": "0"})
    try:
        assert silent.accepted.wait(60), "the first worker never started sending"
        first.send_signal(signal.SIGKILL)
        first.wait(10)
    finally:
        silent.close()
    note.refresh_from_db()
    assert note.sent_at is None  # killed mid-send: nothing was marked
    outbox = tmp_path / "mail"
    second = worker(broker, {"EMAIL_FILE_PATH": str(outbox)})
    try:
        sent_by(note, seconds=60, why="the task was not handed out again")
        # Hand it out a third time on purpose: already sent, so nothing more goes out. A marker queued
        # behind it is sent once the worker (one task at a time, in order) is past it: no sleep, no race.
        marker = Notification.objects.create(event=event, to="marker@example.org", kind=Notification.ROUND_PUBLISHED,
                                             about="round:2", subject="Marker", body="Behind the third hand-out")
        with celery_app.connection_for_write(broker) as connected:
            send_notification.apply_async(args=[note.pk], connection=connected)
            send_notification.apply_async(args=[marker.pk], connection=connected)
        sent_by(marker, seconds=60)
        recipients = sorted(line for message in emails_in(outbox) for line in message.splitlines()
                            if line.startswith("To: "))
        assert recipients == ["To: ann@example.org", "To: marker@example.org"]
    finally:
        stop(second)
