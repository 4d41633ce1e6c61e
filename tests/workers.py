"""Loaded first (`-p tests.workers` in pyproject.toml), before Django reads its settings: each
pytest-xdist worker gets a database of its own on the machine's Redis, as pytest-django gives each its
own test database. A test empties the cache (`cache.clear()` is Redis's FLUSHDB) and the system tests
start Celery workers on the broker: on one shared database, two workers would wipe and steal each
other's keys and tasks."""
import os
from urllib.parse import urlsplit, urlunsplit

REDIS_DATABASES = 16  # Redis's default


def redis_url_of_worker(url: str, worker: str) -> str:
    """The worker's own database: the one REDIS_URL names, plus 1 + the worker's number (gw0 -> +1)."""
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    database = base + 1 + int(worker.removeprefix("gw"))
    if database >= REDIS_DATABASES:
        raise RuntimeError(f"pytest-xdist worker {worker} would need Redis database {database}: run fewer workers")
    return urlunsplit(parts._replace(path=f"/{database}"))


WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")  # "gw0", "gw1"... in a worker; empty in a plain run
SHARED_REDIS_URL = os.environ.get("REDIS_URL", "")  # as the run was given it
if WORKER and SHARED_REDIS_URL:
    os.environ["REDIS_URL"] = redis_url_of_worker(SHARED_REDIS_URL, WORKER)
