"""Long work as jobs: started after the request's transaction commits, run by a worker, followed
through a progress figure, ended done (with its result or file) or failed (with why).

The work of each kind lives with its domain and is named here by dotted path, so this app imports
none of it: `tournaments.services.rounds.round_from_job` pairs a round, `tournaments.exports.
export_from_job` prepares a file. Each takes (job, progress) and returns the fields to store.
"""
from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from gaininggrounds.celery import queue
from jobs.models import Job
from scoring.problems import DomainError

WORK = {Job.ROUND: "tournaments.services.rounds.round_from_job",
        Job.EXPORT: "tournaments.exports.export_from_job"}


def job_start(*, event, kind: str, params: dict, by) -> Job:
    """A job for `kind`'s work, handed to a worker once the caller's transaction commits."""
    if kind not in WORK:
        raise ValueError(f"no job kind {kind!r}")
    with transaction.atomic():
        job = Job.objects.create(event=event, kind=kind, params=params, created_by=by)
        transaction.on_commit(lambda: queue("jobs.tasks.run_job", str(job.pk)))
    return job


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
    Job.objects.filter(pk=job.pk).update(status=Job.RUNNING)

    def progress(percent: int) -> None:
        # The work runs inside one transaction, so progress travels through the cache, not the row.
        cache.set(_progress_key(job.pk), percent, timeout=3600)

    try:
        with transaction.atomic():
            done = import_string(WORK[job.kind])(job, progress)
            Job.objects.filter(pk=job.pk).update(status=Job.DONE, progress=100, finished_at=timezone.now(), **done)
    except DomainError as error:
        job_failed(job_id, *({"code": p.code, "detail": p.detail, "attr": p.attr} for p in error.problems))
    except Exception:
        job_failed(job_id, {"code": "job_failed", "detail": "The job failed; nothing was changed. The server log "
                                                            "has why.", "attr": None})
        raise


def job_failed(job_id: str, *problems: dict) -> None:
    Job.objects.filter(pk=job_id).update(status=Job.FAILED, finished_at=timezone.now(), errors=list(problems))


def exports_clear() -> int:
    """A prepared export file is kept EXPORT_KEEP_HOURS for its download, then deleted with its job
    (the file lives in the database; a big event's backups would pile up there). Asking again makes
    a fresh one. Returns how many were deleted."""
    cutoff = timezone.now() - timedelta(hours=settings.EXPORT_KEEP_HOURS)
    deleted, _ = Job.objects.filter(kind=Job.EXPORT, finished_at__lt=cutoff).delete()
    return deleted
