"""Celery shells over `notifications.services` (mail), `notifications.push` (Web Push) and
`notifications.discord`: they take ids, acknowledge late and retry what the other side could not take."""
import logging
from smtplib import SMTPException

from celery import shared_task
from django.conf import settings

log = logging.getLogger(__name__)
EAGER_TRIES = 3


@shared_task(bind=True, acks_late=True, time_limit=60, soft_time_limit=50, max_retries=8,
             autoretry_for=(OSError, SMTPException), retry_backoff=True, retry_jitter=True)
def send_notification(self, notification_id: int) -> None:
    from notifications import services

    services.notification_send(notification_id)


@shared_task(acks_late=True, time_limit=120)
def requeue_pending_notifications() -> int:
    """Celery beat's round: mail whose task never reached the broker (it was down) goes out once it is
    back. Only rows older than one round, so a mail queued a moment ago is not queued again."""
    from notifications import discord, push, services

    return (services.enqueue_pending(older_than_seconds=settings.NOTIFICATION_RETRY_SECONDS)
            + push.pending_pushes_enqueue(older_than_seconds=settings.NOTIFICATION_RETRY_SECONDS)
            + discord.pending_posts_enqueue(older_than_seconds=settings.NOTIFICATION_RETRY_SECONDS))


def _tried(task, send, item_id: int, unavailable, wait) -> None:
    """Send, retrying while the other side cannot take it (Celery's retry, after `wait(error, retries)`
    seconds), then leave it pending for beat's next round. Run eagerly (no broker) it tries EAGER_TRIES
    times at once: the request that queued it waits for them, and never fails for them."""
    from gaininggrounds.celery import runs_later

    if not runs_later():
        for _ in range(EAGER_TRIES):
            try:
                return send(item_id)
            except unavailable as error:
                last = error
        log.warning("%s %s left pending: %s", task.name, item_id, last)
        return
    try:
        send(item_id)
    except unavailable as error:
        if task.request.retries >= task.max_retries:
            log.warning("%s %s left pending: %s", task.name, item_id, error)
            return
        raise task.retry(exc=error, countdown=min(600, wait(error, task.request.retries))) from error


@shared_task(bind=True, acks_late=True, time_limit=60, soft_time_limit=50, max_retries=6)
def send_push(self, push_id: int) -> None:
    """Retried with a growing wait (5 s, 10 s, ... up to 10 minutes) while the push service cannot take it."""
    from notifications import push

    _tried(self, push.push_send, push_id, push.PushUnavailable, lambda error, retries: 5 * 2 ** retries)


@shared_task(bind=True, acks_late=True, time_limit=60, soft_time_limit=50, max_retries=6)
def send_discord(self, post_id: int) -> None:
    """Retried as a push is, or after the wait Discord asks for when it says "slow down"."""
    from notifications import discord

    _tried(self, discord.post_send, post_id, discord.DiscordUnavailable,
           lambda error, retries: error.wait if error.wait is not None else 5 * 2 ** retries)
