"""The production-like stack the load benchmarks run against: a fresh PostgreSQL database (a
256-player event, or a weekend of 20 events), Redis, gunicorn on loopback, nginx in front."""
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PG = os.environ.get("LOAD_POSTGRES", "postgres://postgres@127.0.0.1:5432")
DATABASE_URL = os.environ.get("LOAD_DATABASE_URL", f"{PG}/gg_load")
REDIS_URL = os.environ.get("LOAD_REDIS_URL", "redis://127.0.0.1:6379/3")
PLAYERS = 256


sys.path.insert(0, str(ROOT))
from deploy import local_proxy  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port: int) -> None:
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"nothing answers on port {port}")


def service_env() -> dict:
    return {**os.environ, "DATABASE_URL": DATABASE_URL, "REDIS_URL": REDIS_URL, "DEBUG": "0",
            "SECURE_SSL_REDIRECT": "0", "SECRET_KEY": "load-benchmark-only-" + "x" * 40,
            "ALLOWED_HOSTS": "127.0.0.1", "LOG_LEVEL": "ERROR"}


def prepare(script: str = "event_256.py"):
    """A fresh database filled by `script` (run in `manage.py shell`), and what it printed last, from
    JSON: by default a 256-player event, round 1 reported and round 2 paired, with its id, slug, an
    organizer token and round 2's reporters."""
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as db:
        db.execute("DROP DATABASE IF EXISTS gg_load WITH (FORCE)")
        db.execute("CREATE DATABASE gg_load")
    import redis

    redis.Redis.from_url(REDIS_URL).flushdb()  # the benchmark's own Redis database: no pages of a past run
    env = service_env()
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    code = (ROOT / "benchmarks" / "load" / script).read_text()
    out = subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, env=env,
                         check=True, capture_output=True, text=True).stdout
    # Vacuumed, with the planner's statistics, as autovacuum keeps a site that has been up: without them,
    # fresh tables are planned as nearly empty (measured: a player's report 30 ms instead of 21), and
    # autovacuum's first pass over the new tables lands inside the measured minutes.
    with psycopg.connect(f"{PG}/gg_load", autocommit=True) as db:
        db.execute("VACUUM (ANALYZE)")
    return json.loads(out.strip().splitlines()[-1])


def web_server(extra_env: dict | None = None, *, pool: str = "personal",
               workers: int | None = None) -> tuple[subprocess.Popen, int]:
    """gunicorn as production runs it (deploy/gunicorn.conf.py: the application loaded before the
    workers fork), one of its pools ("personal" or "public"), on a free loopback port, with its workers as
    that file counts them for this machine unless `workers` says. Its log (a JSON line per request, as in
    production) goes to var/load-web.log, the public pool's to var/load-web-public.log."""
    port = free_port()
    (ROOT / "var").mkdir(exist_ok=True)
    prefix = "GUNICORN_PUBLIC_" if pool == "public" else "GUNICORN_"
    log = "load-web-public.log" if pool == "public" else "load-web.log"
    web = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", str(ROOT / "deploy" / "gunicorn.conf.py"),
                            "gaininggrounds.wsgi", "--log-level", "warning"], cwd=ROOT,
                           env={**service_env(), "GUNICORN_POOL": pool, f"{prefix}BIND": f"127.0.0.1:{port}",
                                **({f"{prefix}WORKERS": str(workers)} if workers else {}), **(extra_env or {})},
                           stdout=(ROOT / "var" / log).open("w"), stderr=subprocess.STDOUT)
    wait_for(port)
    return web, port


def pools(extra_env: dict | None = None) -> tuple[list[subprocess.Popen], int, int]:
    """Both of gunicorn's pools as production runs them: the processes, the personal and the public port."""
    personal, port = web_server(extra_env)
    public, public_port = web_server(extra_env, pool="public")
    return [personal, public], port, public_port


def nginx_in_front(port: int, directory: Path, public: int | None = None) -> tuple[subprocess.Popen, int]:
    """The shipped nginx site (deploy/nginx/) in front of gunicorn's personal pool on `port` and its
    public pool on `public` (None: the same), plain HTTP, static files from collectstatic's folder."""
    proxy_port = free_port()
    config = local_proxy.configure(directory, upstream=f"127.0.0.1:{port}", port=proxy_port,
                                   public=f"127.0.0.1:{public}" if public else None)
    return local_proxy.start(config, proxy_port), proxy_port


def celery_worker() -> subprocess.Popen:
    """A Celery worker on the stack's Redis (mail, rating refreshes), its log beside gunicorn's."""
    return subprocess.Popen([sys.executable, "-m", "celery", "-A", "gaininggrounds", "worker", "--concurrency", "1",
                             "--loglevel", "WARNING", "--without-gossip", "--without-mingle"], cwd=ROOT,
                            env={**service_env(), "LOG_REQUESTS": "0"},
                            stdout=(ROOT / "var" / "load-worker.log").open("w"), stderr=subprocess.STDOUT)
