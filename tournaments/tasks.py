"""Celery tasks. They take ids, are idempotent (a finished job is not run again), acknowledge late and
have time limits; with no broker configured they run in-process (eager)."""
from smtplib import SMTPException

from celery import shared_task
from django.core.cache import cache
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone

from scoring.problems import DomainError
from tournaments import services
from tournaments.models import Job, Notification


def progress_key(job_id) -> str:
    return f"job:{job_id}:progress"


@shared_task(acks_late=True, time_limit=900, soft_time_limit=840)
def run_job(job_id: str) -> None:
    job = Job.objects.select_related("event").filter(pk=job_id).first()
    if job is None or job.status in (Job.DONE, Job.FAILED):
        return
    Job.objects.filter(pk=job.pk).update(status=Job.RUNNING)

    def progress(percent: int) -> None:
        # The pairing runs inside one transaction, so progress travels through the cache, not the row.
        cache.set(progress_key(job.pk), percent, timeout=3600)

    try:
        with transaction.atomic():
            rnd = services.round_generate(event=job.event, progress=progress, by=job.created_by, **job.params)
            Job.objects.filter(pk=job.pk).update(status=Job.DONE, progress=100, result={"round": rnd.number},
                                                 finished_at=timezone.now())
    except DomainError as error:
        Job.objects.filter(pk=job.pk).update(
            status=Job.FAILED, finished_at=timezone.now(),
            errors=[{"code": p.code, "detail": p.detail, "attr": p.attr} for p in error.problems])


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
