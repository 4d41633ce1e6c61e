"""The embedded default (no broker) under gunicorn: a large field's pairing is a job that runs in a
process of its own, so the request answers at once and the work outlives the web server that took it
(inside the request, gunicorn's timeout killed it and the job stayed "running" forever)."""
import json
import os
import secrets
import sqlite3
import subprocess
import sys
import time
import urllib.request

from tests.processes import ROOT, gunicorn

PLAYERS = 2000  # about two seconds of the solver, holding the GIL

SETUP = f"""
import json
from datetime import date
from rest_framework.authtoken.models import Token
from django.contrib.auth import get_user_model
from tournaments import services
from tournaments.models import Player
user = get_user_model().objects.create_user("organizer", password="x")
event = services.event_create(user=user, name="Big Open", date=date(2026, 11, 28), format="gg2017")
Player.objects.bulk_create(Player(event=event, name=f"Player {{n}}", faction="guild", checked_in=True)
                           for n in range({PLAYERS}))
print(json.dumps({{"event": event.pk, "token": Token.objects.create(user=user).key}}))
"""


def test_a_large_pairing_with_no_broker_outlives_the_web_server_that_took_it(tmp_path):
    database = tmp_path / "db.sqlite3"
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    env.update(DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="127.0.0.1", SECURE_SSL_REDIRECT="0",
               DATABASE_URL=f"sqlite:///{database}", PAIRING_JOB_THRESHOLD="100")
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=env, check=True, timeout=300)
    made = json.loads(subprocess.run([*manage, "shell", "-c", SETUP], cwd=ROOT, env=env, check=True, timeout=300,
                                     capture_output=True, text=True).stdout.splitlines()[-1])
    web, url = gunicorn(env)
    try:
        asked = urllib.request.Request(f"{url}/api/events/{made['event']}/rounds/", data=b"{}", method="POST",
                                       headers={"Authorization": f"Token {made['token']}",
                                                "Content-Type": "application/json"})
        with urllib.request.urlopen(asked, timeout=30) as answer:
            assert answer.status == 202
            job = json.load(answer)
        with sqlite3.connect(database, timeout=30) as db:  # answered before the work was done
            assert db.execute("SELECT COUNT(*) FROM tournaments_round").fetchone()[0] == 0
    finally:
        web.kill()  # the web server goes at once, its worker with it
        web.wait(20)
    with sqlite3.connect(database, timeout=30) as db:
        for _ in range(240):
            status, errors = db.execute("SELECT status, errors FROM tournaments_job WHERE id = ?",
                                        [job["id"].replace("-", "")]).fetchone()
            if status in ("done", "failed"):
                break
            time.sleep(0.5)
        assert status == "done", errors
        games = db.execute("SELECT COUNT(*) FROM tournaments_game g JOIN tournaments_round r ON g.round_id = r.id "
                           "WHERE r.event_id = ? AND r.number = 1", [made["event"]]).fetchone()[0]
    assert games == PLAYERS // 2
