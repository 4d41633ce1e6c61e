"""gunicorn's settings, one file for production (deploy/systemd/gaininggrounds-web.service and
gaininggrounds-public.service) and the load benchmarks (benchmarks/load/stack.py), so what is measured is
what runs. Each may set its address and number of workers through the environment; everything else is
the same.

Two pools of workers stand behind nginx (deploy/nginx/gaininggrounds.conf), a bulkhead:
- "personal" (the default): players' private pages, every write, the console, anything with credentials;
- "public" (GUNICORN_POOL=public): anonymous reads, mostly nginx refreshing its copies of the public pages
  in the background. Its workers run at a lower CPU priority: a phone is answered from nginx's copy
  meanwhile, while a player reporting a score waits for their answer (measured on a busy weekend,
  docs/performance.md: personal p99 800 ms in one pool, 330 ms in two).

    gunicorn -c deploy/gunicorn.conf.py gaininggrounds.wsgi
"""
import gc
import multiprocessing
import os

POOLS = ("personal", "public")
POOL = os.environ.get("GUNICORN_POOL", "personal")
if POOL not in POOLS:
    raise SystemExit(f"GUNICORN_POOL={POOL!r}: one of {', '.join(POOLS)}")
PUBLIC_NICE = 10  # the public pool's workers yield the cores to the personal pool's when both want them

if POOL == "public":
    bind = os.environ.get("GUNICORN_PUBLIC_BIND", "127.0.0.1:8001")
    # About one per core: most public answers come from nginx's copy; these workers render its refreshes.
    workers = int(os.environ.get("GUNICORN_PUBLIC_WORKERS", multiprocessing.cpu_count()))
else:
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


def pre_fork(server, worker):
    """Before each fork: what a worker's first requests would load is loaded here once (every view, the
    templates, the catalogues: gaininggrounds/warmup.py), and the loaded application is frozen out of the
    garbage collector's sight: a worker's full collection then walks only what the worker made since, not
    the loaded code's 160,000 objects (measured: a full collection took 85-100 ms with them, a pause that
    lands on some request, and 0 ms frozen), and the workers keep sharing those pages of memory (Python's
    gc.freeze documentation)."""
    from gaininggrounds import warmup

    warmup.warm()
    gc.freeze()


def post_fork(server, worker):
    """A public pool's worker runs at the lower priority (never higher than it was started with)."""
    if POOL == "public":
        os.setpriority(os.PRIO_PROCESS, 0, max(os.getpriority(os.PRIO_PROCESS, 0), PUBLIC_NICE))


def child_exit(server, worker):
    """A worker gone: its metrics files stop counting as live (prometheus-client's multiprocess mode)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
