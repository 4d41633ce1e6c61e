"""Celery tasks. They take ids, are idempotent (a finished job is not run again), acknowledge late and
have time limits; with no broker configured they run in-process (eager)."""
from datetime import timedelta
from smtplib import SMTPException

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.cache import cache
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone

from scoring.problems import DomainError
from tournaments import exports, notifications, page_cache, services
from tournaments.clock import notice_moments
from tournaments.models import Job, Notification, Round


def progress_key(job_id) -> str:
    return f"job:{job_id}:progress"


def job_progress(job: Job) -> int:
    """Percent done: the row once the job has ended, the worker's last word (in the cache) before."""
    if job.status in (Job.DONE, Job.FAILED):
        return job.progress if job.status == Job.DONE else 0
    return cache.get(progress_key(job.pk), job.progress)


def _pair_round(job: Job, progress) -> dict:
    rnd = services.round_generate(event=job.event, progress=progress, by=job.created_by, **job.params)
    return {"result": {"round": rnd.number}}


def _export(job: Job, progress) -> dict:
    made = exports.build(job.event, job.params["what"], progress=progress)
    return {"output": made.text, "output_name": made.name, "output_type": made.content_type}


JOB_WORK = {Job.ROUND: _pair_round, Job.EXPORT: _export}


@shared_task(acks_late=True, time_limit=900, soft_time_limit=840)
def run_job(job_id: str) -> None:
    """Run a job's work and record how it ended. A finished job is not run again; the work and the
    job's "done" are one transaction, so a worker lost half-way leaves nothing half-made."""
    job = Job.objects.select_related("event").filter(pk=job_id).first()
    if job is None or job.status in (Job.DONE, Job.FAILED):
        return
    Job.objects.filter(pk=job.pk).update(status=Job.RUNNING)

    def progress(percent: int) -> None:
        # The work runs inside one transaction, so progress travels through the cache, not the row.
        cache.set(progress_key(job.pk), percent, timeout=3600)

    def failed(*problems: dict) -> None:
        Job.objects.filter(pk=job.pk).update(status=Job.FAILED, finished_at=timezone.now(), errors=list(problems))

    try:
        with transaction.atomic():
            done = JOB_WORK[job.kind](job, progress)
            Job.objects.filter(pk=job.pk).update(status=Job.DONE, progress=100, finished_at=timezone.now(), **done)
    except DomainError as error:
        failed(*({"code": p.code, "detail": p.detail, "attr": p.attr} for p in error.problems))
    except SoftTimeLimitExceeded:
        failed({"code": "job_too_long", "detail": "The job ran out of time; nothing was changed.", "attr": None})
    except Exception:
        failed({"code": "job_failed", "detail": "The job failed; nothing was changed. The server log has why.",
                "attr": None})
        raise


@shared_task(bind=True, acks_late=True, time_limit=60, soft_time_limit=50, max_retries=8,
             autoretry_for=(OSError, SMTPException), retry_backoff=True, retry_jitter=True)
def send_notification(self, notification_id: int) -> None:
    """Send one email once: the row is locked while sending and marked sent in the same transaction,
    so a task run twice (retried, or redelivered after a worker died) sends it once."""
    with transaction.atomic():
        note = Notification.objects.select_for_update().filter(pk=notification_id, sent_at=None).first()
        if note is None:
            return
        send_mail(note.subject, note.body, None, [note.to])
        note.sent_at = timezone.now()
        note.save(update_fields=["sent_at"])


@shared_task(acks_late=True, time_limit=120)
def requeue_pending_notifications() -> int:
    """Celery beat's round: mail whose task never reached the broker (it was down) goes out once it is
    back. Only rows older than one round, so a mail queued a moment ago is not queued again."""
    return notifications.enqueue_pending(older_than_seconds=settings.NOTIFICATION_RETRY_SECONDS)


@shared_task(acks_late=True, time_limit=300)
def clear_old_exports() -> int:
    """Celery beat's round: a prepared export file is kept EXPORT_KEEP_HOURS for its download, then
    deleted with its job (the file lives in the database; a big event's backups would pile up there).
    Asking again makes a fresh one. Returns how many were deleted."""
    cutoff = timezone.now() - timedelta(hours=settings.EXPORT_KEEP_HOURS)
    deleted, _ = Job.objects.filter(kind=Job.EXPORT, finished_at__lt=cutoff).delete()
    return deleted


@shared_task(acks_late=True, time_limit=30)
def clock_notice(round_id: int, run: str, left: int) -> None:
    """Announce a moment of the round clock on the public round page. Does nothing if the clock was
    paused, reset or restarted since it was scheduled, or if this moment was already announced (Redis
    may hand a far-off scheduled task out twice)."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("event").filter(pk=round_id).first()
        if rnd is None or rnd.clock_started_at is None or rnd.clock_started_at.isoformat() != run:
            return
        if any(n.get("run") == run and n["left"] == left for n in rnd.clock_notices):
            return
        rnd.clock_notices = [*rnd.clock_notices, {"left": left, "run": run, "at": timezone.now().isoformat()}]
        rnd.save(update_fields=["clock_notices"])
        page_cache.bump(rnd.event)


def schedule_clock_notices(rnd) -> int:
    """Queue the announcements ahead of a running clock, each at its moment. With no broker (the
    embedded default) nothing is queued: the page's own countdown is all there is."""
    from gaininggrounds.celery import app

    if app.conf.task_always_eager or rnd.clock_started_at is None:
        return 0
    run = rnd.clock_started_at.isoformat()
    moments = notice_moments(rnd.clock_left)
    for left in moments:
        clock_notice.apply_async(args=[rnd.pk, run, left],
                                 eta=rnd.clock_started_at + timedelta(seconds=rnd.clock_left - left))
    return len(moments)
