"""The real Redis stopped under a running service, then started again: public pages, result entry and
publishing a round keep working from the database (slower, never a 500); the round's emails, whose
tasks could not be queued, go out once Redis is back, each once (Celery beat queues what is pending).

A Redis server of the test's own on a free port, gunicorn and a Celery worker with beat, all real."""
import json
import os
import shutil
import time

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.authtoken.models import Token

from notifications.models import Notification
from tests.processes import celery_worker, emails_in, fetch, free_port, gunicorn, postgres_url, redis_server, stop
from tournaments import services


@pytest.mark.django_db(transaction=True)
def test_redis_stopped_and_started_again(tmp_path):
    if connection.vendor != "postgresql" or not shutil.which("redis-server"):
        pytest.skip("needs PostgreSQL (the CI's second run) and Debian's redis-server")
    port = free_port()
    redis = redis_server(port)
    outbox = tmp_path / "mail"
    inherited = {k: v for k, v in os.environ.items() if not k.startswith("EMAIL_")}
    env = {**inherited, "DEBUG": "1", "DATABASE_URL": postgres_url(connection.settings_dict),
           "REDIS_URL": f"redis://127.0.0.1:{port}/0", "EMAIL_FILE_PATH": str(outbox),
           "NOTIFICATION_RETRY_SECONDS": "1"}
    web, base = gunicorn(env)
    worker = None
    try:
        user = get_user_model().objects.create_user("org", password="x" * 12)
        token = {"Authorization": f"Token {Token.objects.create(user=user).key}",
                 "Content-Type": "application/json"}
        event = services.event_create(user=user, name="Redis stopped", date="2017-05-06", format="gg2017")
        for name in ("Ann", "Bob", "Cid", "Dee"):
            player = services.player_register(event=event, name=name, faction="guild", by=user)
            player.email = f"{name.lower()}@example.org"
            player.save(update_fields=["email"])
        status, headers, _ = fetch(base + f"/e/{event.slug}/")
        assert status == 200 and headers["X-Cache"] == "miss"  # the cache is in use while Redis runs

        redis.terminate()
        redis.wait(10)
        # Round 1 published with Redis down: pairings saved, the four emails left pending.
        status, _, body = fetch(base + f"/api/events/{event.pk}/rounds/", "POST", b'{"seed": 3}', token)
        assert status == 201
        games = json.loads(body)["games"]
        assert Notification.objects.filter(sent_at=None).count() == 4
        for game in games:
            status, _, _ = fetch(base + f"/api/games/{game['id']}/result/", "POST", b'{"vp_a": 6, "vp_b": 4}',
                                 token)
            assert status == 201
        for path in (f"/e/{event.slug}/rounds/1/", f"/e/{event.slug}/standings/", "/",
                     f"/api/events/{event.pk}/standings/"):
            status, headers, html = fetch(base + path)
            assert status == 200 and "X-Cache" not in headers, path
        assert "6–4" in fetch(base + f"/e/{event.slug}/rounds/1/")[2]
        assert not outbox.exists()

        redis = redis_server(port)  # back, empty: the tasks that never reached it are lost
        worker = celery_worker(env, beat_schedule=tmp_path / "beat-schedule")
        for _ in range(120):
            if Notification.objects.filter(sent_at=None).count() == 0:
                break
            time.sleep(0.5)
        assert Notification.objects.filter(sent_at=None).count() == 0, "pending emails never went out"
        # Beat goes on queuing what is pending. A marker left pending now is queued behind anything queued
        # before it, and the worker takes one task at a time, in order: once the marker is sent, any
        # duplicate of the four would have been sent too.
        marker = Notification.objects.create(event=event, to="marker@example.org", kind=Notification.ROUND_PUBLISHED,
                                             about="marker", subject="Marker", body="Queued behind the rest")
        for _ in range(120):
            marker.refresh_from_db()
            if marker.sent_at:
                break
            time.sleep(0.5)
        assert marker.sent_at is not None, "beat never queued the marker"
        recipients = sorted(line for message in emails_in(outbox) for line in message.splitlines()
                            if line.startswith("To: "))
        assert recipients == [f"To: {name}@example.org" for name in ("ann", "bob", "cid", "dee", "marker")]  # once
        status, headers, _ = fetch(base + f"/e/{event.slug}/rounds/1/")
        assert status == 200 and headers["X-Cache"] in ("miss", "hit")  # the cache serves again
    finally:
        if worker is not None:
            stop(worker)
        stop(web)
        redis.terminate()
        redis.wait(10)
