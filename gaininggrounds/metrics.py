"""Prometheus metrics: request latency by view, database queries, page-cache outcomes, Celery task
outcomes and job durations, for the host's Prometheus to scrape at /metrics.

The metrics are served only to the addresses in METRICS_ALLOWED_ADDRESSES (loopback by default) and
never to a request that came through the proxy (it carries X-Forwarded-For): the public site does not
show them. With several processes (gunicorn workers, Celery workers on the same host) set
PROMETHEUS_MULTIPROC_DIR to one empty folder for them all; any web process then answers for every one
of them (prometheus-client's multiprocess mode).
"""
from __future__ import annotations

import os
import time
from contextlib import contextmanager

from django.conf import settings
from django.db import connection
from django.http import Http404, HttpResponse
from django.urls import Resolver404, resolve
from django.views.decorators.cache import never_cache
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest, multiprocess

from gaininggrounds import logs

METHODS = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}
# Buckets around our targets: public pages in ~1-100 ms, writes up to 300 ms, renders of a big field.
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2.5, 5, 10)

REQUESTS = Histogram("gg_http_request_duration_seconds", "Time to answer a request, by view.",
                     ["view", "method", "status"], buckets=LATENCY_BUCKETS)
QUERIES = Counter("gg_db_queries_total", "Database queries run while answering requests, by view.", ["view"])
QUERY_TIME = Histogram("gg_db_query_duration_seconds", "Time of each database query made for a request.",
                       buckets=LATENCY_BUCKETS)
PAGE_CACHE = Counter("gg_page_cache_total", "Anonymous public reads by how the page cache answered them "
                     "(hit, miss, stale, not_modified).", ["outcome"])
TASKS = Counter("gg_celery_tasks_total", "Celery tasks by how they ended.", ["task", "outcome"])
TASK_TIME = Histogram("gg_celery_task_duration_seconds", "Time a Celery task ran.", ["task"],
                      buckets=LATENCY_BUCKETS + (30, 60, 300, 900))
JOB_TIME = Histogram("gg_job_duration_seconds", "Time a job's work took, by kind and how it ended.",
                     ["kind", "outcome"], buckets=(0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900))


def view_name(request) -> str:
    """The view's route name (a bounded set of labels), also for answers given before the view ran
    (the page cache): never the path, which may hold a player's private key."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return "unmatched"
    return match.view_name or match._func_path


class RequestObserver:
    """Middleware, outermost: times every answer (cached ones too), counts its database queries and
    logs it (gaininggrounds.logs); for the load benchmark's diagnostics (GG_QUERY_COUNT=1) the answer
    says its query count in an X-DB-Queries header."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        queries = 0

        def counted(execute, sql, params, many, context):
            nonlocal queries
            queries += 1
            started = time.perf_counter()
            try:
                return execute(sql, params, many, context)
            finally:
                QUERY_TIME.observe(time.perf_counter() - started)

        logged = logs.request_started(request)
        try:
            started = time.perf_counter()
            with connection.execute_wrapper(counted):
                response = self.get_response(request)
            seconds = time.perf_counter() - started
            view = view_name(request)
            method = request.method if request.method in METHODS else "other"  # any word is a method to HTTP
            REQUESTS.labels(view, method, str(response.status_code)).observe(seconds)
            if queries:
                QUERIES.labels(view).inc(queries)
            if settings.QUERY_COUNT_HEADER:
                response["X-DB-Queries"] = str(queries)
            outcome = response.get("X-Cache") or ("not_modified" if response.status_code == 304 else None)
            if outcome:
                PAGE_CACHE.labels(outcome).inc()
            logs.request_ended(request, response, view=view, method=method, seconds=seconds)
            return response
        finally:
            logs.request_done(logged)


@contextmanager
def job_timed(kind: str):
    """Time a job's work; the caller sets `outcome` on the yielded dict (done, failed, lost)."""
    ended = {"outcome": "failed"}
    started = time.perf_counter()
    try:
        yield ended
    finally:
        JOB_TIME.labels(kind, ended["outcome"]).observe(time.perf_counter() - started)


def task_timing(signals) -> None:
    """Connect Celery's signals: each task's duration and outcome (success, failure, retry)."""
    started: dict[str, float] = {}

    @signals.task_prerun.connect(weak=False)
    def before(task_id=None, **_):
        started[task_id] = time.perf_counter()

    @signals.task_postrun.connect(weak=False)
    def after(task_id=None, task=None, **_):
        begun = started.pop(task_id, None)
        if begun is not None:
            TASK_TIME.labels(task.name).observe(time.perf_counter() - begun)

    @signals.task_success.connect(weak=False)
    def succeeded(sender=None, **_):
        TASKS.labels(sender.name, "success").inc()

    @signals.task_failure.connect(weak=False)
    def failed(sender=None, **_):
        TASKS.labels(sender.name, "failure").inc()

    @signals.task_retry.connect(weak=False)
    def retried(sender=None, **_):
        TASKS.labels(sender.name, "retry").inc()


def _allowed(request) -> bool:
    return "HTTP_X_FORWARDED_FOR" not in request.META and \
        request.META.get("REMOTE_ADDR") in settings.METRICS_ALLOWED_ADDRESSES


@never_cache
def metrics(request):
    """The metrics in Prometheus' text format, for allowed addresses only (else a plain 404)."""
    if not _allowed(request):
        raise Http404
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        from prometheus_client import REGISTRY as registry
    return HttpResponse(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)
