"""Celery shells over `jobs.services`: they take ids, acknowledge late and have time limits."""
from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded


@shared_task(acks_late=True, time_limit=900, soft_time_limit=840)
def run_job(job_id: str) -> None:
    from jobs import services

    try:
        services.job_run(job_id)
    except SoftTimeLimitExceeded:
        services.job_failed(job_id, {"code": "job_too_long", "detail": "The job ran out of time; nothing was "
                                                                       "changed.", "attr": None})


@shared_task(acks_late=True, time_limit=300)
def clear_old_exports() -> int:
    """Celery beat's hourly round (see `jobs.services.exports_clear`)."""
    from jobs import services

    return services.exports_clear()
