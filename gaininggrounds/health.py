"""What a process manager and a load balancer ask: /healthz (this process answers) and /readyz (the
database, the cache and the broker answer: 503 naming what does not). Plain JSON, never cached, no query
string read, nothing about the site disclosed beyond which part is missing."""
from __future__ import annotations

import logging

from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache

from gaininggrounds.celery import app as celery_app

log = logging.getLogger(__name__)
BROKER_SECONDS = 2  # a broker that takes longer than this to connect counts as missing


@never_cache
def healthz(request):
    return JsonResponse({"status": "alive"})


@never_cache
def readyz(request):
    checks = {"database": _database, "cache": _cache, "broker": _broker}
    missing = []
    for name, check in checks.items():
        try:
            check()
        except Exception:  # noqa: BLE001 - any failure means "not ready"; the log says which and why
            log.warning("readiness: %s does not answer", name, exc_info=True)
            missing.append(name)
    return JsonResponse({"status": "missing" if missing else "ready", "missing": missing},
                        status=503 if missing else 200)


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def _cache() -> None:
    cache.set("gg:readyz", "1", timeout=10)
    if cache.get("gg:readyz") != "1":
        raise RuntimeError("the cache did not keep a value")


def _broker() -> None:
    """With no broker configured (the embedded default) tasks run in-process: nothing to reach."""
    if celery_app.conf.task_always_eager:
        return
    with celery_app.connection_for_write() as broker:
        broker.ensure_connection(max_retries=1, timeout=BROKER_SECONDS)
