"""Celery shells over `notifications.services`: they take ids, acknowledge late and retry mail errors."""
from smtplib import SMTPException

from celery import shared_task
from django.conf import settings


@shared_task(bind=True, acks_late=True, time_limit=60, soft_time_limit=50, max_retries=8,
             autoretry_for=(OSError, SMTPException), retry_backoff=True, retry_jitter=True)
def send_notification(self, notification_id: int) -> None:
    from notifications import services

    services.notification_send(notification_id)


@shared_task(acks_late=True, time_limit=120)
def requeue_pending_notifications() -> int:
    """Celery beat's round: mail whose task never reached the broker (it was down) goes out once it is
    back. Only rows older than one round, so a mail queued a moment ago is not queued again."""
    from notifications import services

    return services.enqueue_pending(older_than_seconds=settings.NOTIFICATION_RETRY_SECONDS)
