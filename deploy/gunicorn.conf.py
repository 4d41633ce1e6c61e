"""gunicorn's settings, one file for production (deploy/systemd/gaininggrounds-web.service) and the load
benchmarks (benchmarks/load/stack.py), so what is measured is what runs. Each may set the address and the
number of workers through the environment; everything else is the same.

    gunicorn -c deploy/gunicorn.conf.py gaininggrounds.wsgi
"""
import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# About two per core: a worker waits on PostgreSQL and Redis part of each request.
workers = int(os.environ.get("GUNICORN_WORKERS", 2 * multiprocessing.cpu_count()))
# A request ends after 30 s (long work runs as jobs); a reload lets running requests finish as long.
timeout = 30
graceful_timeout = 30
# The application loads once, before the workers fork: a worker that replaces one (after a crash or
# max_requests) serves at once, and the workers share the loaded code's memory. A release restarts the
# service (docs/deploying.md), which loads the new code.
preload_app = True


def child_exit(server, worker):
    """A worker gone: its metrics files stop counting as live (prometheus-client's multiprocess mode)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
