"""Long work as jobs: started after the request's transaction commits, run by a worker, followed
through a progress figure, ended done (with its result or file) or failed (with why).

The work of each kind lives with its domain and is named here by dotted path, so this app imports
none of it: `tournaments.services.rounds.round_from_job` pairs a round, `tournaments.exports.
export_from_job` prepares a file, `tournaments.services.players.import_from_job` registers players.
Each takes (job, progress) and returns the fields to store.
"""
from __future__ import annotations

import logging
import subprocess
import sys
import threading
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.module_loading import import_string

from gaininggrounds.celery import queue, runs_later
from gaininggrounds.metrics import job_timed
from jobs.models import Job
from scoring.messages import say
from scoring.problems import DomainError, conflict

log = logging.getLogger(__name__)
# A running job's worker is certainly gone this long after its time limit (Celery's hard limit kills it).
LOST_MARGIN_SECONDS = 60
# With no broker a job's own process takes it up within seconds; one still waiting after this never started.
PROCESS_START_SECONDS = 120
UNFINISHED = (Job.PENDING, Job.RUNNING)


class JobLost(Exception):
    """The job was declared lost while its work still ran: the work's transaction is rolled back."""


WORK = {Job.ROUND: "tournaments.services.rounds.round_from_job",
        Job.EXPORT: "tournaments.exports.export_from_job",
        Job.IMPORT: "tournaments.services.players.import_from_job"}


def job_start(*, event, kind: str, params: dict, by) -> Job:
    """A job for `kind`'s work, handed to a worker once the caller's transaction commits. The same work
    asked for again before it ends is the same job (a second click follows the first). With no broker
    each job is a process of the web machine, so at most JOBS_WITHOUT_WORKER wait or run at once on the
    site; one more is refused (409 jobs_busy) until one ends."""
    if kind not in WORK:
        raise ValueError(f"no job kind {kind!r}")
    with transaction.atomic():
        for same in Job.objects.filter(event=event, kind=kind, status__in=UNFINISHED).defer("output"):
            if same.params == params and not job_now(same).ended:
                return same
        if not runs_later() and Job.objects.filter(status__in=UNFINISHED).count() >= settings.JOBS_WITHOUT_WORKER:
            raise conflict("jobs_busy", say("The server is busy with other long work; try again in a minute."))
        job = Job.objects.create(event=event, kind=kind, params=params, created_by=by)
        transaction.on_commit(lambda: job_hand_out(str(job.pk)))
    return job


def job_hand_out(job_id: str) -> None:
    """To the workers; with no broker (the embedded default), to a process of its own."""
    if runs_later():
        queue("jobs.tasks.run_job", job_id)
    else:
        job_process_start(job_id)


def job_process_start(job_id: str) -> None:
    """`manage.py run_job` in a session of its own, so neither the request that asked nor the web server
    waits for it or can stop it half-way: gunicorn kills a worker silent for 30 s, and the pairing's
    solver holds the GIL, so a thread of the web process would not do. A process that cannot start
    fails the job at once; one lost on the way is left to `lost_jobs_fail`."""
    try:
        process = subprocess.Popen([sys.executable, str(settings.BASE_DIR / "manage.py"), "run_job", job_id],
                                   cwd=settings.BASE_DIR, stdin=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        log.exception("job %s: its process could not start", job_id)
        job_failed(job_id, _not_started())
        return
    # Reaps the process when it ends, so a long-lived web process keeps no zombies.
    threading.Thread(target=process.wait, name=f"reap:{job_id}", daemon=True).start()


def _progress_key(job_id) -> str:
    return f"job:{job_id}:progress"


def job_progress(job: Job) -> int:
    """Percent done: the row once the job has ended, the worker's last word (in the cache) before."""
    if job.ended:
        return job.progress if job.status == Job.DONE else 0
    return cache.get(_progress_key(job.pk), job.progress)


def job_run(job_id: str) -> None:
    """Run a job's work and record how it ended. A finished job is not run again; the work and the
    job's "done" are one transaction, so a worker lost half-way leaves nothing half-made."""
    job = Job.objects.select_related("event").filter(pk=job_id).first()
    if job is None or job.ended:
        return
    # Each start (a task handed out again after its worker died starts afresh) sets the clock that
    # `lost_jobs_fail` reads; a job ended meanwhile (declared lost) is not revived.
    if not Job.objects.filter(pk=job.pk, status__in=UNFINISHED).update(status=Job.RUNNING,
                                                                      started_at=timezone.now()):
        return

    def progress(percent: int) -> None:
        # The work runs inside one transaction, so progress travels through the cache, not the row.
        cache.set(_progress_key(job.pk), percent, timeout=3600)

    with job_timed(job.kind) as timed:
        try:
            with transaction.atomic():
                done = import_string(WORK[job.kind])(job, progress)
                ended = Job.objects.filter(pk=job.pk, status=Job.RUNNING).update(
                    status=Job.DONE, progress=100, finished_at=timezone.now(), **done)
                if not ended:  # declared lost meanwhile: its organizer was told nothing changed, so nothing does
                    raise JobLost(job_id)
            timed["outcome"] = "done"
        except JobLost:
            timed["outcome"] = "lost"
            log.warning("job %s ended after it was declared lost: its work was rolled back", job_id)
            return
        except DomainError as error:
            job_failed(job_id, *({"code": p.code, "detail": p.detail, "attr": p.attr} for p in error.problems))
        except Exception:
            job_failed(job_id, {"code": "job_failed", "detail": "The job failed; nothing was changed. The server "
                                                                "log has why.", "attr": None})
            raise


def job_failed(job_id: str, *problems: dict) -> None:
    Job.objects.filter(pk=job_id).update(status=Job.FAILED, finished_at=timezone.now(), errors=list(problems))


def job_too_long(job_id: str) -> None:
    job_failed(job_id, {"code": "job_too_long", "attr": None,
                        "detail": say("The job ran out of time; nothing was changed.")})


def _not_started() -> dict:
    if runs_later():
        return {"code": "job_not_started", "attr": None, "detail": say(
            "No worker took this job within {minutes} minutes; nothing was changed. Check that a worker is "
            "running, then ask again.", minutes=max(1, settings.JOB_WAIT_LIMIT // 60))}
    return {"code": "job_not_started", "attr": None, "detail": say(
        "The work could not start; nothing was changed. Ask again; the server log has why.")}


def _lost(now) -> tuple[Q, Q]:
    """The one rule for a lost job: (stopped, never started). A job from before `started_at` was kept
    counts from its creation."""
    cut = now - timedelta(seconds=settings.JOB_TIME_LIMIT + LOST_MARGIN_SECONDS)
    stopped = Q(status=Job.RUNNING) & (Q(started_at__lt=cut) | Q(started_at=None, created_at__lt=cut))
    waited = settings.JOB_WAIT_LIMIT if runs_later() else PROCESS_START_SECONDS
    unclaimed = Q(status=Job.PENDING, created_at__lt=now - timedelta(seconds=waited))
    return stopped, unclaimed


def lost_jobs_fail(jobs=None) -> int:
    """End as failed, with why, the jobs nothing will finish: running past the time limit (the worker
    was killed, restarted or lost with its process) or never taken up (no worker in JOB_WAIT_LIMIT;
    with no broker, a process that did not start). Called when a job is read and by Celery beat (when
    there is a broker), so no job stays "running" forever. Returns how many."""
    jobs = Job.objects.all() if jobs is None else jobs
    now = timezone.now()
    stopped, unclaimed = _lost(now)
    count = jobs.filter(stopped).update(status=Job.FAILED, finished_at=now, errors=[{
        "code": "job_lost", "attr": None,
        "detail": say("The work stopped before it finished (its worker was restarted, or ran out of time or "
                      "memory); nothing was changed. Ask again.")}])
    return count + jobs.filter(unclaimed).update(status=Job.FAILED, finished_at=now, errors=[_not_started()])


def job_now(job: Job) -> Job:
    """The job as it stands, a lost one ended as failed first (see `lost_jobs_fail`). Asked with a read,
    so polling a job within its time never waits for the database's write lock."""
    if job.ended:
        return job
    mine = Job.objects.filter(pk=job.pk)
    stopped, unclaimed = _lost(timezone.now())
    if mine.filter(stopped | unclaimed).exists() and lost_jobs_fail(mine):
        job.refresh_from_db()
    return job


def exports_clear() -> int:
    """A prepared export file is kept EXPORT_KEEP_HOURS for its download, then deleted with its job
    (the file lives in the database; a big event's backups would pile up there). Asking again makes
    a fresh one. Returns how many were deleted."""
    cutoff = timezone.now() - timedelta(hours=settings.EXPORT_KEEP_HOURS)
    deleted, _ = Job.objects.filter(kind=Job.EXPORT, finished_at__lt=cutoff).delete()
    return deleted
