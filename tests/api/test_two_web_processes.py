"""Two gunicorn instances on different ports, sharing PostgreSQL and Redis: a result posted to one
shows on the other at once (the cache's versions live in Redis, not in a process)."""
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.authtoken.models import Token

from tournaments import services
from tournaments.models import Event

ROOT = Path(__file__).resolve().parents[2]


def shared_services_here() -> bool:
    return connection.vendor == "postgresql" and "redis" in settings.CACHES["default"]["BACKEND"].lower()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url, method="GET", body=None, headers=None):
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    with urllib.request.urlopen(request, timeout=20) as response:
        return response.status, dict(response.headers), response.read().decode()


@pytest.fixture
def two_web_processes():
    if not shared_services_here():
        pytest.skip("needs PostgreSQL and Redis (the CI's second run sets DATABASE_URL and REDIS_URL)")
    db = connection.settings_dict
    env = {**os.environ, "DEBUG": "1", "REDIS_URL": os.environ["REDIS_URL"],
           "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"}
    ports = [free_port(), free_port()]
    processes = [subprocess.Popen([sys.executable, "-m", "gunicorn", "gaininggrounds.wsgi", "--bind",
                                   f"127.0.0.1:{port}", "--workers", "1", "--log-level", "warning"],
                                  cwd=ROOT, env=env) for port in ports]
    try:
        for port in ports:
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port), 0.2).close()
                    break
                except OSError:
                    time.sleep(0.1)
        yield [f"http://127.0.0.1:{port}" for port in ports]
    finally:
        for process in processes:
            process.terminate()
            process.wait(10)


@pytest.mark.django_db(transaction=True)
def test_a_result_posted_to_one_process_shows_on_the_other(two_web_processes):
    first, second = two_web_processes
    user = get_user_model().objects.create_user("org", password="x" * 12)
    event = services.event_create(user=user, name="Two processes", date="2017-05-06", format="gg2017")
    for name in ("Ann", "Bob"):
        services.player_register(event=event, name=name, faction="guild", by=user)
    rnd = services.round_generate(event=event, seed=1, by=user)
    game = rnd.games.get()
    page = f"/e/{event.slug}/rounds/1/"
    status, headers, html = fetch(second + page)
    assert status == 200 and headers["X-Cache"] == "miss"
    status, headers, html = fetch(second + page)
    assert headers["X-Cache"] == "hit" and "7–3" not in html
    token = Token.objects.create(user=user).key
    status, _, _ = fetch(first + f"/api/games/{game.pk}/result/", "POST", b'{"vp_a": 7, "vp_b": 3}',
                         {"Authorization": f"Token {token}", "Content-Type": "application/json"})
    assert status == 201
    status, headers, html = fetch(second + page)
    assert headers["X-Cache"] == "miss" and "7–3" in html
    assert Event.objects.get(pk=event.pk).round_set.get().games.get().result.vp_a == 7
