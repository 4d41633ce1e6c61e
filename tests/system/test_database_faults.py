"""The database out of reach, and many writers at once, against real gunicorn processes.

- PostgreSQL gone for a moment (a TCP relay in front of it is cut, then restored): requests in the
  gap answer 503 with a message and write nothing; the same processes recover on their own.
- A real PostgreSQL server restarted (stopped, then started) while clients keep writing: every answer
  is 200/201 or a 503, every 201 is in the database with its audit record, nothing else is; the
  same gunicorn workers serve again once the server is back.
- SQLite (the embedded default) under concurrent writes from several processes: no "database is
  locked" reaches anyone.
"""
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.authtoken.models import Token

from tests.processes import ROOT, PostgresCluster, free_port, gunicorn, postgres_url, stop
from tournaments import services
from tournaments.models import Player


def call(base, path, method="GET", body=None, token=None):
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    data = json.dumps(body).encode() if body is not None else None
    try:
        with urllib.request.urlopen(urllib.request.Request(base + path, data, headers, method=method),
                                    timeout=30) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def web(env_extra, workers=1, threads=1):
    """gunicorn in production settings, on the database `env_extra` names, with no Redis."""
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    env.update(DEBUG="0", SECURE_SSL_REDIRECT="0", SECRET_KEY="fault-tests-only-" + "x" * 40,
               ALLOWED_HOSTS="127.0.0.1", **env_extra)
    return gunicorn(env, workers, threads)


class Relay:
    """A TCP relay to PostgreSQL that can be cut (every connection dropped) and restored."""

    def __init__(self, target_port):
        self.target, self.port = target_port, free_port()
        self.sockets, self.server = [], None

    def start(self):
        self.server = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._accept, args=(self.server,), daemon=True).start()

    def _accept(self, server):
        while True:
            try:
                client, _ = server.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target))
            self.sockets += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(a, b):
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        finally:
            for s in (a, b):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def cut(self):
        try:
            self.server.shutdown(socket.SHUT_RDWR)  # wakes the blocked accept() and stops listening
        except OSError:
            pass
        self.server.close()
        for s in self.sockets:
            try:
                s.shutdown(socket.SHUT_RDWR)
                s.close()
            except OSError:
                pass
        self.sockets = []


@pytest.mark.django_db(transaction=True)
def test_a_postgresql_gap_answers_503_writes_nothing_and_recovers_without_a_restart():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (the CI's second run)")
    db = connection.settings_dict
    user = get_user_model().objects.create_user("org", password="x" * 12)
    token = Token.objects.create(user=user).key
    event = services.event_create(user=user, name="Gap", date="2017-05-06", format="gg2017")
    relay = Relay(int(db["PORT"] or 5432))
    relay.start()
    process, base = web({"DATABASE_URL": postgres_url(db, port=relay.port)})
    try:
        players = f"/api/events/{event.pk}/players/"
        assert call(base, players, token=token)[0] == 200
        relay.cut()
        status, body = call(base, players, token=token)
        assert status == 503 and "database_unavailable" in body
        status, _ = call(base, players, "POST", {"name": "Lost", "faction": "guild"}, token=token)
        assert status == 503
        status, page = call(base, f"/e/{event.slug}/standings/")
        assert status == 503 and "unavailable" in page
        relay.start()
        assert call(base, players, token=token)[0] == 200  # the same process, reconnected
        assert call(base, players, "POST", {"name": "Found", "faction": "guild"}, token=token)[0] == 201
        assert list(Player.objects.filter(event=event).values_list("name", flat=True)) == ["Found"]
    finally:
        stop(process)
        relay.cut()


def manage(env: dict, *args: str) -> str:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True).stdout


ORGANIZER_TOKEN = ("from django.contrib.auth import get_user_model; from rest_framework.authtoken.models import Token; "
                   "u = get_user_model().objects.create_user('org', password='x' * 12); "
                   "print(Token.objects.create(user=u).key)")


def workers_of(process) -> set[int]:
    found = subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True, text=True).stdout
    return {int(pid) for pid in found.split()}


def test_a_real_postgresql_restart_under_load_fails_cleanly_and_recovers_without_a_restart():
    import psycopg

    try:
        cluster = PostgresCluster()
    except (FileNotFoundError, subprocess.CalledProcessError) as error:
        pytest.skip(f"no PostgreSQL server of our own here: {error}")
    try:
        cluster.start()
        with psycopg.connect(cluster.url("postgres"), autocommit=True) as db:
            db.execute("CREATE DATABASE hall")
        env = {**{k: v for k, v in os.environ.items() if k != "REDIS_URL"}, "DATABASE_URL": cluster.url("hall")}
        manage(env, "migrate", "--noinput", "-v0")
        token = manage(env, "shell", "-c", ORGANIZER_TOKEN).strip().splitlines()[-1]
        process, base = web({"DATABASE_URL": cluster.url("hall")}, workers=2, threads=2)
        try:
            status, body = call(base, "/api/events/", "POST", {"name": "Restart", "date": "2017-05-06",
                                                               "format": "gg2017"}, token=token)
            assert status == 201, body
            event = json.loads(body)
            players = f"/api/events/{event['id']}/players/"
            before = workers_of(process)
            answers, running = [], threading.Event()
            running.set()

            def client(n):
                for i in range(10_000):
                    if not running.is_set():
                        return
                    name = f"C{n}-{i}"
                    try:
                        answers.append((name, *call(base, players, "POST", {"name": name, "faction": "guild"},
                                                    token=token)))
                        answers.append((None, *call(base, players, token=token)))
                        answers.append((None, *call(base, f"/e/{event['slug']}/standings/")))
                    except OSError as error:  # a refused or reset connection would be a failure
                        answers.append((name, None, repr(error)))

            threads = [threading.Thread(target=client, args=(n,)) for n in range(4)]
            for thread in threads:
                thread.start()
            time.sleep(1.5)
            cluster.stop("fast")  # every connection dropped, open transactions rolled back
            status, body = call(base, players, token=token)
            assert status == 503 and "database_unavailable" in body
            status, body = call(base, players, "POST", {"name": "Gap", "faction": "guild"}, token=token)
            assert status == 503 and "nothing was saved" in body
            time.sleep(1)
            cluster.start()
            time.sleep(1.5)
            running.clear()
            for thread in threads:
                thread.join(60)

            assert {status for _, status, _ in answers} <= {200, 201, 503}, \
                [a for a in answers if a[1] not in (200, 201, 503)][:3]
            assert any(status == 503 for _, status, _ in answers), "no request fell in the gap"
            assert call(base, players, token=token)[0] == 200
            assert call(base, players, "POST", {"name": "After", "faction": "guild"}, token=token)[0] == 201
            assert workers_of(process) == before and process.poll() is None  # recovered, not restarted
        finally:
            stop(process)
        created = {name for name, status, _ in answers if name and status == 201} | {"After"}
        with psycopg.connect(cluster.url("hall")) as db:
            stored = {name for (name,) in db.execute("SELECT name FROM tournaments_player")}
            audited = db.execute("SELECT count(*) FROM tournaments_auditrecord "
                                 "WHERE action = 'player_registered'").fetchone()[0]
        assert stored == created  # no 503 left a player behind, no 201 was lost
        assert audited == len(stored)  # and never a player without its audit record
    finally:
        cluster.remove()


def test_sqlite_under_concurrent_writers_never_says_locked(tmp_path):
    url = f"sqlite:///{tmp_path / 'hall.sqlite3'}"
    env = {**{k: v for k, v in os.environ.items() if k != "REDIS_URL"}, "DATABASE_URL": url}
    manage(env, "migrate", "--noinput", "-v0")
    token = manage(env, "shell", "-c", ORGANIZER_TOKEN).strip().splitlines()[-1]
    process, base = web({"DATABASE_URL": url}, workers=3, threads=4)
    try:
        status, body = call(base, "/api/events/", "POST", {"name": "Busy", "date": "2017-05-06",
                                                           "format": "gg2017"}, token=token)
        assert status == 201, body
        event = json.loads(body)["id"]

        def register(n):
            return call(base, f"/api/events/{event}/players/", "POST", {"name": f"P{n}", "faction": "guild"},
                        token=token)

        with ThreadPoolExecutor(max_workers=24) as pool:
            answers = list(pool.map(register, range(96)))
        assert [s for s, _ in answers if s != 201] == [], [b for s, b in answers if s != 201][:3]
        assert not any("locked" in b for _, b in answers)
        status, body = call(base, f"/api/events/{event}/players/")
        assert len(json.loads(body)) == 96
    finally:
        stop(process)
