"""Celery shells over `jobs.services`: they take ids, acknowledge late and have time limits."""
from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings


@shared_task(acks_late=True, time_limit=settings.JOB_TIME_LIMIT, soft_time_limit=settings.JOB_TIME_LIMIT - 60)
def run_job(job_id: str) -> None:
    from jobs import services

    try:
        services.job_run(job_id)
    except SoftTimeLimitExceeded:
        services.job_too_long(job_id)


@shared_task(acks_late=True, time_limit=300)
def clear_old_exports() -> int:
    """Celery beat's hourly round (see `jobs.services.exports_clear`)."""
    from jobs import services

    return services.exports_clear()


@shared_task(acks_late=True, time_limit=120)
def fail_lost_jobs() -> int:
    """Celery beat's round for jobs nobody is watching (see `jobs.services.lost_jobs_fail`)."""
    from jobs import services

    return services.lost_jobs_fail()
